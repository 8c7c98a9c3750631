"""Winter scoring as a pure function of who holds what, with the full breakdown.

1 point per province, 1 per building, and per region the majority of each
building type: castle 3, temple 2, theater 1; tied players each score one
less; nobody scores a type in a region where he has none of it.

>>> s = score({"Aki": 0, "Bingo": 1, "Iwami": 2},
...           {"Aki": ["castle", "temple"], "Bingo": ["castle"], "Iwami": []},
...           {"Aki": "green", "Bingo": "green", "Iwami": "green"}, 3)
>>> [p["total"] for p in s["players"]]
[7, 4, 1]
>>> s["regions"]["green"]["castle"]
{'counts': [1, 1, 0], 'winners': [0, 1], 'points': 2, 'tie': True}
"""

from __future__ import annotations

from typing import Mapping

from ..data import BUILDINGS, COMPONENTS


def score(
    owners: Mapping[str, int | None],
    buildings: Mapping[str, list[str]],
    regions: Mapping[str, str],
    num_players: int,
) -> dict:
    """The scoring of one winter.

    Returns ``{"players": [{"seat", "provinces", "buildings", "majorities": {region: {type: pts}},
    "majority_points", "total"}], "regions": {region: {type: {"counts", "winners", "points", "tie"}}}}``.
    """
    sc = COMPONENTS.scoring
    players = [
        {"seat": s, "provinces": 0, "buildings": 0, "majorities": {}, "majority_points": 0, "total": 0}
        for s in range(num_players)
    ]
    counts: dict[str, dict[str, list[int]]] = {}
    for name, owner in owners.items():
        if owner is None:
            continue
        players[owner]["provinces"] += sc.per_province
        players[owner]["buildings"] += sc.per_building * len(buildings.get(name, []))
        region = regions[name]
        per_type = counts.setdefault(region, {b: [0] * num_players for b in BUILDINGS})
        for b in buildings.get(name, []):
            per_type[b][owner] += 1
    region_table: dict[str, dict] = {}
    for region in sorted(set(regions.values())):
        per_type = counts.get(region, {b: [0] * num_players for b in BUILDINGS})
        region_table[region] = {}
        for b in BUILDINGS:
            c = per_type[b]
            top = max(c)
            winners = [s for s, n in enumerate(c) if n == top] if top > 0 else []
            tie = len(winners) > 1
            points = sc.region_majority[b] - (sc.tie_penalty if tie else 0) if winners else 0
            points = max(points, 0)
            region_table[region][b] = {"counts": list(c), "winners": winners, "points": points, "tie": tie}
            for s in winners:
                if points:
                    players[s]["majorities"].setdefault(region, {})[b] = points
                    players[s]["majority_points"] += points
    for p in players:
        p["total"] = p["provinces"] + p["buildings"] + p["majority_points"]
    return {"players": players, "regions": region_table}


def winners(points: list[int], chests: list[int]) -> list[int]:
    """Seats that win: most points, a tie broken by most chests (still tied: all of them win).

    >>> winners([30, 31, 31], [5, 2, 9])
    [2]
    """
    best = max(points)
    tied = [s for s, p in enumerate(points) if p == best]
    most = max(chests[s] for s in tied)
    return [s for s in tied if chests[s] == most]
