"""The `cardtable` command. Imports stay lazy so the window appears fast: a start with no
arguments (a double-click) opens the menu without even building the argument parser."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from types import ModuleType

    from game.deal import DealRequest


def fail(message: str) -> None:
    print(f"cardtable: {message}", file=sys.stderr)
    raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    import argparse

    class _Parser(argparse.ArgumentParser):
        """Argument errors print one line on stderr and exit with status 2 — never a traceback."""

        def error(self, message: str) -> None:  # type: ignore[override]
            fail(message)

    parser = _Parser(prog="cardtable", description="Card Table: four card games on one screen.")
    parser.add_argument(
        "--first-frame",
        action="store_true",
        help="draw the main menu once, print seconds from process start to that frame, exit",
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    play = sub.add_parser("play", help="open straight onto a deal")
    play.add_argument("game")
    play.add_argument("--seed", type=int)
    play.add_argument("--preset")
    play.add_argument("--players", type=int)
    play.add_argument("--seats", help="comma-separated: human,human")
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game")
    smoke = sub.add_parser("smoke", help="headless scripted walk through the app")
    smoke.add_argument("--frames", type=int, default=4, help="frames drawn between scripted steps")
    smoke.add_argument(
        "--home", help="use DIR as the data folder (settings, saves, statistics)", metavar="DIR"
    )
    bench = sub.add_parser("bench", help="performance figures")
    bench.add_argument("--json", action="store_true")
    sim = sub.add_parser("sim", help="computer-only matches without a window")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, required=True, metavar="N")
    sim.add_argument(
        "--seats", required=True, help="comma-separated players: random, easy, medium, hard, pimc"
    )
    sim.add_argument("--seed", type=int, default=1, metavar="S", help="deal of the first game")
    sim.add_argument("--json", action="store_true")
    replay = sub.add_parser("replay", help="open a saved game or replay")
    replay.add_argument("file")
    solve = sub.add_parser("solve", help="decide whether a deal or position can be won")
    solve.add_argument("game")
    solve.add_argument("--seed", type=int)
    solve.add_argument("--preset")
    solve.add_argument("--time-limit", type=float, default=10.0, metavar="S")
    solve.add_argument("--json", action="store_true")
    solve.add_argument("--from", dest="from_file", metavar="FILE", help="a game record")
    solve.add_argument("--survey", type=int, metavar="N", help="solve deals 1..N")
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        code = run_command(argv)
        if sys.stdout is not None:  # (None in a windowed Windows bundle)
            sys.stdout.flush()  # here, not at exit, so that a closed pipe is caught below
        return code
    except BrokenPipeError:
        if not _stdout_closed():
            raise
        # What it printed to was closed early (`… | head`): nothing to say, nothing lost.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (for the exit flush)
        return 0
    except KeyboardInterrupt:  # Ctrl+C during `solve`, `sim` or `bench`: the user knows why
        print("cardtable: interrupted", file=sys.stderr)
        if argv is None:  # (the process's own command line, not a caller's in-process call)
            _die_of_ctrl_c()
        return 130


def _die_of_ctrl_c() -> None:
    """End as killed by SIGINT, where there are signals, so that a shell loop running us stops
    too (an exit status of 130 reads as "handled, go on"). By hand, after the clean-up that
    Python's exit would do (multiprocessing's: the pools' semaphores), since the one-file
    bundle's launcher would not end that way."""
    import atexit
    import os
    import signal

    if not hasattr(signal, "SIGKILL"):  # (Windows: the status 130 it is)
        return
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)


def _stdout_closed() -> bool:
    """Whether nobody reads standard output any more (a pipe whose reader went away); where
    that cannot be asked (no poll on Windows), any broken pipe is taken to be that one."""
    import select

    if not hasattr(select, "poll"):
        return True
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # (None, or an in-memory stream: not a pipe)
        return False
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    gone = select.POLLERR | select.POLLHUP  # (Linux says POLLERR, the BSDs and macOS POLLHUP)
    return any(event & gone for _fd, event in poller.poll(0))


def run_command(argv: list[str] | None) -> int:
    """Run the command line `argv` (None: the process's own)."""
    given = sys.argv[1:] if argv is None else argv
    if given in ([], ["--first-frame"]):
        return launch(None, first_frame=bool(given))
    args = build_parser().parse_args(argv)
    if args.command == "rules":
        return cmd_rules(args.game)
    if args.command == "smoke":
        from game import smoke

        try:
            smoke.check_arguments(args.frames, args.home)
        except ValueError as exc:
            fail(str(exc))
        return smoke.run_smoke(frames=args.frames, home=args.home)
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(as_json=args.json)
    if args.command == "play":
        return cmd_play(args)
    if args.command == "replay":
        return cmd_replay(args.file)
    if args.command == "solve":
        return cmd_solve(args)
    if args.command == "sim":
        return cmd_sim(args)
    return launch(None, first_frame=args.first_frame)


def game_module(name: str) -> ModuleType:
    """The rules of a game the app can play; anything else fails with one line."""
    from game import registry

    try:
        title = registry.title(name)
    except KeyError as exc:
        fail(str(exc.args[0]))
    if not registry.playable(name):
        fail(f"{title} is coming soon: it cannot be played yet")
    return registry.engine(name)


def cmd_rules(name: str) -> int:
    from game import registry
    from game.assets import rules_page

    try:
        page = rules_page(registry.entry(name).rules).read_text(encoding="utf-8")
    except KeyError as exc:
        fail(str(exc.args[0]))
    except OSError:
        fail(f"the rules of {registry.title(name)} are not written yet")
    print(page)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from game.deal import DealRequest

    game = game_module(args.game)
    try:
        request = DealRequest.build(game, args.seed, args.preset, args.players, args.seats)
    except ValueError as exc:
        fail(str(exc))
    return launch(request)


def cmd_replay(path: str) -> int:
    """Only a regular file of sane size is read: a FIFO would hang in open(), /dev/zero never end."""
    from pathlib import Path

    import engines
    from game import storage
    from game.deal import DealRequest

    try:
        record = engines.GameRecord.from_json(storage.read_bytes(Path(path)))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    except engines.RecordError as exc:
        fail(f"{path} is not a valid game record: {exc}")
    game_module(record.game)
    return launch(DealRequest.from_record(record))


def cmd_solve(args: argparse.Namespace) -> int:
    from game.solve import run_solve

    try:
        return run_solve(
            args.game,
            seed=args.seed,
            preset=args.preset,
            time_limit=args.time_limit,
            as_json=args.json,
            from_file=args.from_file,
            survey=args.survey,
        )
    except ValueError as exc:
        fail(str(exc))


def cmd_sim(args: argparse.Namespace) -> int:
    from game.sim import run_sim

    game = game_module(args.game)
    try:
        return run_sim(game.name, args.games, args.seats, seed=args.seed, as_json=args.json)
    except ValueError as exc:
        fail(str(exc))


def launch(request: DealRequest | None, first_frame: bool = False) -> int:
    from game.launch import run_app

    return run_app(request, first_frame=first_frame)


if __name__ == "__main__":
    sys.exit(main())
