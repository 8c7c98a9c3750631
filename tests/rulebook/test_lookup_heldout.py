"""The lookup on held-out questions (issue 48): at least 12 per language, written as players ask at the table
(running out of rice, who goes first, what castles and temples give at the end, ties), neither taken from the rule
texts nor from the development set (``lookup_questions``) and never used to tune the lookup's synonyms, phrases or
stop words. This is the eighth held-out set, written blind (the writer saw neither the lookup's code nor its phrase
data and did not run it), committed before it was measured (797c74c) and measured once (108/112 top-3, every language
13/14 or 14/14); the first seven are part of the development set now. The figures go to docs/lookup.md; the issue's
target is top-3 >= 90 % in every language, which this set meets. The test prints each language's figures and holds the
measured level in MEASURED_TOP3 (one question less per language at most, one less in all: a regression fails)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shogun_tutor import i18n
from shogun_tutor.rulebook import content, lookup

LANGS = ("en", "nl", "de", "fr", "da", "pl", "zh", "ja")
HELD_OUT = Path(__file__).parent / "lookup_heldout"
DEV = Path(__file__).parent / "lookup_questions"
TOPICS = {"winter_rice", "turn_order", "scoring", "battle"}  # rice running out, who goes first, the end, ties
# top-3 as measured once on the eighth held-out set (docs/lookup.md): the target, 90 % (13/14), in every language
MEASURED_TOP3 = {"en": 13, "nl": 13, "de": 14, "fr": 13, "da": 14, "pl": 14, "zh": 14, "ja": 13}


def _questions(folder: Path, lang: str) -> list[dict]:
    data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    assert data["language"] == lang
    return data["questions"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_held_out_set_is_its_own_and_covers_the_issues_topics(lang):
    qs = _questions(HELD_OUT, lang)
    dev = {q["q"] for q in _questions(DEV, lang)}
    keys = {r.key for r in content.RULES}
    assert len(qs) >= 12 and len({q["q"] for q in qs}) == len(qs) and not dev & {q["q"] for q in qs}
    wanted = set()
    for q in qs:
        want = set(q.get("rules") or [q["rule"]])
        assert want <= keys, q
        wanted |= want
    assert TOPICS <= wanted


def test_held_out_questions_find_their_rule():
    rows, top3_all, n_all, below = [], 0, 0, []
    for lang in LANGS:
        i18n.set_language(lang)
        qs = _questions(HELD_OUT, lang)
        top1 = top3 = 0
        for q in qs:
            want = set(q.get("rules") or [q["rule"]])
            rules = [a.rule for a in lookup.search(q["q"])]
            top1 += bool(rules) and rules[0] in want
            top3 += bool(want & set(rules[:3]))
        rows.append(f"{lang}: top-1 {top1}/{len(qs)}, top-3 {top3}/{len(qs)}")
        top3_all, n_all = top3_all + top3, n_all + len(qs)
        if top3 < MEASURED_TOP3[lang] - 1:
            below.append(lang)
    print("\nheld-out lookup: " + "; ".join(rows) + f"; all top-3 {top3_all}/{n_all}")
    assert not below, below  # eighth set measured: en 13/14, nl 13/14, de 14/14, fr 13/14, da 14/14, pl 14/14, zh 14/14, ja 13/14
    assert top3_all >= sum(MEASURED_TOP3.values()) - 1  # eighth set: 108/112 (96 %), top-1 93/112
