"""The engine's interfaces (issue 8): phases as data, one legality check, modifiers, one battle set-up,
the Rules object in the save file (version 2, version 1 still read), grouped state with its own checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rules import errors as E
from shogun_tutor.rules import modifiers
from shogun_tutor.rules.battle_setup import battle_in_state, fill_setup, setup_battle
from shogun_tutor.bots import RandomBot, make_bot, play
from shogun_tutor.rules.decisions import Decision, Pending
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.record import comparable_log
from shogun_tutor.rules.odds import battle_odds, setup_odds
from shogun_tutor.rules.phases import Phase
from shogun_tutor.rules.rules import EXPANSIONS, Expansion, Rules
from shogun_tutor.rules.savefile import check_state

from .corpus.make_saves_v1 import log_digest
from .helpers import empty_board_game, give, run_action

RULES_DIR = Path(__file__).resolve().parents[2] / "shogun_tutor" / "rules"


# --- a toy expansion: the worked example of docs/engine-api.md -------------------------------------
class TeaPhase(Phase):
    """After the turn order, each seat in turn order pours tea or passes; pouring costs a chest."""

    id = "tea"
    decisions = {"tea": ("field",)}

    def enter(self, game):
        game.state.extra["tea"]["served"] = []

    def step(self, game):
        s = game.state
        waiting = [seat for seat in s.round.turn_order if seat not in s.extra["tea"]["served"]]
        if waiting:
            s.pending = Pending("tea", waiting[0])
        else:
            game.next_phase()

    def candidates(self, game, pending, ctx):
        return [Decision("tea", pending.player, field=f) for f in ("pour", "pass")]

    def why_not(self, game, d, ctx):
        if d.field not in ("pour", "pass"):
            return E.RuleViolation(f"pour or pass, not {d.field!r}", rule="tea.choice")
        if d.field == "pour" and game.state.players[d.player].chests < 1:
            return E.RuleViolation("pouring tea costs a chest", rule="tea.cost")
        return None

    def execute(self, game, d):
        s = game.state
        if d.field == "pour":
            s.players[d.player].chests -= 1
        s.extra["tea"]["served"].append(d.player)
        game.log_event("tea.served", d.player, choice=d.field)
        s.pending = None


def check_tea(state):
    served = state.extra["tea"].get("served", [])
    if len(set(served)) != len(served) or not set(served) <= set(range(state.num_players)):
        raise E.SaveFileError("inconsistent game state: tea served twice or to an unknown seat")


TEA = Expansion(
    name="tea",
    phases={"tea": TeaPhase()},
    insert=(("tea", "place"),),  # after the turn order, before the actions
    plan_fields=lambda state, seat: ("tea_gift",) if seat == 0 else (),
    state_fields={"tea": dict},
    check=check_tea,
)


@pytest.fixture
def tea():
    EXPANSIONS["tea"] = TEA
    yield TEA
    del EXPANSIONS["tea"]


def test_a_toy_phase_plugs_in_without_touching_the_others(tea):
    game = new_game(players=3, seed=5, expansions=("tea",))
    assert game.rules.season == ("plan", "place", "tea", "actions")
    assert game.rules.plan_fields(game.state, 0)[-2:] == ("tea_gift", "bid")
    assert "tea_gift" not in game.rules.plan_fields(game.state, 1)
    play(game, [RandomBot(i) for i in range(3)])
    log = game.state.log
    served = [e for e in log if e["rule"] == "tea.served"]
    assert len(served) == 2 * 3 * 3  # 2 years x 3 seasons x 3 seats
    for i, e in enumerate(log):  # every round: turn order, then tea, then the first action card
        if e["rule"] == "order.turn_order":
            assert [x["rule"] for x in log[i + 1:i + 4]] == ["tea.served"] * 3
            assert log[i + 4]["rule"] == "action.reveal"
            assert [x["player"] for x in log[i + 1:i + 4]] == e["turn_order"]
    plans = [e for e in log if e["rule"] == "plan.done"]
    assert plans and game.over


def test_a_toy_phase_checks_before_anything_changes_and_saves_its_rules(tea):
    game = new_game(players=3, seed=5, expansions=("tea",))
    bots = [RandomBot(i) for i in range(3)]
    while game.to_decide()[0] != "tea":
        game.apply(bots[game.to_decide()[1]].decide(game))
    seat = game.to_decide()[1]
    game.state.players[seat].chests = 0
    before = game.save()
    with pytest.raises(E.RuleViolation) as exc:
        game.apply(Decision("tea", seat, field="pour"))
    assert exc.value.rule == "tea.cost" and game.save() == before
    assert game.legal_decisions() == [Decision("tea", seat, field="pass")]
    saved = json.loads(before)
    assert saved["format_version"] == 2 and saved["rules"]["expansions"] == ["tea"]
    again = Game.load(before)
    assert again.rules.season == game.rules.season and again.state.extra == game.state.extra
    saved["extra"]["tea"]["served"] = [seat, seat]
    with pytest.raises(E.SaveFileError, match="tea served twice"):
        Game.load(json.dumps(saved))
    saved["extra"] = {}
    with pytest.raises(E.SaveFileError, match="working data"):
        Game.load(json.dumps(saved))
    del EXPANSIONS["tea"]
    try:
        with pytest.raises(E.SaveFileError, match="unknown expansion"):
            Game.load(before)
    finally:
        EXPANSIONS["tea"] = TEA


def test_without_expansions_the_season_is_the_base_one():
    rules = Rules(4, "sun")
    assert rules.season == ("plan", "place", "actions")
    with pytest.raises(E.SetupError, match="unknown expansion"):
        new_game(expansions=("court",))


# --- save files ------------------------------------------------------------------------------------
SAVES_V1 = json.loads((Path(__file__).parent / "corpus" / "saves_v1.json").read_text())


@pytest.mark.parametrize("name", sorted(SAVES_V1))
def test_version_1_saves_load_and_continue_as_before(name):
    entry = SAVES_V1[name]
    game = Game.load(json.dumps(entry["save"]), history=False)
    assert game.state.phase == entry["save"]["phase"] and game.to_decide() == (
        entry["save"]["pending"]["kind"], entry["save"]["pending"]["player"])
    assert game.state.round.turn_order == entry["save"]["turn_order"]
    assert json.loads(game.save())["format_version"] == 2
    play(game, [make_bot("heuristic-v1", i) for i in range(game.state.num_players)])  # the bot that wrote the continuations
    assert [p.points for p in game.state.players] == entry["continue"]["points"]
    # the digests were taken before plan.done logged the plan (game record version 2)
    assert log_digest(comparable_log(game.state.log, 1)) == entry["continue"]["log_sha256"]


@pytest.mark.parametrize("group, tamper, message", [
    ("round", lambda r: r.update(turn_order=[0, 1, 2, 4]), "turn order names a seat twice or an unknown seat"),
    ("round", lambda r: r.update(action_cards=sorted(r["action_cards"])[:9]), "not the ten actions"),
    ("winter", lambda w: w.update(revolts={"Atlantis": 1}), "winter revolt"),
    ("draft", lambda d: d.update(face_up=["Aki/sun", "Aki"]), "draft cards are left outside the draft|province card"),
    # the schema refuses what the groups' checks need not see: key path and problem
    ("round", lambda r: r.update(turn_order=[0, 0, 1, 2]), r"round/turn_order: \[0, 0, 1, 2\] has non-unique elements"),
    ("draft", lambda d: d.update(turn=-1), "draft/turn: -1 is less than the minimum of 0"),
])
def test_each_group_of_working_data_checks_itself(group, tamper, message):
    game = new_game(players=4, seed=2)
    d = json.loads(game.save())
    tamper(d[group])
    with pytest.raises(E.SaveFileError, match=message):
        Game.load(json.dumps(d))


# --- modifiers -----------------------------------------------------------------------------------------
def test_temple_immunity_is_one_rule_for_moves_lapses_and_checks():
    game = empty_board_game()
    give(game, 0, "Mino", 6)
    give(game, 1, "Owari", 2, buildings=["temple"])
    give(game, 2, "Omi", 2, buildings=["temple"])
    game.state.round.event = 6
    assert not modifiers.may_attack(game.state, 0, "Owari", "battle_a")
    assert modifiers.may_attack(game.state, 1, "Owari", "battle_a")  # his own province
    assert "Owari" in modifiers.immune_neighbours(game.state, 0, "Mino")
    game.state.round.event = 7
    assert modifiers.may_attack(game.state, 0, "Owari", "battle_a")


def test_income_asks_the_event_then_the_special():
    game = empty_board_game()
    give(game, 0, "Settsu", 2)
    s = game.state
    s.round.event, s.players[0].special = 7, "chest_plus1"
    amount, steps = modifiers.income(s, 0, "tax", 7)
    assert amount == 6 and [x["by"] for x in steps] == ["event", "special"]
    assert modifiers.build_cost(s, 0, "castle") == COMPONENTS.action("castle").cost


# --- one battle set-up ----------------------------------------------------------------------------------
def test_the_engine_throws_what_the_battle_set_up_says():
    game = empty_board_game(script=[{0: 1}])
    give(game, 0, "Mino", 6)
    give(game, 1, "Owari", 2, buildings=["castle"])
    run_action(game, "battle_a", {0: "Mino"}, special={0: "attack_plus1", 1: "defense_plus1"}, event=4)
    setup = battle_in_state(game.state, 0, "Owari", 3)
    assert (setup.attacker_armies, setup.defender_armies, setup.farmers) == (4, 4, 0)
    game.apply(Decision("move", 0, province="Mino", target="Owari", count=3))
    ev = [e for e in game.state.log if e["rule"] == "battle.result"][-1]
    assert (ev["thrown"]["attacker"], ev["thrown"]["defender"]) == (setup.attacker_armies, setup.defender_armies)
    assert ev["extras"] == list(setup.extras)
    check_state(game.state)


def test_plain_set_ups_and_the_fill_come_from_the_data():
    assert setup_battle("neutral", attacker=0, moved=4).groups == ((0, 4), (None, 1))
    assert setup_battle("revolt", defender=1, defending=3, unrest=2, extra_farmers=2).groups == ((1, 3), (None, 4))
    fill = fill_setup(4)
    assert fill.groups == tuple((seat, COMPONENTS.tower_fill_armies_each) for seat in range(4)) + (
        (None, COMPONENTS.tower_fill_farmers),)
    setup = setup_battle("player", attacker=0, defender=1, moved=4, defending=3)
    assert setup_odds(setup, trials=2000, seed=3) == battle_odds(4, 3, 0, None, 2000, seed=3)


# --- layout -------------------------------------------------------------------------------------------------
def test_rules_modules_are_small_and_import_no_ui():
    for path in sorted(RULES_DIR.rglob("*.py")):
        text = path.read_text()
        assert len(text.splitlines()) <= 410, path
        for bad in ("from ..ui", "from ..viz", "from ...ui", "from ...viz", "shogun_tutor.ui", "shogun_tutor.viz", "i18n"):
            assert bad not in text, (path, bad)


# --- one legality check ------------------------------------------------------------------------------------
def _wider_candidates(game):
    """Legal and illegal decisions of the pending kind: every field value the kind could take."""
    s = game.state
    kind, seat = game.to_decide()
    p = s.pending
    if kind == "move":
        provinces = sorted(s.provinces) + ["Atlantis", None]
        armies = s.provinces[p.province].armies
        return [Decision("move", seat, province=p.province, target=t, count=n)
                for t in provinces for n in range(0, armies + 2)] + [Decision("move", seat, province="Atlantis", count=0)]
    if kind == "plan":
        field = game.legal_decisions()[0].field
        cards = sorted(c for pl in s.players for c in pl.hand) + [f"chest:{n}" for n in range(4)] + [None]
        return [Decision("plan", seat, field=f, card=c) for f in (field, "bid", "tax") for c in cards]
    if kind == "place":
        return [Decision("place", seat, count=n) for n in range(-1, 7)]
    if kind == "claim":
        return [Decision("redraw", seat)] + [Decision("claim", seat, field=f, count=n)
                                             for f in ("up0", "up1", "up2", "deck") for n in range(-1, 9)]
    return [Decision("revolt", seat, province=n) for n in sorted(s.provinces)]


def _same_choice(game, d):
    """Equal army groups are one choice: the legal list names the first of them."""
    groups = game.state.players[d.player].groups
    if d.kind == "claim" and 0 <= d.count < len(groups):
        return Decision("claim", d.player, field=d.field, count=groups.index(groups[d.count]))
    return d


@pytest.mark.parametrize("players, side, setup, seed", [(3, "moon", "draft", 1), (5, "sun", "beginner", 2)])
def test_apply_accepts_exactly_the_legal_decisions(players, side, setup, seed):
    game = new_game(players=players, side=side, seed=seed, setup=setup, history=False)
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    seen = set()
    while not game.over:
        legal = game.legal_decisions()
        for d in _wider_candidates(game):
            try:
                game.check(d)
                accepted = True
            except E.RuleViolation:
                accepted = False
            assert accepted == (_same_choice(game, d) in legal), d
            seen.add((d.kind, accepted))
        game.apply(bots[game.to_decide()[1]].decide(game))
    assert {("plan", True), ("plan", False), ("move", True), ("move", False), ("place", False)} <= seen
