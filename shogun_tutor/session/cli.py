"""``shogun-tutor sessions list`` and ``shogun-tutor sessions prune --days N`` (docs/sessions.md; the
arguments are parsed in ``shogun_tutor/__main__.py``).

Nothing is ever removed silently: prune prints every session it removed (code, last change, entries),
and a line with the total and how many stored games remain, also when nothing was old enough. A game is
stored from its first decision (a new game never played leaves nothing to prune).
"""

from __future__ import annotations

import argparse
import sys
import time

from .errors import StoreUnavailable
from .opening import open_store


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def run(args: argparse.Namespace) -> int:
    try:
        store = open_store(args.database)
    except (StoreUnavailable, ValueError) as exc:
        print(f"error: cannot open the game store: {exc}", file=sys.stderr)
        return 1
    try:
        where = getattr(store, "path", None) or store.kind
        if args.sessions_command == "list":
            infos = store.list_sessions()
            for i in infos:
                print(f"{i.code}  created {_when(i.created)}  last change {_when(i.updated)}  {i.entries} entries")
            print(f"{len(infos)} stored game(s) in {where}")
        else:
            gone = store.prune(args.days)
            for i in gone:
                print(f"removed {i.code}  last change {_when(i.updated)}  {i.entries} entries")
            print(f"removed {len(gone)} game(s) idle for more than {args.days:g} day(s) from {where}; "
                  f"{len(store.list_sessions())} stored game(s) remain")
    except StoreUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0
