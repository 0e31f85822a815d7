"""The unified search (seed 003) over the law library seen as a graph of laws,
articles and defined terms (contains, refers_to, defines, excepts): natural-language,
exact and hybrid requests, with clarify blocks, dry runs, plans, metrics, defaults,
degeneration and the seed's error codes. The HTTP service exposes it as
``POST /api/search/unified``.

>>> request = UnifiedSearchRequest.model_validate(
...     {"mode": "exact", "exact_query": {"concept": "劳动合同法第二十一条"}})
>>> response = unified_search(request, index=law_index)

Names are imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .executor import unified_search
    from .law_graph import LawGraph
    from .planner import SearchPlan, plan_search
    from .request_models import UnifiedSearchRequest
    from .response_models import UnifiedSearchResponse
    from .search_errors import UnifiedSearchError, schema_error

_EXPORTS: dict[str, str] = {
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
    "LawGraph",
    "SearchPlan",
    "UnifiedSearchError",
    "UnifiedSearchRequest",
    "UnifiedSearchResponse",
    "plan_search",
    "schema_error",
    "unified_search",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
