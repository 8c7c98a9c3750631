"""Province graphs of both board sides, and the queries the rules and the UI need.

>>> g = province_graph("moon", 3)
>>> g.number_of_nodes()
37
>>> g.nodes["Settsu"]["tax"], g.nodes["Settsu"]["region"]
(7, 'purple')
>>> sorted(neighbours(province_graph("sun"), "Shima"))
['Ise', 'Izu']
>>> shortest_path(province_graph("sun"), "Aki", "Tosa")
['Aki', 'Iyo', 'Tosa']

Graphs are cached and returned frozen: copy one (``nx.Graph(g)``) to change it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from dataclasses import dataclass

import networkx as nx

from .data import BOARD, COMPONENTS, SIDES, BoardData, BoardSide

__all__ = [
    "SIDES",
    "PlayBoard",
    "play_board",
    "province_graph",
    "neighbours",
    "provinces_of_region",
    "regions_touched",
    "border_provinces",
    "shortest_path",
    "provinces_in_play",
    "check_side",
    "check_players",
]


def check_side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(f"unknown board side {side!r}; expected 'sun' or 'moon'")
    return side


def check_players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number from {COMPONENTS.min_players} to {COMPONENTS.max_players}, got {players!r}")
    if not COMPONENTS.min_players <= players <= COMPONENTS.max_players:
        raise ValueError(
            f"Shogun is played by {COMPONENTS.min_players} to {COMPONENTS.max_players} players, got {players}"
        )
    return players


def province_graph(side: str, players: int = 5, board: BoardData = BOARD) -> nx.Graph:
    """The provinces in play on ``side`` with ``players`` players, as an undirected graph.

    Node attributes: ``region``, ``tax``, ``rice``, ``building_slots``, ``kanji``,
    ``xy`` (board position, y downward), ``three_player_excluded``,
    ``excluded_status`` (provenance of the exclusion: 'verified' or 'ASSUMED').
    Edge attribute ``kind`` is ``'land'`` or ``'sea'``.
    """
    check_side(side)
    check_players(players)
    if board is BOARD:
        return _cached_graph(side, players)
    return _build(board, side, players)


@lru_cache(maxsize=None)
def _cached_graph(side: str, players: int) -> nx.Graph:
    return nx.freeze(_build(BOARD, side, players))


def _build(board: BoardData, side: str, players: int) -> nx.Graph:
    info = board.side(side)
    excluded = info.three_player_excluded
    g = nx.Graph(side=side, players=players)
    for p in board.provinces:
        if players == 3 and p.name in excluded:
            continue
        g.add_node(
            p.name,
            region=p.region(side),
            tax=p.tax,
            rice=p.rice,
            building_slots=p.building_slots,
            kanji=p.kanji,
            xy=p.board_xy,
            three_player_excluded=p.name in excluded,
            excluded_status=info.excluded_provenance.status,
            card=board.card_for(p.name, side),
        )
    for b in board.borders:
        if b.a in g and b.b in g:
            g.add_edge(b.a, b.b, kind=b.kind)
    return g


@dataclass(frozen=True, eq=False)
class PlayBoard:
    """One side of the board for one player count, resolved once (:func:`play_board`) and passed down:
    ``graph`` (the provinces in play), ``full`` (every province of the side), ``data`` (the side's facts:
    its 3-player exclusions and their provenance), ``excluded`` (the provinces out of play with this many
    players), ``other`` (the other side's name)."""

    side: str
    players: int
    graph: nx.Graph
    full: nx.Graph
    data: BoardSide
    excluded: frozenset[str]

    @property
    def other(self) -> str:
        return "moon" if self.side == "sun" else "sun"

    @property
    def excluded_flagged(self) -> bool:
        """The exclusions are not verified: the board shows the mark."""
        return self.data.excluded_provenance.flagged


@lru_cache(maxsize=None)
def play_board(side: str, players: int = 5) -> PlayBoard:
    """The :class:`PlayBoard` of ``side`` for ``players`` (checked; one object per side and count)."""
    graph = province_graph(side, players)  # checks side and players
    data = BOARD.side(side)
    return PlayBoard(side, players, graph, province_graph(side, 5), data,
                     data.three_player_excluded if players == 3 else frozenset())


def provinces_in_play(side: str, players: int) -> tuple[str, ...]:
    return tuple(province_graph(side, players).nodes)


def neighbours(g: nx.Graph, province: str) -> set[str]:
    """Provinces adjacent to ``province``; sea routes count as adjacent."""
    _check_node(g, province)
    return set(g.adj[province])


def provinces_of_region(g: nx.Graph, region: str) -> list[str]:
    names = [n for n, r in g.nodes(data="region") if r == region]
    if not names and region not in BOARD.regions:
        raise ValueError(f"unknown region {region!r}; expected one of {', '.join(BOARD.regions)}")
    return names


def regions_touched(g: nx.Graph, provinces: Iterable[str]) -> set[str]:
    """The regions the given provinces lie in."""
    out = set()
    for p in provinces:
        _check_node(g, p)
        out.add(g.nodes[p]["region"])
    return out


def border_provinces(g: nx.Graph, holding: Iterable[str]) -> set[str]:
    """Provinces of ``holding`` that touch a province outside it."""
    hold = set(holding)
    for p in hold:
        _check_node(g, p)
    return {p for p in hold if any(n not in hold for n in g.adj[p])}


def shortest_path(g: nx.Graph, source: str, target: str) -> list[str]:
    _check_node(g, source)
    _check_node(g, target)
    return nx.shortest_path(g, source, target)


def _check_node(g: nx.Graph, province: str) -> None:
    if province not in g:
        if any(p.name == province for p in BOARD.provinces):
            raise ValueError(f"province {province!r} is not in play in this game (3-player exclusion)")
        raise ValueError(f"unknown province {province!r}")
