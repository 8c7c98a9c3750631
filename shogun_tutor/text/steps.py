"""The guided game's log cut into steps that follow the game's structure.

A step is a run of log events read together: the set-up, a season's planning,
its event card, the bids and the turn order, each action card with every
player's result, each battle, winter rice, the revolts, the scoring. Pure
functions over the event dicts of ``GameState.log``; the titles are gettext
messages of the text layer.

>>> log = [{"rule": "round.start"}, {"rule": "plan.done"}, {"rule": "plan.done"}, {"rule": "round.event"},
...        {"rule": "order.bids"}, {"rule": "order.pick_place"}, {"rule": "order.turn_order"},
...        {"rule": "action.reveal", "action": "battle_b", "position": 1},
...        {"rule": "action.reveal", "action": "tax", "position": 2}, {"rule": "action.income"},
...        {"rule": "battle.result"}, {"rule": "move.none"}, {"rule": "round.end"}]
>>> [(s.kind, s.start, s.end) for s in steps(log)]
[('plan', 0, 3), ('event', 3, 4), ('order', 4, 7), ('action', 7, 10), ('battle', 10, 11), ('action', 11, 13)]
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ..i18n import _
from . import terms
from .explain import province

# rule (or rule prefix ending in ".") -> the kind of step it belongs to; a change of kind starts a new step
_KINDS = {
    "setup.": "setup", "claim.": "setup", "court.setup": "setup", "samurai.setup": "setup",
    "year.events": "plan", "round.start": "plan", "court.lay_out": "plan", "plan.": "plan",
    "round.event": "event",
    "order.": "order",
    "samurai.": "samurai",
    "court.": "court",
    "action.": "action", "move.": "action",
    "winter.rice": "winter_rice", "winter.revolts_drawn": "revolts", "winter.revolt_void": "revolts",
    "winter.scoring": "scoring",
}
# rules that always start a step of their own (a battle, a revolt); an action card starts one too
_OWN_STEP = {"battle.result": "battle", "battle.revolt": "revolt"}
# rules told within the step they close (or continue), never alone
_ATTACH = {"round.end", "year.end", "game.end", "court.fill_officials", "samurai.reset"}
_ATTACH_PREFIXES = ("event.", "privilege.")  # an event card's or a privilege card's effect, where it happens
# a long draft is read in parts of this many claims
CLAIMS_PER_STEP = 8


@dataclass(frozen=True)
class Step:
    """Events ``log[start:end]`` read as one step of ``kind``; ``action`` names the action card, if any."""

    kind: str
    start: int
    end: int
    action: str | None = None
    position: int | None = None
    province: str | None = None


def kind_of(rule: str) -> str | None:
    """The kind of step an event's rule belongs to; None for events told within the step before them."""
    if rule in _ATTACH or rule.startswith(_ATTACH_PREFIXES):
        return None
    if rule in _OWN_STEP:
        return _OWN_STEP[rule]
    if rule in _KINDS:
        return _KINDS[rule]
    for prefix, kind in _KINDS.items():
        if prefix.endswith(".") and rule.startswith(prefix):
            return kind
    return None


def steps(log: list[dict]) -> list[Step]:
    """The steps of a whole log, in order; together they cover every event exactly once."""
    out: list[Step] = []
    kind = action = position = None
    start = 0
    for i, e in enumerate(log):
        rule = e["rule"]
        k = kind_of(rule)
        new = False
        if rule == "action.reveal":
            only_reveals = kind == "action" and all(x["rule"] == "action.reveal" for x in log[start:i])
            new = not only_reveals  # an action card nobody played is read with the next one
            action, position = e.get("action"), e.get("position")
        elif rule in _OWN_STEP:
            new = True
        elif k is not None and k != kind:
            new = True
        elif k == "setup" and rule == "claim.province" and sum(
                1 for x in log[start:i] if x["rule"] == "claim.province") >= CLAIMS_PER_STEP:
            new = True
        if new and i > start:
            out.append(_step(log, kind, start, i, action if kind == "action" else None, position))
            start = i
        if new or kind is None:
            kind = k or kind or "setup"
    if start < len(log):
        out.append(_step(log, kind or "setup", start, len(log), action if kind == "action" else None, position))
    return out


def _step(log, kind, start, end, action, position) -> Step:
    where = log[start].get("province") if kind in ("battle", "revolt") else None
    if kind == "action" and log[start]["rule"] == "action.reveal":
        reveals = [e for e in log[start:end] if e["rule"] == "action.reveal"]
        action, position = reveals[-1].get("action"), reveals[-1].get("position")
    return Step(kind, start, end, action, position if kind == "action" else None, where)


def step_at(all_steps: list[Step], index: int) -> int:
    """The number of the step holding log event ``index`` (the last step for an event still to come)."""
    starts = [s.start for s in all_steps]
    return max(0, min(bisect_right(starts, index) - 1, len(all_steps) - 1))


_TITLES = {
    "setup": lambda s: _("Setting up the game"),
    "plan": lambda s: _("Planning: everyone puts cards on the action cards in secret"),
    "event": lambda s: _("The season's event card"),
    "order": lambda s: _("Bids and turn order"),
    "samurai": lambda s: _("Samurai cards"),
    "court": lambda s: _("Tennō's Court"),
    "winter_rice": lambda s: _("Winter: rice for the provinces"),
    "revolts": lambda s: _("Winter: revolts are drawn"),
    "revolt": lambda s: _("Revolt in {province}").format(province=province(s.province)),
    "battle": lambda s: _("Battle in {province}").format(province=province(s.province)),
    "scoring": lambda s: _("Scoring"),
}


def step_title(step: Step) -> str:
    """What a step is about, as a heading."""
    if step.kind == "action":
        if step.action is None:
            return _("Actions")
        return _("Action card {position}: {action}").format(position=step.position, action=terms.action_name(step.action))
    if step.kind in ("battle", "revolt") and not step.province:
        return _("Battle")
    return _TITLES.get(step.kind, lambda s: _("What happened"))(step)
