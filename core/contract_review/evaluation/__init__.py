"""Evaluation: the quality grade (seed 002 P2) of answers to legal questions and of
review findings and reports, and retrieval metrics (Recall@k, MRR, nDCG) over query and
relevance files.

Modules, one job each, in the order a newcomer reads them:

Quality grades:

* :mod:`.quality_models` — five weighted dimensions, an overall score, a letter grade;
* :mod:`.legal_text_signals` — the marks of a careful legal text, counted;
* :mod:`.answer_quality` — an answer to a legal question, graded;
* :mod:`.finding_quality` — review findings and a report, graded;
* :mod:`.finding_dimensions` — the five dimension scores of one finding;
* :mod:`.report_checks` — what a lawyer would hold against a report, counted;

Retrieval:

* :mod:`.retrieval_metrics` — Recall@k, MRR and nDCG of a run against judgements.
"""
