"""The battle-tower demo: set up a battle, read the odds, throw, watch the cubes fall, read the verdict.

The tower persists between throws (like the real one); "New tower" fills a
fresh one as at the start of a 4-player game. The animation runs as an asyncio
task in the kernel, so the kernel never blocks; "Skip" jumps to the end and
"Replay" plays the last throw again. ``show_event`` replays a battle of the
guided game on its own screen: the game's tower and tray and the game's verdict,
without the demo's controls and odds; "Back to the demo" returns to the demo's tower.
"""

from __future__ import annotations

import asyncio
import random
from html import escape

import ipywidgets as w

from .. import i18n
from ..i18n import N_, _, ngettext
from ..rules.battle import judge, split_tray
from ..rules.battle_setup import BattleSetup, fill_setup, setup_battle
from ..rules.odds import setup_odds
from ..rules.combat import throw_record
from ..rules.tower import Cube, PhysicalTower, TowerState
from ..viz.tower import (apply_tower_sizes, cube_sizes, cube_trace_values, throw_stages, tower_figure, tower_labels, tower_legend_html, tower_sizes,
                         tower_state_cubes)
from .board_panel import PLOT_CONFIG, WidthProbe, figure_widget, sync_for_new_views
from ..text.explain import battle_lines, explain, odds_lines, winner_headline
from .screen_reader import spoken_text
from .widgets.announce import Announcer

KINDS = [("player", N_("Attack another player")), ("neutral", N_("Attack a neutral province")), ("revolt", N_("Farmers revolt"))]
ATTACKER, DEFENDER = 0, 1
FILL_PLAYERS = 4  # the demo tower is filled as at the start of a 4-player game
FRAME_SECONDS = 0.55
FIGURE = ".shogun-tower-panel .shogun-tower-box .js-plotly-plot"  #: the tower tab's drawing in the page


def draw_cubes(figure, cubes, levels: int, animate: bool = False) -> None:
    """Move the cubes of a :func:`~shogun_tutor.viz.tower.tower_figure` widget (trace 0) in place.

    A crowded level draws its cubes smaller (``viz.tower``). Moved with an animation, a cube keeps the smaller of
    its sizes before and after the move, set before the move starts: plotly animates the positions but draws the
    markers at the sizes they had, so cubes that grew would lie on one another in a crowded place; the next
    frame, or the last drawn without animation, gives it its own size."""
    v = cube_trace_values(cubes, levels)
    trace = figure.data[0]
    shown = v["scale"]
    if animate and list(trace.ids or ()) == v["ids"]:
        before = list(trace.customdata or ())
        if len(before) == len(shown):
            shown = [min(a, b) for a, b in zip(before, shown)]
            with figure.batch_update():
                trace.marker.size, trace.textfont.size = cube_sizes(figure, shown)
    ctx = figure.batch_animate(duration=int(FRAME_SECONDS * 800), easing="cubic-in-out") if animate else figure.batch_update()
    with ctx:
        trace.ids = v["ids"]
        trace.x = v["x"]
        trace.y = v["y"]
        trace.text = v["text"]
        trace.marker.color = v["marker_color"]
        trace.textfont.color = v["textfont_color"]
        trace.customdata = v["scale"]  # each cube's own size at rest here
        trace.marker.size, trace.textfont.size = cube_sizes(figure, shown)
    sync_for_new_views(figure)


class TowerPanel:
    """``TowerPanel().widget`` is the whole demo."""

    def __init__(self, seed: int = 2026, odds_trials: int = 20_000):
        self.rng = random.Random(seed)
        self.model = PhysicalTower()
        self.odds_trials = odds_trials
        self.next_id = 0
        self.tower = TowerState.empty(self.model.params.levels)
        self._frames: list[list[tuple[int, int | None, int]]] = []
        self._settled: list[tuple[int, int | None, int]] | None = None
        self._verdict_html = ""
        self._task: asyncio.Task | None = None
        self.last_verdict = None

        self.kind = w.Dropdown(layout=w.Layout(width="26em"))
        self.attackers = w.IntSlider(value=4, min=0, max=15, layout=w.Layout(width="28em"), style={"description_width": "10em"})
        self.defenders = w.IntSlider(value=3, min=0, max=15, layout=w.Layout(width="28em"), style={"description_width": "10em"})
        self.unrest = w.IntSlider(value=0, min=0, max=5, layout=w.Layout(width="28em"), style={"description_width": "10em"})
        self.extra = w.IntSlider(value=0, min=0, max=3, layout=w.Layout(width="28em"), style={"description_width": "10em"})
        self.throw_button = w.Button(button_style="primary", icon="cube")
        self.skip_button = w.Button(disabled=True)
        self.replay_button = w.Button(disabled=True)
        self.reset_button = w.Button()
        self.odds = w.HTML()
        self.odds.add_class("shogun-odds")
        self.verdict = w.HTML()
        self.verdict.add_class("shogun-verdict")
        self.announcer = Announcer()  # the verdict of each throw, spoken by screen readers (a polite live region)
        self.status = w.HTML()
        self.status.add_class("shogun-tower-status")
        self.problem = w.HTML()
        self.problem.add_class("shogun-tower-problem")
        self.replay_head = w.HTML()
        self.replay_head.add_class("shogun-tower-replay")
        self.demo_button = w.Button(icon="arrow-left", layout=w.Layout(width="auto"))
        self.demo_button.add_class("shogun-tower-demo")
        self.replaying = False  # True while a battle of the game is shown instead of the demo
        self._replay_counts = (0, 0)  # (inside, tray) of a replay as drawn now
        self._replay_start: tuple[int, int] | None = None  # before its throw, and after it
        self._replay_final: tuple[int, int] | None = None
        self.figure = figure_widget(tower_figure([], self.model.params.levels))
        self.figure._config = PLOT_CONFIG  # follow the box's width, no mode bar
        for b in (self.throw_button, self.skip_button, self.replay_button, self.reset_button):
            b.layout = w.Layout(width="auto")
        self.throw_button.add_class("shogun-throw")
        self.skip_button.add_class("shogun-skip")
        self.demo_controls = w.VBox([self.kind, self.attackers, self.defenders, self.unrest, self.extra],
                                    layout=w.Layout(width="100%"))
        self.replay_box = w.VBox([self.replay_head, self.demo_button], layout=w.Layout(display="none"))
        controls = w.VBox(
            [self.replay_box, self.demo_controls,
             w.HBox([self.throw_button, self.skip_button, self.replay_button, self.reset_button], layout=w.Layout(flex_flow="row wrap")),
             self.problem, self.odds, self.status, self.verdict, self.announcer],
            layout=w.Layout(min_width="0", flex="1 1 380px"),
        )
        controls.add_class("shogun-tower-controls")
        self.probe = WidthProbe(layout=w.Layout(width="100%", height="0px"))  # the drawing follows its box (phones)
        self.probe.observe(self._width_changed, names=["width", "font"])
        from .widgets.board_scroll import BoardScroll

        self.scroll = BoardScroll()  # brings the tower into view when a throw starts (a phone: under the buttons)
        self.legend = w.HTML()  # each cube's letter and its colour's name, in the current language
        fig_box = w.VBox([self.probe, self.figure, self.legend, self.scroll], layout=w.Layout(flex="1 1 420px", min_width="0", max_width="560px"))
        fig_box.add_class("shogun-tower-box")
        self.widget = w.HBox([controls, fig_box], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("shogun-tower-panel")

        self.kind.observe(lambda _c: self._on_kind(), names="value")
        for s in (self.attackers, self.defenders, self.unrest, self.extra):
            s.observe(lambda _c: self.update_odds(), names="value")
        self.throw_button.on_click(lambda _b: self.throw())
        self.skip_button.on_click(lambda _b: self.skip())
        self.replay_button.on_click(lambda _b: self.replay())
        self.reset_button.on_click(lambda _b: self.new_tower())
        self.demo_button.on_click(lambda _b: self.to_demo())
        self._unsubscribe = i18n.on_language_change(lambda _code: self.refresh_texts())
        self.refresh_texts()
        self.new_tower()

    def _width_changed(self, _change=None) -> None:
        width, font = int(self.probe.width or 0), int(self.probe.font or 0)
        if width > 0:  # a phone's column, a laptop's 560 px, a projector's whole half screen with 18 px labels
            apply_tower_sizes(self.figure, tower_sizes(width, font))
            sync_for_new_views(self.figure)

    # --- texts -----------------------------------------------------------------------
    def refresh_texts(self) -> None:
        value = self.kind.value or "player"
        self.kind.options = [(_(label), k) for k, label in KINDS]
        self.kind.value = value
        self.kind.description = _("Battle")
        self.throw_button.description = _("Throw")
        self.skip_button.description = _("Skip")
        self.replay_button.description = _("Replay")
        self.reset_button.description = _("New tower")
        self.demo_button.description = _("Back to the demo")
        self._on_kind(update=False)
        self.update_odds(recompute=False)  # the same odds, in the new language
        self._show_status()
        if self.last_verdict:
            self._render_verdict(*self.last_verdict)
        tower_labels(self.figure)
        self.legend.value = tower_legend_html()
        sync_for_new_views(self.figure)

    def _on_kind(self, update: bool = True) -> None:
        kind = self.kind.value
        self.attackers.description = _("Attacking armies")
        self.defenders.description = _("Defending armies")
        self.unrest.description = _("Unrest markers")
        self.extra.description = _("Winter farmers")
        self.attackers.layout.display = "none" if kind == "revolt" else None
        self.defenders.layout.display = "none" if kind == "neutral" else None
        self.unrest.layout.display = "none" if kind == "neutral" else None
        self.extra.layout.display = None if kind == "revolt" else "none"
        if update:
            self.update_odds()

    # --- the battle set-up ----------------------------------------------------------------
    def battle(self) -> BattleSetup:
        """The battle set up in the controls, from the engine's one battle set-up (no cards: a plain battle)."""
        kind = self.kind.value
        if kind == "player":
            return setup_battle(kind, attacker=ATTACKER, defender=DEFENDER, moved=self.attackers.value,
                                defending=self.defenders.value, unrest=self.unrest.value)
        if kind == "neutral":
            return setup_battle(kind, attacker=ATTACKER, moved=self.attackers.value)
        return setup_battle(kind, defender=DEFENDER, defending=self.defenders.value, unrest=self.unrest.value,
                            extra_farmers=self.extra.value)

    def battle_setup(self) -> dict:
        setup = self.battle()
        return dict(kind=setup.kind, attacker=setup.attacker_armies, defender=setup.defender_armies, farmers=setup.farmers,
                    unrest=setup.unrest, attacker_seat=setup.attacker, defender_seat=setup.defender)

    def setup_problem(self) -> str | None:
        """Why the battle set up in the controls cannot be fought, or None."""
        kind = self.kind.value
        if kind in ("player", "neutral") and self.attackers.value < 1:
            return _("An attack needs at least 1 attacking army.")
        if kind in ("player", "revolt") and self.defenders.value < 1:
            return _("A player's province always holds at least 1 army: set at least 1 defending army.")
        return None

    def update_odds(self, recompute: bool = True) -> None:
        """The odds of the battle set up in the controls (simulated); ``recompute=False`` shows
        those last simulated again when the battle is the same (a language change)."""
        problem = self.setup_problem()
        self.problem.value = ("<span role='alert' style='color:#b00020'>{}</span>".format(escape(problem))
                              if problem and not self.replaying else "")
        self.throw_button.disabled = problem is not None
        if problem or self.replaying:
            self.odds.value = ""
            return
        setup = self.battle()
        last = getattr(self, "_odds", None)
        if recompute or last is None or last[0] != setup:
            last = self._odds = (setup, setup_odds(setup, tower=self.tower, trials=self.odds_trials, seed=7))
        text, note = odds_lines(setup, last[1])
        self.odds.value = f"<b>{escape(text)}</b><br><small>{escape(note)}</small>"

    def _show_status(self) -> None:
        inside, tray = self._replay_counts if self.replaying else (self.tower.lodged_count(), len(self.tower.tray))
        self.status.value = "<small>{}</small>".format(escape(
            ngettext("{n} cube is inside the tower; in the tray: {tray}.", "{n} cubes are inside the tower; in the tray: {tray}.",
                     inside).format(n=inside, tray=tray)))

    # --- tower actions ----------------------------------------------------------------------
    def _cubes(self, owner, n, origin):
        out = [Cube(self.next_id + i, owner, origin) for i in range(n)]
        self.next_id += n
        return out

    def new_tower(self) -> None:
        """A fresh tower, filled as at the start of a 4-player game (the components' armies each + farmers)."""
        self._cancel()
        self.tower = TowerState.empty(self.model.params.levels)
        cubes = [c for owner, n in fill_setup(FILL_PLAYERS).groups for c in self._cubes(owner, n, "fill")]
        self.model.throw(self.tower, cubes, self.rng)
        self.tower.tray = []  # what fell out goes back to the supplies
        self._show_demo_tower()
        self.update_odds()

    def _show_demo_tower(self) -> None:
        """The demo's own tower at rest, with no verdict and nothing to replay."""
        self.last_verdict = None
        self.verdict.value = ""
        self._frames = []
        self.replay_button.disabled = True
        self._draw(tower_state_cubes(self.tower, self.model.params.levels))
        self._show_status()

    def throw(self, animate: bool = True) -> None:
        """Throw the battle set up in the controls; animate it (or not) and show the verdict."""
        if self.setup_problem() is not None:
            self.update_odds()  # says why, visibly; nothing is thrown
            return
        if self.replaying:
            self.to_demo()
        self._cancel()
        b = self.battle_setup()
        origin = "demo"
        cubes = [c for owner, n in self.battle().groups if n for c in self._cubes(owner, n, origin)]
        before = {c.id for level in self.tower.levels for c in level}
        levels = self.model.params.levels
        in_tray = [(c.id, c.owner, levels + 1) for c in self.tower.tray]  # left there by earlier battles
        result = self.model.throw(self.tower, cubes, self.rng)
        moved = {p.cube.id for p in result.paths}
        record = throw_record(result)
        out = result.out_by_owner()
        a_out = out.get(b["attacker_seat"], 0) if b["attacker_seat"] is not None else 0
        d_out = out.get(b["defender_seat"], 0) if b["defender_seat"] is not None else 0
        verdict = judge(b["kind"], a_out, d_out, out.get(None, 0), b["unrest"])
        came_out = {"attacker": a_out, "defender": d_out, "farmers": out.get(None, 0),
                    "others": len(result.came_out) - a_out - d_out - out.get(None, 0)}
        self.tower.tray, _back = split_tray(self.tower.tray, b["attacker_seat"], b["defender_seat"], verdict.farmers_side != "none")
        still = [(c.id, c.owner, li + 1) for li, level in enumerate(self.tower.levels) for c in level
                 if c.id in before and c.id not in moved] + [c for c in in_tray if c[0] not in moved]
        self.show_throw(record, b["kind"], b["attacker_seat"], b["defender_seat"], came_out, verdict.__dict__,
                        animate=animate, still=still, stay={c.id for c in self.tower.tray})

    def show_throw(self, record: dict, kind: str, attacker, defender, came_out: dict, verdict: dict,
                   animate: bool = True, still=(), province: str | None = None, stay: set | None = None) -> None:
        """Play a throw (from this demo or from a game log event) and then show its verdict. ``stay``: the ids of
        the cubes that stay in the tray once the battle is settled (the others leave it with the verdict)."""
        levels = self.model.params.levels
        self._frames = [list(still) + f for f in throw_stages(record, levels)]
        # once the verdict is read, the battle's cubes leave the tray (back to the supplies, the winner's into the
        # province): the drawing ends as the tower now is, as its status line says
        self._settled = None if stay is None else [c for c in self._frames[-1] if c[2] != levels + 1 or c[0] in stay]
        self.last_verdict = (kind, attacker, defender, came_out, verdict, province)
        self.replay_button.disabled = False
        self.verdict.value = ""
        if animate and _loop_running():
            self.skip_button.disabled = False
            self._task = asyncio.ensure_future(self._play())
        else:
            self._finish()

    def show_event(self, event: dict, animate: bool = True, inside=None) -> None:
        """Replay a battle or revolt from the game log (its ``throw`` record) with its verdict, apart from the demo.

        ``inside``: (cube id, owner, stage) of the cubes lying still in the game's tower at the throw
        (see :func:`~shogun_tutor.ui.tower_replay.inside_before`); without it only the thrown cubes are known.
        """
        if event["rule"] == "battle.revolt":
            kind, attacker, defender = "revolt", None, event["player"]
            came = {"attacker": 0, **event["came_out"]}
        else:
            kind, attacker, defender = event["kind"], event["player"], event["defender"]
            came = event["came_out"]
        self._cancel()
        self._set_replaying(True)
        levels = self.model.params.levels
        ends = [p[4] for p in event["throw"]["paths"]]
        still = [c for c in (inside or ()) if 1 <= c[2] <= levels]
        lodged = sum(1 for end in ends if end != "tray") + len(still)
        # the status follows the drawing: before the throw only the cubes lying still are inside and the tray
        # is empty (the thrown ones are in the funnel); the counts after the throw when it has come down
        self._replay_final = (lodged, sum(1 for end in ends if end == "tray"))
        self._replay_start = (len(still), 0)
        self._replay_counts = self._replay_start if animate and _loop_running() else self._replay_final
        self._show_status()
        head = _("A battle of the guided game: {title}").format(title=explain(event).title)
        note = "" if inside is not None else "<br><small>{}</small>".format(escape(
            _("Only the thrown cubes are drawn: the cubes that lay still in the tower are not known for this battle.")))
        self.replay_head.value = f"<b>{escape(head)}</b>{note}"
        self.show_throw(event["throw"], kind, attacker, defender, came, event["verdict"], animate=animate,
                        province=event["province"], still=still)

    def _set_replaying(self, on: bool) -> None:
        self.replaying = on
        self.replay_box.layout.display = None if on else "none"
        for box in (self.demo_controls, self.throw_button, self.reset_button):
            box.layout.display = "none" if on else None
        self.update_odds()

    def to_demo(self) -> None:
        """Leave a game battle's replay: the demo's own tower, controls and odds again."""
        self._cancel()
        self._set_replaying(False)
        self._show_demo_tower()

    async def _play(self) -> None:
        self.scroll.reveal(FIGURE)  # the cubes fall where they are seen
        try:
            self._draw(self._frames[0])
            for frame in self._frames[1:]:
                await asyncio.sleep(FRAME_SECONDS)
                self._draw(frame, animate=True)
            await asyncio.sleep(FRAME_SECONDS)
        except asyncio.CancelledError:
            return
        self._finish()

    def _finish(self) -> None:
        if self.replaying and self._replay_final is not None:
            self._replay_counts = self._replay_final  # the throw has come down: its counts with the drawing
        self.skip_button.disabled = True
        self._task = None
        if self._frames:
            self._draw(self._frames[-1] if self._settled is None else self._settled)
        self._render_verdict(*self.last_verdict)
        self.announcer.say(spoken_text(self.verdict.value))  # the throw has come down: its verdict is read out
        self._show_status()
        self.update_odds()

    def skip(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._finish()

    def replay(self) -> None:
        if self.last_verdict and self._frames:
            self._cancel()
            if _loop_running():
                if self.replaying and self._replay_start is not None:
                    self._replay_counts = self._replay_start  # the throw again from the top
                    self._show_status()
                self.skip_button.disabled = False
                self._task = asyncio.ensure_future(self._play())
            else:
                self._finish()

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self.skip_button.disabled = True

    def _draw(self, cubes, animate: bool = False) -> None:
        draw_cubes(self.figure, cubes, self.model.params.levels, animate)

    def _render_verdict(self, kind, attacker, defender, came_out, verdict, province=None) -> None:
        lines = battle_lines(kind, attacker, defender, came_out, verdict, province)
        outcome = verdict["outcome"]
        head = _("Draw") if outcome == "draw" else winner_headline(attacker if outcome == "attacker" else defender)
        self.verdict.value = "<div style='border-left:4px solid #6b4f2a;padding-left:0.6em'><b>{}</b><br>{}</div>".format(
            escape(head), "<br>".join(escape(x) for x in lines))

    def close(self) -> None:
        self._cancel()
        self._unsubscribe()
        self.widget.close()


def _loop_running() -> bool:
    try:
        return asyncio.get_event_loop().is_running()
    except RuntimeError:
        return False
