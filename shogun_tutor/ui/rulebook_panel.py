"""The rulebook tab: chapters with short screens, a visual, and a "try it" played by the engine.

Nothing heavy is drawn until a chapter is opened: the board or tower figure of a
chapter is made the first time that chapter is shown (then reused). Teacher
mode enlarges everything for a projector; the keyboard moves through the
screens (→ ↓ space PageDown: next; ← ↑ PageUp: back; Home/End: first/last
screen of the chapter; the next screen after the last opens the next chapter).
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .. import i18n
from ..i18n import _
from ..rulebook import cards, content
from . import cards_panel
from .widgets.bridge import why_link
from .tryit import PROMPTS, TryIt  # noqa: F401 - PROMPTS: what each try-it asks, read from here too

TABLES = {
    "actions": cards_panel.actions_html,
    "revolts": cards_panel.revolt_table_html,
    "scoring": cards_panel.scoring_html,
    "events": cards_panel.events_html,
    "specials": cards_panel.specials_html,
}

#: what-ifs beside a chapter's try-its (picker value -> label msgid): the scoring chapter's castle move
WHATIFS = {"scoring": ("whatif:castle-move", i18n.N_("Move a castle"))}


def expansion_visual(kind: str, state, learner: int | None) -> str:
    """The expansions' chapters' visual: the court boards and the privilege cards of the try-it's position
    (the others' court cards face down until revealed), or the samurai stacks with the four cards' bonuses."""
    from ..viz.court import court_html

    html = court_html(state, learner)
    if kind == "samurai":
        html += cards_panel._STYLE + "<div class='shogun-cards'>" + cards_panel.samurai_cards_html() + "</div>"
    return html


class RulebookPanel:
    """``RulebookPanel().widget``: pick a chapter, step through its screens, try it."""

    def __init__(self, chapter: str = "goal"):
        content.chapter(chapter)
        self.chapter_key = chapter
        self.screen = 0
        self._drawn: str | None = None  # the chapter whose visual and try-its are shown
        self._tryits: dict[str, TryIt] = {}
        self._table: w.HTML | None = None
        self._tower_box: w.VBox | None = None
        self._throw = None  # the try-it's last throw shown in the tower: ((game, log index), frames, levels)
        self._tower_task = None  # its animation while it plays
        self._board = None
        self._tower = None
        self._court: w.HTML | None = None
        self.chapters = w.Dropdown(layout=w.Layout(width="auto"))
        self.chapters.add_class("shogun-chapter-pick")
        self.prev_button = w.Button(icon="arrow-left", layout=w.Layout(width="auto"))
        self.next_button = w.Button(icon="arrow-right", button_style="primary", layout=w.Layout(width="auto"))
        self.prev_button.add_class("shogun-prev")
        self.next_button.add_class("shogun-next-screen")
        self.teacher = w.ToggleButton(icon="television", layout=w.Layout(width="auto"))
        self.teacher.add_class("shogun-teacher-toggle")
        self.position = w.HTML()
        self.text = w.HTML()
        self.text.add_class("shogun-chapter-text")
        self.scenario_pick = w.ToggleButtons(style={"button_width": "auto"})
        self.tryit_box = w.VBox()
        self.tryit_box.add_class("shogun-tryit-box")
        self.scenario_pick.add_class("shogun-tryit-pick")
        self.visual_box = w.Box(layout=w.Layout(flex="3 1 520px", min_width="300px", flex_flow="column"))
        self.visual_box.add_class("shogun-chapter-visual")
        nav = w.HBox([self.chapters, self.prev_button, self.position, self.next_button, self.teacher],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        right = w.VBox([self.text, self.scenario_pick, self.tryit_box], layout=w.Layout(flex="2 1 380px", min_width="300px"))
        right.add_class("shogun-chapter-side")
        # side by side on a laptop; on a phone one column where a try-it's map comes between its question and its
        # options (SCREENS_CSS in ui/app.py: "a try-it on a phone")
        body = w.HBox([self.visual_box, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        body.add_class("shogun-rulebook-body")
        self.widget = w.VBox([nav, body])
        self.widget.add_class("shogun-rulebook")
        self.on_teacher = None  # set by the app: called with True/False
        self.on_move = None  # set by the app: called after each move to a chapter or screen (the address follows)
        self._quiet = False  # True while options are replaced (language change)
        self.chapters.observe(lambda c: c["new"] and not self._quiet and c["new"] != self.chapter_key and self.open(c["new"]), names="value")
        self.prev_button.on_click(lambda _b: self.key("prev"))
        self.next_button.on_click(lambda _b: self.key("next"))
        self.teacher.observe(lambda c: self.on_teacher and self.on_teacher(c["new"]), names="value")
        self.scenario_pick.observe(lambda c: c["new"] and not self._quiet and self._show_tryit(c["new"]), names="value")
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()
        self.open(chapter)

    # --- navigation ------------------------------------------------------------------------
    @property
    def current(self) -> content.Chapter:
        return content.chapter(self.chapter_key)

    def open(self, chapter: str, screen: int = 0) -> None:
        content.chapter(chapter)
        changed = chapter != self._drawn
        self._drawn = chapter
        before = self.scenario_ids() if not changed else None
        self.chapter_key, self.screen = chapter, max(0, min(screen, len(content.chapter(chapter).screens) - 1))
        if self.chapters.value != chapter:
            self.chapters.value = chapter  # the picker follows (its observer sees the same chapter)
        self._render_text()
        if changed:
            self._render_visual()
        if changed or before != self.scenario_ids():  # a card's screen has its own try-its
            self._render_tryits()
        if self.on_move is not None:
            self.on_move()

    def card(self) -> cards.CardScreen | None:
        """The card shown on the current screen (an action, event or special card), if any."""
        sc = self.current.screens[self.screen]
        return sc if isinstance(sc, cards.CardScreen) else None

    def scenario_ids(self) -> tuple[str, ...]:
        """The try-its of the current screen: the card's own, else the chapter's."""
        card = self.card()
        return card.scenarios if card else self.current.scenarios

    def key(self, key: str) -> None:
        """Keyboard and arrow buttons: next/prev screen (crossing chapters), first/last screen."""
        keys = [c.key for c in content.CHAPTERS]
        i, n = keys.index(self.chapter_key), len(self.current.screens)
        if key == "next":
            if self.screen + 1 < n:
                self.open(self.chapter_key, self.screen + 1)
            elif i + 1 < len(keys):
                self.open(keys[i + 1], 0)
        elif key == "prev":
            if self.screen > 0:
                self.open(self.chapter_key, self.screen - 1)
            elif i > 0:
                self.open(keys[i - 1], len(content.chapter(keys[i - 1]).screens) - 1)
        elif key == "first":
            self.open(self.chapter_key, 0)
        elif key == "last":
            self.open(self.chapter_key, n - 1)

    # --- drawing ---------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        self._quiet = True
        titles = [_(c.title) for c in content.CHAPTERS]
        self.chapters.options = [(_("{number}. {name}").format(number=i + 1, name=t), c.key)  # i18n-ok: a chapter's title is its name
                                 for i, (t, c) in enumerate(zip(titles, content.CHAPTERS))]
        self.chapters.value = self.chapter_key
        self._quiet = False
        self.chapters.description = _("Chapter")
        self.prev_button.tooltip = _("Back (← key)")
        self.next_button.tooltip = _("Next (→ or space)")
        self.prev_button.description = ""
        self.next_button.description = _("Next")
        self.teacher.description = _("Teacher mode")
        self._render_text()
        if self._drawn is None:
            return
        self._render_tryits(keep=True)
        if self._tower is not None:  # the tower's labels speak the new language too
            from ..viz.tower import tower_labels, tower_legend_html
            from .widgets.plotly_widget import sync_for_new_views

            tower_labels(self._tower)
            self._tower_legend.value = tower_legend_html()
            sync_for_new_views(self._tower)
        if self.current.visual.startswith("table:") or self.current.visual == "year":
            self._render_visual()

    def _render_text(self) -> None:
        ch = self.current
        para = content.paragraph(ch.key, ch.screens[self.screen])
        self.position.value = "<span class='shogun-screen-pos'>{}</span>".format(
            escape(_("Screen {screen} of {total}").format(screen=self.screen + 1, total=len(ch.screens))))
        rules = [r for r in content.RULES if r.chapter == ch.key]
        links = i18n.format_list([why_link(f"rule:{r.key}", _(r.title)) for r in rules])
        in_chapter = _("Rules in this chapter: {rules}").format(rules=links) if links else ""
        self.text.value = (f"<h3 class='shogun-chapter-title'>{escape(_(ch.title))}</h3>" + self._card_html()
                           + f"<p class='shogun-screen'>{escape(para)}</p>"
                           + (f"<p class='shogun-chapter-rules'>{in_chapter}</p>" if in_chapter else ""))

    def _card_html(self) -> str:
        """The card of a card screen, as it lies on the table: its name and printed numbers."""
        card = self.card()
        if card is None:
            return ""
        facts = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in cards.card_facts(card))
        return (f"<div class='shogun-card shogun-card-{card.kind}'><div class='shogun-card-name'>{escape(card.title)}</div>"
                f"<table>{facts}</table></div>")

    def _render_visual(self) -> None:
        kind = self.current.visual
        if kind == "year":
            from .welcome import year_html
            self.visual_box.children = [w.HTML(year_html())]
        elif kind.startswith("table:"):
            # the table (a try-it's own map is beside it, in the try-it's box: see _show_tryit)
            self._table = w.HTML(cards_panel._STYLE + "<div class='shogun-cards'>" + TABLES[kind[6:]]() + "</div>")
            self.visual_box.children = [self._table]
        elif kind == "tower":
            self.visual_box.children = [self._tower_widget()]
        elif kind in ("court", "samurai"):  # drawn from the try-it's position (see _on_state)
            self._court = w.HTML()
            self._court.add_class(f"shogun-rulebook-{kind}")
            self.visual_box.children = [self._court]
        else:
            self.visual_box.children = [self._board_widget()]

    def _board_widget(self) -> w.Widget:
        if self._board is None:
            from .board_panel import BoardPanel
            self._board = BoardPanel(height=520)
        return self._board.widget

    def _tower_widget(self) -> w.Widget:
        if self._tower is None:
            from ..viz.tower import tower_figure, tower_legend_html
            from .board_panel import PLOT_CONFIG, figure_widget
            from .board_panel import WidthProbe
            from .widgets.plotly_widget import sync_for_new_views

            fig = tower_figure(height=460)
            self._tower = figure_widget(fig.data, fig.layout)
            self._tower._config = PLOT_CONFIG
            self._tower.add_class("shogun-rulebook-tower")
            probe = WidthProbe(layout=w.Layout(width="100%", height="0px"))

            def follow(_change=None) -> None:  # drawn for its column: a phone's 350 px, not plotly's default 700
                from ..viz.tower import apply_tower_sizes, tower_sizes

                if probe.width > 0:
                    apply_tower_sizes(self._tower, tower_sizes(int(probe.width), int(probe.font or 0)))
                    sync_for_new_views(self._tower)
            probe.observe(follow, names=["width", "font"])
            # the try-it's throw played again (issue 23: "watch the tower" showed nothing moving)
            self._tower_replay = w.Button(icon="repeat", layout=w.Layout(width="auto", display="none"))
            self._tower_replay.add_class("shogun-tryit-tower-replay")
            self._tower_replay.on_click(lambda _b: self._play_throw())
            from .widgets.board_scroll import BoardScroll

            self._tower_scroll = BoardScroll()  # brings the tower into view when a throw plays (a phone: above the question)
            self._tower_legend = w.HTML(tower_legend_html())  # each cube's letter and its colour's name
            self._tower_box = w.VBox([probe, self._tower, self._tower_legend, self._tower_replay, self._tower_scroll], layout=w.Layout(width="100%", min_width="0"))
        self._tower_replay.description = _("Replay")
        return self._tower_box

    def _on_state(self, state, last_event, learner: int | None = None, tryit: TryIt | None = None) -> None:
        """A try-it moved on: the chapter's visual follows its position."""
        if self.current.visual in ("court", "samurai") and self._court is not None:
            self._court.value = expansion_visual(self.current.visual, state, learner)
        elif self.current.visual == "tower" and self._tower is not None:
            self._tower_follows(state, tryit)

    def _tower_follows(self, state, tryit: TryIt | None) -> None:
        """The tower shows the try-it's cubes where they lie (the tray's farmers and other players' cubes too); after
        a battle or revolt of the try-it its throw is played (the cubes fall, then the losers leave the tray)."""
        from ..viz.tower import throw_stages, tower_state_cubes
        from .tower_replay import THROW_RULES, inside_before

        levels = len(state.tower.levels)
        log = state.log
        start = tryit.start if tryit is not None else len(log)
        throws = [i for i in range(start, len(log)) if log[i]["rule"] in THROW_RULES]
        final = tower_state_cubes(state.tower, levels)
        if not throws:
            self._throw = None
            self._tower_replay.layout.display = "none"
            self._draw_tower(final)
            return
        index = throws[-1]
        key = (id(tryit.game), index)
        if self._throw is not None and self._throw[0] == key:
            return  # this throw is shown already (a language change renders the try-it again)
        still = inside_before(tryit.game, index) or []
        frames = [list(still) + frame for frame in throw_stages(log[index]["throw"], levels)] + [final]
        self._throw = (key, frames, levels)
        self._tower_replay.layout.display = None
        self._play_throw()

    def _draw_tower(self, cubes, animate: bool = False) -> None:
        from .tower_panel import draw_cubes
        levels = self._throw[2] if self._throw is not None else 3
        draw_cubes(self._tower, cubes, levels, animate=animate)

    def _play_throw(self) -> None:
        """The throw frame by frame (each cube's way down the tower, then the tray after the battle), or at once
        without a running event loop."""
        import asyncio

        from .tower_panel import FRAME_SECONDS, _loop_running

        if self._throw is None:
            return
        if self._tower_task is not None:
            self._tower_task.cancel()
        frames = self._throw[1]
        if not _loop_running():
            self._draw_tower(frames[-1])
            return

        self._tower_scroll.reveal(".shogun-rulebook-tower")

        async def play() -> None:
            try:
                self._draw_tower(frames[0])
                for frame in frames[1:]:
                    await asyncio.sleep(FRAME_SECONDS)
                    self._draw_tower(frame, animate=True)
                await asyncio.sleep(FRAME_SECONDS)
                self._draw_tower(frames[-1])  # at rest: each cube at its own size
            except asyncio.CancelledError:
                return
        self._tower_task = asyncio.ensure_future(play())
        # the board (the chapter's or the try-it's own) is drawn by the try-it itself: the position, the province to
        # act on, the chosen move

    def _render_tryits(self, keep: bool = False) -> None:
        ids = self.scenario_ids()
        current = self.scenario_pick.value if keep else None
        self._quiet = True
        options = [(_("Try it") + (f" {i + 1}" if len(ids) > 1 else ""), sid) for i, sid in enumerate(ids)]
        if self.card() is None and self.chapter_key in WHATIFS:
            value, label = WHATIFS[self.chapter_key]
            options.append((_(label), value))
            ids = ids + (value,)
        self.scenario_pick.options = options
        self.scenario_pick.value = current if current in ids else (ids[0] if ids else None)
        self._quiet = False
        self.scenario_pick.layout.display = None if len(ids) > 1 else "none"
        if not ids:
            self.tryit_box.children = []
        elif not keep or current not in ids:
            self._show_tryit(self.scenario_pick.value)
        elif current in self._tryits:
            self._tryits[current].render()  # the language changed: the shown try-it speaks it too

    def _show_tryit(self, sid: str) -> None:
        if sid == "whatif:castle-move":
            if sid not in self._tryits:
                from .castle_move import CastleMoveWidget
                self._tryits[sid] = CastleMoveWidget()
            self.tryit_box.children = [self._tryits[sid].widget]
            self._tryits[sid].render()
            return
        mode = self._map_mode(sid)
        key = f"{sid}:{mode}"  # a try-it in two chapters: on the chapter's board in one, with its own map in another
        if key not in self._tryits:
            if mode == "own":
                from .board_panel import BoardPanel
                # the try-it's own sentence says what to click: no reach-and-shortest-way lesson, no view buttons
                board = BoardPanel(height=420, choose_board=False, lesson=False)
                board.widget.add_class("shogun-tryit-map")
            else:
                board = self._board if mode == "chapter" else None
            # its own map goes in the try-it's box, under its question and choices (beside the table or tower)
            self._tryits[key] = TryIt(sid, on_state=self._on_state, board=board, own_map=mode == "own")
        self._tryits[sid] = t = self._tryits[key]  # the shown one, by its id (reset, language change)
        t.attach()
        self.tryit_box.children = [t.widget]
        t.render()

    def _map_mode(self, sid: str) -> str:
        """Where a try-it is played on the map: on the chapter's board ("chapter"), on a map of its own beside the
        chapter's table or tower, under its question ("own": a move to choose, or a province card to lay on one action field), or
        without a map ("none": the court's and samurai's chapters, a place in the turn order, a whole plan)."""
        visual = self.current.visual
        if visual == "board":
            return "chapter"
        if visual in ("court", "samurai"):
            return "none"
        from ..rulebook.scenario import load_scenario
        decide = load_scenario(sid).raw.get("round", {}).get("decide", {})
        return "own" if decide.get("kind") == "move" or (decide.get("kind") == "plan" and "field" in decide) else "none"

    def reset(self) -> None:
        """Reset the scenario shown (teacher: start the demonstration again)."""
        sid = self.scenario_pick.value
        if sid in self._tryits:
            self._tryits[sid].reset()

    def close(self) -> None:
        self._unsubscribe()
        self.widget.close()
