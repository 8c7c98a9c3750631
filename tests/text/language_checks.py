"""What a native reader catches, as functions: each takes texts and returns findings (empty = fine).

Used by ``test_glossary.py`` and ``test_rendered.py``; every check is also run on planted bad samples
there, so that a check that stops finding anything fails its own test. How to satisfy them is in
``shogun_tutor/locale/README.md``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

from shogun_tutor import i18n
from shogun_tutor.data import BOARD, PROVINCE_NAMES

LOCALE = Path(i18n.__file__).parent / "locale"
LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CJK = frozenset({"zh", "ja"})


# ---------------------------------------------------------------- normalising glossary patterns and texts

_WS = re.compile(r"[\s\u00a0\u202f\u2009]+")
_SLASH = re.compile(r" ?/ ?")


#: a glossary pattern's unaccented letter also matches its accented forms ("niepokoj" finds "niepokój");
#: a letter written with its accent matches only itself ("skål" never finds "skal")
ACCENTED = {"a": "àáâäãåąā", "c": "çćč", "e": "èéêëęěē", "i": "ìíîïī", "l": "ł", "n": "ñńň", "o": "òóôöõőō",
            "s": "śšș", "u": "ùúûüůūű", "y": "ýÿ", "z": "źżž"}


def accent_tolerant(source: str) -> str:
    """Rewrite a regular expression so that its bare Latin letters accept accents (escapes, group syntax,
    quantifiers and ranges are kept as written)."""
    out, i, n = [], 0, len(source)
    in_class = False
    while i < n:
        c = source[i]
        if c == "\\":
            out.append(source[i:i + 2])
            i += 2
            continue
        if not in_class and source.startswith("(?", i):
            j = i + 2
            if source.startswith("P<", j):
                j = source.index(">", j) + 1
            elif j < n and source[j] == "<":
                j += 2
            elif j < n and source[j] in "=!:":
                j += 1
            else:
                while j < n and source[j] not in ":)":
                    j += 1
                j += 1
            out.append(source[i:j])
            i = j
            continue
        if not in_class and c == "{" and re.match(r"\{\d*,?\d*\}", source[i:]):
            j = source.index("}", i) + 1
            out.append(source[i:j])
            i = j
            continue
        if c == "[" and not in_class:
            in_class = True
            out.append(c)
            i += 1
            if i < n and source[i] == "^":
                out.append("^")
                i += 1
            continue
        if c == "]" and in_class:
            in_class = False
            out.append(c)
            i += 1
            continue
        low = c.lower()
        if low in ACCENTED and not (i + 1 < n and source[i + 1] == "-") and not (i > 0 and source[i - 1] == "-" and in_class):
            variants = c + ACCENTED[low]
            out.append(variants if in_class else f"[{variants}]")
        else:
            out.append(c)
        i += 1
    return "".join(out)


def normalise(text: str) -> str:
    """A translation as glossary patterns see it: NFKC, one space for any run of spaces (no-break spaces
    too), no spaces around a slash. Case and accents are the pattern's business (``pattern``)."""
    text = unicodedata.normalize("NFKC", text)
    return _SLASH.sub("/", _WS.sub(" ", text)).strip()


def pattern(source: str) -> re.Pattern:
    """A glossary ``accept``/``avoid`` pattern compiled to match normalised text: any case, spaces and slashes
    as ``normalise`` leaves them, accents optional where the pattern leaves them out."""
    return re.compile(accent_tolerant(_SLASH.sub("/", unicodedata.normalize("NFKC", source))), re.I)


def glossary(lang: str) -> dict:
    with (LOCALE / "glossary" / f"{lang}.json").open(encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=None)
def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def messages(lang: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(English forms, translated forms) of every translated message of a catalog."""
    out = []
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out.append((ids, tuple(s for s in strings if s)))
    return out


def glossary_findings(lang: str, doc: dict, msgs) -> list[str]:
    """A message naming a glossary term in English must use the language's term (``accept``) in every
    translation; a rejected word (``avoid``) appears in no translation. Texts and patterns are normalised."""
    out = []
    for term in doc["terms"]:
        english = re.compile(term["english"], re.I)
        accept = pattern(term["accept"])
        avoid = [(a, pattern(a)) for a in term.get("avoid", [])]
        for ids, strings in msgs:
            ids = [PLACEHOLDER.sub("", i) for i in ids]
            for s in strings:
                text = normalise(PLACEHOLDER.sub("", s))
                if any(english.search(i) for i in ids) and not accept.search(text):
                    out.append(f"{lang}: {term['en']!r} should be {term['term']!r} in {s!r} ({ids[0]!r})")
                for source, a in avoid:
                    if a.search(text):
                        out.append(f"{lang}: {term['en']!r}: rejected {source!r} in {s!r}")
    return out


# ---------------------------------------------------------------- rendering a message with realistic values

@lru_cache(maxsize=None)
def realistic_values(lang: str) -> dict[str, str]:
    """Placeholder values as the app fills them in ``lang`` (names from the text layer, not invented)."""
    from shogun_tutor.text import terms

    previous = i18n.current_language()
    i18n.set_language(lang)
    try:
        blue, yellow = terms.PlayerName("blue"), terms.PlayerName("yellow")
        values = {
            "player": blue, "attacker": blue, "defender": yellow, "owner": yellow, "winner": blue, "who": terms.NameList([blue, yellow]),
            "players": terms.NameList([blue, yellow]), "names": i18n.format_list([terms.province_name("Settsu"), terms.province_name("Kai")]),
            # provinces whose names begin with a vowel, so a French "de {province}" shows its missing elision
            "province": terms.province_name("Izumo"), "source": terms.province_name("Owari"),
            "target": terms.province_name("Mino"), "region": terms.region_name("yellow"),
            "building": terms.building_name("castle"), "buildings": terms.building_name("temple"),
            "action": terms.action_name("tax"), "actions": i18n.format_list([terms.action_name("tax"), terms.action_name("rice")]),
            "special": terms.special_name("chest_plus1"), "specials": terms.special_name("six_armies"),
            "season": terms.season_name("summer"), "seasons": terms.season_name("spring"), "side": terms.side_name("moon"),
            "name": terms.event_name(1), "event": terms.event_name(1),
            # identifiers a sentence repeats back as they are (a game's code, a teacher's file, a field's path,
            # the schema library's detail): not counts, so no counter or spacing rule applies to them
            "code": "K7X4PQ", "file": "battles.json", "field": "answer/move", "problem": "'abc' is not of type 'integer'",
        }
    finally:
        i18n.set_language(previous)
    return values


def render(lang: str, text: str, number: int | None = None, count: str | None = None, others: int | None = None) -> str:
    """``text`` with every placeholder filled: names as the app names them in ``lang``, numbers for counts
    (each count the same ``number`` if given; with ``count``, only that placeholder, the others ``others``)."""
    previous = i18n.current_language()
    i18n.set_language(lang)  # the case forms are looked up in the sentence's language
    try:
        return _render(lang, text, number, count, others)
    finally:
        i18n.set_language(previous)


def _render(lang: str, text: str, number: int | None, count: str | None = None, others: int | None = None) -> str:
    from shogun_tutor.text import terms

    values = realistic_values(lang)
    provinces = {p.name.lower().replace("-", "_"): p.name for p in BOARD.provinces}
    numbers: dict[str, str] = {}

    def fill(match: re.Match) -> str:
        key, _, spec = match.group(0)[1:-1].partition(":")
        key = key.split("!")[0]
        if key in values:  # names in the case the translation asks for ("{player:genitive}")
            return format(values[key], spec) if isinstance(values[key], (terms.PlayerName, terms.NameList)) else values[key]
        base = key.removesuffix("_name")
        if base in provinces:
            return provinces[base] if lang not in CJK else PROVINCE_NAMES[provinces[base]][lang]
        # counts: a different number for each placeholder (2, 3, 4, ...), so "{n} of {total}" is no doubled word
        if count is not None and key != count:
            return numbers.setdefault(key, str(others))
        return numbers.setdefault(key, str(len(numbers) + 2 if number is None else number))

    return PLACEHOLDER.sub(fill, text)


# ---------------------------------------------------------------- doubled words

#: doubled words that are grammatical: relative pronoun after article (de "die die"), conjunction after
#: pronoun (nl "dat dat"), reflexive verbs (fr "nous nous")
LEGITIMATE_DOUBLES = {"de": {"die", "der", "das", "den", "dem"}, "nl": {"dat", "die", "je", "in"}, "fr": {"nous", "vous"},
                      "da": {"det", "at"}, "pl": set(), "en": {"that", "had"}}
_WORD_RUN = re.compile(r"\b(\w+(?:[ '’-]\w+){0,3}) \1\b", re.I)
_NEIGHBOURS = re.compile(r"(?=\b([^\W\d_]{6,}) ([^\W\d_]{6,})\b)")
_CJK_RUN = re.compile(r"([\u3040-\u30ff\u4e00-\u9fff]{2,})\1")


def doubled_words(lang: str, text: str) -> list[str]:
    """"de la tour de la tour", "regionie Region", "骰塔骰塔": a word or phrase said twice in a row; in
    inflecting languages also two neighbouring words of one stem (the spliced nominative after its own noun)."""
    out = []
    if lang in CJK:
        out += [m.group(0) for m in _CJK_RUN.finditer(text)]
        return out
    for m in _WORD_RUN.finditer(text):
        phrase = m.group(1).lower()
        if " " not in phrase and phrase in LEGITIMATE_DOUBLES.get(lang, set()):
            continue
        if phrase.isdigit():
            continue
        out.append(m.group(0))
    for m in _NEIGHBOURS.finditer(text):  # "regionie Region": a name in the nominative after its own noun
        a, b = m.group(1), m.group(2)
        if b[0].isupper() and a[0].islower() and a.lower() != b.lower() and a[:6].lower() == b[:6].lower():
            out.append(f"{a} {b}")
    return out


# ---------------------------------------------------------------- untranslated glossary terms


def untranslated_terms(lang: str, doc: dict, text: str) -> list[str]:
    """An English glossary term left in a translation (placeholders filled): "tray" in French, "army" in
    Japanese. Terms the language writes like English (fr "province", "temple") are not checked."""
    out = []
    if lang in CJK:  # "towerから": a kana or Han character is no word boundary for \b, so make it one
        text = re.sub(r"[^\x00-\u024f]", " ", text)
    for term in doc["terms"]:
        english = re.compile(term["english"], re.I)
        if english.search(term["term"]) or term["english"].startswith("^") or "(?-i:" in term["english"]:
            continue
        m = english.search(text)
        if m:
            out.append(f"{term['en']!r} left in English: {m.group(0)!r}")
    return out


# ---------------------------------------------------------------- scripts: Latin, kanji, simplified characters

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u309f\u30a0-\u30fa\u30fc-\u30ff]")  # without the middle dot ・, used in Chinese too
#: characters a simplified Chinese text may use although GB 2312 lacks them (see data/province_names.json)
ZH_OUTSIDE_GB2312 = frozenset("驒")


def _encodes(char: str, codec: str) -> bool:
    try:
        char.encode(codec)
        return True
    except UnicodeEncodeError:
        return False


def script_mixups(lang: str, text: str, english: str = "") -> list[str]:
    """Chinese: no kana, no Japanese or traditional character form (every Han character must be in GB 2312,
    the simplified set), no Japanese province name. Japanese: no simplified-only character (every Han
    character must be in JIS X 0208 via cp932), no Chinese province name. Both: no romaji province name in a
    sentence (placeholders give the characters). Other languages: no Han character or kana the English
    text does not have."""
    out = []
    differing = [(f["ja"], f["zh"]) for f in PROVINCE_NAMES.values() if f["ja"] != f["zh"]]
    if lang == "zh":
        out += [f"kana {c!r}" for c in _KANA.findall(text)]
        out += [f"not a simplified character {c!r}" for c in _HAN.findall(text)
                if c not in ZH_OUTSIDE_GB2312 and not _encodes(c, "gb2312")]
        out += [f"Japanese province name {ja!r} (Chinese: {zh!r})" for ja, zh in differing if ja in text]
    elif lang == "ja":
        out += [f"not a Japanese character {c!r}" for c in _HAN.findall(text) if not _encodes(c, "cp932")]
        out += [f"Chinese province name {zh!r} (Japanese: {ja!r})" for ja, zh in differing if zh in text]
    else:
        foreign = set(_HAN.findall(text) + _KANA.findall(text)) - set(english)
        out += [f"CJK character {c!r} in a {lang} text" for c in sorted(foreign)]
    if lang in CJK:
        for p in BOARD.provinces:
            if re.search(rf"(?<![A-Za-z]){re.escape(p.name)}(?![A-Za-z])", text) and p.name not in english:
                out.append(f"romaji province name {p.name!r} in a {lang} sentence")
    return out


# ---------------------------------------------------------------- counters and measure words

_JA_COUNTED = re.compile(r"(千両箱|軍勢|一揆マーカー|農民|廷臣)(\d+)(?![\d個人枚つ点])")
_JA_TSU = re.compile(r"(?<!\d)\d{2,}つ")
_ZH_BARE = re.compile(r"(?<![\d.+])\d+(宝箱|军队|农民|不满标志物|朝臣|城堡|神社|能剧舞台|胜利分)")


def missing_counters(lang: str, text: str) -> list[str]:
    """Japanese counts take a counter (千両箱3個, 軍勢4個, 農民2人) and つ only below ten; Chinese counts
    take a measure word (3个宝箱, 4支军队)."""
    if lang == "ja":
        return [m.group(0) for m in _JA_COUNTED.finditer(text)] + [m.group(0) for m in _JA_TSU.finditer(text)]
    if lang == "zh":
        return [m.group(0) for m in _ZH_BARE.finditer(text)]
    return []


_CJK_SPACE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff、。：，] +\d|\d +[\u3040-\u30ff\u4e00-\u9fff、。，]")


def cjk_spacing(lang: str, text: str) -> list[str]:
    """Chinese and Japanese write numbers against their characters ("千両箱3個", "3个宝箱"); a score "4 : 3"
    keeps its spaces."""
    if lang not in CJK or " : " in text:
        return []
    return [m.group(0) for m in _CJK_SPACE.finditer(text)]


_FR_ELISION = re.compile(r"(?<![-\w])(?:de|que|le|la|ce|ne|se|je|jusque|lorsque|puisque) (?=[AEIOUYÉÈÊaeiouyéèê])")


def missing_elision(lang: str, text: str) -> list[str]:
    """French elides before a vowel: "d'Owari", "qu'un", never "de Owari" (a province name spliced after "de")."""
    if lang != "fr":
        return []
    return [text[max(0, m.start() - 10):m.end() + 8] for m in _FR_ELISION.finditer(text)]
