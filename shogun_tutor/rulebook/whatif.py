"""What-ifs on a copy of a position: move a castle and see the regions' scoring recomputed.

The learner picks a castle and a province to move it to; the game's state is not
touched: the owners and buildings are copied, the castle is moved in the copy, and
the engine's own scoring (:func:`shogun_tutor.rules.scoring.score`) is run on the
position before and after. :class:`CastleMove` gives what the rulebook panel shows:
for every region the move touches, each player's castles and castle-majority
points (ties score one less), and each player's winter total.

>>> from shogun_tutor.rulebook.scenario import load_scenario
>>> cm = CastleMove(load_scenario("castle-majority").build().state)
>>> cm.castles()
['Hida', 'Omi', 'Owari']
>>> cm.scoring()["red"]["castle"]
{'counts': [1, 1, 0, 1], 'winners': [0, 1, 3], 'points': 2, 'tie': True}
>>> r = cm.move("Owari", "Mino")  # blue's castle into red's Mino: red holds 2, the majority alone
>>> r.after["red"]["castle"]["winners"], r.after["red"]["castle"]["points"], r.totals_before[0], r.totals_after[0]
([0], 3, 6, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import province_graph
from ..rules.scoring import score

BUILDING = "castle"


class MoveError(ValueError):
    """A castle that cannot be moved there (no castle, no free slot, a castle already, not in play)."""


@dataclass(frozen=True)
class MoveResult:
    source: str
    target: str
    regions: tuple[str, ...]  # the regions the move touches (source's first)
    before: dict  # scoring's region table before the move: {region: {type: {counts, winners, points, tie}}}
    after: dict
    totals_before: list[int]  # each seat's winter total
    totals_after: list[int]


class CastleMove:
    """A castle-moving what-if on a copy of ``state`` (the state itself never changes)."""

    def __init__(self, state):
        self.num_players = state.num_players
        self.graph = province_graph(state.side, state.num_players)
        self.owners = {name: pv.owner for name, pv in state.provinces.items() if name in self.graph}
        self.buildings = {name: list(pv.buildings) for name, pv in state.provinces.items() if name in self.graph}
        self.regions = {name: self.graph.nodes[name]["region"] for name in self.graph}

    def castles(self) -> list[str]:
        """Provinces with a castle that belongs to a player (a castle to move)."""
        return sorted(n for n, b in self.buildings.items() if BUILDING in b and self.owners[n] is not None)

    def problem(self, source: str, target: str) -> str | None:
        """Why the castle of ``source`` cannot stand in ``target`` (None: it can)."""
        if source not in self.buildings or BUILDING not in self.buildings[source]:
            return f"{source} has no castle"
        if target not in self.buildings:
            return f"{target} is not in play"
        if target == source or BUILDING in self.buildings[target]:
            return f"{target} has a castle already"
        if len(self.buildings[target]) >= self.graph.nodes[target]["building_slots"]:
            return f"{target} has no free building slot"
        if self.owners[target] is None:
            return f"{target} belongs to nobody"
        return None

    def targets(self, source: str) -> list[str]:
        """Provinces of a player where the castle of ``source`` could stand."""
        return sorted(t for t in self.buildings if self.problem(source, t) is None)

    def scoring(self) -> dict:
        """The regions' scoring of the position as it is."""
        return self._score(self.buildings)["regions"]

    def _score(self, buildings: dict) -> dict:
        return score(self.owners, buildings, self.regions, self.num_players)

    def move(self, source: str, target: str) -> MoveResult:
        why = self.problem(source, target)
        if why:
            raise MoveError(why)
        after = {n: list(b) for n, b in self.buildings.items()}  # the copy
        after[source].remove(BUILDING)
        after[target].append(BUILDING)
        s0, s1 = self._score(self.buildings), self._score(after)
        regions = tuple(dict.fromkeys((self.regions[source], self.regions[target])))
        return MoveResult(source, target, regions, s0["regions"], s1["regions"],
                          [p["total"] for p in s0["players"]], [p["total"] for p in s1["players"]])
