"""The exception types users see.

Every error raised for a user mistake (a missing file, an unknown domain, malformed
input, a broken plugin) is a :class:`ContractReviewError`. The CLI turns these into a
one-line message and exit code 2 instead of a traceback; the HTTP service turns them
into an error body.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import ValidationError


class ContractReviewError(Exception):
    """Base class of every error this package raises on purpose."""

    #: Process exit code the CLI uses for this kind of error.
    exit_code: int = 2


class InputError(ContractReviewError):
    """An input (file, text, JSON, option value) is missing, empty or malformed.

    The message names the input and says what is wrong with it.
    """


class NotFoundError(InputError):
    """An id or name was asked for that the store or library does not hold (a review, a
    conversation, a finding, a law). The HTTP service answers it with 404."""


class DocumentParseError(InputError):
    """A document exists but cannot be parsed (empty, binary, unsupported format)."""


class UnknownDomainError(InputError):
    """A domain id was asked for that no installed plugin registers."""


class UnknownSkillError(InputError):
    """A skill id was asked for that no installed plugin registers."""


class ConfigError(ContractReviewError):
    """The settings (environment variables or TOML file) are invalid."""


class PluginError(ContractReviewError):
    """A plugin failed to load or broke a hook contract (raised in strict mode)."""

    def __init__(self, message: str, *, plugin: str, distribution: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.distribution = distribution


class MissingExtraError(ContractReviewError):
    """An optional dependency is needed for a feature but is not installed."""

    def __init__(self, feature: str, extra: str, module: str) -> None:
        super().__init__(
            f"{feature} needs the optional package {module!r}, which is not installed. "
            f"Install it with: pip install 'contract-review[{extra}]'"
        )
        self.feature = feature
        self.extra = extra
        self.module = module


class UnknownEmbedderError(InputError):
    """An embedder name was asked for that no installed plugin registers."""


class EmbeddingError(ContractReviewError):
    """An embedder failed: a remote service refused the request (bad key, quota, bad
    input) or could not be reached. The message names the service, the model and what
    it answered."""


class SearchIndexError(InputError):
    """A search index directory is missing, incomplete, or from an incompatible version,
    or a query asks for something the index cannot answer (a filter on an unknown field)."""


class StorageError(ContractReviewError):
    """The review store (a SQLite file, a folder of JSON files or a PostgreSQL database)
    cannot be opened, read or written: a file where a folder should be, no permission, a
    damaged or foreign file, a store written by a newer version, a database server that
    cannot be reached. The message names the path (or the database's URL without its
    password) and what to do; nothing already saved is changed."""


def describe_validation_error(exc: ValidationError, *, root: str = "(input)") -> str:
    """A pydantic validation error as ``field.path: message`` for every problem,
    separated by ``; `` (``root`` names a problem with the input as a whole)."""
    parts = []
    for error in exc.errors(include_url=False):
        location = ".".join(str(part) for part in error["loc"]) or root
        parts.append(f"{location}: {error['msg']}")
    return "; ".join(parts)


class LLMError(ContractReviewError):
    """An LLM client failed: the service refused the request (bad key, quota, bad
    input), kept failing, could not be reached, timed out, or answered with something
    that is not a usable reply. The message names the provider, the model, the HTTP
    status and what the service said; it never contains the API key."""

    def __init__(
        self,
        message: str,
        *,
        provider: str | None = None,
        model: str | None = None,
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.model = model
        self.status = status
