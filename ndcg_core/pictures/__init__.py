"""Pictures and downloads: chart specs (one list, two rankings, the lesson's), their data, the
tables a page shows, the stakeholder page, and exports (CSV, saved views). Needs the rooms below
it (:mod:`ndcg_core.metric`, :mod:`ndcg_core.runs`, :mod:`ndcg_core.teaching`, text)."""
