"""What the running service holds: settings, the store, the registry, review jobs, the
law index (opened on first use), the key policy and the rate limiter."""

from __future__ import annotations

import time
from pathlib import Path

import attrs

from ..config import Settings
from ..errors import SearchIndexError
from ..laws.law_index import LawIndex
from ..registry import Registry
from ..storage.backend import StorageBackend
from .api_keys import ApiKeyPolicy
from .browser_guards import LOOPBACK_NAMES
from .error_body import ServiceError
from .rate_limiting import RateLimiter
from .review_jobs import ReviewJobs

__all__ = ["ServiceState", "law_index_directory"]

_HOW_TO = (
    "start the server with --law-index DIR or set CONTRACT_REVIEW_LAW_INDEX; build an index "
    "with 'contract-review law index LAWS --out DIR'"
)


def law_index_directory(settings: Settings, given: Path | None) -> Path | None:
    """The law index the service reads (:func:`~contract_review.laws.law_tools.
    configured_law_index_dir`): ``given``, the ``law_index`` setting, or
    ``<data_dir>/law-index`` when one was built there; None when there is none."""
    from ..laws.law_tools import configured_law_index_dir

    return configured_law_index_dir(settings, given)


@attrs.define
class ServiceState:
    """Shared by every request of one app."""

    settings: Settings
    storage: StorageBackend
    registry: Registry
    jobs: ReviewJobs
    keys: ApiKeyPolicy
    limiter: RateLimiter
    law_index_dir: Path | None
    #: The host names requests may carry (:mod:`.browser_guards`).
    host_names: frozenset[str] = attrs.field(factory=lambda: LOOPBACK_NAMES)
    started: float = attrs.field(factory=time.time)

    def law_index(self) -> LawIndex:
        """The law index, opened once (and again when it is rebuilt).

        :raises ServiceError: ``E_NOT_SUPPORTED`` when none is configured,
            ``E_BACKEND_ERROR`` when it cannot be opened.
        """
        if self.law_index_dir is None:
            raise ServiceError(
                "E_NOT_SUPPORTED",
                "no law index is configured, so the law library cannot be searched",
                step="open_law_index",
                suggestion=_HOW_TO,
            )
        from ..laws.law_tools import open_law_index

        try:
            return open_law_index(self.law_index_dir)
        except SearchIndexError as exc:
            raise ServiceError(
                "E_BACKEND_ERROR", str(exc), step="open_law_index", suggestion=_HOW_TO
            ) from exc

    def optional_law_index(self) -> LawIndex | None:
        """The law index, or None when none is configured."""
        return None if self.law_index_dir is None else self.law_index()
