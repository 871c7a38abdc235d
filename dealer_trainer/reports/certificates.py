"""A trainee's transcript and certificates, as PDFs in the window's language.

The **transcript**: the centre's name at its head, every sitting of every exam
(retakes too: the date, the score, the share right within the target time, the time
taken, passed or not), then the certifications and whether each is still valid, on
pages numbered "page N of M". The **certificate**: one page per certification, with
the centre's name, the trainee, the game, the date passed, valid until, and the
instructor who assigned the exam. The cohort report lists every certification
(``pdf.certification_table``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QRectF, Qt

from dealer_trainer.reports.certification_text import (
    NOT_TIMED,
    centre_title,
    day_text,
    game_name,
    in_time_text,
    renamed_line,
)
from dealer_trainer.reports.exam_parts import (
    certification_parts,
    score_cell,
    sitting_parts,
    time_cell_ms,
)
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.reports.pdf import (
    HEAD,
    MM,
    MUTED,
    Column,
    _Document,
    _write,
    certification_table,
)
from dealer_trainer.reports.text import seconds_text
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError, TraineeDesk
from dealer_trainer.storage.certification import Certification
from dealer_trainer.storage.groups import NO_TRAINEE
from dealer_trainer.storage.transcript import Transcript


def _trainee_name(desk: InstructorDesk, trainee_id: int) -> str:
    trainee = next((t for t in desk.all_trainees() if t.id == trainee_id), None)
    if trainee is None:
        raise StorageError(NO_TRAINEE)
    return trainee.name


def transcript_pdf(desk: InstructorDesk, trainee_id: int, path: Path) -> int:
    """Write a trainee's transcript; return the number of pages."""
    return write_transcript(desk.transcript(trainee_id), desk.session.name, path)


def my_transcript_pdf(desk: TraineeDesk, path: Path) -> int:
    """Write the signed-in trainee's own transcript (their rows only, on the server too)."""
    return write_transcript(desk.my_transcript(), desk.profile.name, path)


def write_transcript(transcript: Transcript, made_by: str, path: Path) -> int:
    """Write ``transcript`` (made by ``made_by``); return the number of pages."""
    name, trainee_id = transcript.name, transcript.trainee_id
    sittings = transcript.sittings
    certs = list(transcript.certifications)
    instructors = dict(transcript.instructors)
    certified = {c.session_id for c in certs}
    made = datetime.now().astimezone()
    today = made.date()
    title = fill(QCoreApplication.translate("certificates", "Transcript: %1"), name)

    def draw(doc: _Document) -> None:
        doc.text(centre_title(transcript.centre_name), 11, colour=MUTED, gap=1)
        doc.text(title, 18, bold=True, gap=1)
        doc.text(
            fill(
                QCoreApplication.translate("certificates", "Made on %1 by %2"),
                day_text(made),
                made_by,
            ),
            9,
            colour=MUTED,
            gap=4,
        )
        doc.text(QCoreApplication.translate("certificates", "Exam sittings"), 12, bold=True)
        rows = []
        numbers: dict[int, int] = {}
        for sitting in sittings:
            paper, assignment_id, score = sitting, sitting.assignment_id, sitting.score
            numbers[assignment_id] = numbers.get(assignment_id, 0) + 1
            if score.ended_at is None:
                verdict = QCoreApplication.translate("certificates", "not finished")
            elif score.session_id in certified:
                verdict = QCoreApplication.translate("certificates", "passed")
            elif score.pending:  # the centre's server has not graded it yet
                verdict = QCoreApplication.translate("certificates", "waiting for grading")
            elif score.passed:
                verdict = QCoreApplication.translate("certificates", "passed")
            else:
                verdict = QCoreApplication.translate("certificates", "not passed")
            speed = "" if paper.speed_mark is None else percent_text(paper.speed_mark)
            rows.append(
                [
                    paper.title
                    if numbers[assignment_id] == 1
                    else fill(
                        QCoreApplication.translate("certificates", "%1 (sitting %2)"),
                        paper.title,
                        str(numbers[assignment_id]),
                    ),
                    day_text(score.started_at),
                    score_cell(score),
                    percent_text(paper.pass_mark),
                    in_time_text(score),
                    speed,
                    seconds_text(time_cell_ms(score)),
                    verdict,
                ]
            )
        if rows:
            doc.table(
                [
                    Column(QCoreApplication.translate("certificates", "Exam"), 3.2),
                    Column(QCoreApplication.translate("certificates", "Date"), 1.8),
                    Column(QCoreApplication.translate("certificates", "Score"), 1.7, True),
                    Column(QCoreApplication.translate("certificates", "Pass mark"), 1.7, True),
                    Column(QCoreApplication.translate("certificates", "In time"), 1.5, True),
                    Column(QCoreApplication.translate("certificates", "Speed mark"), 2.1, True),
                    Column(QCoreApplication.translate("certificates", "Time"), 1.3, True),
                    Column(QCoreApplication.translate("certificates", "Result"), 1.6),
                ],
                rows,
            )
            untimed = any(not s.score.timed for s in sittings) or any(not c.timed for c in certs)
            mixed = [s for s in sittings if s.score.rounds and s.score.ended_at is not None]
            for sitting in mixed:  # the live-table rounds' part, in words
                score = sitting.score
                doc.text(
                    f"{sitting.title} · {day_text(score.started_at)}: {sitting_parts(score)}",
                    8,
                    colour=MUTED,
                    gap=1,
                )
            if mixed:
                doc.text(
                    QCoreApplication.translate(
                        "certificates",
                        "An exam with live-table rounds: the score counts each item as one "
                        "step and each round as the steps it was judged on; in time counts "
                        "the items right within their target and the rounds dealt without a "
                        "mistake within the house's pace, over the items and the rounds.",
                    ),
                    8,
                    colour=MUTED,
                    gap=1,
                )
            doc.text(
                QCoreApplication.translate(
                    "certificates",
                    "In time: the share of the exam's items answered right within the "
                    "skill's target time. Speed mark: the share an exam requires in time "
                    "(empty: none). Time: the time spent on the answers.",
                ),
                8,
                colour=MUTED,
                gap=1 if untimed else 3,
            )
            if untimed:
                doc.text(
                    fill(
                        QCoreApplication.translate(
                            "certificates",
                            "%1 in time: the exam was built before target times were kept, "
                            "so nothing in it was timed.",
                        ),
                        NOT_TIMED,
                    ),
                    8,
                    colour=MUTED,
                    gap=3,
                )
        else:
            doc.text(QCoreApplication.translate("certificates", "No exam sat."), 9, colour=MUTED)
        certification_table(doc, certs, {trainee_id: name}, instructors, today, with_name=False)

    return _write(path, title, draw)


def certificates_pdf(desk: InstructorDesk, trainee_id: int, path: Path) -> int:
    """Write one certificate page per certification of the trainee; the number of pages."""
    name = _trainee_name(desk, trainee_id)
    certs = desk.certifications(trainee_id)
    if not certs:
        raise StorageError(
            fill(QCoreApplication.translate("certificates", "%1 holds no certification yet."), name)
        )
    settings = desk.centre_settings()
    instructors = desk.instructor_names()
    title = fill(QCoreApplication.translate("certificates", "Certificate: %1"), name)

    def page(doc: _Document, cert: Certification) -> None:
        painter, area = doc.painter, doc.page
        # The name certified (when it was issued); the current one under it if renamed.
        certified, _now = cert.names(name)
        renamed = renamed_line(cert, name)
        centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
        wrap = int(centre | Qt.TextFlag.TextWordWrap)
        lines = [
            (centre_title(settings.centre_name), 16, True, MUTED, 22),
            (
                QCoreApplication.translate("certificates", "Certificate of dealer training"),
                26,
                True,
                HEAD,
                30,
            ),
            (
                QCoreApplication.translate("certificates", "This certifies that"),
                12,
                False,
                MUTED,
                12,
            ),
            (certified, 24, True, HEAD, 12 if renamed else 22),
            *([(renamed, 11, False, MUTED, 10)] if renamed else []),
            (
                QCoreApplication.translate("certificates", "passed the certification exam in"),
                12,
                False,
                MUTED,
                12,
            ),
            (game_name(cert.game), 22, True, HEAD, 26),
            (
                fill(
                    QCoreApplication.translate("certificates", "on %1"),
                    day_text(cert.passed_at, long=True),
                ),
                13,
                False,
                HEAD,
                12,
            ),
            (
                # An exam built before target times were kept timed nothing: its score only
                # (a bare "in time –" on a certificate explained nothing).
                fill(
                    QCoreApplication.translate("certificates", "Score %1 · in time %2"),
                    percent_text(cert.score),
                    in_time_text(cert),
                )
                if in_time_text(cert) != NOT_TIMED
                else fill(
                    QCoreApplication.translate("certificates", "Score %1"), percent_text(cert.score)
                ),
                11,
                False,
                MUTED,
                6 if cert.rounds else 20,
            ),
            *([(certification_parts(cert), 10, False, MUTED, 14)] if cert.rounds else []),
            (
                fill(
                    QCoreApplication.translate("certificates", "Valid until %1"),
                    day_text(cert.valid_until, long=True),
                ),
                14,
                True,
                HEAD,
                26,
            ),
            (
                fill(
                    QCoreApplication.translate("certificates", "Instructor: %1"),
                    instructors.get(cert.approved_by, ""),
                ),
                12,
                False,
                HEAD,
                12,
            ),
        ]
        y = area.top() + 30 * MM
        for text, points, bold, colour, height in lines:
            doc.font(points, bold)
            painter.setPen(colour)
            painter.drawText(QRectF(area.left(), y, area.width(), height * MM), wrap, text)
            y += height * MM
        painter.setPen(HEAD)
        painter.drawRect(area.adjusted(5 * MM, 5 * MM, -5 * MM, -5 * MM))

    def draw(doc: _Document) -> None:
        for number, cert in enumerate(certs):
            if number:
                doc.room(doc.page.height() * 2)  # a page of its own
            page(doc, cert)

    return _write(path, title, draw)
