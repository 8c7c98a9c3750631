"""Calibration of the tower model: ``python -m shogun_tutor.tower_calibration --out docs``.

Measures the model against its targets (each with a source and a band) and
writes ``docs/tower.md`` (targets, parameters, measured figures, tables) and
interactive plotly figures under ``docs/tower/``:

* ``fill.html`` / ``kozuke.html``: cubes out of the set-up fill and of a 4 + 3 battle;
* ``inside.html``: cubes inside the tower over whole bot games (3, 4, 5 players);
* ``out_per_size.html``: the distribution of cubes out per throw, by cubes thrown;
* ``odds_fresh.html`` / ``odds_midgame.html``: the chance that N attacking armies
  beat M defenders on a freshly filled tower (empty tray) and on typical mid-game towers.

The exit code is 1 when a target is missed. Everything is seeded: the same
command writes the same numbers. The measuring functions are also used by the
tests (``tests/tower``), with fewer runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .rules.odds import battle_odds
from .rules.tower import DEFAULT_PARAMS, Cube, PhysicalTower, ThrowResult, TowerParams, TowerState

FILL_ARMIES_EACH = 7  # rulebook set-up: 7 armies per player ...
FILL_FARMERS = 10  # ... and 10 farmers, thrown in together


# --- measuring ---------------------------------------------------------------------------
def fill_cubes(players: int, first_id: int = 0) -> list[Cube]:
    """The set-up fill: 7 armies of every player and 10 farmers."""
    cubes = [Cube(first_id + i, i % players, "fill") for i in range(FILL_ARMIES_EACH * players)]
    n = len(cubes)
    return cubes + [Cube(first_id + n + i, None, "fill") for i in range(FILL_FARMERS)]


def fresh_tower(players: int, rng: random.Random, params: TowerParams = DEFAULT_PARAMS) -> TowerState:
    """A tower right after the set-up fill; what fell out went back to the supplies (empty tray)."""
    tower = TowerState.empty(params.levels)
    PhysicalTower(params).throw(tower, fill_cubes(players), rng)
    tower.tray = []
    return tower


def fill_outs(players: int, runs: int, seed: int, params: TowerParams = DEFAULT_PARAMS) -> list[int]:
    """Cubes out of the set-up fill into an empty tower, ``runs`` times."""
    rng = random.Random(seed)
    model = PhysicalTower(params)
    return [len(model.throw(TowerState.empty(params.levels), fill_cubes(players), rng).came_out) for _ in range(runs)]


def kozuke_outs(players: int, runs: int, seed: int, tray: int = 0, params: TowerParams = DEFAULT_PARAMS) -> list[int]:
    """Cubes out when 4 + 3 armies (and ``tray`` cubes of a third player) are thrown into a freshly filled tower."""
    rng = random.Random(seed)
    model = PhysicalTower(params)
    outs = []
    for _ in range(runs):
        tower = fresh_tower(players, rng, params)
        tower.tray = [Cube(900 + i, 2, "earlier") for i in range(tray)]
        battle = [Cube(1000 + i, 0, "kozuke") for i in range(4)] + [Cube(1010 + i, 1, "kozuke") for i in range(3)]
        outs.append(len(model.throw(tower, battle, rng).came_out))
    return outs


class RecordingTower(PhysicalTower):
    """The physical tower, noting every throw of a game: the tower before it, cubes in, cubes out, cubes inside after."""

    def __init__(self, params: TowerParams = DEFAULT_PARAMS):
        super().__init__(params)
        self.throws: list[dict] = []

    def throw(self, tower: TowerState, cubes: list[Cube], rng: random.Random) -> ThrowResult:
        before = tower.copy()
        result = super().throw(tower, cubes, rng)
        self.throws.append({"before": before, "thrown": len(result.thrown), "out": len(result.came_out),
                            "inside": tower.lodged_count()})
        return result


@dataclass
class GameThrows:
    players: int
    throws: list[dict]  # the set-up fill first, then every battle and revolt


def bot_games(players: int, games: int, seed: int, params: TowerParams = DEFAULT_PARAMS) -> list[GameThrows]:
    """Whole games of heuristic bots on the physical tower; every throw recorded."""
    from .bots import HeuristicBot, play
    from .rules.game import new_game

    out = []
    for g in range(games):
        model = RecordingTower(params)
        game = new_game(players=players, seed=seed + g, history=False, tower=model)
        play(game, [HeuristicBot(seed * 7 + g * 11 + i) for i in range(players)])
        out.append(GameThrows(players, model.throws))
    return out


def battle_stream(runs: int, battles: int, seed: int, players: int = 4, params: TowerParams = DEFAULT_PARAMS):
    """A synthetic game for the tests: after the fill, ``battles`` throws of 3-10 armies (some with farmers);
    the tray keeps each cube that came out with chance 1/4 (armies of players not in the battle).
    Returns arrays (runs x battles) of cubes thrown, cubes out and cubes inside after."""
    rng = random.Random(seed)
    model = PhysicalTower(params)
    thrown = np.zeros((runs, battles), dtype=int)
    outs = np.zeros_like(thrown)
    inside = np.zeros_like(thrown)
    for r in range(runs):
        tower = fresh_tower(players, rng, params)
        next_id = 10_000
        for b in range(battles):
            a, d, f = rng.randint(2, 6), rng.randint(1, 4), rng.choice([0, 0, 0, 1, 2])
            cubes = [Cube(next_id + i, 0 if i < a else (1 if i < a + d else None), f"b{b}") for i in range(a + d + f)]
            next_id += a + d + f
            res = model.throw(tower, cubes, rng)
            thrown[r, b], outs[r, b], inside[r, b] = len(res.thrown), len(res.came_out), tower.lodged_count()
            tower.tray = [c for c in tower.tray if rng.random() < 0.25]
    return thrown, outs, inside


def odds_grid(towers, max_n: int = 10, trials: int = 50_000, params: TowerParams = DEFAULT_PARAMS) -> np.ndarray:
    """Chance that N attacking armies beat M defenders (no farmers, no unrest), rows N=1.., columns M=1..;
    ``towers``: one tower or a list to average over; the attacker is seat 0, the defender seat 1."""
    grid = np.zeros((max_n, max_n))
    for a in range(1, max_n + 1):
        for d in range(1, max_n + 1):
            grid[a - 1, d - 1] = battle_odds(a, d, tower=towers, trials=trials, seed=a * 100 + d, params=params).win
    return grid


# --- targets ----------------------------------------------------------------------------------
@dataclass
class Target:
    what: str
    source: str
    band: tuple[float, float]
    measured: float
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.band[0] <= self.measured <= self.band[1]


#: the bands the tests hold the model to (tests/tower/test_tower.py uses these)
BANDS = {
    "fill3_mean_out": (6.0, 8.0),
    "fill3_kept_fraction": (0.70, 1.0),
    "kozuke_mean_out": (4.0, 6.0),
    "settled_inside_vs_equilibrium": (0.85, 1.15),
    "settled_out_per_in": (0.9, 1.1),
}


def measure(games: int, seed: int, params: TowerParams = DEFAULT_PARAMS) -> dict:
    """Everything the report shows."""
    r: dict = {"params": params, "n_games": games, "seed": seed}
    r["fill"] = {n: fill_outs(n, 4000, seed + n, params) for n in (3, 4, 5)}
    r["kozuke"] = {(n, t): kozuke_outs(n, 4000, seed + 10 * n + t, t, params) for n in (3, 4, 5) for t in (0, 2)}
    r["games"] = {n: bot_games(n, games, seed + 1000 * n, params) for n in (3, 4, 5)}
    rng = random.Random(seed)
    r["fresh_towers"] = [fresh_tower(4, rng, params) for _ in range(200)]
    mid = []
    for g in r["games"][4]:
        battles = g.throws[1:]
        lo, hi = int(len(battles) * 0.4), int(len(battles) * 0.6)
        mid += [t["before"] for t in battles[lo:hi + 1]]
    r["mid_towers"] = mid
    return r


def targets(r: dict) -> list[Target]:
    p: TowerParams = r["params"]
    f3 = r["fill"][3]
    koz = r["kozuke"][(3, 0)] + r["kozuke"][(4, 0)]
    settled_inside, settled_ratio_in, settled_ratio_out = [], 0, 0
    for n in (3, 4, 5):
        for g in r["games"][n]:
            later = g.throws[1:][20:]  # after the first 20 battles the tower has settled
            settled_inside += [t["inside"] for t in later]
            settled_ratio_in += sum(t["thrown"] for t in later)
            settled_ratio_out += sum(t["out"] for t in later)
    stream = settled_ratio_in / max(1, sum(len(g.throws[1:][20:]) for n in (3, 4, 5) for g in r["games"][n]))
    eq = p.equilibrium(stream)
    return [
        Target("Set-up fill, 3 players: 31 cubes into an empty tower, mean cubes out",
               "Tennō's Court rulebook: 7 came out (2 farmers, 2 + 2 + 1 armies)", BANDS["fill3_mean_out"],
               statistics.mean(f3), f"sd {statistics.pstdev(f3):.1f}; exactly 7 in {100 * f3.count(7) / len(f3):.0f} %, "
               f"5 to 9 in {100 * sum(5 <= o <= 9 for o in f3) / len(f3):.0f} % of fills"),
        Target("A fresh tower keeps most of what it gets: share of the 31 cubes that stays inside",
               "Tennō's Court example: 24 of 31", BANDS["fill3_kept_fraction"], 1 - statistics.mean(f3) / 31),
        Target("Kozuke: 4 + 3 armies into a freshly filled tower (3 or 4 players, tray empty), mean cubes out",
               "base rulebook, Kozuke: 5 came out (3 blue, 1 yellow, 1 farmer)", BANDS["kozuke_mean_out"],
               statistics.mean(koz), f"sd {statistics.pstdev(koz):.1f}; exactly 5 in {100 * koz.count(5) / len(koz):.0f} % of throws"),
        Target(f"The tower settles: cubes inside after the 20th battle, as a share of the equilibrium "
               f"({eq:.1f} for the mean throw of {stream:.1f} cubes)",
               "model property: bounded, neither emptied nor overfilled", BANDS["settled_inside_vs_equilibrium"],
               statistics.mean(settled_inside) / eq,
               f"mean {statistics.mean(settled_inside):.1f} inside, at most {max(settled_inside)} (room for {p.levels * p.capacity})"),
        Target("Settled tower: cubes out per cube thrown in (after the 20th battle)",
               "model property: a settled tower lets out what goes in", BANDS["settled_out_per_in"],
               settled_ratio_out / settled_ratio_in),
    ]


# --- figures and report -----------------------------------------------------------------------------
def _pct(xs, q):
    return float(np.percentile(xs, q))


def write_report(r: dict, out: Path) -> list[Target]:
    import plotly.graph_objects as go

    figs = out / "tower"
    figs.mkdir(parents=True, exist_ok=True)
    p: TowerParams = r["params"]
    ts = targets(r)

    def save(fig, name):
        fig.update_layout(template="plotly_white", font=dict(size=13))
        fig.write_html(figs / name, include_plotlyjs="cdn", full_html=True)

    # target histograms
    for name, data, mark, title in (
        ("fill.html", {f"{n} players ({7 * n + 10} cubes)": r["fill"][n] for n in (3, 4, 5)}, 7,
         "Cubes out of the set-up fill (empty tower); the rulebook example: 7 of 31"),
        ("kozuke.html", {f"{n} players, tray {t}": r["kozuke"][(n, t)] for n in (3, 4, 5) for t in (0, 2)}, 5,
         "Cubes out of a 4 + 3 battle on a freshly filled tower; the rulebook example: 5"),
    ):
        fig = go.Figure()
        for label, xs in data.items():
            vals, counts = np.unique(xs, return_counts=True)
            fig.add_trace(go.Scatter(x=vals, y=counts / len(xs) * 100, mode="lines+markers", name=label))
        fig.add_vline(x=mark, line_dash="dash", annotation_text="rulebook")
        fig.update_layout(title=title, xaxis_title="cubes out", yaxis_title="% of throws")
        save(fig, name)

    # inside over whole games
    fig = go.Figure()
    inside_rows = {}
    for n, colour in zip((3, 4, 5), ("#0072B2", "#E69F00", "#009E73")):
        games = r["games"][n]
        length = int(np.percentile([len(g.throws) for g in games], 25))
        xs = list(range(length))
        cols = [[g.throws[i]["inside"] for g in games if len(g.throws) > i] for i in xs]
        mean = [statistics.mean(c) for c in cols]
        inside_rows[n] = (length - 1, mean, cols)
        fig.add_trace(go.Scatter(x=xs + xs[::-1], y=[_pct(c, 90) for c in cols] + [_pct(c, 10) for c in cols][::-1],
                                 fill="toself", line=dict(width=0), fillcolor=colour, opacity=0.18, showlegend=False, hoverinfo="skip"))
        fig.add_trace(go.Scatter(x=xs, y=mean, name=f"{n} players (mean, 10-90 % band)", line=dict(color=colour)))
    fig.add_hline(y=p.equilibrium(10), line_dash="dot", annotation_text="equilibrium (throws of 10)")
    fig.update_layout(title=f"Cubes inside the tower after each throw (0 = the set-up fill), {r['n_games']} bot games per player count",
                      xaxis_title="throw", yaxis_title="cubes inside")
    save(fig, "inside.html")

    # out per size (battle throws only, all player counts)
    by_size: dict[int, list[int]] = {}
    for n in (3, 4, 5):
        for g in r["games"][n]:
            for t in g.throws[1:]:
                by_size.setdefault(min(t["thrown"], 24), []).append(t["out"])
    sizes = [s for s in sorted(by_size) if len(by_size[s]) >= 30]
    top = max(max(v) for v in by_size.values())
    z = np.array([[by_size[s].count(k) / len(by_size[s]) * 100 for s in sizes] for k in range(top + 1)])
    fig = go.Figure(go.Heatmap(z=z, x=[str(s) for s in sizes], y=list(range(top + 1)), colorscale="Viridis",
                               colorbar=dict(title="% of throws"), hovertemplate="thrown %{x}, out %{y}: %{z:.1f} %<extra></extra>"))
    fig.add_trace(go.Scatter(x=[str(s) for s in sizes], y=[statistics.mean(by_size[s]) for s in sizes], name="mean out",
                             line=dict(color="white")))
    fig.add_trace(go.Scatter(x=[str(s) for s in sizes], y=sizes, name="out = thrown", line=dict(color="white", dash="dot")))
    fig.update_layout(title="Cubes out per throw by cubes thrown (battle + tray), bot games with 3-5 players",
                      xaxis_title="cubes thrown (24 = 24 or more)", yaxis_title="cubes out")
    save(fig, "out_per_size.html")

    # odds
    grids = {"fresh": odds_grid(r["fresh_towers"]), "midgame": odds_grid(r["mid_towers"])}
    for name, grid in grids.items():
        label = {"fresh": "a freshly filled 4-player tower, empty tray", "midgame": "typical mid-game towers (4 players)"}[name]
        fig = go.Figure(go.Heatmap(z=grid * 100, x=list(range(1, 11)), y=list(range(1, 11)), zmin=0, zmax=100, colorscale="Cividis",
                                   text=np.round(grid * 100).astype(int), texttemplate="%{text}",
                                   hovertemplate="%{y} against %{x}: %{z:.1f} % win<extra></extra>"))
        fig.update_layout(title=f"Chance (%) that N attacking armies win against M defenders, on {label}",
                          xaxis_title="defending armies M", yaxis_title="attacking armies N")
        save(fig, f"odds_{name}.html")
    example = {name: battle_odds(4, 3, tower=towers, trials=200_000, seed=1)
               for name, towers in (("fresh", r["fresh_towers"]), ("midgame", r["mid_towers"]))}

    # markdown
    def grid_table(grid):
        head = "| N \\ M | " + " | ".join(str(m) for m in range(1, 11)) + " |\n|---|" + "---:|" * 10 + "\n"
        return head + "".join(f"| **{n}** | " + " | ".join(f"{grid[n - 1, m - 1] * 100:.0f}" for m in range(1, 11)) + " |\n"
                              for n in range(1, 11))

    def dist_row(xs):
        return f"{statistics.mean(xs):.1f} | {statistics.pstdev(xs):.1f} | {_pct(xs, 10):.0f}–{_pct(xs, 90):.0f}"

    fmt = lambda t: f"{t.measured:.2f}" if t.band[1] <= 1.5 else f"{t.measured:.1f}"  # noqa: E731
    mid_inside = statistics.mean(t.lodged_count() for t in r["mid_towers"])
    mid_tray = statistics.mean(len(t.tray) for t in r["mid_towers"])
    md = f"""# The tower model and its calibration

Everything on this page, and the figures in [`docs/tower/`](tower/), comes from one command:

    python -m shogun_tutor.tower_calibration --out docs

({r['n_games']} heuristic-bot games per player count, seed {r['seed']}; the same command writes the
same numbers). It exits with code 1 when a target below is missed; `tests/tower/` holds the
model to the same bands.

## What the model is
`shogun_tutor.rules.tower.PhysicalTower`. A throw pours the new cubes **together with the whole tray**
into the funnel; the stream falls past {p.levels} internal ledges, top first. At each ledge

1. every cube lodged there comes loose with chance 1 − (1 − *knock*)<sup>*n*</sup>, *n* the cubes passing;
2. every passing cube lodges with chance *lodge* × free / *capacity* (a full ledge catches nothing);

cubes knocked loose fall on with the stream. What leaves the last ledge lands in the tray, which
becomes exactly the cubes that came out. Cubes keep their identity (id, owner, origin), so a cube
lodged in the set-up fill and knocked loose in year 3 is shown as such. Randomness comes only
from the `random.Random` the engine passes in (it is part of the saved game).

| parameter | value | meaning |
|---|---:|---|
| `levels` | {p.levels} | internal ledges |
| `capacity` | {p.capacity} | cubes one ledge can hold |
| `lodge` | {p.lodge} | chance that a cube passing an *empty* ledge stays there |
| `knock` | {p.knock} | chance that one passing cube knocks one lodged cube loose |

The balance of lodging and knocking gives an equilibrium (`TowerParams.equilibrium(stream)`): a
ledge holding *k* loses *k*(1 − *s*) cubes per throw of *n* cubes, *s* = (1 − *knock*)<sup>*n*</sup>, and gains
*n* × *lodge* × (*capacity* − *k s*) / *capacity*; it settles where both are equal. For throws of 5, 10
and 20 cubes that is **{p.equilibrium(5):.1f}, {p.equilibrium(10):.1f} and {p.equilibrium(20):.1f} cubes** inside (room for
{p.levels * p.capacity}). Below it a throw leaves more inside than it knocks loose (a fresh tower keeps filling);
at it as many cubes come out as go in, on average.

`battle_odds` (`shogun_tutor.rules.odds`) runs the same model on counts (attacker, defender,
farmers, others) for many trials at once with numpy (exactly the same distribution; a test
compares both), then the verdict rules on arrays (a test compares them with `judge` on every
small input).

## Targets and what the model does
| target | source | band | measured | |
|---|---|---|---|---|
""" + "".join(
        f"| {t.what} | {t.source} | {t.band[0]:g} – {t.band[1]:g} | **{fmt(t)}** {('(' + t.detail + ')') if t.detail else ''} | {'met' if t.ok else '**MISSED**'} |\n"
        for t in ts) + """
Set-up fill by player count (empty tower; figure [`fill.html`](tower/fill.html)):

| players | cubes in | mean out | sd | 10th–90th percentile | kept inside |
|---|---:|---:|---:|---:|---:|
""" + "".join(f"| {n} | {7 * n + 10} | {dist_row(r['fill'][n])} | {7 * n + 10 - statistics.mean(r['fill'][n]):.1f} |\n" for n in (3, 4, 5)) + """
A 4 + 3 battle on a freshly filled tower (figure [`kozuke.html`](tower/kozuke.html)); a tray of 2 means
two cubes of a third player lying in the tray:

| players | tray | mean out | sd | 10th–90th percentile |
|---|---:|---:|---:|---:|
""" + "".join(f"| {n} | {t} | {dist_row(r['kozuke'][(n, t)])} |\n" for n in (3, 4, 5) for t in (0, 2)) + """
## Cubes inside over a game
Figure [`inside.html`](tower/inside.html): mean and 10–90 % band over the bot games, throw 0 being the set-up fill.

| players | battles per game (mean) | after the fill | after 10 battles | after 20 | after the last |
|---|---:|---:|---:|---:|---:|
""" + "".join(
        f"| {n} | {statistics.mean(len(g.throws) - 1 for g in r['games'][n]):.1f} | "
        f"{statistics.mean(g.throws[0]['inside'] for g in r['games'][n]):.1f} | "
        f"{statistics.mean(g.throws[min(10, len(g.throws) - 1)]['inside'] for g in r['games'][n]):.1f} | "
        f"{statistics.mean(g.throws[min(20, len(g.throws) - 1)]['inside'] for g in r['games'][n]):.1f} | "
        f"{statistics.mean(g.throws[-1]['inside'] for g in r['games'][n]):.1f} |\n" for n in (3, 4, 5)) + """
## Cubes out per throw, by cubes thrown (battle + tray)
Battles and revolts of the bot games, all player counts; figure [`out_per_size.html`](tower/out_per_size.html)
shows the whole distribution.

| cubes thrown | throws | mean out | sd | 10th–90th percentile |
|---:|---:|---:|---:|---:|
""" + "".join(f"| {s}{'+' if s == 24 else ''} | {len(by_size[s])} | {dist_row(by_size[s])} |\n" for s in sizes) + f"""
## Odds: chance (%) that N attacking armies beat M defenders
A player battle, no farmers thrown in, no unrest (farmers that fall out fight for the defender).
Attack 4 against 3: **{example['fresh'].win * 100:.0f} % win, {example['fresh'].draw * 100:.0f} % draw** on a fresh tower,
**{example['midgame'].win * 100:.0f} % win, {example['midgame'].draw * 100:.0f} % draw** on a mid-game tower.

On a freshly filled 4-player tower with an empty tray (averaged over {len(r['fresh_towers'])} fills; figure
[`odds_fresh.html`](tower/odds_fresh.html)):

{grid_table(grids['fresh'])}
On typical mid-game towers: the towers just before the battles in the middle fifth of the
4-player bot games ({len(r['mid_towers'])} towers, {mid_inside:.1f} cubes inside and {mid_tray:.1f} in the tray on average;
figure [`odds_midgame.html`](tower/odds_midgame.html)). Older cubes of both sides can fall out now:

{grid_table(grids['midgame'])}
Each cell: 50,000 simulated throws shared out over the towers.
"""
    (out / "tower.md").write_text(md, encoding="utf-8")
    return ts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs", help="folder for tower.md; the figures go to <out>/tower/")
    ap.add_argument("--games", type=int, default=200, help="bot games per player count (3, 4, 5)")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    out = Path(args.out)
    results = measure(args.games, args.seed)
    ts = write_report(results, out)
    for t in ts:
        print(f"{'ok    ' if t.ok else 'MISSED'} {t.what}: {t.measured:.2f} (band {t.band[0]:g}-{t.band[1]:g})")
    print(f"wrote {out / 'tower.md'} and {out / 'tower'}/*.html")
    return 0 if all(t.ok for t in ts) else 1


if __name__ == "__main__":
    sys.exit(main())
