"""The review engine (seed SPEC-21 and the graph it extends; see ``docs/review.md``).

A review reads the documents, plans the domain's checklist, then for each planned clause
analyses it, proposes redlines, validates them, asks for approval and saves it, and ends
with a versioned report. The state is checkpointed after every node, so a review pauses
for approval and resumes. With no LLM, the domain's playbook drives the analysis; with
one, an orchestrator plans and a ReAct worker analyses each clause.

Modules, one job each, in the order a newcomer reads them:

The engine:

* :mod:`.engine` — :class:`ReviewEngine`: start, run node by node, resume, report;
* :mod:`.engine_request` — what a user asks for: the documents with roles, domain, options;
* :mod:`.state` — :class:`ReviewState`, what the engine knows about a review in progress;
* :mod:`.engine_nodes` — the nodes (parse … summarize) and the routes between them;
* :mod:`.engine_context` — what the nodes share for one review (registry, store, LLM...);
* :mod:`.checkpoints` — the state after every node, saved whole or as what changed;
* :mod:`.document_intake` — reading the documents with their roles; refusing bad input;
* :mod:`.contract_kind` — the contract's type, kept only when the text plainly names it;
* :mod:`.skill_runs` — every skill call of a review on one event loop, once per clause;
* :mod:`.contained_hooks` — asking the plugins so that one failing plugin is skipped;

Planning:

* :mod:`.plan` — :class:`ReviewPlan` (clauses, depth, tools, order) and the default plan;
* :mod:`.routing` — the plan-routing and locator hooks, with core's fallbacks;
* :mod:`.orchestrator` — an LLM plans the review, and may adjust it after a clause;
* :mod:`.orchestrator_rules` — the orchestrator's checks, and its rules without a model;

Analysing a clause:

* :mod:`.clause_analysis` — the ``analyze`` step: LLM, or skills and playbook; evidence;
* :mod:`.clause_location` — :class:`ClauseLocation`, where a checklist item sits;
* :mod:`.item_mentions` — before an item is reported missing: found by its words? applies?
* :mod:`.playbook_step` — the playbook a review applies, bound to documents and party;
* :mod:`.skill_facts` — :class:`SkillFact`, what a skill read, for report and playbook;
* :mod:`.document_skills` — a skill run on a document outside a review (CLI, HTTP, MCP);
* :mod:`.findings` — :class:`Finding` with its evidence and redline; checked items;
* :mod:`.governing_law` — the law the contract chooses, read from its text;
* :mod:`.law_evidence` — law articles quoted in findings, only under PRC law;

The LLM path (the ReAct worker, seed SPEC-20):

* :mod:`.clause_react` — the ``analyze`` step with an LLM; None sends it to the playbook;
* :mod:`.react_models` — what the worker takes (:class:`ClauseTask`) and gives back;
* :mod:`.react_prompts` — the worker's prompts, in English and Chinese;
* :mod:`.react_worker` — the loop: the model calls skills as tools until it answers;
* :mod:`.react_findings` — the worker's finding drafts as findings with exact evidence;

Redlines and approval:

* :mod:`.diffs` — a redline as a unified diff and as inline HTML;
* :mod:`.redline_checks` — what is wrong with a proposed redline, if anything;
* :mod:`.clause_redlines` — the changes findings propose to one clause, as one redline;
* :mod:`.approval` — :class:`Approver`: report changes as proposed, or pause for a decision;
* :mod:`.decisions` — decisions on proposed changes made outside the run (HTTP, later);

The report:

* :mod:`.report_models` — :class:`ReviewReport` and :class:`PortfolioReport` (report.json);
* :mod:`.report_building` — a finished or paused review's state as its report;
* :mod:`.report_words` — what the review says, in the report's language (frames, names).
"""
