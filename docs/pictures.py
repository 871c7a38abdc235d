"""Draw the README's pictures of the app from its real widgets.

    QT_QPA_PLATFORM=offscreen python docs/pictures.py            # all pictures into docs/
    QT_QPA_PLATFORM=offscreen python docs/pictures.py --out DIR  # elsewhere, e.g. to compare
    QT_QPA_PLATFORM=offscreen python docs/pictures.py --only table  # the live table's four

It needs the project installed (``pip install -e .``) and ``pdftoppm`` (poppler-utils)
for the report's first page.

Every picture is a grab of the widget a person sees, built the way the app builds it
(the main window, a drill window on a seeded item, the instructor's window on a small
training centre made here in a temporary SQLite store with a fixed clock), at a fixed
size, in English, with the app's CJK font fallback.  The same checkout draws the same
pictures, but for the time the report says it was made (the report reads the wall
clock).  The felts (``docs/roulette.png`` …) are drawn by
``dealer-trainer export-layout`` instead; see the README.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from zoneinfo import ZoneInfo

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from argon2 import PasswordHasher
from PySide6.QtCore import QCoreApplication, QEventLoop, QSettings, QSize, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from dealer_trainer.drills import Answer, AnswerKind, Difficulty, ItemSpec, Outcome, grade
from dealer_trainer.drills.sessions import DrillSession, ExamSpec, Mode, exam
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.drills.table import new_round, steps_in_order
from dealer_trainer.drills.table.stud_dealing import Moment, StudRound
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.procedure import Action
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import SessionKind, Store
from dealer_trainer.storage.access import Passwords
from dealer_trainer.storage.recorder import answer_record
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit.fonts import install_cjk_fallback
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.table.screen import TableScreen
from dealer_trainer.ui.window.main_window import MainWindow

DOCS = Path(__file__).resolve().parent
MAIN_SIZE = QSize(1366, 768)  # the main window on a laptop screen
DRILL_SIZE = QSize(1366, 728)  # a drill window on that screen, less its task bar
INSTRUCTOR_SIZE = QSize(1360, 860)
ARTICLE_SIZE = QSize(700, 560)
#: The training centre's clock: the pictures show the same dates whenever they are drawn.
NOW = datetime(2026, 11, 30, 1, 0, tzinfo=UTC)
MACAU = ZoneInfo("Asia/Macau")
PASSWORD = "a long password"


class HandClock:
    """The drills' clock (monotonic milliseconds), moved by hand: answers take a person's time."""

    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


def settle(ms: int = 150) -> None:
    """Let posted layout and paint events run (a grab right after show sees no layout)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def wait_for(done: Callable[[], bool], timeout_ms: int = 20_000) -> None:
    waited = 0
    while not done():
        if waited > timeout_ms:
            raise RuntimeError("a background job of the instructor's window did not finish")
        settle(50)
        waited += 50


def save(widget: QWidget, out: Path, name: str) -> None:
    settle()
    path = out / name
    if not widget.grab().save(str(path)):
        raise RuntimeError(f"could not write {path}")
    print(path)


# ------------------------------------------------------------------ drills --
def drill_pictures(out: Path) -> None:

    clock = HandClock()

    def one_item(spec: ItemSpec, recorder: Callable[..., None] | None = None) -> DrillSession:
        """A practice session of the one item ``spec``."""
        items = [spec]

        def specs(index: int) -> ItemSpec | None:
            return items[index] if index < len(items) else None

        if recorder is None:
            return DrillSession(Mode.PRACTICE, specs)
        return DrillSession(Mode.PRACTICE, specs, recorder)

    def screen_for(session: DrillSession, **kwargs: object) -> DrillScreen:
        controller = DrillController(session, clock=clock, **kwargs)  # type: ignore[arg-type]
        screen = DrillScreen(controller, trainee="Ana Lei")
        screen.resize(DRILL_SIZE)
        screen.show()
        controller.start()
        settle()
        return screen

    def flat(order: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
        return tuple(bet for group in order for bet in group)

    # A roulette question, then its feedback after an order with the straight-up paid first.
    spec = ItemSpec("roulette.picture_bets", 3, Difficulty.INTERMEDIATE)
    screen = screen_for(one_item(spec))
    save(screen, out, "drill-roulette-question.png")
    screen.close()

    spec = ItemSpec("roulette.pay_order", 2, Difficulty.INTERMEDIATE)
    screen = screen_for(one_item(spec))
    item = screen.controller.item
    assert item is not None
    order = flat(item.expected.order)
    clock.advance(14_600)
    screen.submit(Answer(order=order[::-1]))
    save(screen, out, "drill-roulette-feedback.png")
    dialog = ArticleDialog(item.citation, screen)
    dialog.resize(ARTICLE_SIZE)
    dialog.show()
    save(dialog, out, "drill-article.png")
    dialog.close()
    screen.close()

    # Caribbean Stud ante and raise, paid in chips from the pay tray (half built).
    spec = ItemSpec("caribbean_stud.settlement", 5, Difficulty.INTERMEDIATE)
    screen = screen_for(one_item(spec))
    item = screen.controller.item
    assert item is not None and item.expected.amount is not None
    screen.amount_tabs.setCurrentWidget(screen.chips)
    left = item.expected.amount
    for value in sorted(screen.chips.denominations, reverse=True):
        if value <= left / 2:
            screen.chips.add(value)
            left -= value
    save(screen, out, "drill-stud-chips.png")
    screen.close()

    # Craps: collect, then pay (table procedure), the question; a ruling's feedback.
    spec = ItemSpec("craps.pay_order", 4, Difficulty.INTERMEDIATE)
    screen = screen_for(one_item(spec))
    save(screen, out, "drill-craps-pay-order.png")
    screen.close()

    spec = ItemSpec("craps.rulings", 1, Difficulty.INTERMEDIATE)
    screen = screen_for(one_item(spec))
    item = screen.controller.item
    assert item is not None and item.expected.choice is not None
    clock.advance(6_300)
    screen.submit(Answer(choice=item.expected.choice))
    save(screen, out, "drill-craps-ruling.png")
    screen.close()

    # An answer the database could not store: no feedback until it is saved.
    def no_database(outcome: object, mode: object) -> None:
        raise ConnectionError("the database server at 10.0.0.5 does not answer")

    screen = screen_for(
        one_item(ItemSpec("roulette.straight_up", 7, Difficulty.BEGINNER), no_database)
    )
    item = screen.controller.item
    assert item is not None and item.expected.amount is not None
    screen.pad.clear()
    for key in f"{item.expected.amount:f}".split(".")[0]:
        screen.pad.press(key)
    screen.pad.enter()
    save(screen, out, "drill-record-error.png")
    screen.close()

    # An exam's summary: every item with the answer given, the right one and the solution.
    paper = ExamSpec(
        ("roulette.straight_up", "roulette.picture_bets", "roulette.zero_rule"),
        Difficulty.BEGINNER,
        5,
        Fraction(4, 5),
        seed=12,
    )
    screen = screen_for(exam(paper), exam=paper)
    controller = screen.controller
    number = 0
    while controller.item is not None and not controller.is_over:
        item = controller.item
        expected = item.expected
        number += 1
        right = number != 3  # one slip, to show how a wrong answer is listed
        clock.advance(3_100 + 600 * number)
        if expected.amount is not None:
            answer = Answer(amount=expected.amount if right else expected.amount + Decimal(35))
        elif expected.choice is not None:
            others = [o.id for o in expected.options if o.id != expected.choice]
            answer = Answer(choice=expected.choice if right else others[0])
        else:
            answer = Answer(order=flat(expected.order))
        screen.submit(answer)
        settle(30)
    save(screen, out, "drill-exam-summary.png")
    screen.close()


def main_window_picture(out: Path) -> None:

    window = MainWindow()
    window.resize(MAIN_SIZE)
    window.show()
    # The thumbnails are drawn and the records opened a moment after the window's first paint.
    wait_for(lambda: not window.is_starting)
    settle()
    save(window, out, "main_window.png")
    window.close()


def sandbox_picture(out: Path) -> None:
    """The felt sandbox (F8): roulette's bets settled on 17, the third step ringed."""
    window = MainWindow()
    window.resize(MAIN_SIZE)
    window.show()
    wait_for(lambda: not window.is_starting)
    window.panel.select_game("roulette")
    panel = window.open_sandbox()
    assert panel is not None
    chips = window.scene().chips
    for spot_id, amount in (("straight-17", 10), ("split-17-20", 20), ("corner-17-18-20-21", 10),
                            ("dozen-2", 50), ("red", 100), ("black", 50)):  # fmt: skip
        chips.set_amount(spot_id, Decimal(amount))
    editor = panel.editor
    editor.number.setText("17")  # type: ignore[attr-defined]
    panel.settle()
    panel.next_step()
    panel.next_step()
    settle()
    save(window, out, "sandbox.png")
    window.close()


# -------------------------------------------------------------- instructor --
def training_centre(folder: Path) -> tuple[object, object, dict[str, int]]:
    """Three trainees answering real drill items for two weeks, and an exam one of them took."""

    clock_now = [NOW]
    store = Store.open(
        f"sqlite:///{folder / 'centre.sqlite3'}",
        clock=lambda: clock_now[0],
        passwords=Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)),
        day_zone=MACAU,
    )
    session = store.create_first_instructor("Mrs Wong", PASSWORD)
    desk = store.instructor(session)
    rng = random.Random(6)
    skills = (
        "roulette.straight_up",
        "roulette.picture_bets",
        "roulette.pay_order",
        "craps.hard_ways",
        "craps.field",
        "caribbean_stud.settlement",
        "caribbean_stud.qualify",
    )
    names = ("Ana Lei", "Bruno Chan", "Carla Ho", "Diogo Sousa")
    trainees: dict[str, int] = {}

    def answer_to(item: object, right: bool) -> Answer:
        expected = item.expected  # type: ignore[attr-defined]
        if expected.kind in (AnswerKind.AMOUNT, AnswerKind.CHIPS):
            return Answer(amount=expected.amount if right else expected.amount + Decimal(5))
        if expected.kind is AnswerKind.CHOICE:
            others = [o.id for o in expected.options if o.id != expected.choice]
            return Answer(choice=expected.choice if right or not others else others[0])
        order = tuple(bet for group in expected.order for bet in group)
        return Answer(order=order if right else order[::-1])

    def record(
        mine: object, session_id: int, spec: ItemSpec, when: datetime, right: bool, time_ms: int
    ) -> None:
        item = spec.make()
        answer = answer_to(item, right)
        outcome = Outcome(item, answer, grade(item, answer), time_ms)
        mine.record_answer(session_id, answer_record(outcome, when))  # type: ignore[attr-defined]

    days = 14
    for rank, name in enumerate(names):
        trainee = desk.add_trainee(name)
        trainees[name] = trainee.id
        mine = store.trainee(trainee.id)
        sitting = mine.start_session("roulette-2003")
        for day in range(days, 0, -1):
            progress = 1 - day / days
            level = max(0.35, 0.9 - 0.14 * rank) + 0.08 * progress
            pace = (2600 + 700 * rank) * (1.2 - 0.4 * progress)
            for n in range(6):
                skill = skills[(n + day + rank) % len(skills)]
                when = NOW - timedelta(days=day) + timedelta(minutes=6 * n)
                spec = ItemSpec(skill, rng.getrandbits(32), Difficulty.INTERMEDIATE)
                record(
                    mine,
                    sitting.id,
                    spec,
                    when,
                    rng.random() < level,
                    int(pace * rng.lognormvariate(0, 0.3)),
                )
        mine.end_session(sitting.id)
    made = desk.create_exam(
        title="Roulette payouts",
        ruleset_id="roulette-2003",
        skills=["roulette.straight_up", "roulette.picture_bets"],
        item_count=4,
        seed=77,
        pass_mark=Fraction(3, 4),
        difficulty=int(Difficulty.BEGINNER),
    )
    assignments = desk.assign_exam(made.id, [trainees[n] for n in names[:3]])
    taker = store.trainee(trainees[names[0]])
    sitting = taker.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignments[0].id
    )
    for number, item_spec in enumerate(exam_spec(made).items()):
        record(
            taker,
            sitting.id,
            item_spec,
            NOW - timedelta(hours=2, minutes=-number),
            number != 2,
            4000,
        )
    taker.end_session(sitting.id)
    return store, session, trainees


def instructor_pictures(out: Path, folder: Path) -> None:

    store, session, trainees = training_centre(folder)
    try:
        window = InstructorWindow(store, session)  # type: ignore[arg-type]
        window.resize(INSTRUCTOR_SIZE)
        loaded = [False]
        window.cohort.tableLoaded.connect(lambda *_: loaded.__setitem__(0, True))
        window.show()
        wait_for(lambda: loaded[0])
        save(window, out, "dashboard-cohort.png")

        answers = [False]
        window.trainee.answersLoaded.connect(lambda *_: answers.__setitem__(0, True))
        window.open_trainee(trainees["Carla Ho"])
        wait_for(lambda: answers[0])
        save(window, out, "dashboard-trainee.png")
        window.trainee.pages.setCurrentIndex(1)
        table = window.trainee.answer_table
        table.setCurrentIndex(table.model().index(0, 0))
        settle(300)
        save(window, out, "dashboard-drill-down.png")

        window.tabs.setCurrentWidget(window.exams)
        settle(600)
        save(window, out, "dashboard-exams.png")

        pdf = folder / "report.pdf"
        written = [False]
        window.reports.written.connect(lambda *_: written.__setitem__(0, True))
        window.reports.write_pdf(pdf)
        wait_for(lambda: written[0])
        window.close()
        settle()
    finally:
        store.close()  # type: ignore[attr-defined]
    page = out / "dashboard-report-page1"
    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm (poppler-utils) draws the report's first page: install it")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(page)],
        check=True,
    )
    print(f"{page}.png")


def table_pictures(out: Path) -> None:
    """The Table mode of each game mid-round, as the app deals it now: roulette, craps and
    Sic Bo with the steps so far, one of them refused; Caribbean Stud during its deal, with
    the deal's panel under the felt (cards out, the next box waiting, a card to the wrong
    box refused)."""
    level = Difficulty.INTERMEDIATE
    for game in ("roulette", "craps", "caribbean_stud", "sic_bo"):
        ruleset = default_ruleset(game)
        seed = next(n for n in range(1, 500) if _telling(ruleset, n, level))
        screen = TableScreen(ruleset, level, seed=seed)
        screen.resize(DRILL_SIZE)
        screen.show()
        settle()
        if game == "caribbean_stud":
            _deal_part_way(screen)
        else:
            _settle_part_way(screen)
        settle(300)
        save(screen, out, f"table-{game.replace('_', '-')}.png")
        screen.close()


def _telling(ruleset: object, seed: int, level: Difficulty) -> bool:
    """A round worth a picture: losers and winners; at the stud table, an award to pay, and a
    deal from the shoe with a raise to come; no irregularity (their pictures are the tests')."""
    round_ = new_round(ruleset, seed, level)  # type: ignore[arg-type]
    if round_.irregularities:
        return False
    steps = steps_in_order(round_.plan)
    actions = {s.action for s in steps}
    wanted = {Action.COLLECT, Action.PAY}
    if len(steps) < 5:  # a few steps done, a few still to do
        return False
    if isinstance(round_, StudRound):
        wanted.add(Action.PROGRESSIVE)
        moments = [w.moment for w in round_.waits]
        if Moment.RAISE not in moments or any(len(w.cards) > 1 for w in round_.waits):
            return False
    return wanted <= actions


def _settle_part_way(screen: TableScreen) -> None:
    """Two thirds of the round's steps, after a pay before collecting (refused, practice)."""
    round_ = screen.round
    assert round_ is not None
    steps = list(steps_in_order(round_.plan))
    if steps and steps[0].action is Action.MARK:
        screen.do("mark")
        steps = steps[1:]
    pays = [s for s in steps if s.action is Action.PAY]
    if pays and steps[0].action is Action.COLLECT:
        screen.take(pays[0].target)
        screen.float.type_text(str(pays[0].amount))
        screen.do("pay")
    for step in steps[: max(1, len(steps) * 2 // 3)]:
        screen.take(step.target)
        if step.amount is not None:
            screen.float.clear()
            screen.float.type_text(str(step.amount))
        screen.do(str(step.action))


def _deal_part_way(screen: TableScreen) -> None:
    """Caribbean Stud from the first card, by the dealer's keys: the deal answered right up
    to the second round of cards, then a card to the wrong box (refused, practice)."""
    round_ = screen.round
    assert isinstance(round_, StudRound)
    hands = len([w for w in round_.waits if w.moment is Moment.DEAL]) // 5  # with the dealer's
    while (wait := round_.waiting) is not None and not (
        wait.moment is Moment.DEAL and wait.cards_dealt >= 2 * hands + 1
    ):
        right = wait.right
        assert isinstance(right, DealerCall)
        QTest.keyClick(screen, _stud_key(right))
        settle(20)
    wait = round_.waiting
    assert wait is not None and isinstance(wait.right, DealerCall)
    playing = sorted(int(owner[4:]) for owner in round_.visible_cards() if owner != "dealer")
    wrong = 0 if wait.right.box is not None else playing[0]  # the dealer's card, or a box's
    QTest.keyClick(screen, _DIGIT_KEYS[wrong])


_DIGIT_KEYS: dict[int, Qt.Key] = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


def _stud_key(call: DealerCall) -> Qt.Key:
    """The key the deal's panel takes for a call (its buttons say the same)."""
    if call.action is CallAction.DEAL:
        return _DIGIT_KEYS[0 if call.box is None else call.box]
    if call.action in (CallAction.ACCEPT_BET, CallAction.ACCEPT_RAISE):
        return Qt.Key.Key_A
    if call.action in (CallAction.REFUSE_BET, CallAction.REFUSE_RAISE):
        return Qt.Key.Key_X
    return Qt.Key.Key_Q if call.qualifies else Qt.Key.Key_W


#: The pictures by group (``--only``): the main window, the sandbox, the drills, the
#: instructor's window (on a small centre made here), the live table of each game.
PICTURES: dict[str, Callable[..., None]] = {
    "main": main_window_picture,
    "sandbox": sandbox_picture,
    "drills": drill_pictures,
    "instructor": instructor_pictures,
    "table": table_pictures,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DOCS, help="the folder (default: docs/)")
    parser.add_argument(
        "--only",
        choices=sorted(PICTURES),
        action="append",
        help="draw only these pictures (again: several); default: all",
    )
    args = parser.parse_args(argv)
    wanted = args.only or list(PICTURES)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        # Nothing of the person's own: no remembered sizes or choices, no data folder.
        os.environ["DEALER_TRAINER_DATA_DIR"] = str(folder / "data")
        QCoreApplication.setOrganizationName("dealer-trainer-pictures")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
        app = QApplication.instance() or QApplication(sys.argv[:1])

        install_cjk_fallback()
        LanguageManager(QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)).set_language(
            "en", remember=False
        )
        for name in wanted:
            draw = PICTURES[name]
            if name == "instructor":
                instructor_pictures(args.out, folder)
            else:
                draw(args.out)
        del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
