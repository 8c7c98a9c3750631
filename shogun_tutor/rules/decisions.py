"""Decisions: one constructor, :class:`Decision`, whose fields each kind gives meaning to.

Each phase declares the decision kinds it decides and the fields each kind uses
(``Phase.decisions``); :attr:`.rules.Rules.decision_kinds` gathers them, so an
expansion's phase brings its own kinds. Base kinds and the meaning of their fields:

* ``claim``: ``field`` 'up0' / 'up1' / 'deck', ``count`` = index of the army group
* ``redraw``: (draft) put both face-up cards under the deck, as the same two came up again
* ``plan``: ``field`` a plan field (an action id or 'bid'), ``card`` a province card, 'chest:N' or None
* ``place``: ``count`` = turn-order place 0-4
* ``move``: ``province`` from, ``target`` to (None: do not move), ``count`` armies
* ``revolt``: ``province`` where the next winter revolt is fought
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from . import errors as E

FIELDS = ("field", "card", "province", "target")


@dataclass(frozen=True)
class Decision:
    """One decision of one player (see the module docstring for what each kind uses)."""

    kind: str
    player: int
    field: str | None = None
    card: str | None = None
    province: str | None = None
    target: str | None = None
    count: int = 0

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None and not (k == "count" and v == 0)}

    @staticmethod
    def from_dict(raw: Any) -> "Decision":
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str) or type(raw.get("player")) is not int:
            raise ValueError(f"a decision needs 'kind' and 'player', got {raw!r}")
        allowed = {"kind", "player", "count", *FIELDS}
        if set(raw) - allowed:
            raise ValueError(f"unknown decision fields {sorted(set(raw) - allowed)}")
        return Decision(**raw)


@dataclass
class Pending:
    """Who must decide what now (``kind`` as in :class:`Decision`), with its context."""

    kind: str
    player: int
    province: str | None = None  # move: from where; revolt: none
    action: str | None = None  # move: which action (army1_move / battle_a / battle_b)
    options: list[str] = field(default_factory=list)  # revolt: provinces still to fight


def check_shape(d: Decision, kinds: dict) -> None:
    """Types and used fields of a decision, before it is compared with the game (``kinds``: kind -> (fields, phase))."""
    if not isinstance(d.kind, str):
        raise E.MalformedDecision(f"kind must be text, got {d.kind!r}")
    if d.kind not in kinds:
        raise E.WrongDecisionKind(f"unknown decision kind {d.kind!r}; expected one of {', '.join(kinds)}")
    if isinstance(d.player, bool) or not isinstance(d.player, int):
        raise E.MalformedDecision(f"player must be a seat number, got {d.player!r}")
    if isinstance(d.count, bool) or not isinstance(d.count, int):
        raise E.MalformedDecision(f"count must be a whole number, got {d.count!r}")
    for name in FIELDS:
        value = getattr(d, name)
        if value is not None and not isinstance(value, str):
            raise E.MalformedDecision(f"{name} must be text or None, got {value!r}")
    used = kinds[d.kind][0]
    extra = [n for n in FIELDS if n not in used and getattr(d, n) is not None]
    if "count" not in used and d.count:
        extra.append("count")
    if extra:
        raise E.MalformedDecision(f"a '{d.kind}' decision does not use {', '.join(extra)}")
