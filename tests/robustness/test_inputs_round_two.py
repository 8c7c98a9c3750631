"""Issue 25: the expansions' part of a save, invalid states, scenario files, the address and the limits.

Every case the issue lists: refused with a SaveFileError naming the field (and caught by the independent
checker too, :mod:`.invariants`), a ScenarioError naming the file and the field, or a visible sentence.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rules import SEED_MAX
from shogun_tutor.rules import errors as E
from shogun_tutor.bots import make_bot
from shogun_tutor.rules.expansions.court import OFFICIALS
from shogun_tutor.rules.expansions.privileges import CARDS, KEEPABLE
from shogun_tutor.rules.expansions.samurai import STACK
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.savefile import MAX_BYTES, schema

from . import invariants
from .expansion_fuzz import report, run


@lru_cache(maxsize=None)
def _save_at(kind: str, players: int = 4, seed: int = 13) -> str:
    """A save of a real game with both expansions (the draft; every decision kind comes), at the first ``kind``."""
    game = new_game(players=players, seed=seed, setup="draft", expansions=("tenno", "samurai"), history=False)
    bots = [make_bot("heuristic", i) for i in range(players)]
    while game.to_decide()[0] != kind:
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game.save()


def _doc(kind: str = "plan") -> dict:
    return json.loads(_save_at(kind))


def _refused(doc: dict, match: str) -> E.SaveFileError:
    with pytest.raises(E.SaveFileError, match=match) as info:
        Game.load(json.dumps(doc))
    return info.value


def test_the_base_saves_are_valid_for_the_loader_and_the_independent_checker():
    for kind in ("plan", "place", "samurai", "privilege", "move", "revolt"):
        text = _save_at(kind)
        assert Game.load(text).save() == text and invariants.problems(text) == [], kind


def test_the_independent_checker_uses_the_boxs_numbers():
    assert invariants.OFFICIALS == OFFICIALS and list(invariants.PRIVILEGES) == sorted(CARDS)
    assert invariants.KEEPABLE == set(KEEPABLE) and invariants.SAMURAI_CARDS == len(STACK)
    assert list(invariants.EVENTS) == sorted(e.number for e in COMPONENTS.events)
    assert (invariants.ARMIES, invariants.FARMERS, invariants.YEARS) == (COMPONENTS.armies_each, COMPONENTS.farmers,
                                                                         COMPONENTS.years)


def test_the_expansions_schema_follows_the_data():
    defs = schema()["$defs"]
    assert defs["privilege_card"]["enum"] == sorted(CARDS) and defs["officials"]["maximum"] == OFFICIALS
    assert defs["tenno"]["properties"]["kept"]["items"]["items"]["enum"] == list(KEEPABLE)
    assert defs["samurai"]["properties"]["top"]["items"]["maximum"] == len(STACK) - 1
    assert set(defs["tenno"]["required"]) == set(defs["tenno"]["properties"]) == set(_doc()["extra"]["tenno"])
    assert set(defs["samurai"]["required"]) == set(_doc()["extra"]["samurai"])


# --- the expansions' part of a save: every edit the issue lists is refused with its key path ------------------
def _set(path: str, value):
    def change(d):
        *head, last = path.split("/")
        node = d
        for p in head:
            node = node[int(p)] if isinstance(node, list) else node[p]
        if value is KeyError:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


@pytest.mark.parametrize("change, match", [
    (_set("extra/tenno/display", "abc"), "extra/tenno/display: 'abc' is not of type 'array'"),
    (_set("extra/tenno/deck/0", "5"), "extra/tenno/deck/0: '5' is not one of"),
    (_set("extra/tenno/deck", 5), "extra/tenno/deck: 5 is not of type 'array'"),
    (_set("extra/tenno/queue", [[1]]), "extra/tenno/queue/0"),
    (_set("extra/tenno/kept/0", [5, 5, 5, 5]), "extra/tenno/kept/0"),
    (_set("extra/tenno", [1]), "extra/tenno: \\[1\\] is not of type 'object'"),
    (_set("extra/tenno", KeyError), "working data .'samurai'. do not match the rules"),
    (_set("extra/tenno/free_build", [0, 99]), "extra/tenno: Additional properties are not allowed .'free_build'"),
    (_set("extra/tenno/free_build", [0, 21]), "'free_build' was unexpected"),
    (_set("extra/tenno/cancelled", "yes"), "extra/tenno/cancelled: 'yes' is not of type 'boolean'"),
    (_set("extra/samurai/turn", True), "extra/samurai/turn: True is not of type 'integer'"),
    (_set("extra/samurai/top/0", 4), "extra/samurai/top/0: 4 is greater than the maximum of 3"),
    (_set("extra/tenno/supply/0", 8), "extra/tenno/supply/0: 8 is greater than the maximum of 7"),
    (_set("extra/tenno/step", "dance"), "extra/tenno/step"),
    (_set("extra/zzz", {}), "working data"),
])
def test_edited_expansion_data_are_refused_with_the_key_path(change, match):
    d = _doc("plan")
    change(d)
    _refused(d, match)


def test_privilege_cards_and_officials_are_conserved():
    d = _doc("plan")
    t = d["extra"]["tenno"]
    t["out"].append(t["deck"][0])  # one card in two places
    _refused(d, "privilege cards are missing, doubled or unknown")
    d = _doc("plan")
    d["extra"]["tenno"]["deck"].pop()
    _refused(d, "privilege cards are missing")
    d = _doc("plan")
    d["extra"]["tenno"]["supply"][1] -= 1
    _refused(d, "officials add up to 6, not 7")


# --- invalid states: refused by the loader and found by the independent checker --------------------------------
def _neutral(d):
    return next(n for n, p in d["provinces"].items() if p["owner"] is None)


def _owned(d):
    return next(n for n, p in d["provinces"].items() if p["owner"] is not None)


def _castle_on_neutral(d):
    d["provinces"][_neutral(d)]["buildings"] = ["castle"]
    d["buildings_left"]["castle"] -= 1


def _unrest_on_neutral(d):
    d["provinces"][_neutral(d)]["unrest"] = 1


def _year_two_unscored(d):
    d["year"] = 2


def _samurai_three_in_spring(d):
    d["extra"]["samurai"]["top"][0] = 3


def _plan_field_deleted(d):
    seat = d["round"]["planner"] - 1
    del d["players"][seat]["plan"]["castle"]


def _event_missing(d):
    d["event_deck"].pop()


def _no_action_cards(d):
    d["round"]["action_cards"] = []


def _no_event_deck(d):
    d["events_used"] += d["event_deck"]  # every card still in a pile, none left for the next year
    d["event_deck"] = []


def _immunity_while_planning(d):
    t = d["extra"]["tenno"]
    card = next(c for c in (10, 11, 18) if c in t["deck"])
    t["deck"].remove(card)
    t["kept"][0].append(card)


def _card_1_while_planning(d):
    d["extra"]["tenno"]["cancelled"] = True


def _card_back_in_the_deck(d):
    t = d["extra"]["tenno"]
    t["deck"] += [c for c in t["display"] if c is not None]
    t["display"] = [None, None, None]


@pytest.mark.parametrize("kind, change, match", [
    ("plan", _castle_on_neutral, "is neutral but holds castle"),
    ("plan", _unrest_on_neutral, "is neutral but holds no building and 1 unrest"),
    ("plan", _year_two_unscored, "0 winters scored in spring of year 2"),
    ("plan", _samurai_three_in_spring, "seat 0 has turned 3 cards by the plan phase of spring; at most 0"),
    ("place", _plan_field_deleted, "is done planning but his plan has 13 of 14 fields"),
    ("plan", _event_missing, "lie in no pile"),
    ("move", _no_action_cards, "needs the round's ten action cards"),
    ("move", _no_event_deck, "the years to come need"),
    ("plan", _immunity_while_planning, "keeps the immunities"),
    ("plan", _card_1_while_planning, "set aside by privilege card 1 in the plan phase"),
    ("plan", _card_back_in_the_deck, "privilege cards in the deck after 1 rounds"),
])
def test_invalid_states_are_refused_and_the_independent_checker_agrees(kind, change, match):
    d = _doc(kind)
    if change is _plan_field_deleted:
        d = json.loads(_save_at("place"))
        d["round"]["planner"] = d["rules"]["players"]  # everyone planned
        del d["players"][0]["plan"]["castle"]
    else:
        change(d)
    assert invariants.problems(d), "the independent checker must see it too"
    _refused(d, match)


def test_a_finished_game_needs_both_winters_scored():
    game = new_game(players=3, seed=4, expansions=("tenno", "samurai"), history=False)
    bots = [make_bot("heuristic", i) for i in range(3)]
    while not game.over:
        game.apply(bots[game.to_decide()[1]].decide(game))
    d = json.loads(game.save())
    assert invariants.problems(d) == []
    d["scores"] = d["scores"][1:]
    assert invariants.problems(d)
    _refused(d, "1 winters scored in end of year 2; the game has scored 2")


# --- one seed range ------------------------------------------------------------------------------------------
def test_one_seed_range_everywhere():
    from shogun_tutor.rulebook.scenario_schema import SCHEMA
    from shogun_tutor.ui.game_panel import MAX_SEED, SeedError, parse_seed

    assert SEED_MAX == 2**63 - 1 == MAX_SEED == SCHEMA["properties"]["seed"]["maximum"]
    assert schema()["properties"]["seed"]["maximum"] == SEED_MAX
    assert schema("record.schema.json")["properties"]["setup"]["properties"]["seed"]["maximum"] == SEED_MAX
    assert parse_seed(str(SEED_MAX)) == SEED_MAX
    for bad in (str(SEED_MAX + 1), "²", "٣", "1" * 5000):
        with pytest.raises(SeedError):
            parse_seed(bad)
    with pytest.raises(E.SetupError, match="from 0 to 9223372036854775807"):
        new_game(seed=SEED_MAX + 1)
    with pytest.raises(E.SetupError):
        new_game(seed=2**64)
    game = new_game(players=3, seed=SEED_MAX, history=False)
    assert Game.load(game.save()).state.seed == SEED_MAX


def test_the_cli_refuses_a_seed_beyond_the_range_and_its_largest_seed_loads_again(tmp_path):
    from shogun_tutor.rules.record import load_record, replay

    from .test_cli import assert_refused, run as cli

    assert_refused(cli("simulate", "--seed", str(10**30), "--out", "g.json", cwd=tmp_path), "above the largest seed")
    assert_refused(cli("simulate", "--seed", "9" * 5000, "--out", "g.json", cwd=tmp_path), "seed")
    assert not (tmp_path / "g.json").exists()
    res = cli("simulate", "--players", "3", "--seed", str(SEED_MAX), "--out", "g.json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert replay(load_record((tmp_path / "g.json").read_bytes())).state.seed == SEED_MAX


# --- files refused fast: the byte cap before parsing -------------------------------------------------------------
def test_the_byte_cap_is_checked_before_parsing_and_a_whole_game_fits_well_under_it():
    from shogun_tutor.rules.record import load_record

    with pytest.raises(E.SaveFileError, match="at most 1,000,000"):
        Game.load(b"[" + b" " * MAX_BYTES + b"]")  # would parse fine: refused by its size alone
    with pytest.raises(E.SaveFileError, match="at most 1,000,000"):
        load_record(" " * (MAX_BYTES + 1))
    assert len(_save_at("revolt")) * 4 < MAX_BYTES


# --- the fuzz: a fixed budget in the suite, the count printed -----------------------------------------------------
def test_fuzz_saves_and_records_with_the_expansions(capsys):
    result = run(cases=120, records=8, seed=25)
    with capsys.disabled():
        print("\n" + report(result))
    for what, counts in result.items():
        assert counts["raw"] == 0 and counts["invalid"] == 0, report(result)
        assert counts["refused"] + counts["valid"] == (120 if what == "saves" else 8)
    assert result["saves"]["valid"] > 0  # some mutations are harmless: the fuzz reaches the checks after loading


def test_every_field_of_the_expansions_data_mutated_once():
    """Deterministic sweep: each path into ``extra`` of a court save, each of a few values; none raw or invalid."""
    import random

    from .expansion_fuzz import classify, paths

    text = _save_at("privilege")
    doc = json.loads(text)
    outcomes = {"refused": 0, "valid": 0}
    for path in paths(doc["extra"])[1:]:
        for value in ("abc", -1, [1]):  # another type, out of range, a list for a number
            d = json.loads(text)
            node = d["extra"]
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = value
            outcome, message = classify(json.dumps(d), random.Random(0))
            assert outcome in outcomes, (path, value, message)
            outcomes[outcome] += 1
    print(f"extra sweep: {outcomes}")
    assert outcomes["refused"] > 0
