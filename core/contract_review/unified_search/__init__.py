"""The unified search (seed 003) over the law library seen as a graph of laws,
articles and defined terms (contains, refers_to, defines, excepts): natural-language,
exact and hybrid requests, with clarify blocks, dry runs, plans, metrics, defaults,
degeneration and the seed's error codes. The HTTP service exposes it as
``POST /api/search/unified``.

>>> request = UnifiedSearchRequest.model_validate(
...     {"mode": "exact", "exact_query": {"concept": "劳动合同法第二十一条"}})
>>> response = unified_search(request, index=law_index)

Names are imported on first use.

Modules, one job each, in the order a newcomer reads them:

What goes in and out:

* :mod:`.request_models` — the request: mode, queries, filters, graph, options;
* :mod:`.response_models` — the response: results, clarify block, meta;
* :mod:`.search_errors` — the seed's error codes and their bodies;
* :mod:`.search_profiles` — the client profiles and what each changes;
* :mod:`.capabilities` — the limits and the capabilities document (one source);

Planning and running:

* :mod:`.executor` — :func:`unified_search`: plan, run, assemble the response;
* :mod:`.planner` — a request turned into a plan: checks, defaults, cuts, grounding;
* :mod:`.plan_steps` — the plan's ordered steps, in words when asked;
* :mod:`.concept_grounding` — a request's names tied to entities of the graph;

The law graph:

* :mod:`.law_graph` — :class:`LawGraph`: laws, articles, terms and four relations;
* :mod:`.graph_traversal` — breadth-first traversal along chosen relations;
* :mod:`.entity_filters` — filters on entity attributes: checked and applied;
* :mod:`.entity_ordering` — ``options.order_by``: checked and applied;
* :mod:`.entity_dedup` — ``options.dedup_fields``: agreeing results counted once;

The two kinds of plan:

* :mod:`.exact_execution` — an exact plan: entities, or a start and its neighbours;
* :mod:`.text_execution` — an nl or hybrid plan: text search grounded to the graph;
* :mod:`.text_search` — the law index's hybrid search with the profile's settings;
* :mod:`.execution_outcome` — what running a plan produces, and how entities are shown;
* :mod:`.clarify_blocks` — the clarify questions and candidates, merged into one block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .capabilities import SEARCH_LIMITS, SearchCapabilities, search_capabilities
    from .executor import unified_search
    from .law_graph import LawGraph
    from .planner import SearchPlan, plan_search
    from .request_models import UnifiedSearchRequest
    from .response_models import UnifiedSearchResponse
    from .search_errors import UnifiedSearchError, schema_error

_EXPORTS: dict[str, str] = {
    "SEARCH_LIMITS": "capabilities",
    "SearchCapabilities": "capabilities",
    "search_capabilities": "capabilities",
    "unified_search": "executor",
    "LawGraph": "law_graph",
    "SearchPlan": "planner",
    "plan_search": "planner",
    "UnifiedSearchRequest": "request_models",
    "UnifiedSearchResponse": "response_models",
    "UnifiedSearchError": "search_errors",
    "schema_error": "search_errors",
}

__all__ = [
    "SEARCH_LIMITS",
    "LawGraph",
    "SearchCapabilities",
    "SearchPlan",
    "UnifiedSearchError",
    "UnifiedSearchRequest",
    "UnifiedSearchResponse",
    "plan_search",
    "schema_error",
    "search_capabilities",
    "unified_search",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
