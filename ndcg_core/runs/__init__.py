"""Run files: TREC qrels and run files read and checked (:mod:`files`, :mod:`limits`, their ids
keyed by :mod:`id_keys`), scored per query in batch (:mod:`scoring`), the per-query table, two
runs compared for significance, and several queries typed by hand (:mod:`queries`). Needs
:mod:`ndcg_core.metric` and :mod:`ndcg_core.text` below it."""
