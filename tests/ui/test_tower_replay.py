"""The tower tab: a game battle replayed apart from the demo, with what lay inside the game's tower;
the demo refuses battles that cannot be fought; every cube stays inside its frame."""

import pytest

from shogun_tutor.bots import make_bot
from shogun_tutor.rules.game import new_game
from shogun_tutor.ui.tower_panel import TowerPanel
from shogun_tutor.ui.tower_replay import THROW_RULES, inside_before
from shogun_tutor.viz.tower import stage_box, stage_positions


def _game_with_battles(n=2, seed=3):
    game = new_game(players=4, side="sun", seed=seed, setup="beginner")
    bots = [make_bot("heuristic", 10 + i) for i in range(4)]
    while game.to_decide() and sum(e["rule"] in THROW_RULES for e in game.state.log) < n:
        who = game.to_decide()
        game.apply(bots[who[1]].decide_with_reason(game)[0])
    return game, [i for i, e in enumerate(game.state.log) if e["rule"] in THROW_RULES]


def test_inside_before_is_the_tower_at_the_throw_without_the_thrown_cubes():
    game, battles = _game_with_battles(n=1)
    first = battles[0]
    inside = inside_before(game, first)
    paths = game.state.log[first]["throw"]["paths"]
    assert inside and not {p[0] for p in paths} & {c[0] for c in inside}
    # no throw since: the tower now = the cubes that lay still + the thrown ones that lodged
    now = {c.id for level in game.state.tower.levels for c in level}
    assert now == {c[0] for c in inside} | {p[0] for p in paths if p[4] != "tray"}
    # later in the same game (another throw since), the history gives the same answer
    later, battles2 = _game_with_battles(n=2)
    assert battles2[0] == first and sorted(inside_before(later, first)) == sorted(inside)
    game._history.clear()  # a loaded game: no history; the tower is today's, fine while no throw came since
    assert sorted(inside_before(game, first)) == sorted(inside)
    later._history.clear()
    assert inside_before(later, first) is None
    with pytest.raises(ValueError):
        inside_before(game, 0)


def test_a_game_battle_is_replayed_apart_from_the_demo():
    game, battles = _game_with_battles(n=1)
    event = game.state.log[battles[0]]
    inside = inside_before(game, battles[0])
    panel = TowerPanel(odds_trials=1000)
    panel.show_event(event, animate=False, inside=inside)
    assert panel.replaying and panel.replay_box.layout.display is None
    assert panel.demo_controls.layout.display == "none" and panel.throw_button.layout.display == "none"
    assert panel.odds.value == ""  # the demo's odds are not shown beside the game's verdict
    assert "A battle of the guided game" in panel.replay_head.value and panel.verdict.value
    drawn = len(panel.figure.data[0].x)
    assert drawn == len(inside) + len(event["throw"]["paths"])  # what is inside, not only the thrown cubes
    lodged, tray = panel._replay_counts
    assert f"{lodged} cubes are inside the tower; in the tray: {tray}." in panel.status.value
    panel.to_demo()
    assert not panel.replaying and panel.demo_controls.layout.display is None and panel.odds.value
    assert len(panel.figure.data[0].x) == len(panel.tower.all_cubes())


def test_a_replay_without_history_says_only_the_thrown_cubes_are_drawn():
    game, battles = _game_with_battles(n=1)
    panel = TowerPanel(odds_trials=1000)
    panel.show_event(game.state.log[battles[0]], animate=False)
    assert "Only the thrown cubes are drawn" in panel.replay_head.value


@pytest.mark.parametrize("kind,attackers,defenders", [("player", 0, 0), ("player", 0, 3), ("neutral", 0, 0), ("revolt", 4, 0)])
def test_the_demo_refuses_a_battle_that_cannot_be_fought(kind, attackers, defenders):
    panel = TowerPanel(odds_trials=1000)
    panel.kind.value = kind
    panel.attackers.value, panel.defenders.value = attackers, defenders
    assert panel.throw_button.disabled and "role='alert'" in panel.problem.value
    before = panel.tower.all_cubes()
    panel.throw(animate=False)
    assert panel.tower.all_cubes() == before and panel.verdict.value == ""
    panel.attackers.value, panel.defenders.value = 1, 1
    assert not panel.throw_button.disabled and panel.problem.value == ""


@pytest.mark.parametrize("n", [1, 12, 30, 80])
def test_every_cube_stays_inside_its_frame(n):
    for stage in range(5):
        pos = stage_positions([(i, i % 5 or None, stage) for i in range(n)])
        x0, x1, y0, y1 = stage_box(stage)
        assert len(pos) == n and all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pos.values()), stage
    # the frames do not overlap: nothing on a ledge reaches the funnel or the ledge above
    boxes = [stage_box(s) for s in range(5)]
    for (_a, _b, lo, hi), (_c, _d, lo2, _hi2) in zip(boxes[2:], boxes[1:]):
        assert hi < lo2
    assert boxes[1][3] < boxes[0][2] and boxes[4][3] < boxes[3][2]


def test_a_replays_counts_follow_its_drawing_before_and_after_the_throw():
    """Issue 23: the replay opened with "23 cubes are in the tower; tray: 0" (the demo's own tower) while its
    drawing showed the game's cubes; now the words count what is drawn, before the throw and after it."""
    import asyncio

    game, battles = _game_with_battles(n=1)
    event = game.state.log[battles[0]]
    inside = inside_before(game, battles[0])
    panel = TowerPanel(odds_trials=200)
    levels = panel.model.params.levels
    before = panel.status.value
    paths = event["throw"]["paths"]
    tray = sum(1 for p in paths if p[4] == "tray")
    lodged = len(inside) + len(paths) - tray

    async def opened():
        panel.show_event(event, animate=True, inside=inside)
        at_start = panel.status.value
        panel.skip()
        return at_start

    at_start = asyncio.run(opened())
    assert at_start != before and f"{len(inside)} cubes are inside the tower; in the tray: 0." in at_start
    assert f"{lodged} cubes are inside the tower; in the tray: {tray}." in panel.status.value
    # the drawing at rest: as many cubes in the tray as the words say, the others on the ledges
    trace = panel.figure.data[0]
    frame = panel._frames[-1]
    assert len(trace.x) == len(frame) == lodged + tray
    assert sum(1 for _cid, _owner, stage in frame if stage == levels + 1) == tray
