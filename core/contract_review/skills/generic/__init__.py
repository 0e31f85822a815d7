"""Core's generic skills (domain ``*``): every domain may use them.

Each skill has a module with its input and output models and its handler (the handlers
of ``search_reference_doc`` and ``assess_deviation`` live in retrieval and playbooks);
:mod:`contract_review.builtin.generic_skills` registers the skills and builds their
inputs from the review state.

Modules, one job each, in the order a newcomer reads them:

Shared pieces:

* :mod:`.clause_input` — the input fields every clause-reading skill shares;
* :mod:`.clause_lookup` — the clause a skill works on and its place in the tree;

The skills:

* :mod:`.clause_context` — ``get_clause_context``: a clause and what to read with it;
* :mod:`.clause_evidence` — what it reads with the clause: definitions, exceptions...;
* :mod:`.definition_lookup` — ``resolve_definition``: what the defined terms mean;
* :mod:`.cross_references` — ``cross_reference_check``: which references resolve;
* :mod:`.financial_terms` — ``extract_financial_terms``: amounts, percentages, periods;
* :mod:`.baseline_comparison` — ``compare_with_baseline``: departure from the standard text;
* :mod:`.review_criteria` — ``load_review_criteria``: what to check in a clause;
* :mod:`.reference_search_models` — ``search_reference_doc``'s models (handler: retrieval);
* :mod:`.deviation_models` — ``assess_deviation``'s models (handler: playbooks);

Their facts:

* :mod:`.generic_facts` — what the generic skills read, as facts for the report.
"""
