"""Tests of ndcg_core/pictures/."""
