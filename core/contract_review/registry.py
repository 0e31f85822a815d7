"""The registry: every domain, skill, parser and exporter the loaded plugins
registered, validated, de-duplicated and attributed to the plugin it came from.

Build one with :func:`load_registry` (or :meth:`Registry.from_plugin_manager`) and pass
it where plugins are needed. A caller that was given none uses :func:`default_registry`:
every installed plugin under the environment's settings, loaded once per process (as
``llm``'s ``load_plugins()``), never again behind the caller's back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import PurePath
from typing import Any, Generic, TypeVar, cast

import attrs
from pydantic import BaseModel, ValidationError

from .config import Settings
from .documents.parser_types import DocumentParser
from .domain import ChecklistItem, DomainSpec
from .domain_declaration import DomainDeclaration, call_with
from .errors import (
    UnknownDomainError,
    UnknownEmbedderError,
    UnknownSkillError,
    describe_validation_error,
)
from .llm.client_types import RESERVED_LLM_NAMES, LLMSpec, UnknownLLMError
from .plugins import ContractReviewPluginManager, PluginFailure, PluginSource, get_plugin_manager
from .reports.exporter_types import ReportExporter
from .retrieval.embedder_types import EmbedderSpec
from .review.state import ReviewState
from .skills.registration import SkillRegistration, SkillStatus

T = TypeVar("T")


@attrs.frozen
class Registered(Generic[T]):
    """A registration and the plugin it came from."""

    item: T
    plugin: str


class PluginInfo(BaseModel):
    """One loaded plugin as the ``plugins`` listing shows it."""

    name: str
    distribution: str
    version: str
    builtin: bool
    domains: list[str]
    skills: list[str]


class Registry:
    """Validated registrations from every loaded plugin."""

    def __init__(self, pm: ContractReviewPluginManager) -> None:
        self.pm = pm
        self.failures: list[PluginFailure] = list(pm.failures)
        self.domains: dict[str, Registered[DomainSpec]] = {}
        self.skills: dict[str, Registered[SkillRegistration]] = {}
        self.parsers: list[Registered[DocumentParser]] = []
        self.exporters: dict[str, Registered[ReportExporter]] = {}
        self.embedders: dict[str, Registered[EmbedderSpec]] = {}
        self.llm_clients: dict[str, Registered[LLMSpec]] = {}
        #: What domain declarations (:mod:`.domain_declaration`) bring besides their spec:
        #: clause locators by domain id, skill input builders and fact readers by skill id.
        self.clause_locators: dict[str, Registered[Callable[..., Any]]] = {}
        self.input_builders: dict[str, Registered[Callable[..., Any]]] = {}
        self.fact_readers: dict[str, Registered[Callable[..., Any]]] = {}
        self._collect()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_plugin_manager(cls, pm: ContractReviewPluginManager) -> Registry:
        """Collect the registrations of every plugin ``pm`` holds."""
        return cls(pm)

    def _fail(self, plugin: str, stage: str, error: str) -> None:
        source = self.pm.sources.get(plugin)
        self.pm.record_failure(
            PluginFailure(
                name=plugin,
                distribution=source.distribution if source else None,
                version=source.version if source else None,
                stage=stage,
                error=error,
            )
        )
        self.failures = list(self.pm.failures)

    def _call_each(
        self, hook_name: str, make_register: Callable[[str], Callable[[Any], None]]
    ) -> None:
        """Call one registration hook plugin by plugin, so each registration is attributed
        and one plugin's exception does not stop the others."""
        caller = getattr(self.pm.hook, hook_name)
        for impl in caller.get_hookimpls():
            register = make_register(impl.plugin_name)
            kwargs = dict.fromkeys(impl.argnames, register)
            try:
                impl.function(**kwargs)
            except Exception as exc:  # plugin code may raise anything
                self._fail(
                    impl.plugin_name, "register", f"{hook_name} raised {type(exc).__name__}: {exc}"
                )

    def _collect(self) -> None:
        self._call_each("register_domains", self._domain_register)
        self._call_each("register_skills", self._skill_register)
        self._call_each("register_document_parsers", self._parser_register)
        self._call_each("register_report_exporters", self._exporter_register)
        self._call_each("register_embedders", self._embedder_register)
        self._call_each("register_llm_clients", self._llm_client_register)
        for registered in list(self.skills.values()):
            skill = registered.item
            if skill.domain != "*" and skill.domain not in self.domains:
                self._fail(
                    registered.plugin,
                    "register",
                    f"skill {skill.skill_id!r} names domain {skill.domain!r}, which no plugin registers",
                )

    def _keyed_register(
        self,
        plugin: str,
        *,
        what: str,
        model: type[Any],
        store: dict[str, Registered[Any]],
        key: Callable[[Any], str],
        label: str,
        reserved: frozenset[str] = frozenset(),
        owner: Callable[[Any], str | None] = lambda item: None,
    ) -> Callable[[Any], None]:
        """A ``register`` callback that validates each item as ``model`` and files it in
        ``store`` under ``key(item)``; a reserved or taken key is a load failure of
        ``plugin`` and the item is skipped — unless ``plugin`` owns the item
        (``owner(item)``: a domain's plugin owns its domain's skills) and the earlier
        registration is neither core's nor its own owner's: then the other plugin's
        registration is the one refused, whichever came first."""

        def register(value: Any) -> None:
            item = self._validated(plugin, what, model, value)
            if item is None:
                return
            name = key(item)
            if name in reserved:
                self._fail(
                    plugin,
                    "register",
                    f"{label} {name!r} is reserved ({', '.join(sorted(reserved))}); "
                    "the registration was skipped",
                )
                return
            existing = store.get(name)
            if existing is not None:
                if (
                    owner(item) == plugin
                    and existing.plugin != plugin
                    and owner(existing.item) != existing.plugin
                    and not self._is_builtin(existing.plugin)
                ):
                    self._fail(
                        existing.plugin,
                        "register",
                        f"{label} {name!r} belongs to plugin {plugin!r}, whose domain it "
                        f"serves; the registration from {existing.plugin!r} was refused",
                    )
                    store[name] = Registered(item, plugin)
                    return
                self._fail(
                    plugin,
                    "register",
                    f"{label} {name!r} is already registered by plugin {existing.plugin!r}; "
                    f"the registration from {plugin!r} was skipped",
                )
                return
            store[name] = Registered(item, plugin)

        return register

    def _domain_register(self, plugin: str) -> Callable[[Any], None]:
        """Takes a :class:`DomainDeclaration` (the spec, skills and functions serving
        them) or a bare :class:`DomainSpec` (a plugin using the separate hooks)."""
        register_spec = self._keyed_register(
            plugin,
            what="domain",
            model=DomainSpec,
            store=self.domains,
            key=lambda spec: spec.domain_id,
            label="domain id",
        )

        def register(value: Any) -> None:
            declared = isinstance(value, DomainDeclaration) or (
                isinstance(value, dict) and "spec" in value
            )
            if not declared:
                register_spec(value)
                return
            declaration = self._validated(plugin, "domain", DomainDeclaration, value)
            if declaration is None:
                return
            register_spec(declaration.spec)
            if self.domains.get(declaration.domain_id, Registered(None, "")).plugin != plugin:
                return  # refused: its skills and functions are not registered either
            if declaration.clause_locator is not None:
                self.clause_locators[declaration.domain_id] = Registered(
                    declaration.clause_locator, plugin
                )
            register_skill = self._skill_register(plugin)
            for skill in declaration.skills:
                register_skill(skill)
            for table, store in (
                (declaration.skill_inputs, self.input_builders),
                (declaration.skill_facts, self.fact_readers),
            ):
                for skill_id, function in table.items():
                    owner = self.skills.get(skill_id)
                    if owner is not None and owner.plugin == plugin:
                        store[skill_id] = Registered(function, plugin)

        return register

    def _skill_register(self, plugin: str) -> Callable[[Any], None]:
        return self._keyed_register(
            plugin,
            what="skill",
            model=SkillRegistration,
            store=self.skills,
            key=lambda skill: skill.skill_id,
            label="skill id",
            owner=self._domain_plugin,
        )

    def _domain_plugin(self, skill: SkillRegistration) -> str | None:
        """The plugin that registered ``skill``'s domain (it owns the skill's id)."""
        registered = self.domains.get(skill.domain)
        return registered.plugin if registered is not None else None

    def _embedder_register(self, plugin: str) -> Callable[[Any], None]:
        return self._keyed_register(
            plugin,
            what="embedder",
            model=EmbedderSpec,
            store=self.embedders,
            key=lambda spec: spec.name,
            label="embedder",
        )

    def _llm_client_register(self, plugin: str) -> Callable[[Any], None]:
        return self._keyed_register(
            plugin,
            what="LLM client",
            model=LLMSpec,
            store=self.llm_clients,
            key=lambda spec: spec.name,
            label="LLM client",
            reserved=RESERVED_LLM_NAMES,
        )

    def _parser_register(self, plugin: str) -> Callable[[Any], None]:
        def register(parser: Any) -> None:
            if not isinstance(parser, DocumentParser):
                self._fail(
                    plugin,
                    "register",
                    f"register_document_parsers got {type(parser).__name__}, not a DocumentParser",
                )
                return
            self.parsers.append(Registered(parser, plugin))

        return register

    def _exporter_register(self, plugin: str) -> Callable[[Any], None]:
        def register(exporter: Any) -> None:
            if not isinstance(exporter, ReportExporter):
                self._fail(
                    plugin,
                    "register",
                    f"register_report_exporters got {type(exporter).__name__}, not a ReportExporter",
                )
                return
            existing = self.exporters.get(exporter.name)
            if existing is not None:
                self._fail(
                    plugin,
                    "register",
                    f"report exporter {exporter.name!r} is already registered by plugin {existing.plugin!r}",
                )
                return
            self.exporters[exporter.name] = Registered(exporter, plugin)

        return register

    def _validated(self, plugin: str, what: str, model: type[Any], value: Any) -> Any:
        if isinstance(value, model):
            return value
        try:
            return model.model_validate(value)
        except ValidationError as exc:
            errors = describe_validation_error(exc, root=what)
            self._fail(plugin, "register", f"invalid {what} registration: {errors}")
            return None

    # ------------------------------------------------------------------ look-ups

    def domain(self, domain_id: str) -> DomainSpec:
        """The domain with this id.

        :raises UnknownDomainError: naming the installed domains.
        """
        registered = self.domains.get(domain_id)
        if registered is None:
            known = ", ".join(sorted(self.domains)) or "none installed"
            raise UnknownDomainError(f"unknown domain {domain_id!r}; installed domains: {known}")
        return registered.item

    def skill(self, skill_id: str) -> SkillRegistration:
        """The skill with this id.

        :raises UnknownSkillError: naming the input.
        """
        registered = self.skills.get(skill_id)
        if registered is None:
            raise UnknownSkillError(
                f"unknown skill {skill_id!r}; run 'contract-review skills' to list the installed skills"
            )
        return registered.item

    def skills_for(
        self, domain_id: str, *, include_preview: bool = False
    ) -> list[SkillRegistration]:
        """The skills a review of ``domain_id`` may use: the domain's own and the ``*`` ones.

        :raises UnknownDomainError: when the domain is not installed.
        """
        self.domain(domain_id)
        return [
            r.item
            for r in self.skills.values()
            if r.item.applies_to(domain_id)
            and (include_preview or r.item.status is SkillStatus.ACTIVE)
        ]

    def embedder(self, name: str) -> EmbedderSpec:
        """The embedder registered under ``name``.

        :raises UnknownEmbedderError: naming the installed embedders.
        """
        registered = self.embedders.get(name)
        if registered is None:
            known = ", ".join(sorted(self.embedders)) or "none installed"
            raise UnknownEmbedderError(f"unknown embedder {name!r}; installed embedders: {known}")
        return registered.item

    def llm_client(self, name: str) -> LLMSpec:
        """The LLM client registered under ``name``.

        :raises UnknownLLMError: naming the installed clients.
        """
        registered = self.llm_clients.get(name)
        if registered is None:
            known = ", ".join(sorted(self.llm_clients)) or "none installed"
            raise UnknownLLMError(
                f"unknown LLM client {name!r}; installed LLM clients: {known} "
                "(or 'none' to review without an LLM, 'auto' to use the one configured)"
            )
        return registered.item

    def parser_for(self, path: str | PurePath) -> DocumentParser | None:
        """The parser for this file name's suffix; plugin parsers outrank built-in ones."""
        suffix = PurePath(path).suffix.lower()
        candidates = [r for r in self.parsers if suffix in r.item.suffixes]
        if not candidates:
            return None
        plugin_parsers = [r for r in candidates if not self._is_builtin(r.plugin)]
        return (plugin_parsers or candidates)[-1].item

    def supported_suffixes(self) -> list[str]:
        """Every file suffix some parser reads."""
        return sorted({s for r in self.parsers for s in r.item.suffixes})

    def build_skill_input(
        self,
        skill: SkillRegistration | str,
        clause: ChecklistItem | str,
        state: ReviewState,
    ) -> BaseModel | None:
        """``skill``'s input on ``clause``: from its domain declaration's builder, else
        from the plugins' ``build_skill_input`` hook.

        ``clause`` is a checklist item or a clause id; an id outside the domain's
        checklist (an LLM asking about another clause) gets a stand-in item named after
        it. Returns None when no plugin answers; a plugin whose hook raises is skipped
        (named in the review's notes, :func:`~.review.contained_hooks.first_answer`).

        :raises UnknownSkillError: for an unknown skill id.
        :raises UnknownDomainError: when ``state.domain_id`` is not installed.
        """
        registration = self.skill(skill) if isinstance(skill, str) else skill
        domain = self.domain(state.domain_id)
        if isinstance(clause, str):
            clause = domain.checklist_item(clause) or ChecklistItem(
                clause_id=clause, clause_name=clause
            )
        from .review.contained_hooks import contained_call, first_answer  # (import cycle)

        builder = self.input_builders.get(registration.skill_id)
        if builder is not None:
            built = contained_call(
                state,
                builder.plugin,
                "build_skill_input",
                lambda: call_with(
                    builder.item, skill=registration, clause=clause, domain=domain, state=state
                ),
            )
            if built is not None:
                return cast(BaseModel, built)
        result: BaseModel | None = first_answer(
            self.pm,
            "build_skill_input",
            state,
            skill=registration,
            clause=clause,
            domain=domain,
            state=state,
        )
        return result

    def plugin_infos(self) -> list[PluginInfo]:
        """Every loaded plugin with what it registered."""
        infos: list[PluginInfo] = []
        for name, source in self.pm.sources.items():
            infos.append(self._info(name, source))
        return infos

    def _info(self, name: str, source: PluginSource) -> PluginInfo:
        return PluginInfo(
            name=name,
            distribution=source.distribution,
            version=source.version,
            builtin=source.builtin,
            domains=sorted(d for d, r in self.domains.items() if r.plugin == name),
            skills=sorted(s for s, r in self.skills.items() if r.plugin == name),
        )

    def _is_builtin(self, plugin: str) -> bool:
        source = self.pm.sources.get(plugin)
        return bool(source and source.builtin)


def load_registry(
    *,
    settings: Settings | None = None,
    strict: bool = False,
    load_entrypoints: bool = True,
    extra_plugins: tuple[tuple[str, object], ...] = (),
) -> Registry:
    """Build a plugin manager and collect every plugin's registrations.

    The arguments are those of :func:`contract_review.plugins.get_plugin_manager`.
    """
    pm = get_plugin_manager(
        settings=settings,
        strict=strict,
        load_entrypoints=load_entrypoints,
        extra_plugins=extra_plugins,
    )
    return Registry.from_plugin_manager(pm)


@functools.cache
def default_registry() -> Registry:
    """The registry of every installed plugin under :func:`~contract_review.config.
    load_settings`, built on first use and then shared (``default_registry.cache_clear()``
    builds it again, e.g. after the plugin settings changed)."""
    from .config import load_settings

    return load_registry(settings=load_settings())
