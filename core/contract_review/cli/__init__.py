"""The ``contract-review`` command (click): one module per command, and what they share.

:mod:`.main` builds the group and adds the commands; every command reports a user's
mistake as one line and exit code 2 (:mod:`.errors`), never a traceback. To add a
command, write ``<name>_command.py`` and list it in ``main.COMMANDS``.

Modules, one job each, in the order a newcomer reads them:

The group:

* :mod:`.main` — the group, its global options (``--version``, ``-v``), its commands;
* :mod:`.__main__` — ``python -m contract_review.cli``;
* :mod:`.context` — what commands share: how the registry is built, where output goes;
* :mod:`.errors` — one line on stderr and an exit code for every error;

Commands:

* :mod:`.plugins_command` — ``plugins``: what is installed and registered, what failed;
* :mod:`.skills_command` — ``skills``: the installed skills and their tool definitions;
* :mod:`.parse_command` — ``parse``: how core splits a document into sections;
* :mod:`.review_command` — ``review``: review a contract or folder, write its reports;
* :mod:`.index_command` — ``index``: build a search index from a corpus;
* :mod:`.search_command` — ``search``: query an index, write TREC runs, evaluate them;
* :mod:`.law_command` — ``law``: index a law library and run its four tools;
* :mod:`.ask_command` — ``ask``: answer a question with citations;
* :mod:`.evaluate_command` — ``evaluate``: grade a report's findings or an answer;
* :mod:`.serve_command` — ``serve``: run the HTTP service;
* :mod:`.mcp_command` — ``mcp``: serve the tools and reports over the Model Context Protocol;
* :mod:`.store_command` — ``store check``: find damaged records, and move them aside;
* :mod:`.new_domain_command` — ``new-domain``: start a domain plugin package;

What ``review`` uses:

* :mod:`.review_arguments` — ``--reference FILE --role ROLE`` pairs read in order;
* :mod:`.review_approval` — ``--interactive``: decide each change in the terminal;
* :mod:`.review_output` — writing the reports, and the summary printed after a review;
* :mod:`.review_portfolio` — reviewing a folder of documents with a portfolio summary;
* :mod:`.review_ray` — a folder's documents reviewed as tasks on a Ray cluster;
* :mod:`.review_running` — one file's review request and reports (also the MCP ``review`` tool's);

What ``index``, ``search``, ``law`` and ``ask`` share:

* :mod:`.retrieval_options` — the embedder, the offline switch and the query options.
"""
