"""Tests of ndcg_core/teaching/."""
