"""Each language follows its glossary: a key term is translated one way everywhere.

``shogun_tutor/locale/glossary/<lang>.json`` lists, per English term, the term the
catalog uses and its source (the printed rulebook where there is one). A message
whose English text names the term must use that term in every translation; rejected
alternatives (``avoid``) appear in no translation at all. Patterns and texts are
normalised (``language_checks.normalise``/``pattern``): any case, any run of spaces,
spaces around a slash, and accents the pattern leaves out; each normalisation is shown
catching a planted bad sample below.
"""

from __future__ import annotations

import re

import pytest

from .language_checks import LANGS, accent_tolerant, glossary, glossary_findings, messages, normalise, pattern


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_has_a_source_for_every_term(lang):
    doc = glossary(lang)
    assert doc["language"] == lang and len(doc["terms"]) >= 12
    for term in doc["terms"]:
        assert term["term"] and term["source"], term
        re.compile(term["english"]), pattern(term["accept"])
        for a in term.get("avoid", []):
            pattern(a)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_follows_its_glossary(lang):
    assert glossary_findings(lang, glossary(lang), messages(lang)) == []


def _one(term: dict, english: str, translation: str) -> list[str]:
    return glossary_findings("xx", {"terms": [dict(term, source="test")]}, [((english,), (translation,))])


def test_a_term_translated_two_ways_is_found():
    tray = {"en": "tray", "english": r"\btray\b", "term": "plateau de la tour", "accept": "plateau de la tour",
            "avoid": [r"\bpaysan"]}
    assert len(_one(tray, "Cubes stay in the tray.", "Les cubes restent dans le plateau.")) == 1
    assert "paysan" in _one(tray, "the farmers", "les paysans")[0]
    assert _one(tray, "Cubes stay in the tray.", "Les cubes restent dans le plateau de la tour.") == []


def test_patterns_ignore_case_and_spacing():
    """The nl avoid pattern 'Gevecht / verplaatsen' let 'gevecht/verplaatsen A en B' through (issue 24)."""
    battle = {"en": "Battle / move", "english": r"\bBattle / move [AB]\b", "term": "Gevecht/verplaatsing A/B",
              "accept": "Gevecht/verplaatsing [AB]", "avoid": ["Gevecht / verplaatsen"]}
    for bad in ("Met gevecht/verplaatsen A en B", "Met GEVECHT /  verplaatsen A", "met Gevecht\u00a0/\u00a0verplaatsen B"):
        assert any("rejected" in f for f in _one(battle, "Battle / move A", bad)), bad
    for good in ("Met Gevecht/verplaatsing A", "met gevecht / verplaatsing B"):
        assert _one(battle, "Battle / move A", good) == [], good


def test_an_unaccented_pattern_finds_the_accented_word_and_not_the_reverse():
    """pl 'niepokoj' missed 'niepokój' (issue 24); da 'skål' (a tray) must not find 'skal' (shall)."""
    unrest = {"en": "unrest", "english": r"\bunrest\b", "term": "znacznik powstania", "accept": "powstania",
              "avoid": ["niepokoj"]}
    assert any("niepokoj" in f for f in _one(unrest, "Revolts and unrest", "Powstania i niepokój"))
    assert any("niepokoj" in f for f in _one(unrest, "Revolts and unrest", "Powstania i NIEPOKOJE"))
    assert _one(unrest, "Revolts and unrest", "Powstania i znaczniki powstania") == []
    tray = {"en": "tray", "english": r"\btray\b", "term": "tårnbakke", "accept": "tårnbakke", "avoid": [r"\bskål"]}
    assert _one(tray, "One army stays.", "Mindst én hær skal blive.") == []
    assert any("skål" in f for f in _one(tray, "One army stays.", "Hærene ligger i skålen."))


def test_an_accent_the_pattern_requires_is_required():
    seed = {"en": "seed", "english": "^Seed$", "term": "Valeur de départ", "accept": "^Valeur de départ$", "avoid": []}
    assert len(_one(seed, "Seed", "Valeur de depart")) == 1
    assert _one(seed, "Seed", "Valeur de départ") == []


def test_regex_syntax_survives_the_accent_rewrite():
    for source, text, found in [(r"(?<!骰)塔", "骰塔", False), (r"(?<!骰)塔", "战斗塔", True), (r"\btac[ayę]\b", "tacę", True),
                                (r"zam(ek|k)", "zamków", True), (r"\d{2}x", "12x", True), (r"[a-c]+", "b", True),
                                (r"(?P<w>kaart)", "kaart", True), (r"\bmin\b", "minimum", False)]:
        assert bool(pattern(source).search(normalise(text))) is found, (source, accent_tolerant(source))


@pytest.mark.parametrize("lang, english, bad, good", [
    ("zh", "Revolts and unrest", "起义与暴动", "起义与不满"),
    ("zh", "{armies} army to {province}: a neighbour has {threat} armies next to its {have}.",
     "{armies}支军队进驻{province}：邻省有{threat}支军队", "{armies}支军队进驻{province}：邻国有{threat}支军队"),
    ("zh", "Each place carries a special card.", "每个位置上有一张特殊卡。", "每个位置上有一张特殊牌。"),
    ("zh", "Collect tax", "征税", "征收税金"),
    ("ja", "The blank flag: this card offers no bonus.", "白旗：このカードにはボーナスがない。", "無地の旗：このカードにはボーナスがない。"),
    ("nl", "With provinces in enough regions, a player turns his top samurai card under.",
     "Wie provincies heeft in genoeg gebieden, draait zijn bovenste samoeraikaart om.",
     "Wie provincies heeft in genoeg regio's, legt zijn bovenste samoeraikaart onder de stapel."),
    ("de", "With provinces in enough regions, a player turns his top samurai card under.",
     "Wer Provinzen in genug Regionen hat, dreht seine oberste Samuraikarte unter.",
     "Wer Provinzen in genug Regionen hat, legt seine oberste Samuraikarte unter den Stapel."),
    ("pl", "Revolts and unrest", "Powstania i niepokój", "Powstania i znaczniki powstania"),
])
def test_the_real_glossaries_catch_the_findings_of_issue_24(lang, english, bad, good):
    doc = glossary(lang)
    assert glossary_findings(lang, doc, [((english,), (bad,))]), bad
    assert glossary_findings(lang, doc, [((english,), (good,))]) == [], good
