"""One fixed case for every item of issue 14: what a hostile or careless user handed us, and the clear refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shogun_tutor.rules import errors as E
from shogun_tutor.bots import RandomBot, make_bot, play
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.record import load_record, make_record, replay
from shogun_tutor.rules.savefile import MAX_BYTES, MAX_DEPTH, schema
from shogun_tutor.rules.state import CHEST_CARDS, Decision

SAVES_V1 = json.loads((Path(__file__).parents[1] / "rules" / "corpus" / "saves_v1.json").read_text())


def _game(players=4, steps=0, setup="beginner", side="sun", seed=3) -> Game:
    game = new_game(players=players, side=side, seed=seed, setup=setup)
    bots = [RandomBot(i) for i in range(players)]
    for _ in range(steps):
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game


def _refused(doc_or_text, match: str) -> E.SaveFileError:
    text = doc_or_text if isinstance(doc_or_text, (str, bytes)) else json.dumps(doc_or_text)
    with pytest.raises(E.SaveFileError, match=match) as info:
        Game.load(text)
    return info.value


# --- decisions: every malformed one is a RuleViolation with a precise rule, the state unchanged -----------
@pytest.mark.parametrize("decision, rule", [
    (Decision("plan", 0, field="castle", card="chest:abc"), "plan.no_such_card"),
    (Decision("plan", 0, field="castle", card="chest:"), "plan.no_such_card"),
    (Decision("plan", 0, field="castle", card="chest:1.5"), "plan.no_such_card"),
    (Decision("plan", 0, field="castle", card="chest:5"), "plan.no_such_card"),
    (Decision("plan", 0, field="castle", card="chest:-1"), "plan.no_such_card"),
    (Decision(["plan"], 0), "decision.malformed"),  # type: ignore[arg-type]
    (Decision({"plan": 1}, 0), "decision.malformed"),  # type: ignore[arg-type]
    (Decision("plan", 0, field=["castle"]), "decision.malformed"),  # type: ignore[arg-type]
    (Decision("plan", 0.0, field="castle"), "decision.malformed"),  # type: ignore[arg-type]
])
def test_malformed_plan_decisions_name_their_rule_and_change_nothing(decision, rule):
    game = _game()
    before = game.save()
    with pytest.raises(E.RuleViolation) as info:
        game.apply(decision)
    assert info.value.rule == rule
    assert game.save() == before


def test_a_bid_of_a_card_that_does_not_exist_is_not_called_too_expensive():
    game = _game()
    fields = [f for f in game.rules.plan_fields(game.state, 0)]
    bots = RandomBot(0)
    while game.to_decide() == ("plan", 0) and len(game.state.players[0].plan) < len(fields) - 1:
        game.apply(bots.decide(game))
    assert next(f for f in fields if f not in game.state.players[0].plan) == "bid"
    with pytest.raises(E.NoSuchCard):
        game.apply(Decision("plan", 0, field="bid", card="chest:5"))
    with pytest.raises(E.NoSuchCard):
        game.apply(Decision("plan", 0, field="bid", card="chest:abc"))


def test_a_place_that_does_not_exist_is_not_called_taken():
    game = _game()
    bots = [RandomBot(i) for i in range(4)]
    while game.to_decide()[0] != "place":
        game.apply(bots[game.to_decide()[1]].decide(game))
    seat = game.to_decide()[1]
    for place in (7, -1, 5):
        with pytest.raises(E.NoSuchPlace):
            game.apply(Decision("place", seat, count=place))


def test_negative_seeds_are_refused_not_folded_onto_positive_ones():
    with pytest.raises(E.SetupError, match="from 0 to 9223372036854775807, got -1"):
        new_game(seed=-1)


# --- Game.load: raw exceptions become SaveFileError naming the key path -----------------------------------
def test_deep_nesting_is_refused_before_parsing():
    _refused("[" * 100_000 + "]" * 100_000, "nested more than")
    doc = json.loads(_game().save())
    text = json.dumps(doc).replace('"extra": {}', '"extra":' + '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))
    _refused(text, "nested more than")


def test_a_huge_file_is_refused_before_parsing():
    _refused('{"format_version": 2, "x": "' + "a" * MAX_BYTES + '"}', "at most")
    _refused(b" " * (MAX_BYTES + 1), "at most")


@pytest.mark.parametrize("data, match", [
    (b'{"format_version": 2, "x": "\xff\xfe"}', "not UTF-8"),
    ('{"format_version": 2, "seed": NaN}', "NaN is not a JSON number"),
    ('{"format_version": 2, "format_version": 2}', "appears twice"),
    ('{"format_version": 2, "seed": ' + "9" * 5000 + "}", "invalid JSON"),
])
def test_bytes_and_non_standard_json_are_refused(data, match):
    _refused(data, match)


@pytest.mark.parametrize("data", [42, None, ["{}"], 1.5])
def test_what_is_not_text_is_refused(data):
    with pytest.raises(E.SaveFileError, match="JSON text"):
        Game.load(data)


def test_raw_bytes_of_a_good_save_load():
    game = _game(steps=30)
    assert Game.load(game.save().encode()).state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("tamper, match", [
    (lambda d: d["players"][0].update(chests="15"), "players/0/chests: '15' is not of type 'integer'"),
    (lambda d: d["players"][0].update(chests=15.0), "players/0/chests: 15.0 is not of type 'integer'"),
    (lambda d: d["provinces"]["Yamato"].update(owner=True), "provinces/Yamato/owner"),
    (lambda d: d["rng_state"][1].__setitem__(5, -1), "rng_state/1/5: -1 is less than the minimum"),
    (lambda d: d.update(format_version=True), "format_version"),
    (lambda d: d["buildings_left"].update(castle=999), "buildings_left/castle: 999 is greater than the maximum"),
    (lambda d: d["buildings_left"].update(temple=-3), "buildings_left/temple: -3 is less than the minimum"),
    (lambda d: d["buildings_left"].pop("theater"), "buildings_left: 'theater' is a required property"),
    (lambda d: d["buildings_left"].update(castle=27), "0 castles built and 27 left; the game has 28"),
    (lambda d: d.pop("phase"), r"\(top level\): 'phase' is a required property"),
    (lambda d: d.update(next_cube=0), "next_cube 0 would repeat the id"),
    (lambda d: d.update(phase="bogus"), "unknown phase 'bogus'"),
    (lambda d: d.update(phase="winter"), "does not happen in spring"),
    (lambda d: d.update(year=9), "year: 9 is greater than the maximum"),
    (lambda d: d.update(season="monsoon"), "season: 'monsoon' is not one of"),
    (lambda d: d["round"].update(event=13), "round/event"),
    (lambda d: d["round"].update(action_cards=["tax"] * 10), "round/action_cards: .* non-unique"),
    (lambda d: d["round"].update(specials=["gold"]), "round/specials/0: 'gold' is not one of"),
    (lambda d: d.update(pending=None), "no decision is pending"),
    (lambda d: d.update(pending={"kind": "move", "player": 0, "province": "Yamato", "action": "battle_a", "options": []}),
     "a 'move' decision cannot be pending in the plan phase"),
    (lambda d: d["pending"].update(player=3), "not the one planning now"),
    (lambda d: d["players"][0]["plan"].update(castle="Mutsu"), "planned 'Mutsu' on castle, a card he does not hold"),
    (lambda d: d["players"][0]["plan"].update(tea="Yamato"), r"planned unknown fields \['tea'\]"),
    (lambda d: d["players"][0].update(colour="blue"), "has seat 0 and colour 'blue'"),
    (lambda d: d.update(winners=[0]), "winners"),
])
def test_tampered_values_are_refused_with_the_key_path(tamper, match):
    d = json.loads(_game().save())
    tamper(d)
    _refused(d, match)


def test_an_extra_farmer_in_the_tower_with_a_negative_supply_is_refused():
    d = json.loads(_game().save())
    d["farmer_supply"] -= 1
    d["tower"]["levels"][0].append([d["next_cube"], None, "fill"])
    d["next_cube"] += 1
    d["farmer_supply"] = -1
    _refused(d, "farmer_supply: -1 is less than the minimum")


def test_cubes_of_a_seat_not_in_the_game_are_refused():
    d = json.loads(_game(players=3).save())
    d["tower"]["levels"][0].append([d["next_cube"], 4, "fill"])
    d["next_cube"] += 1
    _refused(d, "seat 4, not in this game|armies")


def test_a_huge_draft_army_group_is_refused():
    game = new_game(players=4, side="moon", seed=1, setup="draft")
    assert game.to_decide()[0] == "claim"
    d = json.loads(game.save())
    d["players"][0]["groups"][0] = 10**9
    _refused(d, "players/0/groups/0: 1000000000 is greater than the maximum of 5")
    d["players"][0]["groups"][0] = 5
    d["players"][0]["groups"][1] = 5  # two groups of five: not from the draft
    _refused(d, "army groups .* are not from the draft")


def test_a_version_1_save_with_a_float_player_count_is_refused():
    d = json.loads(json.dumps(next(iter(SAVES_V1.values()))["save"]))
    d["num_players"] = float(d["num_players"])
    _refused(d, "rules/players: .* is not of type 'integer'")
    d.pop("num_players")
    _refused(d, "num_players: a required key")


def test_every_failure_is_a_save_file_error_with_path_and_problem():
    d = json.loads(_game().save())
    d["players"][1]["rice"] = "lots"
    err = _refused(d, "rice")
    assert err.path == "players/1/rice" and "is not of type 'integer'" in err.problem


def test_the_schema_enumerations_follow_the_data():
    from shogun_tutor.data import BUILDINGS, COMPONENTS
    from shogun_tutor.rules.rules import ACTION_IDS

    defs = schema()["$defs"]
    assert defs["special"]["enum"] == list(COMPONENTS.special_cards)
    assert defs["action"]["enum"] == list(ACTION_IDS)
    assert defs["building"]["enum"] == list(BUILDINGS)
    assert defs["event"]["maximum"] == max(e.number for e in COMPONENTS.events)
    assert schema()["properties"]["players"]["items"]["properties"]["colour"]["enum"] == list(COMPONENTS.colours)
    assert schema()["properties"]["year"]["maximum"] == COMPONENTS.years
    assert defs["cube"]["prefixItems"][1] == defs["seat_or_null"]


# --- records: replay compares everything the record claims --------------------------------------------------
@pytest.fixture(scope="module")
def record() -> dict:
    game = new_game(players=3, side="sun", seed=11, history=False)
    play(game, [make_bot("random", 110 + i) for i in range(3)])
    return make_record(game, {"players": 3, "side": "sun", "seed": 11, "setup": "beginner",
                              "tower": game.tower_model.to_dict()}, ["random"] * 3)


def _replays(rec: dict) -> Game:
    return replay(load_record(json.dumps(rec)))


def test_a_fresh_record_replays(record):
    assert _replays(record).over


@pytest.mark.parametrize("tamper, match", [
    (lambda r: r["result"]["points"].__setitem__(0, r["result"]["points"][0] + 1), "result/points"),
    (lambda r: r["result"].update(winners=[w for w in range(3) if w not in r["result"]["winners"]][:1]), "result/winners"),
    (lambda r: r.update(winters=[]), "winters"),
    (lambda r: r.update(winters=r["winters"][:-1]), "winters"),
    (lambda r: r.update(format_version=True), "format_version"),
    (lambda r: r["result"].update(finished=1), "result/finished"),
    (lambda r: r["setup"].update(seed=-1), "setup/seed"),
    (lambda r: r["decisions"][0].update(kind=["plan"]), "decisions/0/kind"),
])
def test_a_record_that_claims_what_its_decisions_do_not_give_is_refused(record, tamper, match):
    rec = json.loads(json.dumps(record))
    tamper(rec)
    with pytest.raises(E.SaveFileError, match=match):
        _replays(rec)


def test_a_changed_chest_card_on_an_action_field_no_longer_replays(record):
    rec = json.loads(json.dumps(record))
    plans: dict = {}
    for i, d in enumerate(rec["decisions"]):  # a chest card on an action field, and one its owner did not use
        if d["kind"] != "plan":
            continue
        if d["field"] == "castle":
            plans[d["player"]] = []
        plans.setdefault(d["player"], []).append((i, d))
        if len(plans[d["player"]]) == 11:
            used = {x.get("card") for _, x in plans[d["player"]]}
            for j, x in plans[d["player"]]:
                if x["field"] != "bid" and x.get("card") in CHEST_CARDS:
                    free = [c for c in CHEST_CARDS if c not in used]
                    if free:
                        rec["decisions"][j]["card"] = free[0]
                        with pytest.raises(E.SaveFileError, match="log differs"):
                            _replays(rec)
                        return
    pytest.fail("no chest card on an action field in this record")


def test_version_1_records_still_replay():
    import lzma

    line = lzma.decompress((Path(__file__).parents[1] / "rules" / "corpus" / "records.jsonl.xz").read_bytes()).decode().splitlines()[0]
    rec = load_record(line)
    assert rec["format_version"] == 1 and replay(rec).over


# --- found by the fuzz suite -------------------------------------------------------------------------------
def _at(kind: str) -> Game:
    game = _game()
    bots = [RandomBot(i) for i in range(4)]
    while game.to_decide()[0] != kind:
        game.apply(bots[game.to_decide()[1]].decide(game))
    return game


def test_the_round_event_still_among_the_face_up_events_is_refused():
    d = json.loads(_at("place").save())
    d["events_face_up"].append(d["round"]["event"])
    _refused(d, "an event card lies in two places")


def test_a_bid_order_without_every_seat_is_refused():
    d = json.loads(_at("place").save())
    d["round"]["pick_order"] = d["round"]["pick_order"][:-1]
    _refused(d, "bid order .* does not name every seat")


def test_a_tower_model_with_unknown_keys_is_refused():
    d = json.loads(_game().save())
    d["tower_model"]["zzz"] = 1
    _refused(d, "tower_model")
    d = json.loads(_game().save())
    d["tower_model"]["params"]["lodge"] = 5
    _refused(d, "tower_model")


def test_a_tower_model_with_another_number_of_levels_than_the_tower_is_refused():
    d = json.loads(_game().save())
    d["tower_model"]["params"]["levels"] = 2
    _refused(d, "the tower has 3 levels but its model 2")
