"""The four law tools as skills: their inputs (the seed's, plus the law index to read,
which the engine fills and an LLM never sees) and their handlers.

A handler opens the law index named by its input, else the ``law_index`` setting, else
``<data_dir>/law-index``; an opened index is kept for the next call (and reopened when
it was rebuilt).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, Field

from ..errors import SearchIndexError
from .law_reading import get_law
from .law_reading_models import GetLawInput, GetLawOutput
from .law_search import HybridSearchInput, HybridSearchOutput, hybrid_search
from .meta_schema import MetaSchemaOutput, meta_schema
from .provision_context import (
    ProvisionContextInput,
    ProvisionContextOutput,
    get_provision_context,
)

if TYPE_CHECKING:
    from ..config import Settings
    from .law_index import LawIndex
    from .law_library import LawLibrary

__all__ = [
    "GetLawSkillInput",
    "HybridSearchSkillInput",
    "MetaSchemaSkillInput",
    "ProvisionContextSkillInput",
    "configured_law_index_dir",
    "get_law_skill",
    "get_provision_context_skill",
    "hybrid_search_skill",
    "meta_schema_skill",
    "open_law_index",
    "open_law_library",
]

_INDEX_FIELD = Field(
    default=None,
    description="The law index directory; unset: the law_index setting.",
    json_schema_extra={"internal": True},
)


class HybridSearchSkillInput(HybridSearchInput):
    """Input of the ``hybrid_search`` skill."""

    law_index: Path | None = _INDEX_FIELD


class ProvisionContextSkillInput(ProvisionContextInput):
    """Input of the ``get_provision_context`` skill."""

    law_index: Path | None = _INDEX_FIELD


class GetLawSkillInput(GetLawInput):
    """Input of the ``get_law`` skill."""

    law_index: Path | None = _INDEX_FIELD


class MetaSchemaSkillInput(BaseModel):
    """Input of the ``meta_schema`` skill (the seed's ``{}``)."""

    law_index: Path | None = _INDEX_FIELD


_lock = threading.Lock()
_indexes: dict[Path, tuple[float, LawIndex]] = {}
_libraries: dict[Path, tuple[float, LawLibrary]] = {}

_T = TypeVar("_T")


def configured_law_index_dir(settings: Settings, given: Path | None = None) -> Path | None:
    """The law index to read: ``given``, else the ``law_index`` setting, else
    ``<data_dir>/law-index`` when one was built there; None when there is none."""
    if given is not None:
        return given
    if settings.law_index is not None:
        return settings.law_index.expanduser()
    from .law_index import MANIFEST

    default = settings.data_dir.expanduser() / "law-index"
    return default if (default / MANIFEST).is_file() else None


def _directory(given: Path | None) -> Path:
    if given is not None:
        return Path(given)
    from ..config import load_settings

    settings = load_settings()
    return settings.law_index or settings.data_dir / "law-index"


def _cached(
    store: dict[Path, tuple[float, _T]], given: Path | None, load: Callable[[Path], _T]
) -> _T:
    """``load(directory)``, kept in ``store`` until the index there is rebuilt."""
    from .law_index import MANIFEST

    directory = _directory(given).resolve()
    try:
        stamp = (directory / MANIFEST).stat().st_mtime
    except OSError:
        raise SearchIndexError(
            f"no law index at {directory}: build one with 'contract-review law index "
            "LAWS --out DIR' and point the law_index setting (CONTRACT_REVIEW_LAW_INDEX) at it"
        ) from None
    with _lock:
        cached = store.get(directory)
        if cached is None or cached[0] != stamp:
            cached = (stamp, load(directory))
            store[directory] = cached
        return cached[1]


def open_law_index(directory: Path | None = None) -> LawIndex:
    """The law index in ``directory`` (default: the configured one), opened once.

    :raises SearchIndexError: when there is none or it is damaged.
    """
    from .law_index import LawIndex

    return _cached(_indexes, directory, LawIndex.load)


def open_law_library(directory: Path | None = None) -> LawLibrary:
    """The laws of the law index in ``directory`` (no search index opened), read once."""
    from .law_index import LawIndex

    return _cached(_libraries, directory, LawIndex.load_library)


def hybrid_search_skill(data: HybridSearchSkillInput) -> HybridSearchOutput:
    """HybridSearch over the configured law index."""
    request = HybridSearchInput.model_validate(data.model_dump(exclude={"law_index"}))
    return hybrid_search(open_law_index(data.law_index), request)


def get_provision_context_skill(data: ProvisionContextSkillInput) -> ProvisionContextOutput:
    """GetProvisionContext over the configured law index."""
    request = ProvisionContextInput.model_validate(data.model_dump(exclude={"law_index"}))
    return get_provision_context(open_law_library(data.law_index), request)


def get_law_skill(data: GetLawSkillInput) -> GetLawOutput:
    """GetLaw over the configured law index."""
    request = GetLawInput.model_validate(data.model_dump(exclude={"law_index"}))
    return get_law(open_law_library(data.law_index), request)


def meta_schema_skill(data: MetaSchemaSkillInput) -> MetaSchemaOutput:
    """MetaSchema of the configured law index."""
    return meta_schema(open_law_library(data.law_index))
