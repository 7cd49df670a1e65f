"""Tests of ndcg_core/links/."""
