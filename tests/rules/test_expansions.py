"""Tennō's Court and Samurai: the rulebook's worked examples with their numbers, illegal court decisions,
the privilege cards as modifier sources, and random games over seeds × players × sides × expansion sets."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shogun_tutor.data import COMPONENTS
from shogun_tutor.rules import errors as E
from shogun_tutor.rules import modifiers
from shogun_tutor.bots import RandomBot
from shogun_tutor.rules.decisions import Pending
from shogun_tutor.rules.expansions import court, privileges, samurai
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.phases.actions import entry_problem
from shogun_tutor.rules.phases.planning import reveal_bids
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision, chest_value
from shogun_tutor.rules.tower import ScriptedTower

from .test_properties import invariants


def card_of(game: Game, province: str) -> str:
    return game.graph.nodes[province]["card"]


def officials(game: Game, seat: int) -> tuple[int, int, int]:
    d = game.state.extra["tenno"]
    return d["supply"][seat], d["hall"][seat], d["audience"][seat]


def events(game: Game, rule: str) -> list[dict]:
    return [e for e in game.state.log if e["rule"] == rule]


def set_hall(game: Game, seat: int, hall: int) -> None:
    d = game.state.extra["tenno"]
    d["supply"][seat], d["hall"][seat], d["audience"][seat] = court.OFFICIALS - hall, hall, 0


# --- set-up --------------------------------------------------------------------------------------------
def test_expansions_are_set_up_options_in_one_order_and_unknown_names_are_refused():
    g = new_game(players=4, seed=1, expansions=("samurai", "tenno"))
    assert g.rules.expansions == ("tenno", "samurai")
    assert g.rules.season == ("plan", "place", "samurai", "court", "actions")  # samurai before the court actions
    assert new_game(players=3, seed=1, expansions=("tenno",)).rules.season == ("plan", "place", "court", "actions")
    assert new_game(players=5, seed=1, expansions=("samurai",)).rules.season == ("plan", "place", "samurai", "actions")
    with pytest.raises(E.SetupError, match="known: .*samurai.*tenno"):
        new_game(players=4, seed=1, expansions=("tenno", "ninja"))


def test_first_tower_fill_puts_one_official_per_own_army_out():
    g = new_game(players=4, seed=11, expansions=("tenno",))
    fill = events(g, "setup.tower_fill")[0]
    for seat in range(4):
        out = fill["came_out"].get(str(seat), 0)
        assert officials(g, seat) == (court.OFFICIALS - out, out, 0)
    assert [e["officials"] for e in events(g, "court.fill_officials")] == [fill["came_out"].get(str(s), 0) for s in range(4)]


def test_planning_offers_the_court_fields_and_the_tower_cards():
    g = new_game(players=3, seed=2, expansions=("tenno",))
    assert g.rules.plan_fields(g.state, 0)[-4:] == ("court3", "court2", "court1", "bid")
    while g.state.players[0].plan.keys() != set(g.rules.plan_fields(g.state, 0)) - {"court3", "court2", "court1", "bid"}:
        g.apply(g.legal_decisions()[0])
    cards = {d.card for d in g.legal_decisions()}
    assert set(court.TOWER_CARD_IDS) <= cards and {d.field for d in g.legal_decisions()} == {"court3"}


def test_a_tower_card_counts_as_a_chest_card_and_as_a_zero_bid():
    assert chest_value("tower:0") == 0 and chest_value("chest:3") == 3 and chest_value("Kai/1") is None
    g = new_game(players=3, seed=2, expansions=("tenno",))
    for pl in g.state.players:
        pl.plan["bid"] = "tower:1"
    reveal_bids(g)
    assert {b["kind"] for b in events(g, "order.bids")[-1]["bids"]} == {"zero"}


# --- the rulebook's examples -------------------------------------------------------------------------------
def court_game(players: int = 4, expansions=("tenno",)) -> Game:
    return new_game(players=players, seed=5, tower=ScriptedTower([]), expansions=expansions)


def test_kai_conversion_three_armies_into_three_officials_one_army_stays():
    g = court_game()
    s = g.state
    seat = 1
    from .helpers import give

    if s.provinces["Kai"].owner is not None:
        s.players[s.provinces["Kai"].owner].supply += s.provinces["Kai"].armies
        s.provinces["Kai"].owner, s.provinces["Kai"].armies = None, 0
        g.transfer_card("Kai", None)
    give(g, seat, "Kai", 4)
    set_hall(g, seat, 0)
    supply = s.players[seat].supply
    court.convert(g, seat, "court3", card_of(g, "Kai"))
    assert s.provinces["Kai"].armies == 1 and s.players[seat].supply == supply + 3
    assert officials(g, seat) == (4, 3, 0)
    ev = events(g, "court.convert")[-1]
    assert (ev["province"], ev["armies"], ev["source"], ev["hall"], ev["left"]) == ("Kai", 3, "province", 3, 1)
    court.convert(g, seat, "court1", card_of(g, "Kai"))  # only one army left: at least one stays, the action lapses
    assert events(g, "court.lapsed")[-1]["reason"] == "leave_one_army" and s.provinces["Kai"].armies == 1
    check_state(s)


def test_tray_conversion_two_own_armies_out_of_the_tray():
    g = court_game()
    s = g.state
    set_hall(g, 2, 0)
    s.players[2].supply -= 2
    s.players[3].supply -= 1
    s.tower.tray.extend(g.new_cubes(2, 2, "test") + g.new_cubes(3, 1, "test"))
    court.convert(g, 2, "court2", "tower:0")
    assert [c.owner for c in s.tower.tray] == [3] and officials(g, 2) == (5, 2, 0)
    court.convert(g, 2, "court1", "tower:1")  # none of his armies left in the tray: lapses
    assert events(g, "court.lapsed")[-1]["reason"] == "not_enough_in_tray"
    court.convert(g, 2, "court3", "chest:2")  # a chest card: nothing happens, its chests are ignored
    assert events(g, "court.no_action")[-1]["card"] == "chest:2" and officials(g, 2) == (5, 2, 0)
    check_state(s)


def test_card_placement_10_8_2():
    assert court.lay_out([2, 10, 8]) == [10, 8, 2]
    g = court_game()
    d = g.state.extra["tenno"]
    deck = [n for n in d["deck"] if n not in (2, 8, 10)]
    d["display"], d["out"] = [None] * 3, [n for n in d["display"] if n is not None]
    d["deck"] = [2, 10, 8] + [n for n in deck if n not in d["out"]]
    court.on_round_start(g)
    assert d["display"] == [10, 8, 2] and dict(zip(d["display"], court.HALL_COSTS)) == {10: 4, 8: 3, 2: 2}
    check_state(g.state)


def to_court_audience(halls: list[int], display: list[int], expansions=("tenno",)) -> Game:
    """Play spring's planning; every seat takes the turn-order place of its number; halls and display as given."""
    g = court_game(players=len(halls), expansions=expansions)
    s = g.state
    while g.to_decide()[0] == "plan":
        g.apply(g.legal_decisions()[0])
    d = s.extra["tenno"]
    d["out"] += [n for n in d["display"] if n is not None and n not in display]
    d["deck"] = [n for n in d["deck"] if n not in display]
    d["out"] = [n for n in d["out"] if n not in display]
    d["display"] = list(display)
    for seat, hall in enumerate(halls):
        set_hall(g, seat, hall)
        for f in court.COURT_FIELDS:
            s.players[seat].plan[f] = None
    check_state(s)
    while g.to_decide()[0] == "place":
        seat = g.to_decide()[1]
        g.apply(Decision("place", seat, count=seat))
    return g


def test_court_order_with_a_tie_and_the_card_nobody_can_afford():
    # Barbara 5 officials, Tomek 3, Janek and Ania 2 each (Janek earlier in the turn order); cards 10, 8, 2
    barbara, tomek, janek, ania = 3, 2, 0, 1
    g = to_court_audience([2, 2, 3, 5], [10, 8, 2])
    assert g.state.round.turn_order == [0, 1, 2, 3]
    assert events(g, "court.audience_order")[-1]["order"] == [barbara, tomek, janek, ania]
    assert g.to_decide() == ("privilege", barbara)
    g.apply(Decision("privilege", barbara, count=8))  # costs 3 of her 5
    assert officials(g, barbara) == (2 + 3, 0, 2)
    assert g.to_decide() == ("privilege", tomek)
    g.apply(Decision("privilege", tomek, count=2))  # costs 2 of his 3
    # Janek and Ania move in but cannot pay the 4 officials card 10 costs
    poor = events(g, "court.cannot_afford")
    assert [e["player"] for e in poor] == [janek, ania] and all(e["cards"] == [[10, 4]] for e in poor)
    end = events(g, "court.end")[-1]
    assert end["cards_out"] == [10] and end["officials_back"] == [2, 2, 1, 2]
    d = g.state.extra["tenno"]
    assert d["hall"] == [2, 2, 1, 2] and d["audience"] == [0] * 4 and 10 in d["out"] and d["display"] == [None] * 3
    assert g.state.players[barbara].supply >= 0 and g.state.phase == "actions"
    check_state(g.state)


def test_illegal_court_decisions_are_refused_by_rule_and_change_nothing():
    g = to_court_audience([2, 2, 3, 5], [10, 8, 2])
    before = g.save()
    for dec, rule in (
        (Decision("privilege", 3, count=5), "court.card_not_displayed"),
        (Decision("privilege", 2, count=8), "turn.not_yours"),
        (Decision("privilege", 3, field="x"), "decision.malformed"),
        (Decision("privilege_use", 3, province="Kai"), "turn.wrong_kind"),
    ):
        with pytest.raises(E.RuleViolation) as exc:
            g.apply(dec)
        assert exc.value.rule == rule and g.save() == before
    g.apply(Decision("privilege", 3, count=0))  # she may pass
    assert events(g, "court.pass")[-1]["player"] == 3
    with pytest.raises(E.RuleViolation) as exc:
        g.apply(Decision("privilege", 2, count=10))  # 3 officials, the card costs 4
    assert exc.value.rule == "court.cannot_afford"
    assert {d.count for d in g.legal_decisions()} == {0, 8, 2}


def test_a_card_that_needs_a_province_asks_for_one_and_refuses_others():
    g = to_court_audience([0, 0, 0, 7], [21, 12, 4])
    g.apply(Decision("privilege", 3, count=12))  # 3 free armies: own or neutral province
    assert g.to_decide() == ("privilege_use", 3)
    options = g.state.pending.options
    neutral = next(p for p in options if g.state.provinces[p].owner is None)
    foreign = next(p for p, pv in g.state.provinces.items() if pv.owner not in (None, 3))
    before = g.save()
    with pytest.raises(E.RuleViolation) as exc:
        g.apply(Decision("privilege_use", 3, province=foreign))
    assert exc.value.rule == "privilege.province_not_allowed" and g.save() == before
    supply = g.state.players[3].supply
    g.apply(Decision("privilege_use", 3, province=neutral))
    pv = g.state.provinces[neutral]
    assert (pv.owner, pv.armies) == (3, 3) and card_of(g, neutral) in g.state.players[3].hand
    assert g.state.players[3].supply == supply - 3
    assert events(g, "privilege.free_armies")[-1]["took_neutral"] is True
    check_state(g.state)


# --- the privilege cards as modifier sources ------------------------------------------------------------------
def test_immunity_cards_protect_against_their_battle_action_for_one_round():
    g = court_game()
    s = g.state
    d = s.extra["tenno"]
    d["deck"].remove(10)
    d["kept"][1].append(10)  # immune against battle A
    target = next(p for p, pv in s.provinces.items() if pv.owner == 1)
    attacker = next(n for n in g.rules.neighbours[target] if s.provinces[n].owner == 0) if any(
        s.provinces[n].owner == 0 for n in g.rules.neighbours[target]) else None
    assert modifiers.protector(s, 0, target, "battle_a").number == 10
    assert modifiers.may_attack(s, 0, target, "battle_b") and modifiers.may_attack(s, 1, target, "battle_a")
    if attacker:
        problem = entry_problem(g, Pending("move", 0, province=attacker, action="battle_a"), target)
        assert problem.rule == "privilege.immune"
    with pytest.raises(E.SaveFileError, match="immunities"):  # hand-made: an immunity kept while planning
        check_state(s)
    court.on_round_end(g)
    assert d["kept"][1] == [] and 10 in d["out"] and modifiers.may_attack(s, 0, target, "battle_a")
    check_state(s)


def test_card_1_sets_the_event_aside_and_kept_card_4_removes_the_next_unrest():
    g = court_game()
    s = g.state
    two = next(e.number for e in COMPONENTS.events if e.effect == "neutral_two_farmers")
    for pile in (s.event_deck, s.events_face_up, s.events_used):  # the event card lies in one place only
        if two in pile:
            pile.remove(two)
    if s.round.event is not None:
        s.events_used.append(s.round.event)
    s.round.event = two
    assert modifiers.neutral_farmers(s)[0] == 2
    s.extra["tenno"]["cancelled"] = True
    assert modifiers.event_sources(s) == [] and modifiers.neutral_farmers(s)[0] == 1
    d = s.extra["tenno"]
    d["deck"].remove(4)
    for pv in s.provinces.values():
        pv.unrest = 0
    privileges.apply_card(g, 0, 4)  # no own province in unrest: kept
    assert d["kept"][0] == [4] and events(g, "privilege.kept")
    src = modifiers.unrest_absorber(s, 0)
    prov = s.player_provinces(0)[0]
    s.provinces[prov].unrest = 1
    src.absorb(g, 0, prov)
    assert s.provinces[prov].unrest == 0 and d["kept"][0] == [] and 4 in d["out"]
    with pytest.raises(E.SaveFileError, match="set aside"):  # hand-made: card 1 taken while planning
        check_state(s)
    d["cancelled"] = False
    check_state(s)


def test_free_building_costs_nothing_and_follows_the_building_rules():
    g = court_game()
    s = g.state
    d = s.extra["tenno"]
    d["deck"].remove(21)
    seat = 0
    prov = s.player_provinces(seat)[0]
    s.provinces[prov].buildings = []
    chests = s.players[seat].chests
    planning = s.pending
    privileges.apply_card(g, seat, 21)
    assert s.pending.kind == "privilege_use" and prov in s.pending.options
    s.pending = planning  # the card used at once; the game waits for the same planning decision again
    privileges.use_in_province(g, seat, 21, prov)
    assert s.provinces[prov].buildings == ["castle"] and s.players[seat].chests == chests
    assert events(g, "action.build")[-1]["cost"] == 0 and "free_build" not in d
    assert prov not in privileges.province_options(s, seat, 21)  # a second castle there is not allowed
    check_state(s)


# --- samurai ---------------------------------------------------------------------------------------------
def test_samurai_bonus_for_four_regions_and_the_stack_resets_after_winter():
    g = new_game(players=3, seed=4, tower=ScriptedTower([]), expansions=("samurai",))
    s = g.state
    regions: dict[str, str] = {}
    for n in sorted(g.graph.nodes):
        regions.setdefault(g.graph.nodes[n]["region"], n)
    from .helpers import give

    for prov in list(regions.values())[:samurai.MIN_REGIONS]:
        pv = s.provinces[prov]
        if pv.owner is not None:
            s.players[pv.owner].supply += pv.armies
            pv.owner, pv.armies = None, 0
            g.transfer_card(prov, None)
        give(g, 0, prov, 1)
    check_state(s)
    while g.to_decide()[0] in ("plan", "place"):
        g.apply(g.legal_decisions()[0])
    while g.to_decide() != ("samurai", 0):  # others may qualify too: they take their bonus in turn order
        assert g.to_decide()[0] == "samurai"
        g.apply(g.legal_decisions()[0])
    turned = [e for e in events(g, "samurai.turn_card") if e["player"] == 0]
    assert turned and turned[0]["top"] == 2 and turned[0]["regions"] >= 4
    assert all(e["regions"] >= samurai.MIN_REGIONS for e in events(g, "samurai.turn_card"))
    assert all(e["regions"] < samurai.MIN_REGIONS for e in events(g, "samurai.not_qualified"))
    assert turned[0]["options"] == {k: v for k, v in samurai.CARDS[2].items() if v} and turned[0]["status"] == "INFERRED"
    before = g.save()
    with pytest.raises(E.RuleViolation) as exc:
        g.apply(Decision("samurai", 0, field="victory_points"))  # card 2 shows no points
    assert exc.value.rule == "samurai.option_not_shown" and g.save() == before
    chests = s.players[0].chests
    g.apply(Decision("samurai", 0, field="chests"))
    assert s.players[0].chests == chests + samurai.CARDS[2]["chests"]
    s.extra["samurai"]["top"] = [2, 0, 1]
    from shogun_tutor.rules.expansions.samurai import on_year_start

    on_year_start(g)
    assert s.extra["samurai"]["top"] == [0, 0, 0] and events(g, "samurai.reset")


# --- conservation and properties ------------------------------------------------------------------------------
def test_the_checks_catch_lost_officials_and_privilege_cards():
    g = new_game(players=4, seed=3, expansions=("tenno", "samurai"))
    d = g.state.extra["tenno"]
    d["supply"][0] -= 1
    with pytest.raises(E.SaveFileError, match="officials add up to 6"):
        check_state(g.state)
    d["supply"][0] += 1
    d["out"].append(d["deck"][0])
    with pytest.raises(E.SaveFileError, match="privilege cards"):
        check_state(g.state)
    d["out"].pop()
    g.state.extra["samurai"]["top"][1] = 9
    with pytest.raises(E.SaveFileError, match="extra/samurai/top/1: 9 is greater than the maximum of 3"):
        Game.load(g.save())


expansion_games = st.tuples(
    st.integers(3, 5), st.sampled_from(["sun", "moon"]), st.integers(0, 2**31),
    st.sampled_from([("tenno",), ("samurai",), ("tenno", "samurai")]),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expansion_games)
def test_random_games_with_expansions_keep_every_invariant(params):
    players, side, seed, expansions = params
    game = new_game(players=players, side=side, seed=seed, setup="beginner" if side == "sun" else "draft",
                    history=False, expansions=expansions)
    bots = [RandomBot(seed + i) for i in range(players)]
    mid = None
    while not game.over:
        assert game.legal_decisions()
        game.apply(bots[game.to_decide()[1]].decide(game))
        invariants(game)
        if mid is None and game.state.phase in ("court", "samurai"):
            mid = game.save()
    assert len(game.state.scores) == COMPONENTS.years and game.state.winners
    if "tenno" in expansions:
        d = game.state.extra["tenno"]
        assert all(sum(x) == court.OFFICIALS for x in zip(d["supply"], d["hall"], d["audience"]))
        assert sorted(d["deck"] + d["out"] + [n for k in d["kept"] for n in k]) == sorted(privileges.CARDS)
        assert events(game, "court.lay_out")
    if mid is not None:  # a game saved in an expansion's phase loads and checks
        assert json.loads(Game.load(mid).save())["rules"]["expansions"] == list(game.rules.expansions)


# --- bots ------------------------------------------------------------------------------------------------
def test_heuristic_bot_uses_the_court_and_clearly_beats_random_bots_with_both_expansions():
    from shogun_tutor.bots import HeuristicBot, play

    wins = 0
    chance = 0.0
    used = {"court.convert": 0, "court.take": 0}
    for seed in range(30):
        n = 3 + seed % 3
        seat = seed % n
        bots = [HeuristicBot(seed) if i == seat else RandomBot(seed * 7 + i) for i in range(n)]
        game = play(new_game(players=n, seed=seed, history=False, expansions=("tenno", "samurai")), bots)
        wins += seat in game.state.winners
        chance += 1 / n
        for rule in used:
            used[rule] += sum(e.get("player") == seat for e in events(game, rule))
    assert wins >= 2 * chance, f"heuristic won {wins} of 30; chance alone gives {chance:.1f}"
    assert used["court.convert"] >= 30 and used["court.take"] >= 30, used


def test_a_card_that_cannot_be_carried_out_lapses_and_is_explained_in_every_language():
    from shogun_tutor import i18n
    from shogun_tutor.text.explain import explain

    g = court_game()
    s = g.state
    d = s.extra["tenno"]
    d["deck"].remove(8)
    s.players[0].supply, moved = 0, s.players[0].supply
    s.provinces[s.player_provinces(0)[0]].armies += moved
    privileges.apply_card(g, 0, 8)  # 2 armies into the tray, none in the supply
    ev = events(g, "privilege.lapsed")[-1]
    assert (ev["card"], ev["reason"], ev["supply"]) == (8, "not_enough_armies", 0) and 8 in d["out"]
    assert not s.tower.tray
    check_state(s)
    for lang in sorted(i18n.LANGUAGES):
        i18n.set_language(lang)
        try:
            ex = explain(ev)
            assert "8" in ex.title and len(ex.lines) == 3  # the reason, the card, the INFERRED mark
        finally:
            i18n.set_language("en")


# --- card 1: setting the event aside is a choice (issue 21) ----------------------------------------------------
def _card_1_audience(event_effect: str) -> Game:
    """Seat 3 alone in the audience hall with card 1 on display; this round's event has ``event_effect``."""
    g = to_court_audience([0, 0, 0, 7], [12, 4, 1])  # laid out highest on the 4-field
    s = g.state
    ev = next(e.number for e in COMPONENTS.events if e.effect == event_effect)
    for pile in (s.event_deck, s.events_face_up, s.events_used):  # the two cards change places: every pile keeps its size
        if ev in pile and ev != s.round.event:
            if s.round.event is None:
                pile.remove(ev)
            else:
                pile[pile.index(ev)] = s.round.event
    s.round.event = ev
    check_state(s)
    return g


@pytest.mark.parametrize("set_aside", [1, 0])
def test_card_1_the_taker_may_set_the_event_aside_but_need_not(set_aside):
    # Polish rulebook, card 1: "Gracz może usunąć kartę wydarzenia, która wpływałaby na rozgrywkę podczas tej
    # rundy. [...] Gracz nie musi jednak usuwać karty wydarzenia, jeśli tego nie chce." -- a choice, both ways
    g = _card_1_audience("neutral_two_farmers")
    s = g.state
    g.apply(Decision("privilege", 3, count=1))
    assert g.to_decide() == ("privilege_event", 3)
    assert sorted(d.count for d in g.legal_decisions()) == [0, 1]
    assert modifiers.neutral_farmers(s)[0] == 2  # nothing set aside before the choice
    saved = g.save()  # the pending choice is saved and loads back
    check_state(s)
    with pytest.raises(E.RuleViolation) as exc:
        g.apply(Decision("privilege_event", 3, count=2))
    assert exc.value.rule == "privilege.event_choice" and g.save() == saved
    g.apply(Decision("privilege_event", 3, count=set_aside))
    assert modifiers.neutral_farmers(s)[0] == (1 if set_aside else 2)
    rule = "privilege.cancel_event" if set_aside else "privilege.keep_event"
    assert events(g, rule)[-1]["event"] == s.round.event and 1 in s.extra["tenno"]["out"]
    again = Game.load(saved)
    assert again.to_decide() == ("privilege_event", 3)
    again.apply(Decision("privilege_event", 3, count=set_aside))
    assert again.state.extra["tenno"]["cancelled"] == bool(set_aside)


def test_the_bots_set_the_event_aside_only_when_it_hurts_their_plan():
    from shogun_tutor.bots import HeuristicBot

    g = _card_1_audience("armies_reduced")
    s = g.state
    armies_field_card = next(c for c in s.players[3].hand if "/" in c)
    s.players[3].plan["armies5"] = armies_field_card  # it planned to buy 5 armies: the event would cut them to 3
    g.apply(Decision("privilege", 3, count=1))
    d, reason = HeuristicBot(3).decide_with_reason(g)
    assert (d.kind, d.count, reason.kind, reason.params["why"]) == ("privilege_event", 1, "event_aside", "armies")
    g2 = _card_1_audience("castle_defender_plus1")
    s2 = g2.state
    for p in s2.provinces.values():
        p.buildings = [b for b in p.buildings if b != "castle"]
    own = s2.player_provinces(3)[0]
    s2.provinces[own].buildings = ["castle"]  # the only castle on the board is its own: the event helps it
    g2.apply(Decision("privilege", 3, count=1))
    d, reason = HeuristicBot(3).decide_with_reason(g2)
    assert (d.kind, d.count, reason.kind) == ("privilege_event", 0, "event_keep")
