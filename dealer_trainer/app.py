"""``dealer-trainer``: the desktop trainer, and its layout export for handouts.

    dealer-trainer [--game roulette|craps|caribbean_stud|sic_bo] [--exit-when-ready]
    dealer-trainer export-layout --game GAME --out FILE.png|FILE.pdf [--width PX] [--ruleset ID]
    dealer-trainer self-check
    dealer-trainer rulesets add FILE [--instructor NAME] | dealer-trainer rulesets list

``--exit-when-ready`` starts as usual, waits until the window answers input
and the start-up work after its first paint is done (the records opened,
the daily backup, the thumbnails), prints ``first_paint=SECONDS
responsive=SECONDS`` (since the launcher started) and exits 0 (the start-up
benchmark uses it; see ``ui.window.startup_watch``).  ``export-layout`` draws a felt without a
display.  Bad arguments: a one-line message on stderr and exit 2.
"""

from __future__ import annotations

import time

_STARTED = time.perf_counter()

import argparse  # noqa: E402  (the clock starts first)
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

from dealer_trainer.rules.games import Game  # noqa: E402

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

GAMES = Game.ids()  # the choices of --game
EXIT_OK, EXIT_USAGE, EXIT_FAILED = 0, 2, 1
MIN_WIDTH, MAX_WIDTH = 16, 16384


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Train casino dealers on the official Macau rules of Roulette, Craps "
        "and Caribbean Stud Poker.",
    )
    parser.add_argument("--game", choices=GAMES, help="the game to open")
    parser.add_argument(
        "--exit-when-ready",
        action="store_true",
        help="print the seconds to the window's first paint and until it answers input "
        "with its start-up work done, then exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    export = commands.add_parser(
        "export-layout",
        help="write a felt as a PNG picture or a printable PDF page",
        description="Write a felt as a PNG picture or a printable PDF page (no display needed).",
    )
    export.add_argument(
        "--game", dest="export_game", required=True, choices=GAMES, help="the felt to draw"
    )
    export.add_argument("--out", required=True, type=Path, help="FILE.png or FILE.pdf")
    export.add_argument(
        "--width", type=int, default=1920, help="picture width in pixels for PNG (default 1920)"
    )
    export.add_argument("--ruleset", help="a ruleset id of the game (default: the game's default)")
    export.add_argument(
        "--jackpot",
        metavar="AMOUNT",
        help="Caribbean Stud: the progressive pool shown on the display",
    )
    commands.add_parser(
        "self-check",
        help="check this installation: every module, the rules, the database, the felts",
        description="Check this installation without a display: import every module of the app, "
        "settle a round of each game, create and migrate a database in a temporary folder, "
        "draw every felt and a dashboard plot. Prints one line per check; exit 0 if all pass.",
    )
    rulesets = commands.add_parser(
        "rulesets",
        help="add a house ruleset file to the database, or list the ones kept there",
        description="House rulesets: a house's own settings over a regulation's ruleset, kept "
        "in the database every workstation uses (see docs/rulesets.md).",
    )
    verbs = rulesets.add_subparsers(dest="rulesets_command", metavar="add|list", required=True)
    add = verbs.add_parser(
        "add",
        help="validate a house ruleset file and keep it (needs the instructor password)",
        description="Validate a house ruleset file (TOML) and keep it in the database as the "
        "next version of its id. The instructor password is read from the terminal, or from "
        "the first line of standard input.",
    )
    add.add_argument("file", type=Path, metavar="FILE", help="the house ruleset file (.toml)")
    add.add_argument(
        "--instructor",
        help="your login: on a centre's server always, on one PC if there are several instructors",
    )
    listing = verbs.add_parser("list", help="list the house rulesets kept in the database")
    listing.add_argument("--instructor", help="your login, on a centre's server")
    server = commands.add_parser(
        "server",
        help="set up a training centre's PostgreSQL server, add people to it, grade",
        description="A training centre's PostgreSQL server: its schema, roles and rules "
        "(init, as the database's owner), its people (add-person, set-password) and its "
        "grader (grader). The URL names the role to sign in as, never a password: that comes "
        "from PGPASSWORD or a prompt.",
    )
    tasks = server.add_subparsers(
        dest="server_command", metavar="init|add-person|set-password|grader|tls", required=True
    )
    init = tasks.add_parser(
        "init",
        help="create or update the schema, roles, grants and policies (the owner's URL)",
        description="Create or migrate the schema, the groups, grants, row-level security "
        "and functions; running it again changes nothing.",
    )
    init.add_argument("url", metavar="URL", help="postgresql://OWNER@SERVER:5432/DATABASE")
    person = tasks.add_parser(
        "add-person",
        help="add an instructor or a trainee with their own login",
        description="Add a person who signs in with their own login; their password is read "
        "from standard input. Run with the owner's or an instructor's URL. Prints the login.",
    )
    person.add_argument("url", metavar="URL", help="postgresql://ROLE@SERVER:5432/DATABASE")
    person.add_argument("--role", required=True, choices=("instructor", "trainee"))
    person.add_argument("--login", required=True, help="what the person signs in with")
    person.add_argument("--name", required=True, help="the person's full name, as shown")
    reset = tasks.add_parser(
        "set-password",
        help="give an instructor or a trainee who forgot theirs a new password",
        description="Set a new password for a person of the centre; it is read from standard "
        "input. With the owner's URL (IT): an instructor's, a trainee's or the grader's "
        "(<database>_grader); with an instructor's: a trainee's. The audit log keeps who set "
        "it, never the password.",
    )
    reset.add_argument("url", metavar="URL", help="postgresql://ROLE@SERVER:5432/DATABASE")
    reset.add_argument("--login", required=True, help="whose password to set")
    grading = tasks.add_parser(
        "grader",
        help="grade the centre's answers, sittings and certifications (the grader's URL)",
        description="The centre's grader: signs in as <database>_grader, grades what is "
        "pending, then what the database says has come, and ends a sitting at its time "
        "limit, until stopped. Its password comes from PGPASSWORD, a prompt, or libpq's "
        "password file (PGPASSFILE). Run it as a service beside PostgreSQL (docs/server.md).",
    )
    grading.add_argument(
        "url", metavar="URL", help="postgresql://DATABASE_grader@SERVER:5432/DATABASE"
    )
    grading.add_argument("--once", action="store_true", help="grade what is pending, then exit")
    grading.add_argument("--log", metavar="FILE", help="also write the log to FILE")
    tls = tasks.add_parser(
        "tls",
        help="make the centre's CA and the server's certificate (TLS, verify-full)",
        description="Make a CA for the centre (or reuse the one in --out) and a certificate "
        "for the server signed by it; print the postgresql.conf lines and where each "
        "workstation keeps the CA (docs/server.md).",
    )
    tls.add_argument(
        "--host",
        action="append",
        required=True,
        help="the server's name as workstations dial it (or its IP address); repeat for more",
    )
    tls.add_argument("--out", default=".", help="the folder for the files (default: here)")
    tls.add_argument("--centre", default="Dealer Trainer centre", help="the CA's name")
    tls.add_argument("--days", type=int, default=825, help="the server certificate's days")
    return parser


def parse_args(argv: Sequence[str] | None) -> SimpleNamespace:
    parser = _parser()
    args = parser.parse_args(argv, namespace=SimpleNamespace())
    if args.command == "export-layout":
        args.export_game = Game(args.export_game)  # one of ``choices``: a Game from here on
        suffix = args.out.suffix.lower()
        if suffix not in (".png", ".pdf"):
            parser.error(f"--out must name a .png or .pdf file, not {str(args.out)!r}")
        if not MIN_WIDTH <= args.width <= MAX_WIDTH:
            parser.error(
                f"--width must be between {MIN_WIDTH} and {MAX_WIDTH} pixels, not {args.width}"
            )
        if args.jackpot is not None:
            if args.export_game != Game.CARIBBEAN_STUD:
                parser.error("--jackpot is shown on the Caribbean Stud felt only")
            from dealer_trainer.rules.errors import RulesError  # noqa: PLC0415
            from dealer_trainer.rules.money import parse_amount  # noqa: PLC0415

            try:
                args.jackpot = parse_amount(args.jackpot, "--jackpot")
            except RulesError as exc:
                parser.error(exc.message)
        folder = args.out.parent
        if not folder.is_dir():
            parser.error(f"--out: the folder {str(folder)!r} does not exist")
        if args.ruleset is not None:
            from dealer_trainer.rules.errors import RulesError  # noqa: PLC0415 (light CLI errors)
            from dealer_trainer.rules.rulesets import get_ruleset  # noqa: PLC0415

            try:
                ruleset = get_ruleset(args.ruleset)
            except RulesError as exc:
                parser.error(f"--ruleset: {exc.message}")
            if ruleset.game != args.export_game:
                parser.error(
                    f"--ruleset: {ruleset.id} is a {ruleset.game} ruleset, not {args.export_game}"
                )
    return args


def _application(argv: Sequence[str]) -> QApplication:
    from PySide6.QtCore import Qt  # noqa: PLC0415
    from PySide6.QtGui import QGuiApplication  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from dealer_trainer.ui.kit.fonts import install_cjk_fallback  # noqa: PLC0415

    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *argv])
    app.setApplicationName("Macau Dealer Trainer")
    app.setOrganizationName("Macau Dealer Trainer")
    QGuiApplication.setApplicationDisplayName(QApplication.translate("app", "Macau Dealer Trainer"))
    install_cjk_fallback()
    return app


def export_layout(args: SimpleNamespace) -> int:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # handouts are drawn without a display
    _application([])
    from dealer_trainer.layouts import felt_for  # noqa: PLC0415
    from dealer_trainer.rules.rulesets import default_ruleset, get_ruleset  # noqa: PLC0415
    from dealer_trainer.ui.felt import FeltScene  # noqa: PLC0415
    from dealer_trainer.ui.felt.render import export_pdf, export_png  # noqa: PLC0415

    game = args.export_game
    ruleset = get_ruleset(args.ruleset) if args.ruleset else default_ruleset(game)
    scene = FeltScene(felt_for(game, ruleset))
    if args.jackpot is not None:
        scene.set_jackpot(args.jackpot)
    try:
        if args.out.suffix.lower() == ".pdf":
            export_pdf(scene, args.out, f"{ruleset.title} · {ruleset.id} · {ruleset.source}")
        else:
            export_png(scene, args.out, args.width)
    except OSError as exc:
        print(f"dealer-trainer export-layout: {exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _no_display() -> bool:
    """True on a Linux or BSD box with no screen to open a window on, and no platform chosen."""
    if sys.platform in ("win32", "darwin"):  # a desktop always has its screen
        return False
    else:  # an else, not code after the return: mypy checks this on Windows and macOS too
        chosen = os.environ.get("QT_QPA_PLATFORM")
        return not (chosen or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_window(args: SimpleNamespace) -> int:
    if _no_display():
        if not args.exit_when_ready:
            print(
                "dealer-trainer: there is no display to open the window on (set DISPLAY, or "
                "QT_QPA_PLATFORM=offscreen to run without a screen).",
                file=sys.stderr,
            )
            return EXIT_FAILED
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a measurement needs no screen
    app = _application([])
    from PySide6.QtCore import QTimer  # noqa: PLC0415

    from dealer_trainer.ui.kit.language import LanguageManager  # noqa: PLC0415
    from dealer_trainer.ui.kit.long_lived import keep_loaded_code  # noqa: PLC0415
    from dealer_trainer.ui.window.main_window import MainWindow  # noqa: PLC0415
    from dealer_trainer.ui.window.welcome import show_welcome  # noqa: PLC0415

    languages = LanguageManager(parent=app)
    languages.start()  # the remembered language, else the system's
    window = MainWindow(languages=languages)
    if args.game:
        window.panel.select_game(args.game)
    # The first start of a training room: who does what (until it is set up).
    window.firstPainted.connect(lambda: QTimer.singleShot(0, lambda: show_welcome(window)))
    # The start-up's code is loaded: out of Python's full collections from now on.
    window.startupFinished.connect(lambda: keep_loaded_code(collect_first=False))
    if args.exit_when_ready:
        from dealer_trainer.ui.window.startup_watch import StartupWatch  # noqa: PLC0415

        watch = StartupWatch(window, _STARTED)
        watch.done.connect(_report_and_exit)
    window.show()
    code = int(app.exec())
    window.app_store.close()  # the last answers are committed already; this ends the session
    return code


def _report_and_exit(first_paint: float, responsive: float) -> None:
    print(f"first_paint={first_paint:.3f} responsive={responsive:.3f}", flush=True)
    # A measurement run ends here: skip tearing the window down (the benchmark's
    # reference window ends the same way).
    sys.stderr.flush()
    os._exit(EXIT_OK)


def self_check() -> int:
    """What an IT department runs after installing (and what CI runs on the frozen app)."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from dealer_trainer.selfcheck import run_checks  # noqa: PLC0415

    _application([])
    failures = 0
    for name, problem in run_checks():
        print(
            f"{'FAIL' if problem else 'ok  '} {name}{': ' + problem if problem else ''}", flush=True
        )
        failures += problem is not None
    return EXIT_FAILED if failures else EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "export-layout":
        return export_layout(args)
    if args.command == "self-check":
        return self_check()
    if args.command == "rulesets":
        from dealer_trainer import rulesets_cli  # noqa: PLC0415 (a command's own)

        return (
            rulesets_cli.add(args)
            if args.rulesets_command == "add"
            else rulesets_cli.list_kept(args)
        )
    if args.command == "server":
        from dealer_trainer.storage.server import cli  # noqa: PLC0415 (a command's own)

        if args.server_command == "init":
            return cli.init(args)
        if args.server_command == "set-password":
            return cli.set_password(args)
        if args.server_command == "grader":
            return cli.grader(args)
        if args.server_command == "tls":
            return cli.tls(args)
        return cli.add_person(args)
    return run_window(args)


if __name__ == "__main__":
    sys.exit(main())
