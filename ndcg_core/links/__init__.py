"""Links and saved views: the one typed view a link or a saved file holds and its codec
(:mod:`view`, :mod:`view_files`), how long a link may be (:mod:`length`), the parameters that
must never be shared (:mod:`secret_params`) and the practice set's answers in its link. A
convention's own parameters live beside it in :mod:`ndcg_core.metric.conventions`."""
