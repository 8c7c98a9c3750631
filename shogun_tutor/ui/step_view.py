"""The guided game read step by step: Back and Next re-read the game's steps without undoing.

The log is cut into the game's own steps (:mod:`shogun_tutor.text.steps`). "Next"
moves to the next step already played, or lets the bots play until the next step
is complete; "Back" goes to the step before. Every step is shown as the game stood
right after it (:meth:`StepView.position`, rebuilt by
:func:`shogun_tutor.rules.rewind.position_at`; the latest step is the game itself); a
step read again, behind the furthest one shown, stands under a banner that says so,
with a button back to the present. Nothing is dropped: a long step shows its latest
events and folds the older ones under a count, and the game log folds its older lines
under a button that shows them all. A seated learner sees a bot's planned card only
once the game has turned it up.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from ..i18n import _, join_sentences, ngettext
from ..rules.rewind import Position, position_at
from ..text.explain import Explanation, explain, player_name
from ..text.reasons import render as render_reason
from ..text.steps import Step, step_at, step_title, steps
from .widgets.bridge import why_link

_KIND_COLOURS = {"battle": "#D55E00", "scoring": "#009E73", "lapsed": "#999999", "phase": "#0072B2", "info": "#6b4f2a"}
MAX_EVENTS = 25  # events of one step shown open; older ones are folded under a count
MAX_MOVES = 12  # bot decisions of one step shown open; older ones are folded under a count
MAX_LOG = 80  # lines of the game log shown until "show all" is pressed


def explanation_html(ex: Explanation, rule: str | None = None) -> str:
    """An explanation as HTML; with the event's ``rule`` id, a "why?" link opens the rule's text."""
    colour = _KIND_COLOURS.get(ex.kind, "#6b4f2a")
    lines = "".join(f"<li>{escape(line)}</li>" for line in ex.lines)
    why = why_link(rule, _("why?")) if rule else ""
    return (f"<div class='shogun-event shogun-event-{ex.kind}' style='border-left:4px solid {colour};padding:0.2em 0.6em;margin:0.3em 0'>"
            f"<b>{escape(ex.title)}</b>{why}{f'<ul style=margin:0.2em 0 0.2em 1.1em;padding:0>{lines}</ul>' if lines else ''}</div>")


def folded(summary: str, inner: str) -> str:
    """HTML folded under a summary line the reader can open (nothing is dropped)."""
    return f"<details class='shogun-folded'><summary>{escape(summary)}</summary>{inner}</details>"


def face_up(log: list[dict], start: int, decision) -> bool:
    """True once the game has turned up the card a plan ``decision`` (made in the planning that
    starts at log event ``start``) put on its field: its action card was revealed, the bids were
    shown (the bid field), or the season is over."""
    if decision.kind != "plan":
        return True
    for e in log[start:]:
        rule = e["rule"]
        if rule == "round.end" or (rule == "action.reveal" and e.get("action") == decision.field) or (
                rule == "order.bids" and decision.field == "bid"):
            return True
    return False


class StepView:
    """``StepView(describe)``: the step panel (heading, Back, the step's text) and the game log of one game.

    ``describe(decision)`` says a decision as the player would. The panel calls :meth:`record` for every
    bot decision it applies, :meth:`forward` for "Next", and :meth:`render` after each change.
    """

    def __init__(self, describe: Callable):
        self.describe = describe
        self.cursor = 0  # the step shown
        self.frontier = 0  # the furthest step shown since the last move of the game: behind it, a step is read again
        self.reasons: dict[int, tuple[int, object]] = {}  # decision index -> (log position when made, reason)
        self._cache: tuple = (None, -1, None, [])
        self._position: tuple = (None, None)  # (key, Position) of the step last shown
        self.back_button = w.Button(icon="step-backward", layout=w.Layout(width="auto"))
        self.back_button.add_class("shogun-step-back")
        self.present_button = w.Button(icon="fast-forward", button_style="info", layout=w.Layout(width="auto"))
        self.present_button.add_class("shogun-to-present")
        self.banner_text = w.HTML()
        self.banner = w.HBox([self.banner_text, self.present_button],
                             layout=w.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.banner.add_class("shogun-reading-back")
        self.label = w.HTML()
        self.label.add_class("shogun-step-label")
        self.now = w.HTML()
        self.now.add_class("shogun-now")
        self.log = w.HTML()
        self.log.add_class("shogun-log")
        self.log_all = w.ToggleButton(value=False, layout=w.Layout(width="auto"))
        self.log_all.add_class("shogun-log-all")
        self.log_box = w.Accordion(children=[w.VBox([self.log_all, self.log])], selected_index=None)
        self.game = None  # the game last drawn (the log is drawn when opened)
        self.seat: int | None = None  # the learner's seat when one is seated
        self.hide_plans = False  # a shared game (ui/together.py): plans face down for a watcher too
        self.log_box.observe(lambda _c: self._render_log(self.game) if self.game is not None else None, names="selected_index")
        self.log_all.observe(lambda _c: self._render_log(self.game) if self.game is not None else None, names="value")

    # --- the steps -------------------------------------------------------------------------
    def steps(self, game) -> list[Step]:
        log = game.state.log
        key, n, last, cached = self._cache
        if key is not game or n != len(log) or (log and last is not log[-1]):
            cached = steps(log)
            self._cache = (game, len(log), log[-1] if log else None, cached)
        return cached

    def current(self, game) -> Step | None:
        all_steps = self.steps(game)
        if not all_steps:
            return None
        self.cursor = max(0, min(self.cursor, len(all_steps) - 1))
        return all_steps[self.cursor]

    def events(self, game) -> list[dict]:
        """The events of the step shown."""
        step = self.current(game)
        return game.state.log[step.start:step.end] if step else []

    def moves(self, game) -> list[tuple]:
        """(decision, reason) of the bots' decisions that led to the step shown."""
        all_steps = self.steps(game)
        out = []
        for i, (pos, reason) in sorted(self.reasons.items()):
            if i < len(game.decisions) and all_steps and step_at(all_steps, pos) == self.cursor:
                out.append((game.decisions[i], reason))
        return out

    def record(self, index: int, position: int, reason) -> None:
        """A bot's decision number ``index``, made when the log had ``position`` events, and its reason."""
        self.reasons[index] = (position, reason)

    def reset(self, game, at_end: bool = True) -> None:
        """A new or loaded game: no reasons known, the last step shown."""
        self.reasons = {}
        self.cursor = self.frontier = len(self.steps(game)) - 1 if at_end else 0

    def forget_after(self, decisions: int) -> None:
        """Decisions from number ``decisions`` on were undone."""
        self.reasons = {i: r for i, r in self.reasons.items() if i < decisions}

    def go_last(self, game) -> None:
        self.cursor = self.frontier = max(0, len(self.steps(game)) - 1)

    def go_to_end_of_round(self, game, start: int) -> None:
        """After "Next round": the last step before the round now under way (from log event ``start`` on),
        e.g. the scoring after a winter; the last step when the game is over."""
        log, now = game.state.log, (game.state.year, game.state.season)
        first = next((i for i in range(start, len(log)) if (log[i].get("year"), log[i].get("season")) == now), None)
        if game.over or first is None or first == 0:
            self.go_last(game)
        else:
            self.go_to_event(game, first - 1)

    def go_to_event(self, game, index: int) -> None:
        """Show the step that holds log event ``index`` (the first event of a new part of the game)."""
        self.cursor = self.frontier = step_at(self.steps(game), index)

    def position(self, game) -> Position:
        """The game as it stood right after the step shown (the game itself at the latest step)."""
        step = self.current(game)
        if step is None or self.cursor == len(self.steps(game)) - 1:
            return Position(game.state, len(game.state.log))
        log = game.state.log
        key = (game, len(game.decisions), len(log), log[-1] if log else None, step.end)  # an undo changes it
        if self._position[0] != key:
            self._position = (key, position_at(game, step.end))
        return self._position[1]

    def reading_back(self, game) -> bool:
        """True when the step shown lies behind the furthest one shown: it is read again."""
        self.current(game)
        return self.cursor < min(self.frontier, len(self.steps(game)) - 1)

    def in_present(self, game) -> bool:
        """True when what is shown is the game as it is now (where a decision can be made)."""
        return self.position(game).state is game.state and not self.reading_back(game)

    def can_go_on(self, game) -> bool:
        """True when a step already played lies ahead (Next re-reads it without playing)."""
        return self.cursor < len(self.steps(game)) - 1

    def back(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    def forward(self, game, advance: Callable[[Callable[[], bool]], int]) -> int:
        """Next: the next step, completed first if the bots still have to play it.

        ``advance(done)`` applies bot decisions until ``done()`` or until nobody (or the learner)
        must decide, and returns how many it applied. Returns the decisions applied here.
        """
        applied = 0
        if self.can_go_on(game):
            self.cursor += 1
        else:  # the step shown is the latest: let the bots finish it, then go on if it did not grow
            end = self.steps(game)[self.cursor].end if self.steps(game) else 0
            here = self.cursor
            applied += advance(lambda: len(self.steps(game)) > here + 1)
            grew = self.steps(game)[here].end > end if self.steps(game) else False
            if not grew and self.can_go_on(game):
                self.cursor += 1
        here = self.cursor
        applied += advance(lambda: len(self.steps(game)) > here + 1)  # the step shown is complete
        return applied

    # --- drawing ----------------------------------------------------------------------------
    def render(self, game, seat: int | None = None, waiting: bool = False) -> None:
        """Draw the step shown; ``seat``: the learner's seat (the bots' plans stay face down until the
        game turns them up); ``waiting``: the learner's decision waits in the present, not shown here."""
        self.game, self.seat = game, seat
        self.frontier = max(self.frontier, self.cursor)
        all_steps = self.steps(game)
        step = self.current(game)
        self.back_button.description = _("Back")
        self.back_button.tooltip = _("Read the step before again (nothing is undone)")
        self.back_button.disabled = self.cursor == 0
        if step is None:
            self.label.value = ""
            self.now.value = escape(_("Press “Next step”."))
        else:
            count = _("Step {number} of {total}").format(number=self.cursor + 1, total=len(all_steps))
            self.label.value = f"<b>{escape(step_title(step))}</b> <small style='color:#555'>{escape(count)}</small>"
            self.now.value = self._moves_html(game, step) + self._events_html(game.state.log[step.start:step.end])
        self._render_banner(game, waiting)
        self._render_log(game)

    def _render_banner(self, game, waiting: bool) -> None:
        reading_back = self.reading_back(game)
        if not reading_back and not waiting:
            self.banner.layout.display = "none"
            return
        if not reading_back:  # the others' moves before the learner's turn are not read yet
            self.present_button.description = _("Skip to your turn")
            self.present_button.tooltip = _("Skip the other players' moves and show the game as it is now")
            text = _("Not all of the other players' moves are shown yet. Press “Next step” to follow them one at a "
                     "time, or “Skip to your turn” to go straight to your next decision.")
            self.banner_text.value = f"<span role='status'>{escape(text)}</span>"
            self.banner.layout.display = None
            return
        self.present_button.description = _("Back to the present")
        self.present_button.tooltip = _("Show the latest step and the game as it is now")
        number, total = self.cursor + 1, len(self.steps(game))
        if self.position(game).known:
            then = _("Reading step {number} of {total} — the board and the player table show the game as it was "
                     "right after this step.").format(number=number, total=total)
        else:
            then = _("Reading step {number} of {total} — this game was loaded from a file, so the board and the "
                     "player table show the present, not the game as it was then.").format(number=number, total=total)
        on = (_("“Next step” returns to the present.") if self.cursor + 1 >= self.frontier
              else _("“Next step” reads on towards the present."))
        wait = (_("It is your turn in the present: “Back to the present” takes you there.") if waiting else "")
        self.banner_text.value = f"<span role='status'>{escape(join_sentences(then, on, wait))}</span>"
        self.banner.layout.display = None

    def _events_html(self, events: list[dict]) -> str:
        parts = [explanation_html(explain(e), e["rule"]) for e in events]
        if len(parts) <= MAX_EVENTS:
            return "".join(parts)
        older = len(parts) - MAX_EVENTS
        summary = ngettext("{n} earlier event of this step", "{n} earlier events of this step", older).format(n=older)
        return folded(summary, "".join(parts[:older])) + "".join(parts[older:])

    def _moves_html(self, game, step: Step) -> str:
        moves = self.moves(game)
        if not moves:
            return ""
        rows = [f"<li>{self._move_html(d, r)}</li>" for d, r in moves]
        box = "<ul class='shogun-bot-moves' style='margin:0.2em 0 0.4em 1.1em;padding:0'>{}</ul>"
        if step.kind == "plan":  # plans are secret at the table: shown only to who opens them
            if self.hide_plans or (self.seat is not None and self.seat >= 0):  # only what the game has turned up
                shown = [r for (d, _r), r in zip(moves, rows) if face_up(game.state.log, step.start, d)]
                hidden = len(rows) - len(shown)
                rows = shown
                note = ngettext("{n} card of the bots' plans stays face down until the game turns it up.",
                                "{n} cards of the bots' plans stay face down until the game turns them up.",
                                hidden).format(n=hidden) if hidden else ""
                note = f"<div class='shogun-plans-hidden' style='color:#555'>{escape(note)}</div>" if note else ""
            else:
                note = ""
            n = len(rows)
            if not n:
                return note
            return note + folded(ngettext("The bots' plans, with their reasons ({n} card)",
                                          "The bots' plans, with their reasons ({n} cards)", n).format(n=n),
                                 box.format("".join(rows)))
        if len(rows) <= MAX_MOVES:
            return box.format("".join(rows))
        older = len(rows) - MAX_MOVES
        summary = ngettext("{n} earlier decision of the bots", "{n} earlier decisions of the bots", older).format(n=older)
        return folded(summary, box.format("".join(rows[:older]))) + box.format("".join(rows[older:]))

    def _move_html(self, d, reason) -> str:
        """One bot decision with its reason: a whole message, its placeholders filled with escaped HTML."""
        return escape(_("{player}: {decision} — {reason}")).format(
            player=f"<b>{escape(player_name(d.player))}</b>", decision=escape(self.describe(d)),
            reason=f"<span style='color:#555'>{escape(render_reason(reason))}</span>")

    def _render_log(self, game) -> None:
        log = game.state.log
        older = max(0, len(log) - MAX_LOG)
        self.log_box.set_title(0, _("Game log"))
        self.log_all.layout.display = None if older else "none"
        if self.log_all.value:
            self.log_all.description = ngettext("Show only the last {n} line", "Show only the last {n} lines", MAX_LOG).format(n=MAX_LOG)
        else:
            self.log_all.description = ngettext("Show {n} earlier line", "Show {n} earlier lines", older).format(n=older)
        if not self.log_box.selected_index == 0:
            self.log.value = ""  # drawn when opened: the log is not sent with every step
            return
        shown = log if self.log_all.value else log[older:]
        self.log.value = "<br>".join(escape(explain(e).title) + why_link(e["rule"], _("why?")) for e in reversed(shown))
