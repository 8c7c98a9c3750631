"""The one interface every phase has (base and expansions' phases alike)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision, Pending
    from ..errors import RuleViolation
    from ..game import Game


class Phase:
    """A phase of the game: what it needs decided, its legal decisions, its check, its execution, what comes next.

    * ``id``: the value of ``state.phase`` while it runs;
    * ``decisions``: the decision kinds it decides, each with the :class:`~..decisions.Decision` fields it uses;
    * ``answers``: for a pending kind, which decision kinds answer it (default: the same kind);
    * :meth:`enter`: the phase begins (``state.phase`` is already its id);
    * :meth:`step`: one automatic step while nobody must decide; it either sets ``state.pending``
      or, when the phase is over, calls ``game.next_phase()`` (the season's order is data: :attr:`.Rules.season`);
    * :meth:`context` / :meth:`candidates` / :meth:`why_not`: the legality of a decision. ``why_not``
      is the only check: :meth:`.Game.legal_decisions` keeps the candidates it accepts and
      :meth:`.Game.apply` raises what it returns; ``context`` is what both share (computed once per question);
    * :meth:`execute`: carry out a checked decision (then the game runs :meth:`step` again).
    """

    id: str = ""
    decisions: dict[str, tuple[str, ...]] = {}
    answers: dict[str, tuple[str, ...]] = {}

    def answering(self, pending_kind: str) -> tuple[str, ...]:
        return self.answers.get(pending_kind, (pending_kind,))

    def enter(self, game: "Game") -> None:
        pass

    def step(self, game: "Game") -> None:
        raise NotImplementedError

    def context(self, game: "Game", pending: "Pending") -> Any:
        return None

    def candidates(self, game: "Game", pending: "Pending", ctx: Any) -> Iterable["Decision"]:
        return ()

    def why_not(self, game: "Game", d: "Decision", ctx: Any) -> "RuleViolation | None":
        return None

    def execute(self, game: "Game", d: "Decision") -> None:
        raise NotImplementedError
