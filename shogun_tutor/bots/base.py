"""What every bot shares: the :class:`Reason` of a decision, the random bot and :func:`play`.

A reason is data, not prose: a ``kind`` (one translatable sentence per kind in
:mod:`shogun_tutor.text.reasons`) and named parameters (numbers, province and
term ids), so the tutor can show it beside the move in any language.

>>> Reason("tax", province="Settsu", gain=4).to_dict()
{'kind': 'tax', 'province': 'Settsu', 'gain': 4}
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

from ..board import provinces_of_region
from ..data import BOARD
from ..rules.game import Game
from ..rules.state import Decision


@dataclass(frozen=True)
class Reason:
    """Why a bot made a decision: a kind and its parameters (ints and ids only)."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, **params: Any):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", dict(params))

    def to_dict(self) -> dict:
        return {"kind": self.kind, **self.params}

    def __hash__(self) -> int:  # pragma: no cover - reasons are compared, rarely hashed
        return hash((self.kind, tuple(sorted(self.params.items()))))


class Bot(Protocol):
    name: str

    def decide(self, game: Game) -> Decision: ...

    def decide_with_reason(self, game: Game) -> tuple[Decision, Reason]: ...


class RandomBot:
    """Picks uniformly among the legal decisions."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def decide_with_reason(self, game: Game) -> tuple[Decision, Reason]:
        options = game.legal_decisions()
        return options[self.rng.randrange(len(options))], Reason("random", options=len(options))

    def decide(self, game: Game) -> Decision:
        return self.decide_with_reason(game)[0]


def play(game: Game, bots: Sequence[Bot], max_decisions: int = 100_000) -> Game:
    """Let ``bots[seat]`` decide for every seat until the game is over."""
    for _ in range(max_decisions):
        who = game.to_decide()
        if who is None:
            return game
        game.apply(bots[who[1]].decide(game))
    raise RuntimeError("the game did not end")


def card_province(card: str) -> str:
    """The province named by a province card id (``'Aki/sun'`` -> ``'Aki'``)."""
    return card.split("/")[0]


class BoardNodes(dict):
    """The board's provinces with their attributes (the graph's own dicts, nothing copied), and ``regions``: each
    region's provinces in the graph's order (:func:`~shogun_tutor.board.provinces_of_region`)."""

    def __init__(self, graph):
        super().__init__(graph.nodes(data=True))
        self.regions: dict[str, tuple[str, ...]] = {r: tuple(provinces_of_region(graph, r)) for r in BOARD.regions}


_NODE_DATA: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def node_data(graph) -> BoardNodes:
    """The board's provinces with their attributes as a plain dict, made once per board graph: the bots read them
    millions of times in their playouts, and a lookup through networkx's node view costs several times a dict's
    (about a tenth of the strong bot's time)."""
    data = _NODE_DATA.get(graph)
    if data is None:
        data = _NODE_DATA[graph] = BoardNodes(graph)
    return data
