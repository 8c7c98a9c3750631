"""The guided game's log read in steps that follow the game's structure."""

import pytest

from shogun_tutor.bots import make_bot
from shogun_tutor.rules.game import new_game
from shogun_tutor.text.steps import CLAIMS_PER_STEP, kind_of, step_at, step_title, steps


def _played(seed, setup="beginner", expansions=(), players=4):
    game = new_game(players=players, side="sun", seed=seed, setup=setup, expansions=expansions)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    while game.to_decide():
        game.apply(bots[game.to_decide()[1]].decide_with_reason(game)[0])
    return game.state.log


@pytest.fixture(scope="module", params=[(3, "beginner", ()), (4, "draft", ()), (5, "draft", ("tenno", "samurai"))])
def log(request):
    seed, setup, expansions = request.param
    return _played(seed, setup, expansions, players=seed)


def test_steps_cover_every_event_once_in_order(log):
    all_steps = steps(log)
    assert all_steps[0].start == 0 and all_steps[-1].end == len(log)
    assert all(a.end == b.start and a.start < a.end for a, b in zip(all_steps, all_steps[1:]))
    assert all(step_at(all_steps, s.start) == i for i, s in enumerate(all_steps))


def test_steps_follow_the_structure_of_a_season(log):
    all_steps = steps(log)
    kinds = [s.kind for s in all_steps]
    seasons = sum(1 for e in log if e["rule"] == "round.start")
    assert kinds.count("plan") == seasons and kinds.count("event") == seasons and kinds.count("order") == seasons
    assert kinds.count("scoring") == 2 and kinds.count("winter_rice") == 2
    for s in all_steps:
        rules = {e["rule"] for e in log[s.start:s.end] if kind_of(e["rule"]) is not None}
        if s.kind == "battle":  # each battle is a step of its own
            assert log[s.start]["rule"] == "battle.result"
            assert all(kind_of(e["rule"]) is None for e in log[s.start + 1:s.end])  # round.end and the like
        if s.kind == "plan":  # the whole planning is one step: no click per "has planned in secret"
            assert rules <= {"year.events", "round.start", "court.lay_out", "plan.done"}
        if s.kind == "action":  # one action card with every player's result (a card nobody played rides along)
            reveals = [e for e in log[s.start:s.end] if e["rule"] == "action.reveal"]
            assert all(e["rule"] == "action.reveal" for e in log[s.start:s.start + len(reveals)])
            assert s.action is not None and step_title(s).startswith(f"Action card {s.position}:")
    # the planning of each season: every player's "has planned in secret" in one step
    plans = [s for s in all_steps if s.kind == "plan"]
    players = next(e for e in log if e["rule"] == "setup.start")["players"]
    assert all(sum(e["rule"] == "plan.done" for e in log[s.start:s.end]) == players for s in plans)


def test_no_step_dumps_the_season():
    for log in (_played(1), _played(2, "draft")):
        sizes = [s.end - s.start for s in steps(log)]
        assert max(sizes) <= max(CLAIMS_PER_STEP + 2, 12), sizes


def test_every_step_has_a_title_in_every_language():
    from shogun_tutor import i18n

    log = _played(5, "draft")
    try:
        for lang in ("nl", "de", "fr", "da", "pl", "zh", "ja"):
            i18n.set_language(lang)
            titles = {step_title(s) for s in steps(log)}
            assert all(titles) and not any("{" in t for t in titles)
    finally:
        i18n.set_language("en")
