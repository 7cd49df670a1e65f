"""Tests of ndcg_core/metric/."""
