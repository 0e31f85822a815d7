"""The plugin-manager factory: hookspecs, core's built-in plugins, and fault-tolerant
loading of domain plugins from the ``contract_review.domains`` entry-point group.

A plugin that fails to import, or whose hook implementations break a hookspec, is
recorded as a :class:`PluginFailure` (name, distribution, error) and the others still
load; ``strict=True`` raises :class:`~contract_review.errors.PluginError` instead.
"""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Iterable
from importlib.metadata import EntryPoint, entry_points

import pluggy
from pydantic import BaseModel

from . import hookspecs
from .config import Settings, load_settings
from .errors import PluginError

logger = logging.getLogger(__name__)

#: Entry-point group domain plugins publish under; the entry-point name is the plugin name.
ENTRYPOINT_GROUP = "contract_review.domains"

#: Core's own plugins, registered under their module names.
BUILTIN_PLUGINS: tuple[str, ...] = (
    "contract_review.builtin.generic_skills",
    "contract_review.builtin.law_skills",
    "contract_review.builtin.document_parsers",
    "contract_review.builtin.report_exporters",
    "contract_review.builtin.embedders",
    "contract_review.builtin.llm_clients",
)

CORE_DISTRIBUTION = "contract-review"


class PluginFailure(BaseModel):
    """A plugin that could not be loaded or whose registrations were rejected."""

    name: str
    distribution: str | None = None
    version: str | None = None
    stage: str  # import | hookspec | register
    error: str

    def describe(self) -> str:
        """One line for a lawyer-engineer reading the CLI output."""
        source = (
            f" (from {self.distribution} {self.version or ''})".rstrip()
            if self.distribution
            else ""
        )
        return f"plugin {self.name!r}{source} failed at {self.stage}: {self.error}"


class PluginSource(BaseModel):
    """Where a registered plugin came from."""

    name: str
    distribution: str
    version: str
    builtin: bool


class ContractReviewPluginManager(pluggy.PluginManager):
    """A pluggy plugin manager that also remembers load failures and plugin origins."""

    def __init__(self, *, strict: bool = False) -> None:
        super().__init__(hookspecs.PROJECT_NAME)
        self.strict = strict
        self.failures: list[PluginFailure] = []
        self.sources: dict[str, PluginSource] = {}

    def record_failure(self, failure: PluginFailure) -> None:
        """Record a failure, or raise it in strict mode."""
        logger.warning(failure.describe())
        if self.strict:
            raise PluginError(
                failure.describe(), plugin=failure.name, distribution=failure.distribution
            )
        self.failures.append(failure)

    def register_checked(self, plugin: object, source: PluginSource) -> bool:
        """Register ``plugin`` and check its hook implementations against the specs.

        :returns: True when registered; False (failure recorded) otherwise.
        """

        def fail(stage: str, error: str) -> bool:
            self.record_failure(
                PluginFailure(
                    name=source.name,
                    distribution=source.distribution,
                    version=source.version,
                    stage=stage,
                    error=error,
                )
            )
            return False

        if self.has_plugin(source.name):
            other = self.sources.get(source.name)
            owner = f" by {other.distribution}" if other else ""
            return fail("register", f"the plugin name {source.name!r} is already used{owner}")
        try:
            self.register(plugin, name=source.name)
        except pluggy.PluginValidationError as exc:
            return fail("hookspec", str(exc))
        unknown = sorted(
            caller.name for caller in (self.get_hookcallers(plugin) or []) if not caller.has_spec()
        )
        if unknown:
            self.unregister(plugin)
            return fail(
                "hookspec",
                f"implements hook(s) that contract_review does not define: {', '.join(unknown)}",
            )
        self.sources[source.name] = source
        return True


def core_version() -> str:
    """The installed version of the core distribution."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(CORE_DISTRIBUTION)
    except PackageNotFoundError:  # running from a source tree
        return "0+unknown"


def get_plugin_manager(
    *,
    settings: Settings | None = None,
    strict: bool = False,
    load_entrypoints: bool = True,
    extra_plugins: Iterable[tuple[str, object]] = (),
) -> ContractReviewPluginManager:
    """Build a new plugin manager.

    :param settings: Settings to honour (plugin allow/block lists, tracing); read from
        the environment when omitted.
    :param strict: Raise :class:`~contract_review.errors.PluginError` on the first
        broken plugin instead of recording it.
    :param load_entrypoints: Load plugins installed under ``contract_review.domains``.
    :param extra_plugins: ``(name, plugin)`` pairs registered after the built-ins —
        handy in tests (throwaway plugin classes) and for embedding applications.
    """
    settings = settings or load_settings()
    pm = ContractReviewPluginManager(strict=strict)
    pm.add_hookspecs(hookspecs)
    version = core_version()
    for module_name in BUILTIN_PLUGINS:
        module = importlib.import_module(module_name)
        pm.register_checked(
            module,
            PluginSource(
                name=module_name, distribution=CORE_DISTRIBUTION, version=version, builtin=True
            ),
        )
    for name, plugin in extra_plugins:
        pm.register_checked(
            plugin,
            PluginSource(name=name, distribution="(in-process)", version=version, builtin=False),
        )
    if load_entrypoints:
        load_entrypoint_plugins(pm, settings)
    if settings.trace_plugins:
        enable_tracing(pm)
    return pm


def load_entrypoint_plugins(pm: ContractReviewPluginManager, settings: Settings) -> None:
    """Load every plugin in the entry-point group, honouring the allow- and block-lists.

    One plugin's failure never stops the others from loading.
    """
    allow = None if settings.load_plugins is None else set(settings.load_plugins)
    block = set(settings.disable_plugins)
    for ep in sorted(entry_points(group=ENTRYPOINT_GROUP), key=lambda e: e.name):
        if (allow is not None and ep.name not in allow) or ep.name in block:
            logger.info("plugin %s skipped by the allow/block lists", ep.name)
            continue
        source = _source_of(ep)
        try:
            plugin = ep.load()
        except Exception as exc:  # a broken plugin may raise anything on import
            pm.record_failure(
                PluginFailure(
                    name=ep.name,
                    distribution=source.distribution,
                    version=source.version,
                    stage="import",
                    error=f"{type(exc).__name__}: {exc}",
                )
            )
            continue
        pm.register_checked(plugin, source)


def _source_of(ep: EntryPoint) -> PluginSource:
    dist = ep.dist
    return PluginSource(
        name=ep.name,
        distribution=dist.name if dist is not None else "(unknown)",
        version=dist.version if dist is not None else "(unknown)",
        builtin=False,
    )


def enable_tracing(pm: pluggy.PluginManager) -> None:
    """Write every hook call and its result to stderr."""
    pm.trace.root.setwriter(sys.stderr.write)
    pm.enable_tracing()
