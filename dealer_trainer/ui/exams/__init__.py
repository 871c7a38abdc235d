"""Exams, one home for both sides of them.

- :mod:`~dealer_trainer.ui.exams.panel`: the instructor's Exams tab, :class:`ExamsPanel`,
  with :class:`ExamBuilder` and its live-table part (:mod:`~dealer_trainer.ui.exams.table_part`);
- :mod:`~dealer_trainer.ui.exams.sitting`: an assigned exam with live-table rounds, sat as one
  sitting (:class:`MixedSitting`), and its end screen;
- :mod:`~dealer_trainer.ui.exams.review`: a sitting item by item on its felt, for the trainee
  and the instructor (:class:`ExamReview`);
- :mod:`~dealer_trainer.ui.exams.table_words`: the words these screens share.

An exam's items are sat on the drill screen (``ui/drills``, which asks before leaving an exam:
``leave_exam.py``) and its rounds at the live table (``ui/table``, whose exam mode is
``table/exam.py``); both sit below this room and never import it.
"""
