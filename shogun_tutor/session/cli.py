"""``shogun-tutor sessions list`` and ``shogun-tutor sessions prune --days N [--dry-run] [--yes]`` (docs/sessions.md;
the arguments are parsed in ``shogun_tutor/__main__.py``; ``--database URL`` goes before or after the action).

Neither creates a store: a store that does not exist (a mistyped ``sqlite:///`` path, a database without the
tables) is an error naming it, and no folder, file or table is made. Nothing is ever removed silently: prune
prints every session it removed (code, last change, entries), and a line with the total and how many stored games
remain, also when nothing was old enough. ``--dry-run`` prints the same and removes nothing. A game with a
decision in the last hour (:data:`IN_PLAY_S`: a class may be joining it) is removed only after a ``y`` at the
prompt, or with ``--yes``; without either it is kept and said so. A damaged row is listed as damaged, never
raised. A game is stored from its first decision (a new game never played leaves nothing to prune).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

from .errors import StoreUnavailable
from .opening import open_store

IN_PLAY_S = 3600.0  # a decision this recent: the game may be in play


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def _ago(seconds: float) -> str:
    minutes = max(0, round(seconds / 60))
    return f"{minutes} minute(s) ago"


def run(args: argparse.Namespace, ask: Callable[[str], str] | None = None, now: float | None = None) -> int:
    """The action; ``ask``: the question to a person at a terminal (default ``input`` when stdin is one)."""
    try:
        store = open_store(args.database, create=False)
    except (StoreUnavailable, ValueError, OSError) as exc:
        print(f"error: cannot open the game store: {getattr(exc, 'detail', exc)}", file=sys.stderr)
        return 1
    now = time.time() if now is None else now
    try:
        where = getattr(store, "path", None) or store.kind
        if args.sessions_command == "list":
            infos = store.list_sessions()
            for i in infos:
                if i.damaged:
                    print(f"{i.code}  DAMAGED: {i.damaged}  {i.entries} entries")
                else:
                    print(f"{i.code}  created {_when(i.created)}  last change {_when(i.updated)}  {i.entries} entries")
            print(f"{len(infos)} stored game(s) in {where}")
            return 0
        return _prune(store, args, where, now, ask)
    except StoreUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _prune(store, args: argparse.Namespace, where: str, now: float, ask: Callable[[str], str] | None) -> int:
    since = now - IN_PLAY_S
    old = store.prune(args.days, now, dry_run=True)
    in_play = [i for i in old if i.last_decision >= since]
    keep_in_play = bool(in_play) and not args.yes
    if in_play and not args.yes and not args.dry_run:
        if ask is None and sys.stdin is not None and sys.stdin.isatty():
            ask = input
        if ask is not None:
            codes = ", ".join(i.code for i in in_play)
            answer = ask(f"{len(in_play)} of these game(s) had a decision in the last hour and may be in play "
                         f"({codes}). Remove them too? [y/N] ")
            keep_in_play = answer.strip().lower() not in ("y", "yes")
    if args.dry_run:
        gone = [i for i in old if not (keep_in_play and i.last_decision >= since)]
    else:
        gone = store.prune(args.days, now, active_since=since if keep_in_play else None)
    verb = "would remove" if args.dry_run else "removed"
    for i in gone:
        print(f"{verb} {i.code}  last change {_when(i.updated)}  {i.entries} entries")
    kept = [i for i in old if i.code not in {g.code for g in gone}]
    for i in kept:
        print(f"kept {i.code}: a decision {_ago(now - i.last_decision)}, it may be in play (--yes removes it)")
    remain = len(store.list_sessions()) if not args.dry_run else len(store.list_sessions()) - len(gone)
    print(f"{verb} {len(gone)} game(s) idle for more than {args.days:g} day(s) from {where}; "
          f"{remain} stored game(s) {'would ' if args.dry_run else ''}remain"
          + ("; nothing was removed (--dry-run)" if args.dry_run else ""))
    return 0
