"""Command line: ``shogun-tutor simulate --players 4 --side sun --seed 1 --bots heuristic,random --out game.json``;
``shogun-tutor app --port 8866 --lang nl`` serves the app (extra arguments go to Voila).
``shogun-tutor sessions list`` / ``sessions prune --days 30`` lists or removes stored games (docs/sessions.md).
``python -m shogun_tutor botstats --games 300`` prints the bots' report."""

from __future__ import annotations

import argparse
import json
import logging
import os
import stat
import sys
import tempfile
from pathlib import Path

from .data import COMPONENTS
from .i18n import LANGUAGES
from .rules.state import SEED_MAX


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


def _seed(text: str) -> int:
    """A seed in the one range (:data:`~.rules.state.SEED_MAX`): a record of it then loads again."""
    value = _non_negative(text)
    if value > SEED_MAX:
        raise argparse.ArgumentTypeError(f"{text[:30]}{'...' if len(text) > 30 else ''} is above the largest seed, {SEED_MAX}")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        shown = repr(text) if len(text) <= 30 else repr(text[:30]) + "..."
        raise argparse.ArgumentTypeError(f"{shown} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; it must be 0 or more")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError("it must be 1 or more")
    return value


#: the most processes ``botstats --jobs`` starts
MAX_JOBS = 64


def _jobs(text: str) -> int:
    value = _positive(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"{value} is more processes than {MAX_JOBS}")
    return value


def _bots(text: str, players: int) -> list[str]:
    from .bots import BOTS

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
    from .bots import make_bot, play
    from .rules.game import new_game
    from .rules.record import make_record

    try:
        bots = _bots(args.bots, args.players)
        expansions = _expansions(args.expansions)
    except argparse.ArgumentTypeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    setup = args.setup or ("beginner" if args.side == COMPONENTS.beginner_setup_side else "draft")
    games = getattr(args, "games", 1)
    records = []
    seeds = range(args.seed, args.seed + games)
    if games > 1:
        from tqdm import tqdm

        seeds = tqdm(seeds, desc="games", unit="game", file=sys.stderr, disable=None)
    for seed in seeds:
        try:
            game = new_game(players=args.players, side=args.side, seed=seed, setup=setup, history=False,
                            expansions=expansions)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        play(game, [make_bot(name, seed * 10 + seat) for seat, name in enumerate(bots)])
        options = {"players": args.players, "side": args.side, "seed": seed, "setup": setup,
                   "tower": game.tower_model.to_dict()}
        if game.rules.expansions:  # a base record stays exactly as before
            options["expansions"] = list(game.rules.expansions)
        records.append(make_record(game, options, bots))
    text = "\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    if args.out == "-":
        print(text)
    else:
        try:
            out = write_atomically(args.out, text + ("\n" if games > 1 else ""))
        except (OutputError, OSError) as exc:
            print(f"error: cannot write the game record: {exc}", file=sys.stderr)
            return 1
        if games > 1:
            print(f"{games} games, {args.players} players, {args.side} side, seeds {args.seed}-{args.seed + games - 1} "
                  f"-> {out} (one record per line)")
            return 0
        res = records[0]["result"]
        print(f"{args.players} players, {args.side} side, seed {args.seed}: points {res['points']}, "
              f"winner(s) {[COMPONENTS.colours[w] for w in res['winners']]} -> {out}")
    return 0


def bench(args: argparse.Namespace) -> int:
    """Print speed and memory figures for whole bot games (a benchmark, not a test)."""
    import statistics
    import time
    import tracemalloc

    from .bots import make_bot, play
    from .rules.game import new_game

    try:
        expansions = _expansions(args.expansions)
    except argparse.ArgumentTypeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from tqdm import tqdm

    times = []
    for seed in tqdm(range(args.games), desc="games", unit="game", file=sys.stderr,
                     disable=True if args.no_progress else None):
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
    from .bots import BOTS

    lists = []
    for text in (args.pairings, args.expansion_pairings, args.alone):
        pairs = []
        for item in filter(None, text.split(",")):
            a, _, b = item.partition(":")
            if a not in BOTS or b not in BOTS:
                print(f"error: a pairing is two bot names 'a:b' from {', '.join(sorted(BOTS))}, got {item!r}", file=sys.stderr)
                return 2
            pairs.append((a, b))
        lists.append(pairs)
    report(games=args.games, pair_games=args.pair_games, pairings=lists[0], expansion_pairings=lists[1],
           first_seed=args.first_seed, court=args.court_games, progress=not args.no_progress, jobs=args.jobs,
           alone_pairings=lists[2])
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


PROG = "shogun-tutor"


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows an option's default unless it has none (None) or is a flag (False)."""

    def _get_help_string(self, action):
        if action.default is None or action.default is False or action.default == "":
            return action.help
        return super()._get_help_string(action)


def _parser() -> argparse.ArgumentParser:
    from . import __version__

    fmt = _HelpFormatter
    parser = argparse.ArgumentParser(
        prog=PROG, formatter_class=fmt,
        description="Shogun Tutor: serve the interactive tutor (app) and run the rules engine's tools "
                    "(simulate, bench, botstats). 'shogun-tutor COMMAND --help' describes each command.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--log-level", choices=("DEBUG", "INFO", "WARNING", "ERROR"), default="INFO",
                        help="how much the server and the tools log (to standard error)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    players = range(COMPONENTS.min_players, COMPONENTS.max_players + 1)
    sim = sub.add_parser("simulate", formatter_class=fmt, help="play a whole game with bots and write its game record",
                         description="Play whole games with bots and write their game records (docs/game-record.md).")
    sim.add_argument("--players", type=int, choices=players, default=4, help="number of players")
    sim.add_argument("--side", choices=("sun", "moon"), default="sun", help="the board side")
    sim.add_argument("--seed", type=_seed, default=0, help=f"the game's seed, 0 to {SEED_MAX} (the same seed plays the same game)")
    sim.add_argument("--setup", choices=("beginner", "draft"), default=None,
                     help="starting provinces (default: beginner on the sun side, draft on the moon side)")
    sim.add_argument("--bots", default="heuristic",
                     help="comma-separated bot per seat (repeats): heuristic, heuristic-v1, strong, random")
    sim.add_argument("--expansions", default="", help="comma-separated expansions to play: tenno, samurai")
    sim.add_argument("--games", type=_positive, default=1,
                     help="games to play, seeds SEED, SEED+1, ...; more than one writes one record per line "
                          "(JSON Lines) and shows a progress bar")
    sim.add_argument("--out", default="game.json", help="where to write the game record ('-' for standard output)")
    b = sub.add_parser("bench", formatter_class=fmt, help="time whole bot games and print the figures",
                       description="Time whole seeded bot games (a benchmark, not a test) and print median, "
                                   "p90 and the peak memory of one game.")
    b.add_argument("--games", type=_positive, default=1000, help="number of seeded games to time")
    b.add_argument("--players", type=int, choices=players, default=5, help="number of players")
    b.add_argument("--bot", choices=("heuristic", "heuristic-v1", "strong", "random"), default="heuristic",
                   help="the bot in every seat")
    b.add_argument("--expansions", default="", help="comma-separated expansions to play: tenno, samurai")
    b.add_argument("--no-progress", action="store_true", help="no progress bar")
    st = sub.add_parser("botstats", formatter_class=fmt,
                        help="blunder counters, win rates and time per decision of the bots",
                        description="Print the bots' report: blunder counters, win rates with confidence "
                                    "intervals, time per decision (docs/bots.md).")
    st.add_argument("--games", type=int, default=300, help="seeded games for the blunder counters")
    st.add_argument("--pair-games", type=int, default=100, help="seeded games per pairing (seats balanced)")
    st.add_argument("--pairings", default="heuristic:heuristic-v1,strong:heuristic,heuristic:random,strong:random",
                    help="comma-separated pairings 'a:b' of bot names to play against each other")
    st.add_argument("--expansion-pairings", default="strong:heuristic",
                    help="pairings played with both expansions (Tennō's Court and Samurai); '' for none")
    st.add_argument("--alone", default="",
                    help="comma-separated 'a:b': bot a alone in one seat among b bots, its seat rotating "
                         "(--pair-games games, one a seed); e.g. strong:heuristic")
    st.add_argument("--first-seed", type=_non_negative, default=1000,
                    help="the pairings' first seed (report figures on fresh seeds, not those tuned on)")
    st.add_argument("--court-games", type=_non_negative, default=None,
                    help="heuristic vs random bots with both expansions (default: 30, or --games when fewer)")
    st.add_argument("--jobs", type=_jobs, default=1,
                    help="play the pairings' games in this many processes at once (the same games and figures as "
                         "one process; only the wall-clock times differ)")
    st.add_argument("--no-progress", action="store_true", help="no progress bars (tqdm)")
    ses = sub.add_parser("sessions", formatter_class=fmt, help="list the stored games, or remove those idle for N days",
                         description="List the stored games, or remove those idle for more than N days, printing each "
                                     "(docs/sessions.md). Nothing is removed silently.")
    database_help = ("the store (postgresql://... or sqlite:///path); default $SHOGUN_TUTOR_DATABASE_URL or the user's "
                     "file; it must exist already (list and prune never create one)")
    ses.add_argument("--database", default=None, help=database_help)
    where = argparse.ArgumentParser(add_help=False)  # --database also after the action: `sessions list --database URL`
    where.add_argument("--database", default=argparse.SUPPRESS, help=database_help)
    what = ses.add_subparsers(dest="sessions_command", required=True, metavar="ACTION")
    what.add_parser("list", parents=[where], formatter_class=fmt,
                    help="every stored game: code, created, last change, entries")
    prune = what.add_parser("prune", parents=[where], formatter_class=fmt,
                            help="remove the games idle for more than --days days, printing each")
    prune.add_argument("--days", type=_days, required=True, help="idle for more than this many days (no entry added)")
    prune.add_argument("--dry-run", action="store_true", help="print what would be removed, remove nothing")
    prune.add_argument("--yes", action="store_true",
                       help="also remove games with a decision in the last hour without asking (a game in play)")
    a = sub.add_parser("app", formatter_class=fmt, help="serve the app with Voila (preheated kernels, idle kernels culled)",
                       description="Serve the app with Voila: preheated kernels, offline template, idle and "
                                   "never-connected kernels shut down, GET /health for checks (docs/deploy.md). "
                                   "Options this command does not know are passed on to Voila.")
    a.add_argument("--port", type=int, default=8866, help="TCP port to listen on")
    a.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    a.add_argument("--lang", choices=sorted(LANGUAGES), default=None,
                   help="the app's language when the address names none (?lang= overrides; default: English)")
    a.add_argument("--pool-size", type=_non_negative, default=1, help="preheated kernels waiting for visitors")
    a.add_argument("--cull-idle", type=_non_negative, default=900,
                   help="seconds before an idle kernel with no page connected is shut down (0: never)")
    a.add_argument("--cull-interval", type=_positive, default=60, help="seconds between checks for idle kernels")
    a.add_argument("--connect-timeout", type=_non_negative, default=20,
                   help="seconds a kernel handed to a page whose script never runs (a plain GET, a crawler) waits "
                        "before it is shut down; a page whose script runs gets 10 minutes to connect (0: never)")
    a.add_argument("--open", action="store_true", help="open a browser")
    a.add_argument("--public-url", default=None,
                   help="the address students open to join a group's game (a school server's name, a proxy); "
                        "default: $SHOGUN_TUTOR_PUBLIC_URL, else this machine's LAN address (docs/classroom.md)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "app":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    logging.basicConfig(level=getattr(logging, args.log_level), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.log_level != "DEBUG":  # one line per HTTP request (every static file of every page): DEBUG only
        logging.getLogger("tornado.access").setLevel(logging.WARNING)
    if args.command == "app":
        from .serve import serve
        from .server_port import port_taken
        from .ui.join_link import PUBLIC_URL_ENV, PublicUrlError, check_public_url

        public_url = args.public_url if args.public_url is not None else os.environ.get(PUBLIC_URL_ENV) or None
        try:
            public_url = check_public_url(public_url) if public_url is not None else None
        except PublicUrlError as exc:
            parser.error(f"--public-url: {exc}")
        if port_taken(args.ip, args.port):  # said now: Voilà would serve another port than the one printed
            parser.error(f"--port: port {args.port} on {args.ip} is in use (is Shogun Tutor running already?): "
                         "stop that program, or give another --port")
        return serve(args.port, args.ip, args.lang, args.pool_size, args.cull_idle, args.cull_interval, args.open,
                     extra, connect_timeout=args.connect_timeout, public_url=public_url)
    return {"simulate": simulate, "bench": bench, "botstats": botstats, "sessions": sessions}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
