"""The bots of issue 10: legal decisions with reasons, determinism in any process, no blunders."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shogun_tutor import i18n
from shogun_tutor.__main__ import main
from shogun_tutor.data import COMPONENTS
from shogun_tutor.botstats import count_blunders, game_setup, pairing, play_game, wilson
from shogun_tutor.bots import BOTS, REASON_KINDS, HeuristicBot, HeuristicBotV1, Reason, StrongBot, make_bot, play
from shogun_tutor.bots.values import _worst_case_balance
from shogun_tutor.rules.game import Game, new_game
from shogun_tutor.rules.rules import rounds_started
from shogun_tutor.rules.state import chest_value
from shogun_tutor.text.reasons import KINDS, render

ROOT = Path(__file__).resolve().parents[2]


def _checked_game(seed: int, names: list[str]):
    """Play a game; every decision must be legal and carry a known reason that renders."""
    seen: list[tuple] = []

    def check(game, decision, reason, dt):
        assert decision in game.legal_decisions(), (decision, reason)
        assert isinstance(reason, Reason) and reason.kind in REASON_KINDS, reason
        assert "{" not in render(reason)
        seen.append((decision, reason))

    game = play_game(seed, names, check)
    assert game.over
    return seen


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])  # 3, 4, 5 players; sun (beginner) and moon (draft)
def test_heuristic_decisions_are_legal_and_have_a_reason(seed):
    setup = game_setup(seed)
    seen = _checked_game(seed, ["heuristic"] * setup["players"])
    kinds = {r.kind for _, r in seen}
    assert {"tax", "rice_for_winter"} <= kinds
    # it attacks where a conquest pays; a 3-player seat (9 provinces, more than a year's harvests feed) may not
    # in a whole game: in seed 3 every conquest would have cost a revolt the next winter
    assert "attack" in kinds or (setup["players"] == 3 and "reinforce" in kinds)
    if setup["setup"] == "draft":
        assert kinds & {"claim", "claim_deck"}


def test_strong_random_and_baseline_decisions_are_legal_and_have_a_reason():
    seen = _checked_game(4, ["strong", "heuristic-v1", "random", "heuristic", "strong"])
    assert {type(r) for _, r in seen} == {Reason}
    assert {r.kind for _, r in seen} >= {"random", "baseline", "tax"}


def test_every_reason_kind_has_a_sentence_in_every_language():
    assert set(KINDS) == set(REASON_KINDS)
    samples = {"options": 3, "province": "Settsu", "target": "Bingo", "gain": 4, "need": 9, "have": 6, "loss": 3,
               "rounds": 2, "chests": 2, "building": "castle", "cost": 3, "points": 4, "armies": 5, "threat": 6,
               "defence": 2, "chance": 61, "special": "rice_plus1", "value": 1.5, "place": 2, "playouts": 24,
               "margin": 0.8, "event": 11, "why": "rice", "worth": 1.5, "short": 2.5, "now": 0.5, "provinces": 9.5,
               "other": 8, "battles": 1, "buildings": 3.5, "score": 12.5, "rival": 11.5}
    for lang in i18n.LANGUAGES:
        for why in ("rice", "tax", "armies", "castle", "temple", "theater", "neutral"):  # card 1: every cause
            text = render(Reason("event_aside", event=11, why=why), lang)
            assert "11" in text and "{" not in text
            assert lang == "en" or text != render(Reason("event_aside", event=11, why=why), "en")
        for kind in REASON_KINDS:
            text = render(Reason(kind, **samples), lang)
            assert text and "{" not in text
            if lang != "en":
                assert text != render(Reason(kind, **samples), "en"), (lang, kind)
    assert render(Reason("bid_chests", chests=1, special="rice_plus1")).startswith("Bids 1 chest:")
    assert render(Reason("bid_chests", chests=2, special="rice_plus1"), "pl").startswith("Oferuje 2 skrzynie")
    assert "in Punkten: im Schnitt 0,8 mehr" in render(Reason("lookahead", playouts=24, margin=0.8), "de")  # Babel
    assert "0,5 mit dieser Wahl, 2,5 mit der üblichen" in render(Reason("lookahead_rice", playouts=6, short=2.5,
                                                                          now=0.5), "de")
    assert "rule of thumb" not in render(Reason("lookahead", playouts=6, margin=0.8))
    with pytest.raises(ValueError, match="no sentence"):
        render(Reason("made_up"))


def test_the_bid_is_the_card_the_plan_chose_and_high_bids_say_why():
    """The baseline's chest cards 0-2 went on unwanted fields first, so its bid fell to 3 or 4."""
    for seed in range(6):
        bids = []

        def watch(game, decision, reason, dt):
            if decision.kind == "plan" and decision.field == "bid":
                bids.append((chest_value(decision.card), reason.kind, game.state.year, game.state.season))

        play_game(seed, ["heuristic"] * game_setup(seed)["players"], watch)
        for value, kind, year, season in bids:
            if value is not None and value >= 3:
                assert kind == "bid_last_round" and (year, season) == (2, "autumn")


def test_worst_case_balance_counts_the_tax_only_where_it_surely_comes_first():
    open_cards = ["tax", "castle", "rice", "armies5", "theater"]
    assert _worst_case_balance({"tax": "A", "castle": "B"}, open_cards, 0, 5) == 0  # tax first, then castle
    assert _worst_case_balance({"tax": "A", "temple": "B"}, open_cards, 1, 5) == 1  # temple hidden, after the tax
    hidden_tax = ["castle", "rice", "armies5", "theater", "temple"]
    assert _worst_case_balance({"tax": "A", "castle": "B"}, hidden_tax, 2, 5) == -1  # tax may come last


def _run_in_subprocess(hashseed: str) -> str:
    code = (
        "import json\n"
        "from shogun_tutor.botstats import play_game\n"
        "out = []\n"
        "g = play_game(7, ['strong', 'heuristic', 'random', 'heuristic-v1'],"
        " lambda game, d, r, dt: out.append([d.to_dict(), r.to_dict()]))\n"
        "print(json.dumps([out, [p.points for p in g.state.players]]))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                          cwd=ROOT).stdout


@pytest.mark.slow
def test_same_seed_same_decisions_and_reasons_under_any_hash_seed():
    runs = [_run_in_subprocess(h) for h in ("0", "1", "4242")]
    assert runs[0] == runs[1] == runs[2]
    decisions, points = json.loads(runs[0])
    assert len(decisions) > 200 and len(points) == 4


def test_strong_bot_is_deterministic_in_one_process_and_searches():
    def run():
        game = new_game(players=3, seed=11, history=False)
        bot = StrongBot(5)
        out = []
        for _ in range(40):
            who = game.to_decide()
            d, r = bot.decide_with_reason(game) if who[1] == 0 else HeuristicBot(who[1]).decide_with_reason(game)
            out.append((d, r.to_dict()))
            game.apply(d)
        return out, bot.last_search

    a, search = run()
    b, _ = run()
    assert a == b
    assert search["playouts"] >= search["candidates"] >= 1


@pytest.mark.parametrize("expansions", [(), ("tenno", "samurai")])
def test_playouts_share_the_plans_of_a_sample_and_decide_as_without(monkeypatch, expansions):
    # the candidates of one search meet the same samples: the plans made there are made once per sample, and the
    # bot decides exactly as when every playout makes its own (seat 1 plans after seat 0: its playouts plan for
    # the seats before it at the start and for the seats after it in the playout)
    from shogun_tutor.bots import heuristic

    made = []
    real = heuristic.make_plan
    monkeypatch.setattr(heuristic, "make_plan", lambda game, seat, style: made.append(seat) or real(game, seat, style))

    def run(share: bool, rounds: int):
        game = new_game(players=4, seed=21, expansions=expansions, history=False)
        while game.state.season == "spring":  # into the summer: armies on the board, battles in reach
            game.apply(HeuristicBot(game.to_decide()[1]).decide(game))
        made.clear()
        bot = StrongBot(3, share_plans=share, plan_rounds=rounds)
        out = []
        while game.state.season == "summer" and not game.over:
            who = game.to_decide()
            if who[1] == 1:
                before = bot.last_search
                d, r = bot.decide_with_reason(game)
                searched = bot.last_search is not before and bot.last_search.get("playouts", 0) > 0
                out.append((d, r.to_dict(), bot.last_search if searched else None))
            else:
                d = HeuristicBot(who[1]).decide(game)
            game.apply(d)
        return out, len(made)

    for rounds in (1, 2):  # a plan search playing one round, or two (the default): only the first round's are shared
        shared, n_shared = run(True, rounds)
        alone, n_alone = run(False, rounds)
        assert shared == alone
        assert {d.kind for d, _, x in shared if x} == {"plan", "place", "move"}  # searches of each kind, with playouts
        assert n_shared < (n_alone / 2 if rounds == 1 else n_alone)


def test_the_race_finds_the_best_candidate_and_spends_its_playouts_on_the_leaders():
    # candidate c is worth 3c on average; a sample's noise is mostly shared by the candidates (common random
    # numbers), partly their own, so the leader is not clear at once
    calls: list[tuple[int, int]] = []

    def run(c, i):
        calls.append((c, i))
        return 3 * c + ((i * 7919) % 13 - 6) + ((c * 31 + i * 17) % 9 - 4)

    bot = StrongBot(1, stages=3)
    best, margin, playouts = bot._race(6, run, 4)
    assert best == 5 and 10 < margin < 20 and playouts == len(calls)
    per = [sum(1 for c, _ in calls if c == k) for k in range(6)]
    assert per[5] == per[4] > per[2] > per[0] == 4  # the worst stays at the first stage's samples
    assert sorted(set(i for c, i in calls if c == 0)) == [0, 1, 2, 3]  # every candidate meets samples 0, 1, 2...
    # a candidate far ahead ends the race after the first stage
    calls.clear()
    assert bot._race(3, lambda c, i: run(c, i) + 30 * (c == 1), 4)[0] == 1
    assert len(calls) == 12


def test_a_plan_search_looks_two_rounds_ahead_and_a_place_or_move_search_one(monkeypatch):
    """Issue 21, session 14: a plan's playouts play this round and the next, never past the year's winter, so what
    the plan's battles and buildings lead to next round counts; a place or move search plays this round only (they
    come often). One plan card (the game review weighs a learner's against the bot's) plays as far as the plan
    search that chose the bot's card (session 15)."""
    from shogun_tutor.bots import strong
    from shogun_tutor.bots.heuristic import Style

    seen = []
    real = strong.evaluate
    monkeypatch.setattr(strong, "evaluate", lambda game, seat, proj=None: seen.append(game.state) or real(game, seat, proj))

    def horizon(game, first=None):
        seen.clear()
        StrongBot(1).playout(game, 0, Style(), 7, first=first)
        return seen[-1]

    game = new_game(players=3, seed=5, history=False)

    def play_to(season, year, kind="plan"):
        while not (game.to_decide()[0] == kind and (game.state.year, game.state.season) == (year, season)):
            game.apply(HeuristicBot(game.to_decide()[1]).decide(game))

    def card():
        assert game.to_decide()[0] == "plan"
        return game.legal_decisions()[0]

    play_to("spring", 1)
    start = rounds_started(game.state)
    for first in (None, card()):  # the spring's plan, and one card of it: the spring and the summer
        end = horizon(game, first)
        assert (end.year, end.season, end.phase) == (1, "autumn", "plan") and rounds_started(end) == start + 2
    play_to("spring", 1, "place")  # a place of the spring: the spring only
    end = horizon(game, first=game.legal_decisions()[0])
    assert (end.year, end.season) == (1, "summer") and rounds_started(end) == start + 1
    play_to("summer", 1)  # the summer's plan: the summer, the autumn and the winter
    for first in (None, card()):
        end = horizon(game, first)
        assert (end.year, end.season, end.phase) == (2, "spring", "plan")
        assert any(ev["rule"] == "winter.rice" for ev in end.log)
    play_to("summer", 1, "place")
    assert horizon(game, first=game.legal_decisions()[0]).season == "autumn"
    play_to("autumn", 1)  # the autumn's plan: through the winter, never into the next year
    for first in (None, card()):
        end = horizon(game, first)
        assert (end.year, end.season) == (2, "spring") and any(ev["rule"] == "winter.rice" for ev in end.log)
    play_to("autumn", 1, "place")  # so does a place of the autumn
    end = horizon(game, first=game.legal_decisions()[0])
    assert (end.year, end.season) == (2, "spring") and any(ev["rule"] == "winter.rice" for ev in end.log)
    play_to("autumn", COMPONENTS.years)  # the game's last round: the playout ends with the game
    assert horizon(game).phase == "end"
    # a claim of the draft (the game review weighs a learner's): its playout plays the draft only
    draft = new_game(players=3, side="moon", seed=5, setup="draft", history=False)
    assert (draft.state.season, draft.to_decide()[0]) == ("setup", "claim")
    end = horizon(draft, first=draft.legal_decisions()[0])
    assert (end.year, end.season, end.phase) == (1, "spring", "plan")


def test_playouts_do_not_touch_the_real_game():
    game = new_game(players=4, seed=3, history=False)
    before = game.save()
    StrongBot(1).decide_with_reason(game)
    assert game.save() == before
    draft = new_game(players=3, side="moon", seed=5, setup="draft", history=False)  # its deck is shuffled in a copy
    before = draft.save()
    StrongBot(1).playout(draft, 0, StrongBot(1).base.style, 7, first=draft.legal_decisions()[-1])
    assert draft.save() == before


def _hidden_shuffled(game: Game, seat: int, rng) -> Game:
    """A copy of ``game`` that differs only in what ``seat`` cannot see: the order of the draft's deck, of the event
    cards still to come and of the face-down action cards, and which of the other seats' face-down cards lies on
    which of their hidden fields."""
    copy = Game.load(game.save(), history=False)
    s = copy.state
    rng.shuffle(s.draft.deck)
    rng.shuffle(s.event_deck)
    if "tenno" in s.extra:  # Tennō's Court: the privilege cards still to come
        rng.shuffle(s.extra["tenno"]["deck"])
    if s.phase in ("plan", "place", "actions") and s.round.action_cards:
        first = max(5, s.round.action_index + 1) if s.phase == "actions" else 5
        hidden = s.round.action_cards[first:]
        rng.shuffle(hidden)
        s.round.action_cards[first:] = hidden
        done = s.round.action_index + 1 if s.phase == "actions" else 0
        face_down = set(s.round.action_cards[done:]) | ({"bid"} if s.phase == "plan" else set())
        for o, pl in enumerate(s.players):
            fields = sorted(f for f in pl.plan if f in face_down)
            if o != seat and fields:
                cards = [pl.plan[f] for f in fields]
                rng.shuffle(cards)
                pl.plan.update(zip(fields, cards))
    return copy


@pytest.mark.slow
def test_the_strong_bots_advice_depends_only_on_what_its_seat_can_see(monkeypatch):
    """A hint (and the review, which weighs with the same playouts) must not know the hidden cards: the same position
    with the draft's deck, the coming event and privilege cards, the face-down action cards and the other seats'
    face-down plans in another order gives the same decision, the same reason and the very same playouts, event by
    event (issue 21: the draft's deck, the next year's events and the privilege cards were read as they lay)."""
    import random

    from shogun_tutor import review as R
    from shogun_tutor.bots import strong
    from shogun_tutor.bots.heuristic import HeuristicBot, Style

    sims: list[Game] = []
    real_fork = strong.fork
    monkeypatch.setattr(strong, "fork", lambda game, seed: sims.append(real_fork(game, seed)) or sims[-1])

    def playouts(run) -> tuple:
        """What ``run()`` returns, and every playout it played, event by event."""
        sims.clear()
        result = run()
        return result, [sim.state.log for sim in sims]

    rng = random.Random(11)
    draft = new_game(players=3, side="moon", seed=5, setup="draft", history=False)
    positions = [draft]  # a claim: the deck is drawn blind
    for seed, players, stop, expansions in ((3, 3, ("autumn", "plan", 2), ()), (4, 4, ("summer", "place", 0), ()),
                                            (6, 5, ("spring", "move", 0), ()),
                                            (7, 3, ("summer", "plan", 2), ("tenno", "samurai"))):
        g = new_game(players=players, seed=seed, history=False, expansions=expansions)
        bots = [HeuristicBot(i) for i in range(players)]
        # the last seat to plan (the others' plans lie face down), a place, a battle's move
        while not (g.state.season == stop[0] and g.to_decide()[0] == stop[1]
                   and (stop[1] != "plan" or g.to_decide()[1] == stop[2] and g.state.players[(stop[2] + 1) % players].plan)):
            g.apply(bots[g.to_decide()[1]].decide(g))
        positions.append(g)
    for game in positions:
        kind, seat = game.to_decide()
        first = None if kind == "plan" else game.legal_decisions()[-1]
        decided = playouts(lambda: StrongBot(9).decide_with_reason(game))
        played = playouts(lambda: [StrongBot(9).playout(game, seat, Style(), 100 + k, first=first) for k in range(3)])
        assert len(played[1]) == 3 and all(len(log) > 10 for log in played[1])
        for _ in range(2):
            hidden = _hidden_shuffled(game, seat, rng)
            assert playouts(lambda: StrongBot(9).decide_with_reason(hidden)) == decided, kind
            assert playouts(lambda: [StrongBot(9).playout(hidden, seat, Style(), 100 + k, first=first)
                                     for k in range(3)]) == played, kind
    # the review weighs a blind claim from the deck as a blind claim
    deck = next(d for d in draft.legal_decisions() if d.kind == "claim" and d.field == "deck")
    up = next(d for d in draft.legal_decisions() if d.kind == "claim" and d.field == "up0")
    cost = playouts(lambda: R.weigh(draft, 0, deck, up, StrongBot(9), 3, 0))
    assert all(playouts(lambda: R.weigh(_hidden_shuffled(draft, 0, rng), 0, deck, up, StrongBot(9), 3, 0)) == cost
               for _ in range(2))


def test_the_other_seats_face_down_fields_are_sampled_as_they_could_lie():
    """Issue 21, session 24: a playout's guess of the other seats' face-down fields agrees with what is open. The
    guess laid over the true plan field by field put a card already shown on an open field on a face-down one too
    (a province acting twice, another not at all) and cards of provinces taken this round, which nobody planned with.
    Checked at every battle move of seeded games, for every other seat, with guesses from other knobs."""
    import random

    from shogun_tutor.bots.heuristic import Style
    from shogun_tutor.bots.strong import cover_face_down, fork, taken_this_round

    checked = lapsed = taken_seen = 0
    for seed in range(8):
        setup = game_setup(seed)
        game = new_game(players=setup["players"], side=setup["side"], setup=setup["setup"], seed=seed, history=False)
        bots = [HeuristicBot(seed * 10 + i) for i in range(game.state.num_players)]
        rng = random.Random(seed)
        while not game.over:
            kind, seat = game.to_decide()
            s = game.state
            if kind == "move":
                face_down = s.round.action_cards[s.round.action_index + 1:]
                taken = taken_this_round(game)
                for o, pl in enumerate(s.players):
                    if o == seat:
                        continue
                    shown = {f: c for f, c in pl.plan.items() if f not in face_down}
                    guess = HeuristicBot(o, Style(aggression=rng.uniform(-1, 1), build_bias=rng.uniform(-1, 1)))
                    sims = []
                    for copy in (game, _hidden_shuffled(game, seat, rng)):  # the true face-down cards are not read
                        sim = fork(copy, 1)
                        cover_face_down(sim.state, o, face_down, guess.make_plan(sim, o).cards, taken.get(o, ()),
                                        random.Random(o))
                        sims.append(sim.state.players[o].plan)
                    plan = sims[0]
                    assert sims[1] == plan
                    assert {f: plan[f] for f in shown} == shown  # the open fields as they lie
                    cards = [c for c in plan.values() if c is not None]
                    assert len(cards) == len(set(cards)), (seed, o, plan)  # no card on two fields
                    hidden = [plan[f] for f in face_down if f in plan]
                    for c in taken.get(o, ()):
                        taken_seen += 1
                        assert c not in hidden or c in pl.handed_over  # nobody planned with it
                    for c in pl.handed_over:
                        if c not in shown.values():
                            lapsed += 1
                            assert c in hidden  # taken from the board unseen: it lay face down
                    checked += 1
            game.apply(bots[seat].decide(game))
    assert checked > 200 and lapsed > 2 and taken_seen > 10, (checked, lapsed, taken_seen)


@pytest.mark.slow
def test_blunder_counters_stay_under_their_thresholds_over_30_seeded_games():
    c = count_blunders(30, "heuristic")
    v1 = count_blunders(30, "heuristic-v1")
    assert c.games == 30
    assert c.lapsed_per_game < 0.5 <= v1.lapsed_per_game
    assert c.high_bids_unexplained == 0 < v1.high_bids_unexplained
    assert max(c.first_picks_by_place) < 0.4 * sum(c.first_picks_by_place)  # the baseline: always place 1
    assert min(c.picks_by_special.values()) > 0.1 * sum(c.picks_by_special.values())
    assert c.chests_left < 2.0 < v1.chests_left  # the target
    # issue target < 5 % not reachable by any plan: most short winters hold more provinces at the year's start
    # than the year's harvests can feed (see docs/bots.md); the ones its own choices could have fed stay rare
    assert c.short_share < AVOIDABLE_SHORT_WINTERS["all"] < v1.short_share
    assert c.avoidable_share < AVOIDABLE_SHORT_WINTERS["avoidable"] < v1.avoidable_share


#: thresholds over the 30 seeded games, with a margin (measured: all 13.8 %, avoidable 3.3 %; heuristic-v1:
#: 43.3 % and 32.1 %); the issue's < 5 % holds for the avoidable ones only (see docs/bots.md)
AVOIDABLE_SHORT_WINTERS = {"all": 0.25, "avoidable": 0.05}


def _game_with_log(log, seats=2):
    from types import SimpleNamespace as NS

    nodes = {"A": {"rice": 5}, "B": {"rice": 4}, "C": {"rice": 4}, "D": {"rice": 2}, "X": {"rice": 1}}
    return NS(state=NS(log=log, players=[NS(chests=0) for _ in range(seats)]), graph=NS(nodes=nodes))


def test_an_avoidable_short_winter_is_one_the_seats_own_choices_could_have_fed():
    from shogun_tutor.botstats import Blunders, add_game, avoidable_short_winter, rice_reach

    assert rice_reach([5, 4, 4, 2], [None, None, None]) == 13
    assert rice_reach([5, 4, 4, 2], ["rice_max3", None, None]) == 12  # a 4 to "at most 3": better than the 2
    assert rice_reach([5, 2], ["rice_min4", None, "rice_max3"]) == 9  # two provinces: two harvests
    assert not avoidable_short_winter(0, kept=1, loss=0, reach=9)  # fed: not short at all
    events = [{"rule": "round.event", "event": e} for e in (10, 7, 7)]  # at least 4 rice, then two others
    winter = {"rule": "winter.rice", "player": 0, "shortfall": 2}
    start = {(1, 0): ("A", "B", "C", "D")}  # reach 5 + 4 + 4 = 13
    conquest = {"rule": "battle.result", "province": "X", "owner": 0}
    lost = {"rule": "battle.revolt", "province": "D", "owner": None, "cause": "tax", "player": 0}
    revolt = {"rule": "battle.revolt", "province": "A", "owner": None, "cause": "winter", "player": 0}
    cases = [  # (log, short while holding a conquest, avoidable)
        ([*events, conquest, {**winter, "loss": 7, "provinces": 5}], 1, 1),  # 4 kept + 7 = 11 <= 13: the conquest
        ([*events, conquest, lost, {**winter, "loss": 7, "provinces": 4}], 1, 1),  # kept 3 (D lost), X conquered
        ([*events, {**winter, "loss": 7, "provinces": 4, "shortfall": 1}, revolt], 0, 1),  # 4 + 7 <= 13
        ([*events, {**winter, "loss": 7, "provinces": 4, "shortfall": 0}], 0, 0),  # fed
    ]
    for log, after_gains, avoidable in cases:
        out = Blunders()
        add_game(out, _game_with_log(log), start)
        assert (out.short_after_gains, out.short_avoidable) == (after_gains, avoidable), log
        assert (out.winter_revolts, out.winter_provinces_lost) == ((1, 1) if revolt in log else (0, 0))
    beyond = Blunders()  # two provinces, two harvests: 2 + 4 ("at least 4" on X) = 6 < 2 + 7
    add_game(beyond, _game_with_log([*events, {**winter, "loss": 7, "provinces": 2}]), {(1, 0): ("D", "X")})
    assert beyond.short_winters == 1 and beyond.short_avoidable == 0


def test_improved_heuristic_beats_the_baseline_and_random():
    assert pairing("heuristic", "heuristic-v1", 20).share > 0.7
    assert pairing("heuristic", "random", 10).share > 0.8


def test_a_pairing_played_in_two_processes_gives_the_same_figures():
    from dataclasses import asdict

    figures = []
    for jobs in (1, 2):
        blunders, cpu = {}, {}
        r = pairing("heuristic", "random", 4, first_seed=11, blunders=blunders, cpu_times=cpu, jobs=jobs)
        figures.append(((r.games, r.wins_a, r.wins_b), {n: asdict(c) for n, c in blunders.items()},
                        {n: len(v) for n, v in cpu.items()}))
    assert figures[0] == figures[1]
    assert figures[0][0][0] == 4 and figures[0][1]["heuristic"]["seat_games"] > 0


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)


def test_registry_and_make_bot():
    assert set(BOTS) == {"random", "heuristic-v1", "heuristic", "strong"}
    assert isinstance(make_bot("heuristic-v1", 1), HeuristicBotV1)
    assert make_bot("heuristic").name == "heuristic"
    game = play(new_game(players=3, seed=2, history=False), [make_bot(n, i) for i, n in enumerate(["heuristic", "random", "heuristic-v1"])])
    assert game.over


def test_cli_botstats_prints_the_report(capsys):
    assert main(["botstats", "--games", "1", "--pair-games", "2", "--pairings", "heuristic:random",
                 "--expansion-pairings", "heuristic:random", "--first-seed", "7", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "lapsed actions for lack of chests" in out and "heuristic vs random" in out and "median" in out
    assert "== heuristic vs random: 2 games on seeds 7-7" in out  # the pairing is printed before it is played
    assert "heuristic vs random with both expansions: heuristic:" in out and "under 30 % to win" in out
    assert "seat-games without a privilege card" in out
    assert main(["botstats", "--games", "0", "--pair-games", "2", "--pairings", "heuristic:random",
                 "--expansion-pairings", "", "--jobs", "2", "--no-progress"]) == 0
    assert "heuristic vs random: 2 games" in capsys.readouterr().out
    for bad, said in (("0", "1 or more"), ("65", "more processes than 64"), ("two", "not a whole number")):
        with pytest.raises(SystemExit):
            main(["botstats", "--jobs", bad])
        assert said in capsys.readouterr().err


# --- the season plan's parts (issue 10, second round) -------------------------------------------------------
def test_rice_plan_weighs_the_events_and_the_revolt_of_a_second_harvest():
    from shogun_tutor.bots.rice import harvest_plan, keep_chance, rice_yield

    nodes = {"A": {"rice": 5}, "B": {"rice": 2}}
    assert rice_yield(nodes, [], "A") == 5
    assert rice_yield(nodes, ["rice_max3", "tax_max5", "temple_immune", "armies_reduced"], "A") == 4.5
    assert rice_yield(nodes, ["rice_min4", "tax_max5"], "B") == 3.0
    assert keep_chance(3, 0) == 1.0 and keep_chance(0, 1) == 0.0
    assert keep_chance(1, 1) < keep_chance(7, 1) < 1.0
    game = new_game(players=4, seed=3, history=False)
    s = game.state
    provs = sorted(c.split("/")[0] for c in s.players[0].hand)
    h = harvest_plan(game, 0, provs, 3)
    loss = max(COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up)
    assert h.need == len(provs) + loss - s.players[0].rice
    assert h.province == h.sequence[0] and game.graph.nodes[h.province]["rice"] == max(
        game.graph.nodes[p]["rice"] for p in provs)
    # the richest province already harvested, with one army: a second harvest there is a likely lost revolt
    s.provinces[h.province].unrest, s.provinces[h.province].armies = 1, 1
    again = harvest_plan(game, 0, provs, 2)
    assert again.province != h.province and h.province not in again.sequence
    # six armies hold the revolt of a second harvest about 4 times in 5: more rice expected than a fresh
    # province brings, but the province itself is at stake, so the fresh province gets the harvest
    s.provinces[h.province].armies = 6
    fresh = harvest_plan(game, 0, provs, 1)
    effects = [COMPONENTS.event(e).effect for e in s.events_face_up]
    nodes = game.graph.nodes
    assert rice_yield(nodes, effects, h.province) * keep_chance(6, 1) > rice_yield(nodes, effects, fresh.province)
    assert fresh.province != h.province and s.provinces[fresh.province].unrest == 0
    s.players[0].rice = 99  # fed: no rice action wanted
    assert harvest_plan(game, 0, provs, 2).province is None


def test_last_round_plan_keeps_the_tax_field_for_a_chest_card():
    from shogun_tutor.bots.plan import SEASONS

    for seed in range(3):
        game = new_game(players=3 + seed, seed=seed, history=False)
        bots = [HeuristicBot(seed * 10 + i) for i in range(3 + seed)]
        checked = 0
        while not game.over:
            kind, seat = game.to_decide()
            s = game.state
            if kind == "plan" and s.year == COMPONENTS.years and s.season == SEASONS[-1] and not s.players[seat].plan:
                plan = bots[seat].plan_for(game, seat)
                tax = plan.cards["tax"]
                assert tax is None or chest_value(tax) is not None or plan.reasons["tax"].kind == "tax"
                checked += 1
            game.apply(bots[seat].decide(game))
        assert checked == 3 + seed


def test_heuristic_plans_the_court_fields_with_reasons_and_beats_random_bots():
    from shogun_tutor.botstats import court_games

    game = new_game(players=4, seed=5, history=False, expansions=("tenno", "samurai"))
    bots = [HeuristicBot(i) for i in range(4)]
    kinds = []
    while not game.over:
        seat = game.to_decide()[1]
        decision, reason = bots[seat].decide_with_reason(game)
        assert decision in game.legal_decisions() and reason.kind in REASON_KINDS and "{" not in render(reason)
        kinds.append(reason.kind)
        game.apply(decision)
    assert {"court_province", "court_tray"} & set(kinds) and "fallback" not in kinds
    c = court_games(6)
    assert c.court_reasons > 0 and c.converts > 0 and c.takes > 0 and c.wins > c.chance


def test_a_conquest_that_next_years_harvests_cannot_feed_costs_more_in_the_first_year(monkeypatch):
    from shogun_tutor.bots import values

    game = new_game(players=4, seed=3, history=False)
    s, nodes, adj = game.state, game.graph.nodes, game.graph.adj
    # a lone province of seat 0 beside a neutral one, the two rich enough for 2 mouths + the mean loss
    src, dst = next((p, q) for p in sorted(s.provinces) for q in sorted(adj[p])
                    if nodes[p]["rice"] + nodes[q]["rice"] >= 2 + values.MEAN_LOSS)
    for name, pv in s.provinces.items():
        pv.owner = 0 if name == src else None
    s.provinces[src].armies = 6
    assert values.later_mouth(s, nodes, 0, dst) == 0.0
    for pv in s.provinces.values():  # now it holds the whole board but dst: no three harvests feed that
        pv.owner = 0
    s.provinces[dst].owner = None
    assert values.later_mouth(s, nodes, 0, dst) == values.LATER_MOUTH > 0
    crowded, _, _, win = values._attack_value(s, nodes, 0, src, dst, 5, 0, 2, [], -5, False)
    monkeypatch.setattr(values, "LATER_MOUTH", 0.0)
    free = values._attack_value(s, nodes, 0, src, dst, 5, 0, 2, [], -5, False)[0]
    assert free - crowded == pytest.approx(win * 2.0)  # one later winter (winters left 2), weighed by the odds
    last_year = values._attack_value(s, nodes, 0, src, dst, 5, 0, 1, [], -5, False)[0]
    monkeypatch.undo()
    assert values._attack_value(s, nodes, 0, src, dst, 5, 0, 1, [], -5, False)[0] == last_year  # no later winter


def test_a_planned_battle_gets_a_harvest_for_the_province_it_may_add():
    from shogun_tutor.bots.plan import Style, _rice_for_conquests, season_of
    from shogun_tutor.bots.rice import loss_ahead

    game = new_game(players=4, seed=3, history=False)
    s = game.state
    provs = sorted(s.player_provinces(0))
    s.players[0].rice = len(provs) + loss_ahead(s)  # fed against the largest loss: no rice action of its own
    ss = season_of(game, 0, Style())
    assert ss.harvest.province is None
    used, reasons = {}, {}
    _rice_for_conquests(ss, used, reasons)
    assert used == {}  # no battle planned: nothing to add
    used = {"battle_a": provs[0]}
    _rice_for_conquests(ss, used, reasons)
    assert used["rice"] in provs and used["rice"] != provs[0]
    r = reasons["rice"]
    # said as the planned conquest's extra mouth (issue 21: not "needs 8, has 8")
    assert r.kind == "rice_for_conquest" and r.params["battles"] == 1 and r.params["provinces"] == len(provs)
    assert r.params["have"] == s.players[0].rice and "planned battle may add 1 province" in render(r)


def test_an_army_card_an_event_may_cut_says_both_numbers():
    """Issue 21: "3 armies" stood on the "Place 5 armies" field. The plan counts on the fewer armies while the event
    card "Few recruits" is still face up; the reason says the card's number, the fewer one and the event card."""
    seen = []
    for seed in range(4):
        def watch(game, decision, reason, dt):
            if decision.kind == "plan" and decision.field in COMPONENTS.action_amounts and "armies" in reason.params:
                seen.append((decision.field, reason, [COMPONENTS.event(e).effect for e in game.state.events_face_up]))

        play_game(seed, ["heuristic"] * game_setup(seed)["players"], watch)
    cut = [(f, r, fx) for f, r, fx in seen if r.params["armies"] != COMPONENTS.action_amounts[f]]
    assert cut, "no plan on a face-up 'Few recruits' in these seeds"
    for field, reason, effects in cut:
        assert "armies_reduced" in effects  # only the event cuts the number
        assert reason.params["card"] == COMPONENTS.action_amounts[field] > reason.params["armies"]
        event = reason.params["event"]
        assert COMPONENTS.event(event).effect == "armies_reduced"
        for lang in i18n.LANGUAGES:
            text = render(reason, lang)
            assert f"{reason.params['card']}" in text and f"{reason.params['armies']}" in text and str(event) in text
            assert "{" not in text and (lang == "en" or text != render(reason, "en"))
        assert render(reason).startswith(f"{reason.params['card']} armies to") or " buys " in render(reason)
    for field, reason, effects in seen:  # without the event the card's own number, and no event named
        if reason.params["armies"] == COMPONENTS.action_amounts[field]:
            assert "card" not in reason.params


def test_chests_count_at_the_horizon_only_as_far_as_the_rounds_left_can_spend_them():
    """Issue 21 (expansions: 8.9 chests left at the end): a chest the plans still to come cannot spend is worth
    almost nothing to the strong bot's evaluation, so a bonus of chests late in the game loses to points."""
    from shogun_tutor.bots import strong

    g = new_game(players=3, seed=5)
    while g.state.phase != "plan":
        g.apply(HeuristicBot(0).decide(g))
    s = g.state
    rounds = (COMPONENTS.years - s.year + 1) * len(strong.SEASONS)  # the first round's plan: every round is ahead
    cap = strong.SPEND_PER_ROUND + strong.NET_SPEND_PER_ROUND * (rounds - 1)

    def gain(chests_before: int, extra: int) -> float:
        s.players[0].chests = chests_before
        before = strong.evaluate(g, 0)
        s.players[0].chests = chests_before + extra
        return strong.evaluate(g, 0) - before

    assert gain(0, 3) == pytest.approx(0.9)  # 0.3 a chest while the rounds ahead can spend them
    assert gain(cap, 3) == pytest.approx(3 * strong.SPARE_CHEST)  # beyond what they can spend: next to nothing
    assert gain(cap - 1, 3) == pytest.approx(0.3 + 2 * strong.SPARE_CHEST)
    s.phase = "actions"  # the round's plan is laid: its chests wait for the next round
    s.players[0].chests = cap - strong.NET_SPEND_PER_ROUND
    before = strong.evaluate(g, 0)
    s.players[0].chests += 1
    assert strong.evaluate(g, 0) - before == pytest.approx(strong.SPARE_CHEST)


def test_a_lookahead_reason_names_the_consequence_it_foresaw_never_a_worse_one():
    """Issue 21: what look-ahead found is told as the consequence it foresaw, in the choice's favour."""
    from shogun_tutor.bots.strong import consequence

    def row(**k):
        return {"short": 0.0, "provinces": 7.0, "buildings": 3.0, "armies": 10.0, "score": 12.0, "rival": 12.0,
                "chests": 5.0, **k}

    assert consequence([row(short=2.5)], [row(short=0.5)], 4, 1.0).kind == "lookahead_rice"
    # fewer provinces is not the reason given for a choice that keeps more buildings
    r = consequence([row()], [row(provinces=6.0, buildings=4.0)], 4, 1.0)
    assert (r.kind, r.params["buildings"], r.params["other"]) == ("lookahead_buildings", 4.0, 3.0)
    assert consequence([row()], [row(provinces=8.0)], 4, 1.0).kind == "lookahead_provinces"
    assert consequence([row()], [row(armies=12.0)], 4, 1.0).kind == "lookahead_armies"
    r = consequence([row()], [row(score=13.5)], 4, 1.0)
    assert r.kind == "lookahead_score" and render(r).endswith(": 13.5 on average with this choice, 12 with the usual one.")
    r = consequence([row()], [row(rival=11.0)], 4, 1.0)
    assert r.kind == "lookahead_rival" and "strongest rival" in render(r)
    assert consequence([row()], [row(rival=13.0)], 4, 1.0).kind == "lookahead"  # a stronger rival is no reason
    assert consequence([row()], [row(chests=7.0)], 4, 1.0).kind == "lookahead_chests"
    r = consequence([row()], [row()], 6, 0.44)
    assert r.kind == "lookahead" and "much alike" in render(r) and "in points: 0.4 more" in render(r)


def test_a_plan_candidate_leaves_out_one_action_of_the_default_plan_in_its_own_round():
    # issue 21, session 25: besides the knob settings the strong bot races the default plan with each of its actions
    # (a battle, an army action, a building) left out in turn; the plan spends those chests on other options
    from dataclasses import replace

    from shogun_tutor.bots.strong import CANDIDATES, EXPANSION_CANDIDATES, LEAVE_OUT_KINDS

    game = new_game(players=4, seed=21, history=False)
    bot, checked = StrongBot(3), set()
    while not game.over and game.state.year == 1:
        kind, seat = game.to_decide()
        s = game.state
        if kind == "plan" and not s.players[seat].plan:  # the seat's first plan decision of the round
            default = HeuristicBot(0).make_plan(game, seat)
            actions = [(f, r) for f, r in sorted(default.reasons.items()) if r.kind in LEAVE_OUT_KINDS]
            styles = bot.plan_candidates(game, seat)
            assert styles[:len(CANDIDATES)] == list(CANDIDATES)
            assert StrongBot(3, leave_out=False).plan_candidates(game, seat) == list(CANDIDATES)
            assert [st.leave_out for st in styles[len(CANDIDATES):]] == [
                (s.year, s.season, f, r.params["province"]) for f, r in actions]
            for st in styles[len(CANDIDATES):]:
                _, _, fld, prov = st.leave_out
                plan = HeuristicBot(0, st).make_plan(game, seat)
                kind_out = default.reasons[fld].kind
                if kind_out == "attack_plan":  # no battle from that province at all
                    assert not [f for f, r in plan.reasons.items() if r.kind == "attack_plan"
                                and r.params["province"] == prov]
                else:
                    left = [(f, r.params.get("province")) for f, r in plan.reasons.items() if r.kind in LEAVE_OUT_KINDS]
                    assert (fld, prov) not in left
                assert plan.cards != default.cards
                checked.add(kind_out)
                # in another round the same knob leaves nothing out
                other = "autumn" if s.season != "autumn" else "spring"
                assert HeuristicBot(0, replace(st, leave_out=(s.year, other, fld, prov))).make_plan(
                    game, seat).cards == default.cards
        game.apply(HeuristicBot(seat).decide(game))
    assert {"attack_plan", "build"} <= checked and checked & {"armies_defend", "armies_attack"}
    # with the expansions, spending freely is a candidate too
    exp = new_game(players=4, seed=21, expansions=("tenno", "samurai"), history=False)
    while exp.to_decide()[0] != "plan":
        exp.apply(HeuristicBot(exp.to_decide()[1]).decide(exp))
    assert StrongBot(3, leave_out=False).plan_candidates(exp, exp.to_decide()[1]) == list(CANDIDATES + EXPANSION_CANDIDATES)


def test_a_look_ahead_reason_says_what_the_choice_changes_not_how_the_bot_found_it():
    """Issue 48: "Chosen by playing the round on (8 times)" is how the bot computed, not what a beginner compares;
    the reason names the game's things (rice, provinces, points) and never the number of playouts."""
    samples = {"playouts": 24, "margin": 0.8, "short": 2.5, "now": 0.5, "provinces": 9.5, "other": 8,
               "buildings": 3.5, "score": 12.5, "rival": 11.5, "chests": 7, "armies": 6}
    for lang in i18n.LANGUAGES:
        for kind in [k for k in REASON_KINDS if k.startswith("lookahead")]:
            text = render(Reason(kind, **samples), lang)
            assert "24" not in text and "{" not in text, (lang, kind)
    english = [render(Reason(k, **samples)) for k in REASON_KINDS if k.startswith("lookahead")]
    assert not any("playing" in s or "playout" in s for s in english)
    assert "Rice missing at the winter" in render(Reason("lookahead_rice", **samples))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_battle_reason_says_what_each_number_counts(lang):
    """Issue 48: "against 1" did not say 1 what. The armies moved, the cards' armies and the defenders (armies, or a
    neutral province's farmers) each stand in their own sentence with their own plural."""
    neutral = render(Reason("attack", province="Settsu", target="Bingo", armies=1, extra=1, farmers=2, chance=72), lang)
    rival = render(Reason("attack_plan", province="Settsu", target="Bingo", armies=5, extra=0, defence=1, chance=61),
                   lang)
    farmer = {"en": "farmers", "nl": "boeren", "de": "Bauern", "fr": "fermiers", "da": "bønder", "pl": "chłopów",
              "zh": "农民", "ja": "農民"}[lang]
    assert farmer in neutral and "72" in neutral and "{" not in neutral + rival
    assert "61" in rival and farmer not in rival
    if lang == "en":
        assert neutral == "Attacks Bingo from Settsu with 1 army. The cards add 1 army. 2 farmers defend it: 72 % to win."
        assert rival == ("Plans a battle from Settsu against Bingo later this round, with 5 armies. "
                         "1 army defends it: 61 % to win.")
