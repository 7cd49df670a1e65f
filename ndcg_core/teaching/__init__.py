"""Teaching: the guided lesson's stories and steps, the lessons on conventions, worked formulas,
the examples, practice exercises and their scoring, and the slips a student's answer shows.
Needs :mod:`ndcg_core.metric`, :mod:`ndcg_core.runs` and :mod:`ndcg_core.text` below it."""
