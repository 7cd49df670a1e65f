"""Tests of ndcg_core/runs/."""
