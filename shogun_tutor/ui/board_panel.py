"""The board panel: either side, any player count, a game state, and the click lesson.

Click a province: the provinces its armies can reach in one move light up (sea
routes included). Click a second one: the shortest path between them is drawn.
"""

from __future__ import annotations

from copy import deepcopy
from html import escape
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from .. import i18n
from ..board import neighbours, province_graph, shortest_path
from ..i18n import N_, _
from ..viz.board import Highlight, board_figure, changed_provinces, regions_figure

VIEWS = [("board", N_("Board")), ("changes", N_("Sun and moon differences")), ("regions", N_("Region majorities"))]


def replace_figure(widget: go.FigureWidget, new: go.Figure) -> None:
    """Show ``new`` in ``widget``: in place (animatable, no flicker) when the traces match, else rebuilt."""
    same = len(widget.data) == len(new.data) and all(
        a.type == b.type and a.name == b.name for a, b in zip(widget.data, new.data))
    with widget.batch_update():
        if same:
            for old, fresh in zip(widget.data, new.data):
                old.update(fresh.to_plotly_json(), overwrite=True)
        else:
            widget.data = []
            widget.add_traces(list(new.data))
        widget.layout.update(new.layout.to_plotly_json(), overwrite=True)
    sync_for_new_views(widget)


def sync_for_new_views(widget: go.FigureWidget) -> None:
    """Store the figure in the widget model too, so a view created later (a Voila page loading,
    a tab shown for the first time) starts from the current figure and not the one of construction.
    plotly only does this when a FigureWidget is displayed on its own; ours live inside boxes."""
    widget._widget_data = deepcopy(widget._data)
    widget._widget_layout = deepcopy(widget._layout_obj._props)


class BoardPanel:
    """``BoardPanel(state=None).widget``; ``set_state(state, highlight)`` follows a game."""

    def __init__(self, state: Any = None, side: str = "sun", players: int = 5, height: int = 620, choose_board: bool = True):
        self._clicks_wired = False
        self.state = state
        self.highlight: Highlight | None = None
        self.height = height
        self.selected: list[str] = []
        self.side = w.ToggleButtons(options=[("☀", "sun"), ("☾", "moon")], value=state.side if state else side,
                                    style={"button_width": "4em"})
        self.players = w.Dropdown(options=[3, 4, 5], value=state.num_players if state else players,
                                  layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.view = w.ToggleButtons(style={"button_width": "auto"})
        self.lesson = w.HTML()
        self.lesson.add_class("shogun-lesson")
        self.clear = w.Button(layout=w.Layout(width="auto"))
        self.figure = go.FigureWidget(board_figure(self.side.value, self.players.value, state, height=height))
        self.figure.add_class("shogun-board")
        self.regions: go.FigureWidget | None = None  # made when first shown
        self._box = w.Box([self.figure])
        if not choose_board:  # the game decides the side and the player count
            self.side.layout.display = self.players.layout.display = "none"
        self.widget = w.VBox([
            w.HBox([self.side, self.players, self.view, self.clear], layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.lesson,
            self._box,
        ])
        self.widget.add_class("shogun-board-panel")
        self.side.observe(lambda _c: self._changed(), names="value")
        self.players.observe(lambda _c: self._changed(), names="value")
        self.view.observe(lambda _c: self.redraw(), names="value")
        self.clear.on_click(lambda _b: self.select(None))
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    # --- texts and drawing ----------------------------------------------------------------
    def refresh_texts(self) -> None:
        value = self.view.value or "board"
        self.view.options = [(_(label), key) for key, label in VIEWS]
        self.view.value = value
        self.players.description = _("Players")
        self.side.tooltips = [_("Sun side"), _("Moon side")]
        self.clear.description = _("Clear selection")
        self.redraw()

    def _changed(self) -> None:
        if self.state is not None and (self.side.value != self.state.side or self.players.value != self.state.num_players):
            self.state, self.highlight = None, None  # the game's board is fixed; exploring another one drops the state
        self.selected = []
        self.redraw()

    def set_state(self, state: Any, highlight: Highlight | None = None) -> None:
        self.state, self.highlight = state, highlight
        with self.side.hold_trait_notifications(), self.players.hold_trait_notifications():
            self.side.value, self.players.value = state.side, state.num_players
        self.redraw()

    def _graph(self):
        return province_graph(self.side.value, self.players.value)

    def redraw(self) -> None:
        view = self.view.value or "board"
        if view == "regions":
            if self.state is None:
                self.lesson.value = escape(_("Start a game (Guided game tab) to see who holds the majority in each region."))
                self._box.children = [self.figure]
                self._draw_board(view)
                return
            fig = regions_figure(self.state)
            if self.regions is None:
                self.regions = go.FigureWidget(fig)
            else:
                replace_figure(self.regions, fig)
            self._box.children = [self.regions]
            self.lesson.value = ""
            return
        self._box.children = [self.figure]
        self._draw_board(view)
        self._lesson_text()

    def _draw_board(self, view: str) -> None:
        g = self._graph()
        reach, path = [], None
        if len(self.selected) == 1 and self.selected[0] in g:
            reach = sorted(neighbours(g, self.selected[0]))
        elif len(self.selected) == 2:
            path = shortest_path(g, *self.selected)
        new = board_figure(self.side.value, self.players.value, self.state, self.highlight,
                           show_changes=(view == "changes"), reach=reach, path=path, height=self.height)
        replace_figure(self.figure, new)
        if not self._clicks_wired:
            for trace in self.figure.data:
                if trace.name == "labels" or trace.meta == "province":
                    trace.on_click(self._on_click)
            self._clicks_wired = True

    def _on_click(self, trace, points, _state) -> None:
        if not points.point_inds:
            return
        name = trace.customdata[points.point_inds[0]] if trace.name == "labels" else trace.name
        self.select(name)

    # --- the lesson ----------------------------------------------------------------------
    def select(self, province: str | None) -> None:
        """Click logic: first click shows reach, second shows the path, third starts again."""
        g = self._graph()
        if province is None:
            self.selected = []
        elif province not in g:
            self.selected = []
            self.lesson.value = escape(_("{province} is out of play with three players.").format(province=province))
            self._draw_board(self.view.value or "board")
            return
        elif len(self.selected) == 1 and province != self.selected[0]:
            self.selected = [self.selected[0], province]
        else:
            self.selected = [province]
        self._draw_board(self.view.value or "board")
        self._lesson_text()

    def _lesson_text(self) -> None:
        g = self._graph()
        if self.view.value == "changes":
            self.lesson.value = escape(_("The provinces outlined in black change region between the sides: {names}.").format(
                names=", ".join(changed_provinces())))
            return
        if not self.selected:
            self.lesson.value = escape(_("Click a province to see where its armies can go in one move; click a second one for the shortest way."))
        elif len(self.selected) == 1:
            p = self.selected[0]
            nb = sorted(neighbours(g, p))
            sea = sorted(n for n in nb if g.edges[p, n]["kind"] == "sea")
            text = _("From {province} armies can move to {n} provinces: {names}.").format(province=p, n=len(nb), names=", ".join(nb))
            if sea:
                text += " " + _("By sea route: {names}.").format(names=", ".join(sea))
            self.lesson.value = escape(text)
        else:
            path = shortest_path(g, *self.selected)
            self.lesson.value = escape(_("Shortest way from {a} to {b}: {path} ({n} moves).").format(
                a=self.selected[0], b=self.selected[1], path=" → ".join(path), n=len(path) - 1))

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
