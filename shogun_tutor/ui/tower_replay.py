"""What was inside the game's tower when a battle of its log was thrown.

A battle event records only the cubes that moved (its ``throw`` paths). The cubes
that lay still on the ledges come from the game's undo history: the state before
the decision that led to the battle, with the throws logged between that state and
the battle applied to its ledges.
"""

from __future__ import annotations

THROW_RULES = ("battle.result", "battle.revolt")


def _apply_paths(levels: list[dict[int, int | None]], paths) -> None:
    """Move the cubes of one throw record on ``levels`` (one ``{cube id: owner}`` per ledge)."""
    for cid, owner, _origin, _start, end, _knocked in paths:
        for level in levels:
            level.pop(cid, None)
        if end != "tray":
            levels[int(end)][cid] = owner


def inside_before(game, index: int) -> list[tuple[int, int | None, int]] | None:
    """(cube id, owner, stage) of the cubes lodged in the tower just before log event ``index`` was thrown,
    leaving out the cubes that event moves; stages 1..levels are the ledges. None when the game's
    history does not reach back to it (a loaded game, or a game without undo history)."""
    log = game.state.log
    if not 0 <= index < len(log) or log[index]["rule"] not in THROW_RULES:
        raise ValueError(f"log event {index} is not a battle")
    before = None
    for entry in reversed(game.history):
        if entry.log_len <= index:
            before = entry
            break
    if before is None:
        if any(e["rule"] in THROW_RULES + ("setup.tower_fill",) for e in log[index + 1:]):
            return None  # no earlier state known, and the tower has changed since
        tower, start = game.state.tower, None
    else:
        tower, start = before.state.tower, before.log_len
    levels = [{c.id: c.owner for c in level} for level in tower.levels]
    if start is None:  # today's tower: take back the throw itself
        moved = {p[0] for p in log[index]["throw"]["paths"]}
        return [(cid, owner, li + 1) for li, level in enumerate(levels) for cid, owner in level.items() if cid not in moved]
    for e in log[start:index]:
        if e["rule"] in THROW_RULES:
            _apply_paths(levels, e["throw"]["paths"])
    moved = {p[0] for p in log[index]["throw"]["paths"]}
    return [(cid, owner, li + 1) for li, level in enumerate(levels) for cid, owner in level.items() if cid not in moved]
