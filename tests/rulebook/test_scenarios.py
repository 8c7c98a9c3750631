"""Every prepared position loads through the engine and its "try it" plays as the rulebook says."""

import json

import pytest

from shogun_tutor.rules.errors import RuleViolation
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rulebook import content
from shogun_tutor.rulebook.scenario import ScenarioError, load_scenario, parse_scenario, scenario_dir, scenario_ids

IDS = scenario_ids()


def test_there_is_a_scenario_for_every_chapter_that_names_one():
    named = {sid for c in content.CHAPTERS for sid in c.scenarios}
    assert named <= set(IDS)
    for sid in IDS:
        assert set(load_scenario(sid).chapters) <= {c.key for c in content.CHAPTERS}


@pytest.mark.parametrize("sid", IDS)
def test_scenario_loads_and_waits_for_the_learner(sid):
    sc = load_scenario(sid)
    game = sc.build()
    check_state(game.state)
    assert game.to_decide() is not None
    assert game.legal_decisions()


@pytest.mark.parametrize("sid", IDS)
def test_try_it_plays_through_the_engine_with_the_rulebook_numbers(sid):
    sc = load_scenario(sid)
    game = sc.build()
    events = sc.play_answer(game)
    assert sc.done(game), f"{sid} never reached its stop event {sc.raw['stop']}"
    assert sc.check(events) == []
    check_state(game.state)


@pytest.mark.parametrize("sid", IDS)
def test_every_first_choice_also_reaches_the_end(sid):
    """A learner may choose anything legal: the try-it still ends (other seats answered by bots)."""
    sc = load_scenario(sid)
    game = sc.build()
    start = len(game.state.log)
    for _ in range(300):
        if sc.done(game, start):
            break
        game.apply(game.legal_decisions()[-1])
        sc.auto(game, start=start)
    assert sc.done(game, start)


def test_the_rulebook_examples_have_their_numbers():
    game = load_scenario("settsu-tax").build()
    events = load_scenario("settsu-tax").play_answer(game)
    income = [e for e in events if e["rule"] == "action.income"][0]
    assert (income["base"], [s["value"] for s in income["steps"]], income["amount"]) == (7, [5, 6], 6)
    kozuke = load_scenario("kozuke-battle")
    battle = [e for e in kozuke.play_answer(kozuke.build()) if e["rule"] == "battle.result"][0]
    assert (battle["verdict"]["attacker_total"], battle["verdict"]["defender_total"]) == (3, 2)
    kai = load_scenario("kai-winter")
    revolt = [e for e in kai.play_answer(kai.build()) if e["rule"] == "battle.revolt"][0]
    assert revolt["farmers"] == 3


def test_a_different_place_gives_no_special_chest():
    sc = load_scenario("settsu-tax")
    game = sc.build()
    from shogun_tutor.rules.state import Decision

    game.apply(Decision("place", 0, count=0))  # +1 rice, not +1 chest
    sc.auto(game)
    income = [e for e in game.state.log if e["rule"] == "action.income"][0]
    assert income["amount"] == 5


def test_an_illegal_learner_move_is_refused_and_changes_nothing():
    from shogun_tutor.rules.state import Decision

    game = load_scenario("kozuke-battle").build()
    before = game.save()
    with pytest.raises(RuleViolation):
        game.apply(Decision("move", 1, province="Shinano", target="Kozuke", count=5))  # one must stay behind
    assert game.save() == before


def _raw(sid="kozuke-battle"):
    return json.loads((scenario_dir() / f"{sid}.json").read_text())


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(players=6), "players"),
    (lambda r: r["provinces"].update(Atlantis={"owner": 0, "armies": 1}), "Atlantis"),
    (lambda r: r["provinces"]["Shinano"].update(armies=70), "supply: -"),
    (lambda r: r["tower"].update(levels=[["dragon"]]), "levels"),
    (lambda r: r.pop("round"), "round"),
    (lambda r: r["round"]["decide"].update(kind="dance"), "kind"),
])
def test_bad_scenarios_are_clear_errors(change, message):
    raw = _raw()
    change(raw)
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(json.dumps(raw), "bad").build()
    assert message in str(exc.value)


def test_not_json_and_unknown_ids_are_clear_errors():
    with pytest.raises(ScenarioError, match="not valid JSON"):
        parse_scenario("{", "broken")
    with pytest.raises(ScenarioError, match="no such scenario"):
        load_scenario("no-such-thing")
