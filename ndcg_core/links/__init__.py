"""Links the app makes: how long a link may be (:mod:`length`), the parameters that must never
be shared (:mod:`secret_params`) and the practice set's answers in its link. A convention's own
parameters live beside it in :mod:`ndcg_core.metric.conventions`."""
