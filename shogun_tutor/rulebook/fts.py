"""The lookup's full-text table: SQLite's FTS5 where the standard ``sqlite3`` is there, else the same in Python.

The lookup (:mod:`.lookup`) keeps each passage as two columns of tokens, its title's and its text's, and asks
for the passages holding any of the query's tokens (a long token also as the prefix of a word), ranked by
FTS5's BM25 with the title counting three times. In the static build Python runs in the browser on Pyodide,
whose ``sqlite3`` is a package of its full distribution only (neither on npm nor on PyPI: docs/deploy.md),
so :class:`PythonTable` does what FTS5 does there, to the same numbers (``tests/rulebook/test_fts.py``
compares them with SQLite's):

* the ``ascii`` tokenizer: a token is a run of ASCII letters and digits and of any non-ASCII character,
  ASCII letters lower-cased;
* a query term ``"word"`` (or ``"word"*``, the last token a prefix) is a phrase: its tokens in a row;
* ``bm25(p, 3.0, 1.0)``: per term, IDF = ln((N - n + 0.5) / (n + 0.5)) (at least 1e-6), with n the rows
  holding it; f = the weighted count of its places in the row; score = -sum IDF * f * (k1 + 1) /
  (f + k1 * (1 - b + b * D / avgdl)), k1 = 1.2, b = 0.75, D the row's tokens and avgdl their mean.
"""

from __future__ import annotations

import bisect
import math
import re

K1, B = 1.2, 0.75
WEIGHTS = (3.0, 1.0)  # the title, the text
_TOKEN = re.compile(r"[A-Za-z0-9\u0080-\U0010ffff]+")

#: a query term: its text and whether its last token is a prefix
Term = tuple[str, bool]


def ascii_tokens(text: str) -> list[str]:
    """Text as FTS5's ``ascii`` tokenizer reads it."""
    return [t.lower() if t.isascii() else "".join(c.lower() if c.isascii() else c for c in t)
            for t in _TOKEN.findall(text)]


class SqliteTable:
    """The passages in an FTS5 table in memory."""

    def __init__(self, rows: list[tuple[int, str, str]]):
        import sqlite3

        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE p USING fts5(title, body, tokenize='ascii')")
        self.db.executemany("INSERT INTO p(rowid, title, body) VALUES (?, ?, ?)", rows)

    def match(self, terms: list[Term]) -> list[tuple[int, float]]:
        """(rowid, bm25) of the rows holding any of ``terms``, in rowid order."""
        query = " OR ".join(f'"{t}"*' if prefix else f'"{t}"' for t, prefix in terms)
        return self.db.execute(f"SELECT rowid, bm25(p, {WEIGHTS[0]}, {WEIGHTS[1]}) FROM p WHERE p MATCH ? "
                               "ORDER BY rowid", (query,)).fetchall()


class PythonTable:
    """The same table and ranking in pure Python: an inverted index of the tokens, FTS5's BM25."""

    def __init__(self, rows: list[tuple[int, str, str]]):
        self.rowids = [r for r, _t, _b in rows]
        self.columns = [(ascii_tokens(t), ascii_tokens(b)) for _r, t, b in rows]
        self.sizes = [len(t) + len(b) for t, b in self.columns]
        self.avgdl = sum(self.sizes) / len(rows) if rows else 1.0
        self.places: dict[str, dict[int, list[int]]] = {}  # token -> row index -> places per column
        for i, cols in enumerate(self.columns):
            for c, toks in enumerate(cols):
                for tok in toks:
                    self.places.setdefault(tok, {}).setdefault(i, [0, 0])[c] += 1
        self.vocab = sorted(self.places)

    def _single(self, token: str, prefix: bool) -> dict[int, float]:
        """Row index -> weighted count of one token (every token it begins, for a prefix)."""
        found: dict[int, float] = {}
        words = [token] if not prefix else self.vocab[bisect.bisect_left(self.vocab, token):
                                                      bisect.bisect_left(self.vocab, token + "\U0010ffff")]
        for word in words:
            for i, counts in self.places.get(word, {}).items():
                found[i] = found.get(i, 0.0) + counts[0] * WEIGHTS[0] + counts[1] * WEIGHTS[1]
        return found

    def _phrase(self, tokens: list[str], prefix: bool) -> dict[int, float]:
        """Row index -> weighted count of a phrase of several tokens (each place it starts at)."""
        first = self._single(tokens[0], prefix and len(tokens) == 1)
        found: dict[int, float] = {}
        n = len(tokens)
        for i in first:
            for c, toks in enumerate(self.columns[i]):
                for k in range(len(toks) - n + 1):
                    window = toks[k:k + n]
                    if window[:-1] == tokens[:-1] and (window[-1].startswith(tokens[-1]) if prefix
                                                       else window[-1] == tokens[-1]):
                        found[i] = found.get(i, 0.0) + WEIGHTS[c]
        return found

    def match(self, terms: list[Term]) -> list[tuple[int, float]]:
        """(rowid, bm25) of the rows holding any of ``terms``, in rowid order, as FTS5 computes them."""
        n_rows = len(self.columns)
        freqs = []
        for text, prefix in terms:
            tokens = ascii_tokens(text)
            if not tokens:
                freqs.append({})
            elif len(tokens) == 1:
                freqs.append(self._single(tokens[0], prefix))
            else:
                freqs.append(self._phrase(tokens, prefix))
        idfs = []
        for f in freqs:
            idf = math.log((n_rows - len(f) + 0.5) / (len(f) + 0.5))
            idfs.append(idf if idf > 0.0 else 1e-6)
        hits = sorted(set().union(*freqs)) if freqs else []
        out = []
        for i in hits:
            norm = K1 * (1 - B + B * self.sizes[i] / self.avgdl)
            score = 0.0
            for idf, f in zip(idfs, freqs):
                fi = f.get(i, 0.0)
                score += idf * ((fi * (K1 + 1.0)) / (fi + norm))
            out.append((self.rowids[i], -1.0 * score))
        return sorted(out)


def table(rows: list[tuple[int, str, str]]):
    """The passages' table: FTS5 where Python has ``sqlite3`` (with FTS5), else :class:`PythonTable`."""
    try:
        return SqliteTable(rows)
    except ImportError:  # Pyodide from npm: no sqlite3 (docs/deploy.md)
        return PythonTable(rows)
