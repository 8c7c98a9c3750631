"""Command line: ``python -m shogun_tutor simulate --players 4 --side sun --seed 1 --bots heuristic,random --out game.json``;
``shogun-tutor app --port 8866 --lang nl`` serves the app (extra arguments go to Voila).
``shogun-tutor sessions list`` / ``sessions prune --days 30`` lists or removes stored games (docs/sessions.md).
``python -m shogun_tutor botstats --games 300`` prints the bots' report."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import tempfile
from pathlib import Path

from .data import COMPONENTS
from .i18n import LANGUAGES


class OutputError(Exception):
    """An output path we refuse to write (one line for the user)."""


def write_atomically(path: str, text: str) -> Path:
    """Write ``text`` to the regular file ``path`` atomically (a temporary file in the same folder, then rename).

    Refused with :class:`OutputError`: an empty path, a missing folder, a path under a file, a folder,
    a symbolic link, a device node or any other non-regular file (renaming over one would replace it:
    ``--out /dev/null`` run as root would destroy /dev/null). Nothing is left behind on failure.
    """
    out = check_output_path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary new file (mkstemp makes it private)
        os.replace(tmp, out)  # never leave a half-written file behind
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def check_output_path(path: str) -> Path:
    """The path as a :class:`Path` if :func:`write_atomically` may write there, else :class:`OutputError`."""
    if not path:
        raise OutputError("the output path is empty")
    out = Path(path)
    folder = out.parent
    if not folder.is_dir():
        raise OutputError(f"{path}: the folder {str(folder)!r} does not exist or is not a folder")
    if out.is_symlink():
        raise OutputError(f"{path}: is a symbolic link; give the path of a regular file")
    if out.exists():
        mode = out.stat().st_mode
        if stat.S_ISDIR(mode):
            raise OutputError(f"{path}: is a folder; give a file name")
        if not stat.S_ISREG(mode):
            raise OutputError(f"{path}: is not a regular file (a device, pipe or socket); refusing to replace it")
    return out


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; it must be 0 or more")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError("it must be 1 or more")
    return value


def _bots(text: str, players: int) -> list[str]:
    from .rules.bots import BOTS

    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise argparse.ArgumentTypeError("--bots needs at least one bot name")
    for n in names:
        if n not in BOTS:
            raise argparse.ArgumentTypeError(f"unknown bot {n!r}; expected {', '.join(sorted(BOTS))}")
    if len(names) > players:
        raise argparse.ArgumentTypeError(f"{len(names)} bots for {players} players")
    return [names[i % len(names)] for i in range(players)]  # a short list repeats


def _expansions(text: str) -> tuple[str, ...]:
    """``tenno,samurai`` -> the names; unknown names are refused with the list of valid ones."""
    from .rules.rules import EXPANSIONS

    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    unknown = [n for n in names if n not in EXPANSIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown expansion(s) {', '.join(unknown)}; valid: {', '.join(EXPANSIONS)}")
    return names


def simulate(args: argparse.Namespace) -> int:
    if args.out != "-":
        try:
            check_output_path(args.out)  # before playing: a bad path fails at once
        except (OutputError, OSError) as exc:
            print(f"error: cannot write the game record: {exc}", file=sys.stderr)
            return 1
    from .rules.bots import make_bot, play
    from .rules.game import new_game
    from .rules.record import make_record

    try:
        bots = _bots(args.bots, args.players)
        expansions = _expansions(args.expansions)
    except argparse.ArgumentTypeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    setup = args.setup or ("beginner" if args.side == COMPONENTS.beginner_setup_side else "draft")
    try:
        game = new_game(players=args.players, side=args.side, seed=args.seed, setup=setup, history=False,
                        expansions=expansions)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    play(game, [make_bot(name, args.seed * 10 + seat) for seat, name in enumerate(bots)])
    options = {"players": args.players, "side": args.side, "seed": args.seed, "setup": setup,
               "tower": game.tower_model.to_dict()}
    if game.rules.expansions:  # a base record stays exactly as before
        options["expansions"] = list(game.rules.expansions)
    record = make_record(game, options, bots)
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    if args.out == "-":
        print(text)
    else:
        try:
            out = write_atomically(args.out, text)
        except (OutputError, OSError) as exc:
            print(f"error: cannot write the game record: {exc}", file=sys.stderr)
            return 1
        res = record["result"]
        print(f"{args.players} players, {args.side} side, seed {args.seed}: points {res['points']}, "
              f"winner(s) {[COMPONENTS.colours[w] for w in res['winners']]} -> {out}")
    return 0


def bench(args: argparse.Namespace) -> int:
    """Print speed and memory figures for whole bot games (a benchmark, not a test)."""
    import statistics
    import time
    import tracemalloc

    from .rules.bots import make_bot, play
    from .rules.game import new_game

    try:
        expansions = _expansions(args.expansions)
    except argparse.ArgumentTypeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    times = []
    for seed in range(args.games):
        game = new_game(players=args.players, side="sun", seed=seed, history=False, expansions=expansions)
        bots = [make_bot(args.bot, seed * 10 + i) for i in range(args.players)]
        t = time.perf_counter()
        play(game, bots)
        times.append(time.perf_counter() - t)
    tracemalloc.start()
    play(new_game(players=args.players, seed=0, history=False, expansions=expansions), [make_bot(args.bot, i) for i in range(args.players)])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    with_exp = f", expansions {','.join(expansions)}" if expansions else ""
    print(f"{args.games} games, {args.players} players, {args.bot} bots{with_exp}: median {statistics.median(times) * 1000:.1f} ms, "
          f"p90 {sorted(times)[int(0.9 * len(times))] * 1000:.1f} ms, total {sum(times):.1f} s, "
          f"peak memory of one game {peak / 1e6:.1f} MB")
    return 0


def botstats(args: argparse.Namespace) -> int:
    """Print the bot report of issue 10 (blunder counters, win rates, time per decision)."""
    from .botstats import report
    from .rules.bots import BOTS

    pairs = []
    for item in args.pairings.split(","):
        a, _, b = item.partition(":")
        if a not in BOTS or b not in BOTS:
            print(f"error: a pairing is two bot names 'a:b' from {', '.join(sorted(BOTS))}, got {item!r}", file=sys.stderr)
            return 2
        pairs.append((a, b))
    report(games=args.games, pair_games=args.pair_games, pairings=pairs)
    return 0


def _days(text: str) -> float:
    """A number of days from 0 to 100000 (fractions allowed: ``0.5`` is twelve hours)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of days") from None
    if not 0 <= value <= 100_000:  # also refuses nan
        raise argparse.ArgumentTypeError("the number of days must be from 0 to 100000")
    return value


def sessions(args: argparse.Namespace) -> int:
    from .session.cli import run

    return run(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shogun_tutor", description="Shogun Tutor tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play a whole game with bots and write its game record")
    sim.add_argument("--players", type=int, choices=range(COMPONENTS.min_players, COMPONENTS.max_players + 1), default=4)
    sim.add_argument("--side", choices=("sun", "moon"), default="sun")
    sim.add_argument("--seed", type=_non_negative, default=0)
    sim.add_argument("--setup", choices=("beginner", "draft"), default=None,
                     help="starting provinces (default: beginner on the sun side, draft on the moon side)")
    sim.add_argument("--bots", default="heuristic",
                     help="comma-separated bot per seat (repeats): heuristic, heuristic-v1, strong, random")
    sim.add_argument("--expansions", default="", help="comma-separated expansions to play: tenno, samurai")
    sim.add_argument("--out", default="game.json", help="where to write the game record ('-' for standard output)")
    b = sub.add_parser("bench", help="time whole bot games and print the figures")
    b.add_argument("--games", type=_positive, default=1000)
    b.add_argument("--players", type=int, choices=range(COMPONENTS.min_players, COMPONENTS.max_players + 1), default=5)
    b.add_argument("--bot", choices=("heuristic", "heuristic-v1", "strong", "random"), default="heuristic")
    b.add_argument("--expansions", default="", help="comma-separated expansions to play: tenno, samurai")
    st = sub.add_parser("botstats", help="blunder counters, win rates and time per decision of the bots")
    st.add_argument("--games", type=int, default=300, help="seeded games for the blunder counters")
    st.add_argument("--pair-games", type=int, default=100, help="seeded games per pairing (seats balanced)")
    st.add_argument("--pairings", default="heuristic:heuristic-v1,strong:heuristic,heuristic:random,strong:random")
    ses = sub.add_parser("sessions", help="list the stored games, or remove those idle for N days")
    ses.add_argument("--database", default=None,
                     help="the store (postgresql://... or sqlite:///path); default $SHOGUN_TUTOR_DATABASE_URL or the user's file")
    what = ses.add_subparsers(dest="sessions_command", required=True)
    what.add_parser("list", help="every stored game: code, created, last change, entries")
    prune = what.add_parser("prune", help="remove the games idle for more than --days days, printing each")
    prune.add_argument("--days", type=_days, required=True, help="idle for more than this many days (no entry added)")
    a = sub.add_parser("app", help="serve the app with Voila (preheated kernels, idle kernels culled)")
    a.add_argument("--port", type=int, default=8866)
    a.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    a.add_argument("--lang", choices=sorted(LANGUAGES), default=None, help="the app's language (?lang= overrides)")
    a.add_argument("--pool-size", type=int, default=1, help="preheated kernels waiting for visitors")
    a.add_argument("--cull-idle", type=int, default=900, help="seconds before an idle kernel with no page is shut down")
    a.add_argument("--cull-interval", type=int, default=60, help="seconds between checks for idle kernels")
    a.add_argument("--open", action="store_true", help="open a browser")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "app":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "app":
        from .serve import serve

        return serve(args.port, args.ip, args.lang, args.pool_size, args.cull_idle, args.cull_interval, args.open, extra)
    return {"simulate": simulate, "bench": bench, "botstats": botstats, "sessions": sessions}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
