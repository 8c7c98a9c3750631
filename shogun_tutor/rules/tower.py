"""The cube tower: a stochastic model of the physical tower, with state that lasts all game.

The tower has a funnel, a few internal levels (ledges) and a tray. A throw pours
the new cubes *together with everything in the tray* into the funnel; the
stream falls level by level. At each level

1. every cube already lodged there is knocked loose with probability
   ``1 - (1 - knock) ** len(stream)`` (the more cubes pass, the likelier), and
2. every passing cube lodges with probability ``lodge * free / capacity``
   (a full ledge catches nothing), at most ``free`` of them;

knocked cubes join the stream below. What leaves the last level lands in the
tray. Cubes keep their identity (``Cube.id``, ``owner``, ``origin``), so the UI
can show which cube came from which earlier battle.

The model works per level on the whole stream, so its vectorised twin
(:mod:`shogun_tutor.rules.odds`) has *exactly* the same distribution.
Calibration targets and measured figures: ``docs/tower.md``; the named
parameters: :class:`TowerParams`.

Every model has ``throw(tower, cubes, rng) -> ThrowResult`` and ``to_dict()``:
:class:`PhysicalTower` (the calibrated one) and :class:`ScriptedTower` (you say
what comes out: tests and lessons). Randomness comes only from the ``rng``
passed in, so a seeded throw repeats exactly.

>>> import random
>>> tower = TowerState.empty()
>>> cubes = [Cube(i, i % 3 if i < 21 else None, "fill") for i in range(31)]
>>> result = PhysicalTower().throw(tower, cubes, random.Random(1))
>>> len(result.came_out) + tower.lodged_count() == 31
True
>>> tower.tray == result.came_out
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "Cube",
    "TowerState",
    "TowerParams",
    "PhysicalTower",
    "ScriptedTower",
    "ThrowResult",
    "CubePath",
    "TowerModel",
    "tower_model_to_dict",
    "tower_model_from_dict",
    "DEFAULT_PARAMS",
]


@dataclass
class Cube:
    """One cube: ``owner`` is a player's seat, ``None`` a farmer; ``origin`` names its first throw."""

    id: int
    owner: int | None
    origin: str

    def to_list(self) -> list:
        return [self.id, self.owner, self.origin]

    @staticmethod
    def from_list(raw: Any) -> "Cube":
        if not (isinstance(raw, list) and len(raw) == 3):
            raise ValueError(f"a cube is [id, owner, origin], got {raw!r}")
        cid, owner, origin = raw
        if isinstance(cid, bool) or not isinstance(cid, int) or cid < 0:
            raise ValueError(f"cube id must be a whole number >= 0, got {cid!r}")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < 5):
            raise ValueError(f"cube owner must be a seat 0-4 or null (farmer), got {owner!r}")
        if not isinstance(origin, str):
            raise ValueError(f"cube origin must be text, got {origin!r}")
        return Cube(cid, owner, origin)


@dataclass
class TowerState:
    """Cubes lodged on each level (top first) and the cubes in the tray."""

    levels: list[list[Cube]]
    tray: list[Cube] = field(default_factory=list)

    @staticmethod
    def empty(n_levels: int = 3) -> "TowerState":
        """A tower with nothing inside and an empty tray (3 levels, as the default model)."""
        if isinstance(n_levels, bool) or not isinstance(n_levels, int) or not 1 <= n_levels <= 6:
            raise ValueError(f"a tower has 1 to 6 levels, got {n_levels!r}")
        return TowerState([[] for _ in range(n_levels)], [])

    def copy(self) -> "TowerState":
        """A copy with its own lists (cubes are shared: they are never changed in place)."""
        return TowerState([list(level) for level in self.levels], list(self.tray))

    def lodged_count(self) -> int:
        return sum(len(level) for level in self.levels)

    def all_cubes(self) -> list[Cube]:
        return [c for level in self.levels for c in level] + list(self.tray)

    def count_owner(self, owner: int | None) -> int:
        return sum(1 for c in self.all_cubes() if c.owner == owner)

    def to_dict(self) -> dict:
        return {"levels": [[c.to_list() for c in level] for level in self.levels], "tray": [c.to_list() for c in self.tray]}

    @staticmethod
    def from_dict(raw: Any) -> "TowerState":
        if not isinstance(raw, dict) or not isinstance(raw.get("levels"), list) or not isinstance(raw.get("tray"), list):
            raise ValueError("a tower is {'levels': [[cube...]...], 'tray': [cube...]}")
        if not 1 <= len(raw["levels"]) <= 6:
            raise ValueError(f"a tower has 1 to 6 levels, got {len(raw['levels'])}")
        levels = []
        for level in raw["levels"]:
            if not isinstance(level, list):
                raise ValueError(f"a tower level must be a list of cubes, got {level!r}")
            levels.append([Cube.from_list(c) for c in level])
        state = TowerState(levels, [Cube.from_list(c) for c in raw["tray"]])
        ids = [c.id for c in state.all_cubes()]
        if len(ids) != len(set(ids)):
            raise ValueError("the same cube id appears twice in the tower")
        return state


@dataclass(frozen=True)
class CubePath:
    """Where one cube went in a throw: ``start`` is 'funnel' or the level it was lodged on,
    ``end`` is 'tray' or the level it stopped on; ``knocked`` if it was knocked loose."""

    cube: Cube
    start: str | int
    end: str | int
    knocked: bool


@dataclass
class ThrowResult:
    thrown: list[Cube]  # new cubes and the tray, as they went into the funnel
    came_out: list[Cube]  # everything that fell into the tray (the whole tray now)
    lodged: list[Cube]  # cubes of the funnel that stayed inside
    knocked_loose: list[Cube]  # cubes that were inside before and came loose
    paths: list[CubePath]

    def out_by_owner(self) -> dict[int | None, int]:
        out: dict[int | None, int] = {}
        for c in self.came_out:
            out[c.owner] = out.get(c.owner, 0) + 1
        return out


class TowerModel(Protocol):
    """What the rules engine needs of a tower model."""

    kind: str

    def throw(self, tower: TowerState, cubes: list[Cube], rng: random.Random) -> ThrowResult: ...

    def to_dict(self) -> dict: ...


@dataclass(frozen=True)
class TowerParams:
    """Named parameters of the physical model; their calibration is in ``docs/tower.md``.

    ``levels``: internal ledges the stream falls past (top first).
    ``capacity``: cubes one ledge can hold; a full ledge catches nothing.
    ``lodge``: chance that a cube passing an *empty* ledge stays there (the
    chance falls in proportion to the ledge's free room).
    ``knock``: chance that *one* passing cube knocks *one* lodged cube loose;
    a cube on a ledge passed by ``n`` cubes comes loose with ``1 - (1 - knock) ** n``.

    What the defaults reproduce (measured by ``python -m shogun_tutor.tower_calibration``):
    the set-up fill of 31 cubes into an empty tower lets about 7 out (Tennō's Court
    example); a 4 + 3 battle thrown into a freshly filled tower lets about 5 out
    (Kozuke example); over a game the tower fills up to its equilibrium
    (:meth:`equilibrium`, about 35 cubes), where on average as many cubes come out as go in.
    """

    levels: int = 3
    capacity: int = 18
    lodge: float = 0.39
    knock: float = 0.016

    def __post_init__(self):
        if not (isinstance(self.levels, int) and not isinstance(self.levels, bool) and 1 <= self.levels <= 6):
            raise ValueError(f"levels must be 1 to 6, got {self.levels!r}")
        if not (isinstance(self.capacity, int) and not isinstance(self.capacity, bool) and 1 <= self.capacity <= 100):
            raise ValueError(f"capacity must be a whole number from 1 to 100, got {self.capacity!r}")
        for name in ("lodge", "knock"):
            v = getattr(self, name)
            if isinstance(v, bool) or not (isinstance(v, (int, float)) and 0.0 <= v <= 1.0):
                raise ValueError(f"{name} must be a probability from 0 to 1, got {v!r}")

    def equilibrium(self, stream: float = 10) -> float:
        """Cubes inside a settled tower, when every throw pours ``stream`` cubes into the funnel.

        A ledge holding ``k`` loses ``k * (1 - s)`` cubes per throw (``s = (1 - knock) ** stream``)
        and gains ``stream * lodge * (capacity - k * s) / capacity`` (cubes knocked loose free
        their room before the stream lodges), so it settles where both are equal.

        >>> round(TowerParams().equilibrium(10), 1)
        35.1
        """
        n, c, p = float(stream), self.capacity, self.lodge
        if n <= 0 or p == 0:
            return 0.0
        s = (1.0 - self.knock) ** n
        per_level = n * p * c / (c * (1.0 - s) + n * p * s)
        return self.levels * min(per_level, c)

    def to_dict(self) -> dict:
        return {"levels": self.levels, "capacity": self.capacity, "lodge": self.lodge, "knock": self.knock}


DEFAULT_PARAMS = TowerParams()


def _tower_check(tower: TowerState, n_levels: int) -> None:
    if len(tower.levels) != n_levels:
        raise ValueError(f"this tower model has {n_levels} levels, the tower state has {len(tower.levels)}")


class PhysicalTower:
    """The calibrated stochastic tower (the default); parameters in :class:`TowerParams`.

    A throw costs a few tens of microseconds (the engine throws 60-100 times a game).
    """

    kind = "physical"

    def __init__(self, params: TowerParams = DEFAULT_PARAMS):
        self.params = params

    def throw(self, tower: TowerState, cubes: list[Cube], rng: random.Random) -> ThrowResult:
        p = self.params
        _tower_check(tower, p.levels)
        stream = list(cubes) + tower.tray
        rng.shuffle(stream)
        thrown = list(stream)
        start: dict[int, str | int] = {c.id: "funnel" for c in stream}
        end: dict[int, str | int] = {}
        knocked_ids: set[int] = set()
        lodged_new: list[Cube] = []
        for li, level in enumerate(tower.levels):
            n = len(stream)
            if n == 0:
                break
            # 1. lodged cubes knocked loose by the passing stream
            if level and p.knock > 0:
                q = 1.0 - (1.0 - p.knock) ** n
                stay, loose = [], []
                for c in level:
                    (loose if rng.random() < q else stay).append(c)
                level[:] = stay
                for c in loose:
                    start.setdefault(c.id, li)
                    knocked_ids.add(c.id)
            else:
                loose = []
            # 2. passing cubes lodge, while there is room
            free = p.capacity - len(level)
            if free > 0 and p.lodge > 0:
                chance = p.lodge * free / p.capacity
                catch = sum(1 for _ in range(n) if rng.random() < chance)
                catch = min(catch, free)
                if catch:
                    picks = set(rng.sample(range(n), catch))
                    kept = [c for i, c in enumerate(stream) if i in picks]
                    stream = [c for i, c in enumerate(stream) if i not in picks]
                    level.extend(kept)
                    for c in kept:
                        end[c.id] = li
            stream = stream + loose
        for c in stream:
            end[c.id] = "tray"
        tower.tray = stream
        for c in thrown:
            if end.get(c.id, "tray") != "tray":
                lodged_new.append(c)
        knocked = [c for c in stream if c.id in knocked_ids] + [
            c for level in tower.levels for c in level if c.id in knocked_ids
        ]
        paths = [CubePath(c, start.get(c.id, "funnel"), end.get(c.id, "tray"), c.id in knocked_ids) for c in thrown]
        thrown_ids = {c.id for c in thrown}
        paths += [CubePath(c, start[c.id], end.get(c.id, "tray"), True) for c in knocked if c.id not in thrown_ids]
        return ThrowResult(thrown, list(stream), lodged_new, knocked, paths)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "params": self.params.to_dict()}


class ScriptedTower:
    """A deterministic tower for tests and lessons: each throw lets out exactly what the script says.

    ``script`` is a queue of ``{owner: count}`` (owner a seat 0-4, or ``None`` /
    ``"farmer"`` for farmers), one entry per throw. Cubes are taken first from
    the funnel (new cubes, then the tray, in order), then from the lowest level
    upwards (those are "knocked loose"); everything else of the funnel lodges on
    the top level. A count larger than the cubes of that owner in the tower lets
    out all there are. An exhausted script lets the whole funnel out and knocks
    nothing loose. The ``rng`` is not used.

    >>> t = TowerState.empty()
    >>> s = ScriptedTower([{0: 3, 1: 1, None: 1}])
    >>> r = s.throw(t, [Cube(i, 0, "x") for i in range(4)] + [Cube(i, 1, "x") for i in range(4, 7)], random.Random(0))
    >>> r.out_by_owner()  # no farmer was there to come out
    {0: 3, 1: 1}
    >>> t.lodged_count()
    3
    """

    kind = "scripted"

    def __init__(self, script: list[dict] | None = None, levels: int = 3):
        if isinstance(levels, bool) or not isinstance(levels, int) or not 1 <= levels <= 6:
            raise ValueError(f"levels must be 1 to 6, got {levels!r}")
        self.levels = levels
        self.script = [self._norm(s) for s in (script or [])]

    @staticmethod
    def _norm(step: dict) -> dict[int | None, int]:
        if not isinstance(step, dict):
            raise ValueError(f"a scripted throw is {{owner: count}}, got {step!r}")
        out: dict[int | None, int] = {}
        for k, v in step.items():
            if k in (None, "farmer", "farmers", "null", "None"):
                owner = None
            else:
                try:
                    owner = int(k)
                except (TypeError, ValueError):
                    raise ValueError(f"scripted owner must be a seat 0-4 or 'farmer', got {k!r}") from None
                if isinstance(k, bool) or not 0 <= owner < 5:
                    raise ValueError(f"scripted owner must be a seat 0-4 or 'farmer', got {k!r}")
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"scripted count must be a whole number >= 0, got {v!r}")
            out[owner] = v
        return out

    def throw(self, tower: TowerState, cubes: list[Cube], rng: random.Random) -> ThrowResult:
        _tower_check(tower, self.levels)
        funnel = list(cubes) + tower.tray
        want = dict(self.script.pop(0)) if self.script else None
        out: list[Cube] = []
        stay: list[Cube] = []
        knocked: list[tuple[int, Cube]] = []
        if want is None:
            out = funnel
        else:
            for c in funnel:
                if want.get(c.owner, 0) > 0:
                    want[c.owner] -= 1
                    out.append(c)
                else:
                    stay.append(c)
            for li in range(len(tower.levels) - 1, -1, -1):
                remain = []
                for c in tower.levels[li]:
                    if want.get(c.owner, 0) > 0:
                        want[c.owner] -= 1
                        knocked.append((li, c))
                    else:
                        remain.append(c)
                tower.levels[li] = remain
            tower.levels[0].extend(stay)
        loose = [c for _li, c in knocked]
        came_out = out + loose
        tower.tray = list(came_out)
        out_ids = {c.id for c in out}
        paths = [CubePath(c, "funnel", "tray" if c.id in out_ids else 0, False) for c in funnel]
        paths += [CubePath(c, li, "tray", True) for li, c in knocked]
        return ThrowResult(funnel, came_out, stay, loose, paths)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "levels": self.levels,
            "script": [{("farmer" if k is None else str(k)): v for k, v in s.items()} for s in self.script],
        }


def tower_model_to_dict(model: TowerModel) -> dict:
    return model.to_dict()  # type: ignore[attr-defined]


def tower_model_from_dict(raw: Any) -> TowerModel:
    if not isinstance(raw, dict) or raw.get("kind") not in ("physical", "scripted"):
        raise ValueError(f"unknown tower model {raw!r}; expected kind 'physical' or 'scripted'")
    if raw["kind"] == "physical":
        params = raw.get("params", {})
        if not isinstance(params, dict) or set(params) - {"levels", "capacity", "lodge", "knock"}:
            raise ValueError(f"bad tower parameters {params!r}")
        return PhysicalTower(TowerParams(**params))
    script = raw.get("script", [])
    if not isinstance(script, list) or not all(isinstance(s, dict) for s in script):
        raise ValueError("a scripted tower's script is a list of {owner: count}")
    return ScriptedTower(script, raw.get("levels", 3))
