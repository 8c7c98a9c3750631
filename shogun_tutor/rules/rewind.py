"""The game as it stood at an earlier point of its log, rebuilt by replaying.

The engine is deterministic, and :class:`~.game.Game` keeps its undo history: the
state before each decision, with the log's length then, and the tower model. To
see the game as it was right after its first ``end`` log events, :func:`position_at`
copies the latest of those states at or before ``end`` and replays the recorded
decisions from there (each with the automatic steps after it) until the moment the
log holds ``end`` events. The engine logs an event once its change is made, so that
moment is the position after the event and before anything the next one does.

Nothing is stored per step: the undo history is the only store, a position is
rebuilt when asked for (``tests/benchmarks/test_rewind_bench.py`` prints the time and memory). The
game itself is never changed.

>>> from shogun_tutor.rules.game import new_game
>>> game = new_game(players=3, seed=7)
>>> while game.state.year == 1 and game.state.season == "spring":
...     _events = game.apply(game.legal_decisions()[0])
>>> then = position_at(game, len(game.state.log) - 1)
>>> then.known, then.state.season, game.state.season, then.state is game.state
(True, 'spring', 'summer', False)
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from .state import GameState
from .tower import tower_model_from_dict


@dataclass(frozen=True)
class Position:
    """``state``: the game once its log held ``log_len`` events. ``known`` is False when the game's
    history does not reach back that far (events from before a saved game was loaded): ``state``
    is then the present."""

    state: GameState
    log_len: int
    known: bool = True


def position_at(game, end: int) -> Position:
    """The game as it stood right after its first ``end`` log events (a copy; ``game`` is unchanged).

    At or past the present: the game's own state. During the set-up (run without a decision
    until the first one): the state that waited for the first decision, i.e. the set-up done.
    Before the point a saved game was loaded: the present, ``known=False``.
    """
    log = game.state.log
    if end >= len(log):
        return Position(game.state, len(log))
    if end < game.started_at:
        return Position(game.state, len(log), known=False)
    history = game.history
    k = bisect_right([before.log_len for before in history], end) - 1
    if k < 0:  # the set-up: the first position known is the one that waited for the first decision
        if not history:
            return Position(game.state, len(log))
        before = history[0]
        return Position(before.state.copy_with_log(log[:before.log_len]), before.log_len)
    before = history[k]
    state = before.state.copy_with_log(log[:before.log_len])
    if before.log_len == end:
        return Position(state, end)
    replica = type(game)(state, history=False, tower=tower_model_from_dict(before.tower_model))

    def reached(_event: dict) -> None:  # the moment the log holds ``end`` events is the position asked for
        if len(state.log) == end:
            raise _Reached(state.copy_with_log(state.log))

    replica.add_observer(reached)
    try:
        for decision in game.decisions[k:]:
            replica.replay(decision)
    except _Reached as reached_it:
        return Position(reached_it.state, end)
    raise AssertionError(f"replaying the game's decisions did not retell its first {end} log events")


class _Reached(Exception):
    def __init__(self, state: GameState):
        super().__init__()
        self.state = state


__all__ = ["Position", "position_at"]
