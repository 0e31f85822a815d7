"""Evaluation: retrieval metrics (Recall@k, MRR, nDCG) over query and relevance files."""
