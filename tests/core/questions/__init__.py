"""Tests of ndcg_core/questions/."""
