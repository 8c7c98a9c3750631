"""Calibration of the tower model: ``python -m shogun_tutor.tower_calibration --out docs``.

Writes ``docs/tower.md`` (targets, parameters, measured figures as tables) and
interactive plotly figures under ``docs/tower/``: cubes inside the tower over a
game, cubes out per battle size, and the chance that N attacking armies beat M
defenders on an empty tower and on a typical mid-game tower.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from pathlib import Path

import numpy as np
import plotly.graph_objects as go

from .rules.bots import HeuristicBot
from .rules.game import new_game
from .rules.odds import battle_odds
from .rules.tower import DEFAULT_PARAMS, Cube, PhysicalTower, TowerState


def first_fill(players: int, runs: int, seed: int) -> tuple[float, float, float]:
    rng = random.Random(seed)
    outs = []
    for _ in range(runs):
        cubes = [Cube(i, i % players, "fill") for i in range(7 * players)] + [Cube(100 + i, None, "fill") for i in range(10)]
        outs.append(len(PhysicalTower().throw(TowerState.empty(), cubes, rng).came_out))
    return statistics.mean(outs), statistics.pstdev(outs), statistics.mean(o <= 7 for o in outs)


def game_throws(games: int, seed: int):
    """Play heuristic-bot games; for every throw: (battle index, cubes thrown incl. tray, cubes out, cubes inside)."""
    rows = []
    mid_tower = None
    for g in range(games):
        game = new_game(players=4, seed=seed + g, history=False)
        bots = [HeuristicBot(seed + g + i) for i in range(4)]
        index = 0
        while not game.over:
            n = len(game.state.log)
            game.apply(bots[game.to_decide()[1]].decide(game))
            for ev in game.state.log[n:]:
                if ev["rule"] in ("battle.result", "battle.revolt"):
                    thrown = sum(ev["thrown"].values())
                    out = sum(ev["came_out"].values())
                    rows.append((index, thrown, out, None))
                    index += 1
            if rows and rows[-1][3] is None:
                rows[-1] = rows[-1][:3] + (game.state.tower.lodged_count(),)
            if mid_tower is None and game.state.season == "autumn" and g == 0:
                mid_tower = TowerState.from_dict(game.state.tower.to_dict())
    return [r for r in rows if r[3] is not None], mid_tower


def odds_grid(tower, max_n: int = 10, trials: int = 20_000):
    grid = np.zeros((max_n, max_n))
    for a in range(1, max_n + 1):
        for d in range(1, max_n + 1):
            grid[a - 1, d - 1] = battle_odds(a, d, tower=tower, trials=trials, seed=a * 100 + d,
                                             attacker_seat=0, defender_seat=1).win
    return grid


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs", help="folder for tower.md and tower/*.html")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    out = Path(args.out)
    (out / "tower").mkdir(parents=True, exist_ok=True)
    p = DEFAULT_PARAMS

    fills = {n: first_fill(n, 4000, args.seed + n) for n in (3, 4, 5)}
    rows, mid_tower = game_throws(args.games, args.seed)
    by_index = defaultdict(list)
    by_size = defaultdict(list)
    for idx, thrown, o, inside in rows:
        by_index[idx].append(inside)
        by_size[min(thrown, 20)].append(o)
    empty = odds_grid(None)
    mid = odds_grid(mid_tower)
    mid_inside = mid_tower.lodged_count() if mid_tower else 0

    # figures
    xs = sorted(i for i in by_index if len(by_index[i]) >= 10)
    fig = go.Figure([go.Scatter(x=xs, y=[statistics.mean(by_index[i]) for i in xs], name="mean"),
                     go.Scatter(x=xs, y=[np.percentile(by_index[i], 10) for i in xs], name="10th percentile", line=dict(dash="dot")),
                     go.Scatter(x=xs, y=[np.percentile(by_index[i], 90) for i in xs], name="90th percentile", line=dict(dash="dot"))])
    fig.update_layout(title="Cubes inside the tower after each throw of a 4-player game", xaxis_title="throw", yaxis_title="cubes inside")
    fig.write_html(out / "tower" / "inside.html", include_plotlyjs="cdn")
    sizes = sorted(by_size)
    fig = go.Figure([go.Box(y=by_size[s], name=str(s)) for s in sizes])
    fig.update_layout(title="Cubes out per throw, by cubes thrown (battle + tray)", xaxis_title="cubes thrown", yaxis_title="cubes out")
    fig.write_html(out / "tower" / "out_per_size.html", include_plotlyjs="cdn")
    for name, grid in (("empty", empty), ("midgame", mid)):
        fig = go.Figure(go.Heatmap(z=grid, x=list(range(1, 11)), y=list(range(1, 11)), zmin=0, zmax=1, colorscale="Viridis",
                                   text=np.round(grid * 100).astype(int), texttemplate="%{text}"))
        fig.update_layout(title=f"Chance that the attacker wins (%), {name} tower", xaxis_title="defending armies M", yaxis_title="attacking armies N")
        fig.write_html(out / "tower" / f"odds_{name}.html", include_plotlyjs="cdn")

    def table(grid):
        head = "| N \\ M | " + " | ".join(str(m) for m in range(1, 11)) + " |\n|---|" + "---|" * 10 + "\n"
        return head + "".join(f"| {n} | " + " | ".join(f"{grid[n-1, m-1]*100:.0f}" for m in range(1, 11)) + " |\n" for n in range(1, 11))

    md = f"""# The tower model and its calibration

Regenerate everything on this page with `python -m shogun_tutor.tower_calibration --out docs`
({args.games} heuristic-bot games, seed {args.seed}). Interactive figures: `docs/tower/*.html`.

## The model
A throw pours the new cubes together with the whole tray into the funnel. The stream falls through
{p.levels} levels. At each level every lodged cube is knocked loose with probability 1 − (1 − knock)^stream,
then every passing cube lodges with probability lodge × free / capacity (at most `free` of them);
knocked cubes fall on with the stream. What leaves the last level lands in the tray.

| parameter | value | meaning |
|---|---|---|
| levels | {p.levels} | internal ledges |
| capacity | {p.capacity} | cubes one ledge can hold |
| lodge | {p.lodge} | chance that a cube passing an empty ledge stays |
| knock | {p.knock} | chance that one passing cube knocks one lodged cube loose |

## Targets and what the model does
| target (source) | measured |
|---|---|
| First fill, 3 players: 31 cubes in, 7 out (Tennō's Court rulebook example) | {fills[3][0]:.1f} ± {fills[3][1]:.1f} out; 7 or fewer in {fills[3][2]*100:.0f} % of fills |
| First fill, 4 players (38 cubes) | {fills[4][0]:.1f} ± {fills[4][1]:.1f} out |
| First fill, 5 players (45 cubes) | {fills[5][0]:.1f} ± {fills[5][1]:.1f} out |
| A fresh tower keeps most of what it gets | {100 - fills[3][0] / 31 * 100:.0f} % of the first fill stays inside |
| Kozuke: 4 + 3 armies with the tray, 5 cubes out (base rulebook) | mid-game throws of 7–9 cubes: {statistics.mean([o for s in (7, 8, 9) for o in by_size.get(s, [])] or [0]):.1f} out on average |
| The tower neither empties nor overfills over a game | inside after the last throws: {statistics.mean([r[3] for r in rows if r[0] >= max(xs) - 5] or [0]):.1f} (capacity {p.levels * p.capacity}) |

Tests (`tests/tower/test_tower.py`) hold the model to these bands: first fill of 31 cubes, mean 5 to 9.5 out;
a 7-cube battle on a game-worn tower, mean 5 to 11 out; no cube is ever created or lost; a fixed seed repeats a throw.

## Cubes out per throw
| cubes thrown (battle + tray) | throws | mean out | 10th–90th percentile |
|---|---|---|---|
""" + "".join(
        f"| {s}{'+' if s == 20 else ''} | {len(by_size[s])} | {statistics.mean(by_size[s]):.1f} | {np.percentile(by_size[s], 10):.0f}–{np.percentile(by_size[s], 90):.0f} |\n"
        for s in sizes if len(by_size[s]) >= 20
    ) + f"""
## Chance (%) that N attacking armies beat M defenders, no farmers
On an empty tower (so nothing older can fall out):

{table(empty)}
On a mid-game tower ({mid_inside} cubes inside, taken from the first calibration game in autumn of year 1):

{table(mid)}"""
    (out / "tower.md").write_text(md, encoding="utf-8")
    print(f"wrote {out / 'tower.md'} and {out / 'tower'}/*.html")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
