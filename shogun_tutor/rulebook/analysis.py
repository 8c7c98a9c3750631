"""How the lookup reads a text in each language: words, stop words, stems, synonyms (used by :mod:`.lookup`).

* en, nl, de, fr, da, pl: words (``\\w+``), case- and accent-blind, stemmed by the Snowball stemmers of
  ``snowballstemmer`` (the pure-Python stemmers Sphinx uses; its ``polish`` stemmer covers Polish, so no
  prefix fallback is needed); the language's stop words (question words, articles, pronouns) are dropped.
* zh, ja: no spaces between words. Runs of Han characters (and of katakana) become their single characters
  and their character bigrams (katakana: bigrams only); hiragana runs (particles, endings) and stop words are dropped; the glossary's
  terms found in a text are added whole. ``jieba`` (a word segmenter for Chinese) was measured against this
  on the Chinese question set: see ``docs/lookup.md``; the bigrams answered better, so no segmenter is loaded.
* Synonyms (``shogun_tutor/locale/lookup/<lang>.json``) and the glossary's alternative terms
  (``locale/glossary/<lang>.json``) are folded onto one token, the same at indexing and at query time,
  so "peasants" finds "farmers".

>>> a = analyzer("en")
>>> a.tokens("What happens if only peasants come out of the tower?")
['onli', 'farmer', 'come', 'out', 'tower']
>>> analyzer("zh").tokens("农民")
['农', '农民', '民']
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

import jsonschema
import snowballstemmer

_STEMMERS = {"en": "english", "nl": "dutch", "de": "german", "fr": "french", "da": "danish", "pl": "polish"}
CJK = ("zh", "ja")
COMPOUNDS = ("nl", "de", "da")  # languages that write compounds as one word
_LINKS = ("s", "e", "en", "er", "n", "es")  # linking letters between a compound's parts

_SCHEMA = {
    "type": "object",
    "required": ["language", "stopwords", "synonyms", "about"],
    "additionalProperties": False,
    "properties": {
        "language": {"type": "string", "enum": ["en", "nl", "de", "fr", "da", "pl", "zh", "ja"]},
        "about": {"type": "string", "maxLength": 2000},
        "stopwords": {"type": "array", "maxItems": 600, "items": {"type": "string", "minLength": 1, "maxLength": 30}},
        "synonyms": {"type": "array", "maxItems": 300, "items": {
            "type": "array", "minItems": 2, "maxItems": 30, "items": {"type": "string", "minLength": 1, "maxLength": 40}}},
        "phrases": {"type": "array", "maxItems": 100, "items": {
            "type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string", "minLength": 1, "maxLength": 400}}},
    },
}

_WORD = re.compile(r"\w+")
# Han ideographs (with the iteration mark 々), katakana (with the long-vowel mark), hiragana
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005"
_KATA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
_HIRA = "\u3040-\u309f"
_CJK_RUN = re.compile(f"[{_HAN}]+|[{_KATA}]+|[{_HIRA}]+|[^\\W{_HAN}{_KATA}{_HIRA}_]+")


_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d"})  # letters NFKD does not take apart


def fold(text: str) -> str:
    """Lower case without accents: 'Nô-théâtre' -> 'no-theatre', 'chłopi' -> 'chlopi'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c)).translate(_LETTERS)


def _nfkc(text: str) -> str:
    """Full-width letters and digits as ASCII, lower case, one character for one (the spans stay on the text)."""
    out = []
    for c in text:
        n = unicodedata.normalize("NFKC", c).casefold()
        out.append(n if len(n) == 1 else c)
    return "".join(out)


def language_data(code: str) -> dict:
    """The lookup's data of a language (stop words, synonyms), validated against its schema."""
    raw = resources.files("shogun_tutor").joinpath(f"locale/lookup/{code}.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    jsonschema.validate(data, _SCHEMA)
    if data["language"] != code:
        raise ValueError(f"locale/lookup/{code}.json is for {data['language']!r}")
    for pattern, _words in data.get("phrases", []):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"locale/lookup/{code}.json: phrase {pattern!r}: {exc}") from exc
    return data


def glossary_terms(code: str) -> list[list[str]]:
    """The printed rulebook's terms of a language (``locale/glossary``): each term's plain alternatives."""
    if code == "en":
        return []
    raw = resources.files("shogun_tutor").joinpath(f"locale/glossary/{code}.json").read_text(encoding="utf-8")
    out = []
    for t in json.loads(raw)["terms"]:
        words = [a for a in t["accept"].split("|") if re.fullmatch(r"[\w\-]{3,}", a)]  # one word each
        words += [w.strip() for w in re.split(r"[()/,;]", t["term"]) if re.fullmatch(r"[\w\-]{3,}", w.strip())]
        words = list(dict.fromkeys(words))
        if len(words) > 1 or (words and code in CJK):
            out.append(words)
    return out


@dataclass
class Analyzer:
    """One language's analysis: :meth:`spans` (token with its place in the text) and :meth:`tokens`."""

    code: str
    stopwords: frozenset[str]
    groups: dict[str, str] = field(default_factory=dict)  # a synonym's token -> its group's token
    whole_terms: tuple[str, ...] = ()  # zh/ja: glossary terms longer than 2 characters, added as one token
    phrases: tuple[tuple[re.Pattern, str], ...] = ()  # a question's turn of phrase -> the rulebook's words
    lexicon: frozenset[str] = frozenset()  # nl, de, da: the rules' words, for reading compounds (:meth:`learn`)
    synonym_words: frozenset[str] = frozenset()  # nl, de, da: the synonyms' one-word members, compound parts too

    def __post_init__(self):
        self._stemmer = snowballstemmer.stemmer(_STEMMERS[self.code]) if self.code in _STEMMERS else None
        self._seen: dict[str, list[str]] = {}
        self._heads = frozenset(self.groups.values())  # word -> token: the rules repeat their words (10,000 words, 1,500 distinct)
        one = {s for s in self.stopwords if len(s) == 1}
        self._kept_words = tuple(w for w in dict.fromkeys([*self.groups, *self.groups.values(), *self.whole_terms])
                                 if len(w) > 1 and one & set(w)) if self.code in CJK else ()

    # --- one word ---------------------------------------------------------------------------
    def _word(self, word: str) -> list[str]:
        """A word's tokens (stemmed, folded, its synonym group's; a compound's parts after it), [] for a stop word."""
        if word not in self._seen:
            if len(self._seen) > 50_000:
                self._seen.clear()
            tok = self._token(word)
            # a compound that is a term of its own (a synonym group's: "geldkaart") is read as that term only
            parts = () if not tok or tok in self._heads else self._parts(fold(word))
            self._seen[word] = [tok] + [t for t in map(self._token, parts) if t and t != tok] if tok else []
        return self._seen[word]

    def _token(self, word: str) -> str | None:
        w = fold(word)  # before stemming, so that "egalite" and "égalité" have one stem
        if w in self.stopwords:
            return None
        if self._stemmer is not None:
            w = self._stemmer.stemWord(w)
        return self.groups.get(w, w)

    def learn(self, words) -> None:
        """The words of the rules (nl, de, da): a compound of two of them is also read as its two parts."""
        if self.code in COMPOUNDS:
            self.lexicon = frozenset(w for w in map(fold, words) if len(w) >= 3 and w not in self.stopwords) | self.synonym_words
            self._seen.clear()

    def _parts(self, w: str) -> tuple[str, ...]:
        """A compound's head and tail ("spelersvolgorde" -> "spelers", "volgorde"; a linking s/e/en/er dropped
        from the head when the head without it is a word), the longest tail that is a word; () if none."""
        if len(w) < 7 or not self.lexicon:
            return ()
        for i in range(3, len(w) - 3):
            head, tail = w[:i], w[i:]
            if tail not in self.lexicon:
                continue
            if head in self.lexicon:
                return head, tail
            for link in _LINKS:
                if head.endswith(link) and len(head) - len(link) >= 3 and head[:-len(link)] in self.lexicon:
                    return head[:-len(link)], tail
        return ()

    # --- a text -----------------------------------------------------------------------------
    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """``(start, end, token)`` for every token of ``text``, in order (overlapping in zh/ja)."""
        if self.code in CJK:
            return self._cjk_spans(text)
        return [(m.start(), m.end(), tok) for m in _WORD.finditer(text) for tok in self._word(m.group())]

    def tokens(self, text: str) -> list[str]:
        return [t for _s, _e, t in self.spans(text)]

    def query(self, text: str) -> str:
        """A question with its turns of phrase put in the rulebook's words ("at the end of the game" -> the
        final scoring's words, "who goes first" -> the turn order's), read before its words are."""
        text = _nfkc(text) if self.code in CJK else fold(text)
        for pattern, words in self.phrases:
            text = pattern.sub(f" {words} ", text)
        return text

    def _cjk_spans(self, text: str) -> list[tuple[int, int, str]]:
        norm = _nfkc(text)
        masked = norm
        # a one-character stop word inside a word the lookup knows (a synonym's, a glossary term's) is a part of that
        # word, not a particle: 地 in 地区, 得 in 得分
        kept = [False] * len(norm)
        for word in self._kept_words:
            start = norm.find(word)
            while start >= 0:
                kept[start:start + len(word)] = [True] * len(word)
                start = norm.find(word, start + 1)
        for stop in sorted(self.stopwords, key=len, reverse=True):  # stop words are cut out before the n-grams
            if len(stop) > 1:
                masked = masked.replace(stop, " " * len(stop))
            elif not re.match(f"[{_HIRA}]", stop):
                masked = "".join(" " if c == stop and not kept[i] else c for i, c in enumerate(masked))
        out: list[tuple[int, int, str]] = []
        for m in _CJK_RUN.finditer(masked):
            run, s = m.group(), m.start()
            if re.match(f"[{_HIRA}]", run):
                continue  # particles and endings
            if re.match(f"[{_HAN}{_KATA}]", run):
                kana = re.match(f"[{_KATA}]", run) is not None  # a katakana letter alone is a sound, not a word
                for i, ch in enumerate(run):
                    if not kana and ch not in self.stopwords:
                        out.append((s + i, s + i + 1, self.groups.get(ch, ch)))
                    if i + 1 < len(run):
                        out.append((s + i, s + i + 2, self.groups.get(run[i:i + 2], run[i:i + 2])))
            else:
                out += [(s, m.end(), tok) for tok in self._word(run)]
        for term in self.whole_terms:
            start = norm.find(term)
            while start >= 0:
                out.append((start, start + len(term), self.groups.get(term, term)))
                start = norm.find(term, start + 1)
        out.sort(key=lambda t: (t[0], t[1]))
        return out


@lru_cache(maxsize=None)
def analyzer(code: str) -> Analyzer:
    """The analyzer of a language (built once)."""
    data = language_data(code)
    stops = frozenset(fold(s) if code not in CJK else _nfkc(s) for s in data["stopwords"])
    plain = Analyzer(code, stops)
    groups: dict[str, str] = {}
    whole: list[str] = []
    for group in data["synonyms"] + glossary_terms(code):
        if code in CJK:
            group = [_nfkc(g) for g in group]
            whole += [g for g in group if len(g) > 2 or re.fullmatch(f"[{_HIRA}{_KATA}]+", g)]  # kana: whole words
            head = group[0]
            for g in group[1:]:
                groups.setdefault(g, head)
        else:
            toks = [plain.tokens(g) for g in group]
            heads = [t for t in toks if len(t) == 1]  # one-word synonyms only
            if len(heads) < 2:
                continue
            head = heads[0][0]
            for t in heads[1:]:
                if t[0] != head:
                    groups.setdefault(t[0], groups.get(head, head))
    phrases = tuple((re.compile(p), w) for p, w in data.get("phrases", []))
    # a compound may end in a synonym ("Reisknappheit": the rules' "Reis" and the synonym "Knappheit")
    words = frozenset(w for g in data["synonyms"] for w in map(fold, g)
                      if len(w) >= 4 and re.fullmatch(r"\w+", w) and w not in stops) if code in COMPOUNDS else frozenset()
    return Analyzer(code, stops, groups, tuple(dict.fromkeys(whole)), phrases, synonym_words=words)
