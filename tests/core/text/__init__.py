"""Tests of ndcg_core/text/."""
