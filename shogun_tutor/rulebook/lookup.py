"""Search the rules as a player asks at the table: ranked rule sentences in the current language.

Every rule, card text, glossary definition and chapter screen is cut into sentences (passages); each
passage knows its rule, its chapter and the screen of the chapter that shows it. The passages of a
language are indexed once, on its first query, in SQLite's FTS5 (the standard ``sqlite3``; in the
browser, where Pyodide has none, the same table in Python: :mod:`.fts`) and ranked with its BM25: a word found in few passages counts more, a short sentence with the words beats a
long one, a word in the rule's title counts three times. The words themselves are read by
:mod:`.analysis` (stop words dropped, stems, synonyms and the glossary's terms, bigrams in Chinese and
Japanese), so a question typed as a sentence finds the sentence that answers it; a word not in the
rules is taken as its closest word of the rules (a typo: ``difflib``).

>>> from shogun_tutor import i18n
>>> search("what happens if only farmers come out of the tower")[0].rule
'battle'
>>> [h.key for h in search("tray")][:2]
['rule:tray', 'term:tray']
>>> i18n.set_language("nl"); "revolt" in [h.rule for h in search("opstand")][:3]; i18n.set_language("en")
True
"""

from __future__ import annotations

import difflib
import re
import time
from dataclasses import dataclass
from html import escape

from ..data import COMPONENTS
from ..i18n import N_, _, current_language
from ..text import terms
from . import cards, content, fts
from .analysis import COMPOUNDS, analyzer, fold

__all__ = ["Answer", "Entry", "entries", "fold", "highlight", "locate", "related", "search", "suggestions"]

# the rule each card is explained by
_ACTION_RULES = {"castle": "build", "temple": "build", "theater": "build", "rice": "income", "tax": "income",
                 "armies5": "armies", "armies3": "armies", "army1_move": "move", "battle_a": "move", "battle_b": "move"}

#: example questions: the hint under the box and the suggestions when nothing is found
SUGGESTIONS = (
    N_("what happens if only farmers come out of the tower"),
    N_("how much rice do I need in winter"),
    N_("how are castles scored"),
    N_("when is the game over"),
)

_KIND_WEIGHT = {"rule": 1.0, "term": 0.95, "card": 0.9, "chapter": 0.9}
_MAX_QUERY = 300  # characters of a query that are read


@dataclass(frozen=True)
class Entry:
    key: str  # "rule:battle", "card:action:tax", "term:tray", "chapter:winter"
    kind: str  # rule, card, term, chapter
    title: str
    text: str
    rule: str  # the rule key it belongs to
    chapter: str
    screen: int = 0  # the chapter's screen that shows it


@dataclass(frozen=True)
class Answer:
    """One ranked answer: the passage (a sentence) of an entry that answers best."""

    key: str
    kind: str
    title: str
    text: str  # the passage
    rule: str
    chapter: str
    screen: int
    score: float
    matched: tuple[str, ...]  # the query's tokens found in the passage or its title

    def html(self) -> str:
        """The passage with the matched words marked (``<mark>``), the rest escaped."""
        return highlight(self.text, self.matched)

    def title_html(self) -> str:
        return highlight(self.title, self.matched)


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+|(?<=[。！？])", text.strip())
    return [p.strip() for p in parts if p and p.strip()]


def _overlap_best(tokens: set[str], candidates: list[tuple[str, set[str]]]) -> str:
    """The candidate sharing the most tokens (the first of equals)."""
    best, best_n = "", 0
    for key, toks in candidates:
        n = len(tokens & toks)
        if n > best_n:
            best, best_n = key, n
    return best


def _card_screen(chapter: str, kind: str, key: str) -> int:
    for i, sc in enumerate(content.chapter(chapter).screens):
        if isinstance(sc, cards.CardScreen) and (sc.kind, sc.key) == (kind, key):
            return i
    return 0


def entries() -> list[Entry]:
    """Everything the lookup knows, in the current language (chapters: one entry per screen)."""
    a = analyzer(current_language())
    screens = {c.key: [set(a.tokens(content.paragraph(c.key, p))) for p in c.screens] for c in content.CHAPTERS}
    rules_of = {c.key: [(r.key, set(a.tokens(_(r.title))) | set(a.tokens(content.rule_text(r))))
                        for r in content.RULES if r.chapter == c.key] for c in content.CHAPTERS}

    def screen_of(chapter: str, text: str) -> int:
        best = _overlap_best(set(a.tokens(text)), [(str(i), s) for i, s in enumerate(screens[chapter])])
        return int(best or 0)

    out = []
    for r in content.RULES:
        text = content.rule_text(r)
        out.append(Entry(f"rule:{r.key}", "rule", _(r.title), text, r.key, r.chapter, screen_of(r.chapter, text)))
    for act in COMPONENTS.actions:
        rk = _ACTION_RULES[act.id]
        out.append(Entry(f"card:action:{act.id}", "card", terms.action_name(act.id), terms.action_text(act.id), rk,
                         "actions", _card_screen("actions", "action", act.id)))
    for s in COMPONENTS.special_cards:
        out.append(Entry(f"card:special:{s}", "card", terms.special_name(s), terms.special_text(s), "special_order",
                         "specials", _card_screen("specials", "special", s)))
    for e in COMPONENTS.events:
        out.append(Entry(f"card:event:{e.number}", "card",
                         _("{number}. {name}").format(number=e.number, name=terms.event_name(e.number)),
                         terms.event_text(e.number), "event", "events", _card_screen("events", "event", str(e.number))))
    for t in content.GLOSSARY:
        ch = content.rule(t.rule).chapter
        text = _(t.definition)
        out.append(Entry(f"term:{t.key}", "term", _(t.name), text, t.rule, ch, screen_of(ch, text)))
    for c in content.CHAPTERS:
        for i, p in enumerate(c.screens):
            text = content.paragraph(c.key, p)
            rule = _overlap_best(screens[c.key][i], rules_of[c.key])
            out.append(Entry(f"chapter:{c.key}", "chapter", _(c.title), text, rule, c.key, i))
    return out


class Index:
    """The passages of one language in a full-text table (FTS5 in memory, or :class:`.fts.PythonTable`), built once."""

    def __init__(self, code: str):
        t0 = time.perf_counter()
        self.code = code
        self.analyzer = analyzer(code)
        self.passages: list[tuple[Entry, str]] = []
        seen: set[tuple[str, str]] = set()
        for e in entries():
            for s in _sentences(e.text):
                if (e.key, fold(s)) in seen:
                    continue
                seen.add((e.key, fold(s)))
                self.passages.append((e, s))
        self.analyzer.learn(w for e, s in self.passages for w in re.findall(r"\w+", e.title + " " + s))
        rows = []
        vocab: set[str] = set()
        for i, (e, s) in enumerate(self.passages):
            tt, bt = self.analyzer.tokens(e.title), self.analyzer.tokens(s)
            vocab.update(tt, bt)
            rows.append((i, " ".join(tt), " ".join(bt)))
        self.rows = rows
        #: each entry's passages, in its text's order (the sentence shown for an entry found by its title alone)
        self.by_entry: dict[str, list[int]] = {}
        for i, (e, _s) in enumerate(self.passages):
            self.by_entry.setdefault(e.key, []).append(i)
        self.table = fts.table(rows)
        self.vocab = sorted(vocab)
        self._vocab = vocab
        self.build_seconds = time.perf_counter() - t0

    def query_tokens(self, query: str) -> list[str]:
        """The query's tokens, a word unknown to the rules replaced by its closest one (typos)."""
        out = []
        for tok in self.analyzer.tokens(self.analyzer.query(query[:_MAX_QUERY])):
            if tok not in self._vocab and self._prefix(tok) and not any(v.startswith(tok) for v in self.vocab):
                tok = self._plural_of_compound(tok)
            if tok not in self._vocab and self._prefix(tok) and not any(v.startswith(tok) for v in self.vocab):
                # a typo rarely hits the first letter: "devenir" is not "event", "sieht" not "zieht"
                close = difflib.get_close_matches(tok, [v for v in self.vocab if v[:1] == tok[:1]], n=1, cutoff=0.8)
                if close:
                    tok = close[0]
            known = tok in self._vocab or (self._prefix(tok) and any(v.startswith(tok) for v in self.vocab))
            if known and tok not in out:
                out.append(tok)
        return out

    def _prefix(self, tok: str) -> bool:
        """A long word also finds the compounds it begins (Dutch, German, Danish: "truhe" finds "Truhenkarte")."""
        return self.code not in ("zh", "ja") and len(tok) >= 4

    def _plural_of_compound(self, tok: str) -> str:
        """nl, de, da: a plural whose stem keeps an ending the rules' compounds do not have ("Privilegien" ->
        "privilegi", the rules' "Privilegkarte"): its word without the last one or two letters, when a word of the
        rules begins with it (6 letters at least); else the token."""
        if self.code in COMPOUNDS:
            for cut in (1, 2):
                head = tok[:-cut]
                if len(head) >= 6 and any(v.startswith(head) for v in self.vocab):
                    return head
        return tok

    def _stem_prefix(self, tok: str) -> str:
        """Polish stems keep the consonant alternations of the endings ("dworsc-y", "dworsk-ich"): one letter less."""
        return tok[:-1] if self.code == "pl" and len(tok) >= 5 else tok

    def _found(self, tokens, qset: set[str]) -> set[str]:
        """The query's tokens (``qset``) among ``tokens``: equal, or a prefix query's stem starting one."""
        hits = {t for t in tokens for q in qset if t == q or (self._prefix(q) and t.startswith(self._stem_prefix(q)))}
        return {q for q in qset if any(t == q or t.startswith(self._stem_prefix(q)) for t in hits)}

    def _shown(self, i: int, qset: set[str], shown: set[str]) -> int:
        """The passage to show for the entry of passage ``i`` (ranked first of its entry): itself when its sentence
        holds a word of the question; else, of the entry's sentences not shown yet (``shown``: folded), the one that
        holds the most (the first of equals), else the first. An entry found by its title alone ranked its shortest
        sentence first, whatever it said ("Rice in winter" for *rice*: "The left neighbour draws the provinces
        blindly.")."""
        if self._found(self.rows[i][2].split(), qset):
            return i
        mine = [j for j in self.by_entry[self.passages[i][0].key] if fold(self.passages[j][1]) not in shown] or [i]
        held = {j: len(self._found(self.rows[j][2].split(), qset)) for j in mine}
        best = max(mine, key=lambda j: (held[j], -j))
        return best if held[best] else mine[0]

    def search(self, query: str, limit: int) -> list[Answer]:
        toks = self.query_tokens(query)
        if not toks:
            return []
        rows = self.table.match([(self._stem_prefix(t), True) if self._prefix(t) else (t, False) for t in toks])
        ranked = sorted(((-score * _KIND_WEIGHT[self.passages[i][0].kind], -i) for i, score in rows), reverse=True)
        out: list[Answer] = []
        keys, texts = set(), set()
        qset = set(toks)
        for score, neg_i in ranked:
            e, s = self.passages[-neg_i]
            if e.key in keys or fold(s) in texts:
                continue  # one answer per rule, card, term or chapter screen, never the same sentence twice
            s = self.passages[self._shown(-neg_i, qset, texts)][1]
            keys.add(e.key)
            texts.add(fold(s))
            found = self._found(self.analyzer.tokens(e.title + " " + s), qset)
            out.append(Answer(e.key, e.kind, e.title, s, e.rule, e.chapter, e.screen, round(score, 6),
                              tuple(t for t in toks if t in found)))
            if len(out) >= limit:
                break
        return out


_INDEXES: dict[str, Index] = {}


def index(code: str | None = None) -> Index:
    """The index of a language (the current one by default), built on first use and kept."""
    code = code or current_language()
    if code not in _INDEXES:
        _INDEXES[code] = Index(code)
    return _INDEXES[code]


def search(query: str, limit: int = 12) -> list[Answer]:
    """Ranked answers to ``query`` in the current language, best first; [] when no word of it is in the rules."""
    if not query or not query.strip():
        return []
    return index().search(query, limit)


def highlight(text: str, tokens) -> str:
    """``text`` as HTML, the words whose token is in ``tokens`` inside ``<mark>``."""
    want = set(tokens)
    marks: list[list[int]] = []
    for s, e, tok in analyzer(current_language()).spans(text):
        if tok in want:
            if marks and s <= marks[-1][1]:
                marks[-1][1] = max(marks[-1][1], e)
            else:
                marks.append([s, e])
    out, at = [], 0
    for s, e in marks:
        out.append(escape(text[at:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        at = e
    out.append(escape(text[at:]))
    return "".join(out)


def suggestions() -> list[str]:
    """Example questions in the current language."""
    return [_(s) for s in SUGGESTIONS]


def locate(rule_key: str) -> tuple[str, int]:
    """The chapter and screen where a rule is told."""
    key = f"rule:{rule_key}"
    for e, _s in index().passages:
        if e.key == key:
            return e.chapter, e.screen
    r = content.rule(rule_key)
    return r.chapter, 0


def related(rule_key: str) -> list[content.Rule]:
    """The rules shown beside an answer."""
    if not rule_key:
        return []
    return [content.rule(k) for k in content.rule(rule_key).related]
