"""Reports for the instructor: a PDF per trainee or for the cohort, and the answers as CSV.

::

    from dealer_trainer.reports import cohort_pdf, trainee_pdf, write_answers_csv
    trainee_pdf(desk, trainee_id, first_day, last_day, Path("ana.pdf"))
    cohort_pdf(desk, first_day, last_day, Path("cohort.pdf"))
    write_answers_csv(desk, Path("answers.csv"), AnswerFilter(trainee_id=3))

Everything is read through an unlocked ``InstructorDesk``. Money stays as the
decimal strings the answers were recorded with. The PDFs are drawn with Qt's
``QPdfWriter`` and ``QPainter`` (charts included, as vectors); they need a
``QGuiApplication`` (offscreen is fine). ``rules`` and ``drills`` never import
this package.
"""

from dealer_trainer.reports.csv_export import CSV_COLUMNS, write_answers_csv
from dealer_trainer.reports.pdf import cohort_pdf, trainee_pdf

__all__ = ["CSV_COLUMNS", "cohort_pdf", "trainee_pdf", "write_answers_csv"]
