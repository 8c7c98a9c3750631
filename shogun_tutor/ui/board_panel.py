"""The board panel: either side, any player count, a game state, and the click lesson.

``BoardPanel(state=None).widget`` is the whole panel; ``set_state(state, highlight)``
follows a game. Click a province: the provinces its armies can reach in one move
light up (sea routes included). Click a second one: the shortest way between
them is drawn. Click it again to start over.

The figure is a ``plotly.graph_objects.FigureWidget`` updated in place (no
flicker). A tiny probe widget reports the panel's width from the browser so the
board is drawn for the screen it is on: fonts and tokens follow the width, and
on a phone the board turns a quarter (east up).
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import anywidget
import ipywidgets as w
import traitlets

from .. import i18n
from ..board import neighbours, province_graph, shortest_path
from ..data import BOARD
from ..i18n import N_, _, format_list, join_sentences, ngettext
from ..viz.board import Highlight, board_traces, changed_provinces
from ..viz.board_text import province_table_html
from ..text import terms
from .widgets.plotly_widget import PLOT_CONFIG, FigureSync, figure_widget, sync_for_new_views  # noqa: F401 (re-exported)

VIEWS = [("provinces", N_("Board")), ("changes", N_("Sun and moon differences")), ("regions", N_("Region majorities"))]



class WidthProbe(anywidget.AnyWidget):
    """An invisible strip that reports its width in the browser (0 until a browser shows it) and the
    board font the page's style asks for: ``--shogun-board-font`` (teacher mode sets it; 0 when unset)."""

    _esm = """
    function render({ model, el }) {
      el.style.width = "100%";
      el.style.height = "0px";
      el.style.overflow = "hidden";
      el.style.fontSize = "var(--shogun-board-font, 0px)";  // resolved to px by the browser
      let last = 0, lastFont = -1, watched = null;
      const classes = new MutationObserver(() => send());
      const send = () => {
        const app = el.closest(".shogun-app");
        if (app && app !== watched) { watched = app; classes.observe(app, { attributes: true, attributeFilter: ["class"] }); }
        const w = Math.floor(el.getBoundingClientRect().width);
        const font = Math.round(parseFloat(getComputedStyle(el).fontSize) || 0);
        if (w > 0 && (Math.abs(w - last) >= 4 || font !== lastFont)) {
          last = w;
          lastFont = font;
          model.set("width", w);
          model.set("font", font);
          model.save_changes();
        }
      };
      const observer = new ResizeObserver(send);
      observer.observe(el);
      send();
      return () => { observer.disconnect(); classes.disconnect(); };
    }
    export default { render };
    """
    width = traitlets.Int(0).tag(sync=True)
    font = traitlets.Int(0).tag(sync=True)


class BoardPanel:
    """``BoardPanel(state=None).widget``; ``set_state(state, highlight)`` follows a game.

    ``height`` is the figure's height until the browser has reported the panel's width
    (then the height follows the board's shape). ``choose_board=False`` hides the side and
    player-count pickers (a game decides them). ``lesson=False`` leaves out the click lesson
    (its sentence, the view buttons and *Clear selection*; a click nobody takes does nothing): a
    try-it's own map, whose question says what to click.
    """

    def __init__(self, state: Any = None, side: str = "sun", players: int = 5, height: int = 620,
                 choose_board: bool = True, lesson: bool = True):
        self.state = state
        self.teaches = lesson
        self.highlight: Highlight | None = None
        self.choose_board = choose_board
        self.height = height
        self.width: int | None = None  # px, once the browser tells
        self.font: int | None = None  # px of the board's labels when the page asks for them (teacher mode)
        self.selected: list[str] = []
        #: a province click goes here first; when it returns True it was taken (the game's move on the map)
        self.on_province_click: Callable[[str], bool] | None = None
        self.side = w.ToggleButtons(options=[("☀", "sun"), ("☾", "moon")], value=state.side if state is not None else side,
                                    style={"button_width": "auto"})
        self.side.add_class("shogun-side")
        self.players = w.Dropdown(options=[3, 4, 5], value=state.num_players if state is not None else players,
                                  layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.view = w.ToggleButtons(options=[(key, key) for key, _label in VIEWS], value="provinces",
                                    style={"button_width": "auto"})
        self.view.add_class("shogun-view")
        self.lesson = w.HTML()
        self.lesson.add_class("shogun-lesson")
        self.clear = w.Button(layout=w.Layout(width="auto"), icon="times")
        self.probe = WidthProbe(layout=w.Layout(width="100%", height="0px"))
        traces, layout = self._figure()
        self.figure = figure_widget(data=traces, layout=layout)
        self.figure._config = PLOT_CONFIG
        self.figure.add_class("shogun-board")
        # until the browser has reported the board's width and the page's label size, the figure is drawn at a
        # guess: in teacher mode it stays unseen until then (app_style.py), so its labels first appear at their size
        self._unsized = True  # the panel's box carries the class ``shogun-board-unsized`` meanwhile (set below)
        self._sync = FigureSync(self.figure, traces, layout)
        self._wire_clicks()
        self._board_choice_shown()
        controls = w.HBox([self.side, self.players, self.view, self.clear],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        if not lesson:
            self.view.layout.display = self.clear.layout.display = self.lesson.layout.display = "none"
            controls.layout.display = "none" if not choose_board else None
        # the board's text alternative (screen readers, and anyone looking a province up): a folded table, filled
        # only while it is open; an Accordion keeps it open while the game moves on (a <details> would close)
        self.table = w.HTML()
        self.table.add_class("shogun-board-table")
        self.table_fold = w.Accordion(children=[self.table], selected_index=None)
        self.table_fold.add_class("shogun-board-table-fold")
        self.table_fold.observe(lambda _c: self._table_text(), names="selected_index")
        self.widget = w.VBox([self.probe, controls, self.lesson, self.figure, self.table_fold], layout=w.Layout(width="100%"))
        self.widget.add_class("shogun-board-unsized")
        self.widget.add_class("shogun-board-panel")
        self.side.observe(lambda _c: self._board_changed(), names="value")
        self.players.observe(lambda _c: self._board_changed(), names="value")
        self.view.observe(lambda _c: self.redraw(), names="value")
        self.probe.observe(self._width_changed, names=["width", "font"])
        self.clear.on_click(lambda _b: self.select(None))
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()

    # --- texts and drawing ----------------------------------------------------------------
    def refresh_texts(self) -> None:
        """Every text in the current language (called again on each language change)."""
        with self.side.hold_trait_notifications(), self.view.hold_trait_notifications():
            side, view = self.side.value, self.view.value
            self.side.options = [("☀ " + terms.side_name("sun"), "sun"), ("☾ " + terms.side_name("moon"), "moon")]
            self.side.value = side
            self.view.options = [(_(label), key) for key, label in VIEWS]
            self.view.value = view
        self.side.tooltips = [terms.side_name("sun"), terms.side_name("moon")]
        self.view.tooltips = [_("The board with its regions"),
                              _("The 8 provinces whose region differs between the sun and the moon side"),
                              _("Who holds the most castles, temples and Nō theaters in each region")]
        self.players.description = _("Players")
        self.clear.description = _("Clear selection")
        self.table_fold.set_title(0, _("The board as a table"))
        self.redraw()

    def _board_changed(self) -> None:
        if self.state is not None and (self.side.value != self.state.side or self.players.value != self.state.num_players):
            self.state, self.highlight = None, None  # the game's board is fixed; exploring another one drops the state
        self.selected = []
        self.redraw()

    def _width_changed(self, _change) -> None:
        width, font = int(self.probe.width or 0), int(self.probe.font or 0) or None
        if width > 0 and (width, font) != (self.width, self.font):
            self.width, self.font = width, font
            self.redraw()
        if width > 0 and self._unsized:
            self._unsized = False
            self.widget.remove_class("shogun-board-unsized")  # after the redraw at the reported size

    def set_state(self, state: Any, highlight: Highlight | None = None) -> None:
        """Show a game state (duck-typed, see :func:`board_figure`) and the action being carried out."""
        self.state, self.highlight = state, highlight
        if state is not None:
            with self.side.hold_trait_notifications(), self.players.hold_trait_notifications():
                self.side.value, self.players.value = state.side, state.num_players
        self.selected = [n for n in self.selected if n in self._graph()]
        self._board_choice_shown()
        self.redraw()

    def _board_choice_shown(self) -> None:
        """The side and player count are chosen only on an empty board: a game's or a try-it's position fixes
        them (issue 23: 3 players chosen beside a try-it dropped its armies while its text still named them)."""
        shown = self.choose_board and self.state is None
        self.side.layout.display = self.players.layout.display = None if shown else "none"

    def _graph(self):
        return province_graph(self.side.value, self.players.value)

    def _figure(self) -> tuple[list[dict], dict]:
        g = self._graph()
        selected = reach = path = None
        if len(self.selected) == 1:
            selected = self.selected[0]
            reach = sorted(neighbours(g, selected))
        elif len(self.selected) == 2:
            path = shortest_path(g, *self.selected)
        traces, layout = board_traces(
            self.side.value, self.players.value, self.state, self.highlight, view=self.view.value or "provinces",
            selected=selected, reach=reach or (), path=path, width=self.width, font=self.font,
            height=None if self.width else self.height,
        )
        if self.width:
            # plotly sizes a figure once when it is first shown (700 px in a tab not yet laid out);
            # the probe knows the real width, so the figure is drawn exactly that wide
            layout = {**layout, "width": self.width}
        return traces, layout

    def redraw(self) -> None:
        """Draw the figure for the current choices, in place."""
        if not hasattr(self, "figure"):
            return
        if self._sync.show(*self._figure()) and self._rebuilt():
            self._wire_clicks()
        self._lesson_text()
        self._table_text()

    def _table_text(self) -> None:
        """The province table, when it is open (its HTML is sent only if it changed)."""
        if getattr(self, "table_fold", None) is not None and self.table_fold.selected_index == 0:
            self.table.value = province_table_html(self.side.value, self.players.value, self.state)

    def _rebuilt(self) -> bool:
        return any(t.name == "hit" and not t._click_callbacks for t in self.figure.data)

    def _wire_clicks(self) -> None:
        for trace in self.figure.data:
            if trace.name == "hit":
                trace.on_click(self._on_click, append=False)

    def _on_click(self, trace, points, _state) -> None:
        """A click in the browser on the board's hover layer (trace ``hit``: each point's
        ``customdata`` is its province)."""
        if not points.point_inds or points.point_inds[0] is None:
            return
        province = trace.customdata[points.point_inds[0]]
        if self.on_province_click is not None and self.on_province_click(province):
            return
        if self.teaches:
            self.select(province)

    # --- the lesson ----------------------------------------------------------------------
    def select(self, province: str | None) -> None:
        """Click logic: the first click shows the reach, a second one the shortest way, then start again.
        Clicking the selected province again clears it; ``None`` clears."""
        g = self._graph()
        if province is not None:
            BOARD.province(province)  # unknown names are an error
        if province is None or province not in g:
            self.selected = []
        elif self.selected == [province]:
            self.selected = []
        elif len(self.selected) == 1:
            self.selected = [self.selected[0], province]
        else:
            self.selected = [province]
        self.redraw()
        if province is not None and province not in g:
            self.lesson.value = escape(_("{province} is out of play with three players.").format(province=terms.province_intro(province)))

    def _lesson_text(self) -> None:
        g = self._graph()
        view = self.view.value
        if view == "changes" and not self.selected:
            other = "moon" if self.side.value == "sun" else "sun"
            names = format_list([_("{province} ({region})").format(province=terms.province_name(n),
                                                                     region=terms.region_name(BOARD.province(n).region(other)))
                                 for n in changed_provinces()])
            self.lesson.value = escape(_("The provinces outlined in black change region between the sides: {names}.").format(
                names=names))
            return
        if not self.selected:
            self.lesson.value = escape(_("Click a province to see where its armies can go in one move; click a second one for the shortest way."))
        elif len(self.selected) == 1:
            p = self.selected[0]
            nb = sorted(neighbours(g, p))
            sea = sorted(n for n in nb if g.edges[p, n]["kind"] == "sea")
            names = format_list([terms.province_name(n) for n in nb])
            text = ngettext("From {province} armies can move to {n} province: {names}.",
                            "From {province} armies can move to {n} provinces: {names}.", len(nb)).format(
                province=terms.province_intro(p), n=len(nb), names=names)
            if sea:
                text = join_sentences(text, _("By sea route: {names}.").format(names=format_list([terms.province_name(n) for n in sea])))
            self.lesson.value = escape(text)
        else:
            path = shortest_path(g, *self.selected)
            n = len(path) - 1
            self.lesson.value = escape(ngettext("Shortest way from {a} to {b}: {path} ({n} move).",
                                                "Shortest way from {a} to {b}: {path} ({n} moves).", n).format(
                a=terms.province_intro(self.selected[0]), b=terms.province_intro(self.selected[1]),
                path=" → ".join(terms.province_name(x) for x in path), n=n))

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()


__all__ = ["BoardPanel", "FigureSync", "WidthProbe", "PLOT_CONFIG", "figure_widget", "sync_for_new_views"]
