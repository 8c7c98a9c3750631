"""The tower's frames (issue 23): in every frame of a throw no two cubes are drawn on one another, each cube lies
inside the frame drawn for its stage, and on a phone the letters stay readable in all but crowded frames."""

from __future__ import annotations

import random

import pytest

from shogun_tutor.rules.battle_setup import fill_setup
from shogun_tutor.rules.combat import throw_record
from shogun_tutor.rules.tower import Cube, PhysicalTower, TowerState
from shogun_tutor.viz.tower import CUBE, cube_trace_values, stage_box, throw_stages, tower_sizes


def _frames(seed: int, throws: int = 6, with_count: bool = False):
    """The frames of a few throws into a tower filled as at a 4-player game's start, each with the cubes lying
    still in the tower (as the tower tab draws them), from small battles to the sliders' largest."""
    rng, model = random.Random(seed), PhysicalTower()
    levels = model.params.levels
    tower, next_id = TowerState.empty(levels), 0
    fill = [Cube(next_id + i, owner, "fill") for i, owner in enumerate(o for o, n in fill_setup(4).groups for _ in range(n))]
    next_id += len(fill)
    model.throw(tower, fill, rng)
    tower.tray = []
    for _ in range(throws):
        n = rng.choice([rng.randint(1, 10), rng.randint(11, 36)])  # a small battle or a large one
        cubes = [Cube(next_id + i, rng.choice([0, 1, None]), "demo") for i in range(n)]
        next_id += n
        before = {c.id for level in tower.levels for c in level}
        result = model.throw(tower, cubes, rng)
        moved = {p.cube.id for p in result.paths}
        still = [(c.id, c.owner, li + 1) for li, level in enumerate(tower.levels) for c in level
                 if c.id in before and c.id not in moved]
        for frame in throw_stages(throw_record(result), levels):
            yield (list(still) + frame, levels, n) if with_count else (list(still) + frame, levels)
        tower.tray = []


def _boxes(cubes, levels):
    v = cube_trace_values(cubes, levels)
    return [(x - CUBE * s / 2, x + CUBE * s / 2, y - CUBE * s / 2, y + CUBE * s / 2)
            for x, y, s in zip(v["x"], v["y"], v["scale"])], v


@pytest.mark.parametrize("seed", range(40))
def test_no_two_cubes_of_any_frame_overlap(seed):
    for cubes, levels in _frames(seed):
        boxes, v = _boxes(cubes, levels)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], (seed, a, b)
        for (x0, x1, y0, y1), (_id, _owner, stage) in zip(boxes, cubes):
            bx0, bx1, by0, by1 = stage_box(stage, levels)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            assert bx0 - 1e-9 <= cx <= bx1 + 1e-9 and by0 - 1e-9 <= cy <= by1 + 1e-9, (seed, stage, cx, cy)


def test_a_phones_letters_are_at_least_12_px_in_a_small_battle():
    """At 390 px a cube's letter is 14 px; in the throws of a battle of up to 10 cubes (the demo's 4 against 3 and
    its farmers) no letter is under 12 px; the largest throws draw crowded levels smaller, never under 6 px."""
    phone = tower_sizes(358)
    assert phone["cube_text"] >= 12
    smallest_small, smallest = [], []
    for seed in range(40):
        for cubes, levels, thrown in _frames(seed, with_count=True):
            least = phone["cube_text"] * min(cube_trace_values(cubes, levels)["scale"])
            (smallest_small if thrown <= 10 else smallest).append(least)
    assert smallest_small and min(smallest_small) >= 12, sorted(smallest_small)[:5]
    assert min(smallest) >= 6
