"""Text in and out: numbers a person types and numbers written back, titles, user text quoted
for a message, and the one JSON reader. Needs nothing of the core but :mod:`ndcg_core.errors`."""
