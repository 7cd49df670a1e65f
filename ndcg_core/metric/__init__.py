"""The metric: the convention (every named choice, the presets, their link parameters), the
rules written once (gain, discount, ideal order), evaluation of one list (CG, DCG, nDCG and the
binary measures), ranking by scores with ties, grade lists read and checked, and the numbers for
two rankings of one list. Needs :mod:`ndcg_core.text` and :mod:`ndcg_core.errors` only."""
