"""The board as plotly figures: pure functions of (side, player count, game state, highlight).

:func:`board_figure` draws the board of one side: every province as an area in
its region's colour, placed as on the real board, with romaji and kanji; sea
routes dashed; provinces out of play with three players greyed and marked (the
moon side's list is an assumption and says so). With a game state it adds the
owner (a ring in the player's colour and a token with the player's letter and
army count), buildings, unrest markers and the action being carried out.

Views: ``"provinces"`` (the board), ``"changes"`` (the 8 provinces whose region
differs between the sun and the moon side, hatched in their other colour) and
``"regions"`` (the scoring majorities of each region, below the map).

The figure is sized for a given screen width in pixels (:func:`fit`): fonts and
tokens scale with it, and below :data:`TALL_BELOW` pixels the board is turned
a quarter turn (east up) so it fills a phone's width.

Trace layout (the UI updates traces in place by name; the set of traces does
not depend on the state, the highlight or the lesson). plotly.js redraws every
trace on every update, so each layer is one trace however many provinces it
covers (outlines separated by ``None``, per-point markers and texts); a layer
with nothing to draw is ``visible=False``:

* ``coast`` shallow water; ``area:<region>`` the provinces of each region
  (``meta="area"``), ``area:out`` those out of play with 3 players (crossed),
  ``hatch:<region>`` the changes view's hatch (provinces whose other side is that region)
* ``regions`` region outlines; ``owner-edge`` and ``owner:<seat>`` owner rings
* ``sea``, ``sea-selected`` (routes of the selected province) and ``sea-out`` (out of play) sea routes
* ``dim``, ``reach``, ``path``, ``selected`` for the click lesson; ``highlight``, ``arrow`` for the action
* ``labels`` (romaji) and ``kanji`` names; ``armies``, ``buildings``, ``unrest`` state layers
* ``hit``: invisible points covering every province, with the hover texts
  (``customdata`` = each point's province; the texts are sent once, in ``meta``)
* ``player:<seat>``, ``legend:<building>``, ``sea-legend``: legend entries

>>> fig = board_figure("moon", 5)
>>> len(fig.data)
43
>>> [t.name for t in fig.data if t.meta == "area"]
['area:brown', 'area:green', 'area:purple', 'area:red', 'area:yellow', 'area:out']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import plotly.graph_objects as go

from ..board import play_board
from ..data import BUILDINGS
from .. import i18n
from .board_base import HIGHLIGHT_LABELS, TALL_BELOW, VIEWS, Fit, changed_provinces, fit
from .board_layout import layout as board_layout, legend_names, legend_row_count
from .board_state import (
    highlight_layers,
    lesson,
    owner_rings,
    player_legend,
    sea_routes,
    state_layers,
    token_spots,
)
from .board_labels import crowded, label_places
from .board_static import static_layers
from .board_text import hover_text, region_summaries, state_hover

__all__ = [
    "Highlight",
    "Fit",
    "fit",
    "board_figure",
    "board_traces",
    "state_hover",
    "hover_text",
    "changed_provinces",
    "highlight_from_event",
    "legend_row_count",
    "region_summaries",
    "trace_key",
    "VIEWS",
    "TALL_BELOW",
]


@dataclass(frozen=True)
class Highlight:
    """The action being carried out, drawn on the board.

    ``kind`` is 'move' or 'battle' (an arrow from ``source`` to ``target``) or
    'tax', 'rice', 'build', 'armies', 'revolt', 'province' (a ring around ``source``), or 'tie' (a ring around
    every province of the ``regions`` where a scoring found a tie; ``source`` is empty), or 'choice' (a ring
    around each of the ``rings``, no callout: the provinces whose cards a try-it lets the learner lay; ``source``
    is empty). ``rings`` beside another kind: further provinces ringed without a callout (the other cards the
    learner may still choose while one is chosen).
    """

    kind: str
    source: str
    target: str | None = None
    regions: tuple[str, ...] = ()
    rings: tuple[str, ...] = ()


def highlight_from_event(event: dict | None) -> Highlight | None:
    """The highlight for a game-log event (None for events that are not about a province); a scoring with a tie
    marks the tied region (issue 23)."""
    if event and event.get("rule") == "winter.scoring":
        tied = sorted(r for r, kinds in (event.get("regions") or {}).items()
                      if any(isinstance(k, dict) and k.get("tie") for k in kinds.values()))
        return Highlight("tie", "", regions=tuple(tied)) if tied else None
    if not event or "province" not in event or not event.get("province"):
        return None
    rule = event["rule"]
    if rule == "battle.result":
        return Highlight("battle", event["source"], event["province"])
    if rule == "move.armies":
        return Highlight("move", event["province"], event["target"])
    kind = {"action.income": event.get("action"), "action.build": "build", "action.armies": "armies",
            "battle.revolt": "revolt"}.get(rule, "province")
    return Highlight(kind if kind in HIGHLIGHT_LABELS else "province", event["province"])


# The figure is built as plain plotly JSON (dicts), in two kinds of layers:
# * static layers (coast, province areas, region outlines, names, the hover layer, legend shapes)
#   depend only on the side, the player count, the view, the size, the language and whether a
#   game is shown: they are built once per such key (cached) and the very same dict objects are
#   returned every time, so the panel sees at once that they did not change and never resends them;
# * state layers (owner rings, armies, buildings, unrest, the action, the click lesson, the legend
#   of the players) are cheap dicts rebuilt for each state; the panel sends only the properties
#   that differ from what it sent before.
# Building dicts instead of ``go.Scatter`` objects skips plotly's validation (most of the time
# of a step before, see docs/performance.md); :func:`board_figure` validates the whole once.


def board_traces(
    side: str = "sun",
    players: int = 5,
    state: Any = None,
    highlight: Highlight | None = None,
    *,
    view: str = "provinces",
    show_changes: bool = False,
    selected: str | None = None,
    reach: Iterable[str] = (),
    path: Sequence[str] | None = None,
    width: int | None = None,
    height: int | None = None,
    font: int | None = None,
) -> tuple[list[dict], dict]:
    """The board of one side for a player count, with the game state's layers when given, as
    plotly JSON: the traces and the layout (:func:`board_figure` makes them a ``Figure``).

    ``state`` (duck-typed: ``side``, ``num_players``, ``provinces[name].owner/armies/buildings/unrest``,
    ``players[seat].colour``) overrides ``side`` and ``players``. ``selected``, ``reach`` and
    ``path`` draw the click lesson. ``width`` is the screen width the figure is made for
    (see :func:`fit`); ``height`` overrides the height that follows from it; ``font`` asks for
    larger labels (teacher mode).

    Static layers are shared dicts: never mutate what this returns.

    >>> a, _ = board_traces("sun", 4)
    >>> b, _ = board_traces("sun", 4, selected="Ise")
    >>> a[0] is b[0], [t["name"] for t in a[:2]]  # the coast is built once
    (True, ['coast', 'area:brown'])
    """
    if show_changes:
        view = "changes"
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; expected one of {', '.join(VIEWS)}")
    if state is not None:
        side, players = state.side, state.num_players
    board = play_board(side, players)  # the side resolved once (checked), passed down
    g = board.graph
    f = fit(width, font)
    excluded = board.excluded
    # the names are placed clear of each other (board_labels); the kanji line is drawn where it fits
    # beside every other name (and the army tokens) at this size, else it stays in the hover and the table
    language = i18n.current_language()
    kanji = not crowded(board, view, f, True, language, state is not None)
    places = label_places(board, view, f, kanji, language, state is not None)
    static = static_layers(board, view, f, kanji, state is not None, language)
    traces: list[dict] = [static["coast"], *static["areas"], static["regions"]]
    traces += _shown(owner_rings(f, state, excluded))
    traces += sea_routes(f, g, selected)
    traces += _shown(lesson(f, g, selected, set(reach), list(path or [])))
    spots = token_spots(f, state, excluded, board, view, kanji, language)
    highlight_traces, callouts = highlight_layers(f, highlight, g, list(spots.values()), places)
    traces += _shown(highlight_traces)
    traces += static["labels"]
    traces += _shown(state_layers(f, state, excluded, spots))
    traces.append(static["hit"])
    traces += player_legend(state, players)
    traces += [static[f"legend:{building}"] for building in BUILDINGS]
    traces.append(static["sea-legend"])
    layout = board_layout(f, board, state, view, height, callouts, legend_names(traces))
    return traces, layout


def _shown(traces: list[dict]) -> list[dict]:
    """The layers with nothing to draw made invisible (plotly skips them), legend entries aside."""
    return [{**t, "visible": False} if not t.get("x") and not t.get("showlegend", True) else t for t in traces]


def board_figure(*args: Any, **kwargs: Any) -> go.Figure:
    """:func:`board_traces` as a plotly ``Figure`` (the same arguments)."""
    traces, layout = board_traces(*args, **kwargs)
    return go.Figure(data=traces, layout=layout)


def trace_key(trace) -> str:
    """A trace's stable id (a plotly trace or its JSON): the same for every state, view and lesson.
    Legend traces have translated names: their key is their ``meta``; the others' is their name."""
    meta, name = (trace.get("meta"), trace.get("name")) if isinstance(trace, dict) else (trace.meta, trace.name)
    if isinstance(meta, str) and (meta.startswith(("player:", "legend:")) or meta in ("sea-legend", "unrest")):
        return meta
    return name
