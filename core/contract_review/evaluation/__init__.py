"""Evaluation: retrieval metrics (Recall@k, MRR, nDCG) over query and relevance files
(:mod:`.retrieval_metrics`), and the quality grade of answers to legal questions and of
review findings and reports (:mod:`.quality_models`, :mod:`.answer_quality`,
:mod:`.finding_quality`)."""
