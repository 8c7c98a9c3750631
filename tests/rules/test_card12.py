"""Tennō's Court, privilege card 12 (issue 48): the player *may* place the free armies.

The Polish rulebook (../shared/rules/expansions-tenno-court-samurai.pl.txt, card 12): "Gracz może wystawić za darmo
3 armie w dowolnej ze swoich prowincji lub w prowincji neutralnej." -- "może": may. Once taken, the card offers every
own and neutral province and, beside them, placing none; the other cards that need a province (4, 21) offer no such
way out, as their text is no "may".
"""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.rules import errors as E
from shogun_tutor.rules.game import Game
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision
from shogun_tutor.text.decisions import describe_decision
from shogun_tutor.text.explain import explain

from .test_expansions import events, to_court_audience

RULEBOOK = "../shared/rules/expansions-tenno-court-samurai.pl.txt"
SENTENCE = "Gracz może wystawić za darmo 3 armie w dowolnej ze swoich prowincji lub w prowincji neutralnej."


def test_the_rulebook_says_may():
    from pathlib import Path

    text = Path(__file__).resolve().parents[2].joinpath(RULEBOOK)
    if not text.exists():  # the rulebooks live beside the repository, not in it
        pytest.skip(f"{RULEBOOK} is not beside the repository")
    assert SENTENCE in text.read_text(encoding="utf-8")


def test_card_12_can_be_declined_and_changes_nothing_but_the_card():
    g = to_court_audience([0, 0, 0, 7], [21, 12, 4])
    g.apply(Decision("privilege", 3, count=12))
    assert g.to_decide() == ("privilege_use", 3)
    options = g.legal_decisions()
    decline = Decision("privilege_use", 3)
    assert decline in options and len(options) == len(g.state.pending.options) + 1
    s = g.state
    n, hand = len(s.log), list(s.players[3].hand)
    g.apply(decline)  # the game runs on to the next decision: the court ends, the actions begin
    s = g.state
    ev = s.log[n]
    assert (ev["rule"], ev["player"], ev["card"]) == ("privilege.declined", 3, 12)
    assert s.log[n + 1]["rule"] == "court.end" and 12 in s.extra["tenno"]["out"]
    assert not events(g, "privilege.free_armies") and s.players[3].hand == hand  # no armies, no neutral card
    check_state(s)
    assert events(Game.load(g.save()), "privilege.declined")[-1]["card"] == 12  # a save keeps it
    for lang in sorted(i18n.LANGUAGES):
        i18n.set_language(lang)
        try:
            assert "12" in explain(ev).title and "{" not in describe_decision(decline)
            assert lang == "en" or describe_decision(decline) != "Place no free armies (the privilege card allows, not obliges)"
        finally:
            i18n.set_language("en")


def test_a_card_whose_text_is_no_may_cannot_be_declined():
    g = to_court_audience([0, 0, 0, 7], [21, 12, 4])
    g.apply(Decision("privilege", 3, count=21))  # a free building: the player must choose the province
    if g.to_decide() != ("privilege_use", 3):
        pytest.skip("card 21 found no province on this board")
    assert all(d.province is not None for d in g.legal_decisions())
    before = g.save()
    with pytest.raises(E.RuleViolation) as exc:
        g.apply(Decision("privilege_use", 3))
    assert exc.value.rule == "privilege.province_not_allowed" and g.save() == before
