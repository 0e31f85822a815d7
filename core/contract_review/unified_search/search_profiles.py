"""The client profiles (``X-Client-Profile`` header, or ``profile`` in the body, which
wins) and what each changes.

=========  ==========  ==========  ==============  =========  ==============================
profile    list limit  graph limit candidate pool  min score  text-search weights
=========  ==========  ==========  ==============  =========  ==============================
precision  10          20          50              0.0        keywords (BM25) count most
balanced   20          30          100             none       the index's own (measured)
recall     30          50          300             none       meaning (vectors) counts most,
                                                              deeper candidate lists
=========  ==========  ==========  ==============  =========  ==============================

The limits are the page sizes used when ``options.limit`` is left out (they never pass
the caps: lists 30, graphs 50). The candidate pool is how many articles the text search
ranks before filters and paging (fixed per profile, so pages of one query agree). The
min score drops text hits whose fused score is below it (the fused scores are z-scores
over the candidates: 0 is the candidates' mean).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..retrieval.search_models import SearchSettings, SignalWeights
from .request_models import Profile
from .response_models import SearchWeights
from .search_errors import UnifiedSearchError

__all__ = ["PROFILES", "ProfileSettings", "choose_profile", "profile_search_settings"]


class ProfileSettings(BaseModel):
    """What one profile sets (see the module docs)."""

    model_config = ConfigDict(frozen=True)

    name: Profile
    list_limit: int
    graph_limit: int
    candidate_pool: int
    min_score: float | None
    #: First-stage weights of the text search; None keeps the index's.
    weights: SearchWeights | None
    #: Candidates taken from each ranking before fusion; None keeps the index's.
    depth: int | None
    description: str


PROFILES: dict[Profile, ProfileSettings] = {
    "precision": ProfileSettings(
        name="precision",
        list_limit=10,
        graph_limit=20,
        candidate_pool=50,
        min_score=0.0,
        weights=SearchWeights(bm25=0.5, subwords=0.3, vector=0.15, group=0.05),
        depth=None,
        description="fewer, surer results: small pages, keyword matches weighted, hits below "
        "the candidates' mean score dropped",
    ),
    "balanced": ProfileSettings(
        name="balanced",
        list_limit=20,
        graph_limit=30,
        candidate_pool=100,
        min_score=None,
        weights=None,
        depth=None,
        description="the index's measured settings and medium pages",
    ),
    "recall": ProfileSettings(
        name="recall",
        list_limit=30,
        graph_limit=50,
        candidate_pool=300,
        min_score=None,
        weights=SearchWeights(bm25=0.15, subwords=0.05, vector=0.45, group=0.35),
        depth=1000,
        description="more, wider results: large pages and candidate pool, meaning (vector) "
        "similarity weighted",
    ),
}


def choose_profile(body: Profile | None, header: str | None) -> ProfileSettings:
    """The profile in force: the body's, else the header's, else balanced.

    :raises UnifiedSearchError: ``E_SCHEMA_INVALID`` naming the header when it holds
        something other than precision, recall or balanced.
    """
    if body is not None:
        return PROFILES[body]
    if header is None or not header.strip():
        return PROFILES["balanced"]
    name = header.strip().lower()
    if name not in PROFILES:
        raise UnifiedSearchError(
            "E_SCHEMA_INVALID",
            f"the X-Client-Profile header is {header!r}; it must be precision, recall or balanced",
            step="validate",
            suggestion="send X-Client-Profile: balanced, or set profile in the body",
        )
    return PROFILES[name]


def profile_search_settings(base: SearchSettings, profile: ProfileSettings) -> SearchSettings:
    """The index's search settings with the profile's weights and depth (snippets off:
    the unified search cuts its own)."""
    update: dict[str, object] = {"snippets": False}
    if profile.weights is not None:
        update["weights"] = SignalWeights(**profile.weights.model_dump())
    if profile.depth is not None:
        update["depth"] = profile.depth
    return base.model_copy(update=update)
