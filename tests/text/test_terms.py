"""Names in sentences: player colours in their grammatical cases, provinces in kanji or romaji, Babel lists and numbers."""

import ast
import re
import unicodedata
from pathlib import Path

import pytest

from shogun_tutor import i18n
from shogun_tutor.data import BOARD, COMPONENTS, PROVINCE_NAMES
from shogun_tutor.text import terms


@pytest.fixture
def lang():
    def use(code):
        i18n.set_language(code)
    yield use
    i18n.set_language("en")


def test_polish_declines_every_colour_in_every_case(lang):
    lang("pl")
    assert [terms.colour_name(c, "genitive") for c in COMPONENTS.colours] == [
        "Czerwonego", "Niebieskiego", "Czarnego", "Żółtego", "Fioletowego"]
    assert terms.colour_name("yellow", "dative") == "Żółtemu"
    assert terms.colour_name("yellow") == "Żółty"


@pytest.mark.parametrize("code", ["en", "nl", "de", "fr", "da", "zh", "ja"])
def test_languages_without_cases_repeat_the_name(lang, code):
    lang(code)
    for c in COMPONENTS.colours:
        assert {terms.colour_name(c, case) for case in terms.COLOUR_NAMES_BY_CASE} == {terms.colour_name(c)}


def test_a_translation_picks_the_case_of_a_name(lang):
    lang("pl")
    black, red, blue = (terms.PlayerName(c) for c in ("black", "red", "blue"))
    assert "gracza {player:genitive}".format(player=black) == "gracza Czarnego"
    assert "{player}".format(player=black) == "Czarny" and black == "Czarny"
    assert "graczy {players:genitive}".format(players=terms.NameList([red, blue])) == "graczy Czerwonego i Niebieskiego"
    assert "{players}".format(players=terms.NameList([red, blue])) == "Czerwony i Niebieski"
    lang("de")
    assert "{player:genitive}".format(player=terms.PlayerName("black")) == "Schwarz"
    with pytest.raises(ValueError, match="case 'ablative'"):
        format(black, "ablative")


@pytest.mark.parametrize("event, polish", [
    ({"rule": "privilege.immunity_ends", "player": 2}, "Ochrona gracza Czarnego kończy się wraz z rundą"),
    ({"rule": "court.display_empty", "waiting": [0, 1]}, "Dworscy urzędnicy graczy Czerwonego i Niebieskiego zostają w holu wejściowym."),
    ({"rule": "winter.revolts_drawn", "drawn_by": 0, "player": 2, "provinces": ["Kai"]},
     "Czerwony losuje na ślepo spośród kart prowincji gracza Czarnego: Kai"),
])
def test_polish_sentences_decline_the_players_they_name(lang, event, polish):
    from shogun_tutor.text.explain import explain

    lang("pl")
    e = explain(event)
    assert polish in [e.title, *e.lines]


def test_unknown_case_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown player colour 'red' or case 'ablative'"):
        terms.colour_name("red", "ablative")


def test_provinces_in_kanji_for_chinese_and_japanese(lang):
    for p in BOARD.provinces:
        lang("en")
        assert terms.province_name(p.name) == p.name
        assert terms.province_intro(p.name) == f"{p.name} {p.kanji}"
        lang("ja")
        assert terms.province_name(p.name) == p.kanji
        assert terms.province_intro(p.name) == f"{p.name} {p.kanji}"
        lang("zh")  # simplified forms from data/province_names.json
        assert terms.province_name(p.name) == PROVINCE_NAMES[p.name]["zh"]
        assert terms.province_intro(p.name) == f"{p.name} {PROVINCE_NAMES[p.name]['zh']}"
    lang("zh")
    assert [terms.province_name(n) for n in ("Settsu", "Musashi", "Kaga", "Kai")] == ["摄津", "武藏", "加贺", "甲斐"]
    assert sum(PROVINCE_NAMES[p.name]["zh"] != p.kanji for p in BOARD.provinces) == 24
    lang("ja")
    assert terms.province_name("Kai/sun") == "甲斐"  # a province card names its province


def test_lists_numbers_and_sentences_follow_the_language(lang):
    lang("fr")
    assert i18n.format_list(["Rouge", "Bleu", "Noir"]) == "Rouge, Bleu et Noir"
    assert i18n.format_number(20000) == "20\u202f000"
    assert i18n.join_sentences("Une.", "Deux.") == "Une. Deux."
    lang("ja")
    assert i18n.list_separator() == "、"
    assert i18n.join_sentences("一つ。", "二つ。") == "一つ。二つ。"


def test_majority_labels_are_plural_and_whole(lang):
    lang("de")
    assert terms.majority_label("castle") == "Die meisten Burgen in einer Region"
    lang("nl")
    assert terms.majority_label("castle") == "De meeste paleizen in een regio"


def _imports(package: str) -> set[str]:
    import ast
    from pathlib import Path

    import shogun_tutor

    found = set()
    for path in (Path(shogun_tutor.__file__).parent / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found.add("." * node.level + (node.module or ""))
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
    return found


def test_layers_import_downwards_only():
    """text/ is pure text (no widgets, no figures); viz/ draws from state and text, never from ui/."""
    text, viz = _imports("text"), _imports("viz")
    assert not {m for m in text if "ui" in m.split(".") or "viz" in m.split(".") or "ipywidgets" in m or "plotly" in m}
    assert not {m for m in viz if "ui" in m.split(".")}


# --- rule terms: the app's vocabulary, the glossary and the rulebooks agree ------------------------------

#: the rulebooks beside the checkout (../shared/rules), the authority on each language's terms
RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
#: every table of rule terms in text/terms.py (names of buildings, actions, cards, events, seasons, regions)
TERM_TABLES = ("BUILDING_NAMES", "REGION_NAMES", "COLOUR_NAMES", "MAJORITY_LABELS", "SIDE_NAMES", "SEASON_NAMES",
               "ACTION_NAMES", "ACTION_TEXTS", "SPECIAL_NAMES", "SPECIAL_TEXTS", "EVENT_NAMES", "EVENT_TEXTS")


def _norm(text: str) -> str:
    """Rulebook text as a quote is compared with it: NFKC (full-width brackets), Markdown bold and dashes of
    any length made plain, one space, lower case."""
    text = unicodedata.normalize("NFKC", text).replace("**", "")
    return re.sub(r"\s+", " ", re.sub(r"[‐‑‒–—―-]+", "-", text)).lower()


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.SOURCE_LANGUAGE])
def test_every_rule_term_of_the_app_is_the_glossarys(code):
    from .language_checks import glossary, normalise, pattern

    t = i18n.translator(code)
    doc = glossary(code)
    bad = []
    for table in TERM_TABLES:
        for english in getattr(terms, table).values():
            translated = normalise(t.gettext(english))
            for term in doc["terms"]:
                if re.search(term["english"], english, re.I) and not pattern(term["accept"]).search(translated):
                    bad.append(f"{table}: {english!r} -> {translated!r} lacks {term['term']!r}")
    assert bad == []


@pytest.mark.parametrize("code", sorted({p.name.split(".")[1] for p in RULES.glob("*.txt")}) if RULES.is_dir() else [])
def test_the_glossarys_rulebook_quotes_are_in_the_rulebook(code):
    from .language_checks import glossary

    text = _norm(" ".join(p.read_text(encoding="utf-8") for p in RULES.glob(f"*.{code}.txt")))
    missing = []
    for term in glossary(code)["terms"]:
        source = term.get("source", "")
        if not source.startswith("rulebook"):
            continue
        for quote in re.findall(r"'([^']+)'", source.split(";")[0]):  # "..." in a quote stands for left-out words
            if not re.search(".*?".join(re.escape(_norm(part.strip())) for part in quote.split("...")), text):
                missing.append(f"{term['en']!r}: {quote!r}")
    assert missing == []


# --- a translation that asks a name's case gets a name that has cases --------------------------------------

_CASE_SPEC = re.compile(r"\{(\w+):(" + "|".join(terms.CASES) + r")\}")
_NAMES_WITH_CASES = {"player_name", "players", "PlayerName", "NameList"}


def _cased_placeholders() -> dict[str, set[str]]:
    """English msgid -> the placeholders some translation puts in a grammatical case."""
    from .language_checks import LANGS, catalog

    out: dict[str, set[str]] = {}
    for code in LANGS:
        for m in catalog(code):
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            for s in strings:
                for name, _case in _CASE_SPEC.findall(s or ""):
                    for i in ids:
                        out.setdefault(i, set()).add(name)
    return out


def _has_cases(node, bound: dict[str, ast.expr]) -> bool:
    if isinstance(node, ast.Name) and node.id in bound:
        return _has_cases(bound[node.id], {})
    if isinstance(node, ast.Call):
        f = node.func
        return (f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "") in _NAMES_WITH_CASES
    return False


def declined_without_cases(source: str, cased: dict[str, set[str]], where: str = "<string>") -> tuple[int, list[str]]:
    """(how many cased placeholders were filled, those filled with something that has no cases) in ``source``."""
    tree = ast.parse(source)
    bound = {t.id: a.value for a in ast.walk(tree) if isinstance(a, ast.Assign) for t in a.targets if isinstance(t, ast.Name)}
    seen, bad = 0, []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                and isinstance(node.func.value, ast.Call)):
            continue
        msgids = [a.value for a in node.func.value.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        wanted = set().union(*(cased.get(m, set()) for m in msgids))
        for kw in node.keywords:
            if kw.arg in wanted:
                seen += 1
                if not _has_cases(kw.value, bound):
                    bad.append(f"{where}:{node.lineno}: {{{kw.arg}}} of {msgids[0][:50]!r}")
    return seen, bad


def test_a_name_without_cases_is_found():
    cased = {"The protection of {player} ends with the round": {"player"}}
    bad = 'def f(s):\n    return _("The protection of {player} ends with the round").format(player=escape(player_name(s)))\n'
    good = 'def f(s):\n    name = player_name(s)\n    return _("The protection of {player} ends with the round").format(player=name)\n'
    assert declined_without_cases(bad, cased)[1] and declined_without_cases(good, cased) == (1, [])


def test_every_name_a_translation_declines_is_passed_with_its_cases():
    """A translation's "{player:genitive}" needs a :class:`terms.PlayerName` (a plain ``str`` has no cases and
    raises): every call site of such a message passes ``player_name``/``players`` (or a variable set from them)."""
    cased = _cased_placeholders()
    assert cased, "no translation asks for a case: the check checks nothing"
    seen, bad = 0, []
    for path in sorted(Path(terms.__file__).parents[1].rglob("*.py")):
        n, b = declined_without_cases(path.read_text(encoding="utf-8"), cased, path.name)
        seen, bad = seen + n, bad + b
    assert seen and bad == []
