"""Conformance checks for a domain plugin: does it register, import, build inputs and
run the way core expects?

Call :func:`check_domain_plugin` with your plugin (module or object with hook
implementations) and read the problems; an empty list means the plugin conforms::

    from contract_review.testing import check_domain_plugin
    import contract_review_leases.plugin as plugin

    for problem in check_domain_plugin(plugin, domain_ids=["leases"]):
        print(problem)

Only core's built-in plugins and yours are loaded — installed entry-point plugins are
not — so another package cannot hide or cause a problem. The checks, by
:attr:`ConformanceProblem.check` name:

``registration``
    The plugin registers at least one domain (and every id in ``domain_ids``) and has no
    load failure: no skill or domain id that collides with core's or one of its own, no
    invalid registration, no hook that contract_review does not define.
``handler_import``
    Every active LOCAL skill's handler imports and takes one argument.
``checklist_skills``
    Every checklist item requires only skills that exist and that the domain may use
    (its own, or core's ``*`` skills).
``skill_input``
    On a sample review (a parsed contract that mentions every checklist clause), the
    ``build_skill_input`` hook returns an instance of exactly ``skill.input_model`` for
    every active skill a checklist item requires; it does not raise, and it answers for
    every skill the plugin owns.
``tool_definition``
    Every skill of the plugin yields a JSON-serialisable function-calling definition
    whose parameters are an object schema without internal fields.
``dispatch``
    Every active LOCAL skill of the plugin, dispatched with the input built above,
    returns a successful :class:`~contract_review.skills.registration.SkillResult`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from pydantic import BaseModel, ConfigDict

from ..domain import ChecklistItem, DomainSpec
from ..registry import Registry, load_registry
from ..review.state import ReviewState
from ..skills.dispatcher import SkillDispatcher
from ..skills.registration import SkillBackend, SkillRegistration, SkillResult, SkillStatus
from ..skills.tool_definitions import tool_definition
from .samples import sample_review_state

#: The name the plugin under test is registered under unless you give one.
DEFAULT_PLUGIN_NAME = "plugin-under-test"

CHECK_REGISTRATION = "registration"
CHECK_HANDLER_IMPORT = "handler_import"
CHECK_CHECKLIST_SKILLS = "checklist_skills"
CHECK_SKILL_INPUT = "skill_input"
CHECK_TOOL_DEFINITION = "tool_definition"
CHECK_DISPATCH = "dispatch"

#: Every check, in the order :func:`check_domain_plugin` runs them.
CHECKS: tuple[str, ...] = (
    CHECK_REGISTRATION,
    CHECK_HANDLER_IMPORT,
    CHECK_CHECKLIST_SKILLS,
    CHECK_SKILL_INPUT,
    CHECK_TOOL_DEFINITION,
    CHECK_DISPATCH,
)


class ConformanceProblem(BaseModel):
    """One way a plugin does not conform: which check found it and what to fix."""

    model_config = ConfigDict(frozen=True)

    check: str
    message: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.message}"


@attrs.frozen
class PluginUnderTest:
    """A registry holding core's built-ins and one plugin, and what that plugin registered.

    Build it with :func:`load_plugin_under_test`.
    """

    #: The name the plugin was registered under.
    name: str
    registry: Registry
    #: The domain ids asked for (``None``: every domain the plugin registers).
    requested_domain_ids: tuple[str, ...] | None

    @property
    def own_domain_ids(self) -> list[str]:
        """Ids of the domains this plugin registered."""
        return [d for d, r in self.registry.domains.items() if r.plugin == self.name]

    @property
    def domains(self) -> list[DomainSpec]:
        """The domains under test: those requested that the plugin registered, or all
        the plugin registered."""
        own = self.own_domain_ids
        wanted = own if self.requested_domain_ids is None else self.requested_domain_ids
        return [self.registry.domains[d].item for d in wanted if d in own]

    @property
    def skills(self) -> list[SkillRegistration]:
        """The skills this plugin registered (the ones the registry accepted)."""
        return [r.item for r in self.registry.skills.values() if r.plugin == self.name]

    def owns(self, skill_id: str) -> bool:
        """True when this plugin registered ``skill_id``."""
        registered = self.registry.skills.get(skill_id)
        return registered is not None and registered.plugin == self.name


def load_plugin_under_test(
    plugin: object, *, name: str = DEFAULT_PLUGIN_NAME, domain_ids: Sequence[str] | None = None
) -> PluginUnderTest:
    """Load core's built-in plugins and ``plugin`` (no entry points), non-strict, so every
    load failure is recorded rather than raised."""
    registry = load_registry(extra_plugins=((name, plugin),), load_entrypoints=False)
    return PluginUnderTest(
        name=name,
        registry=registry,
        requested_domain_ids=None if domain_ids is None else tuple(domain_ids),
    )


# --------------------------------------------------------------------------- a: registration


def _failure_hint(error: str) -> str:
    if "already registered by plugin" in error:
        return (
            " Skill and domain ids must be unique across core's generic skills and every "
            "plugin: rename yours, e.g. prefix it with your domain id."
        )
    if "does not define" in error or "hookspec" in error.lower():
        return " Check your hook names and argument names against contract_review.hookspecs."
    if "invalid" in error:
        return " Fix the registration so it validates."
    return ""


def check_registration(loaded: PluginUnderTest) -> list[ConformanceProblem]:
    """Check (a): at least one domain (and every requested one), no load failures."""
    problems: list[ConformanceProblem] = []
    for failure in loaded.registry.failures:
        if failure.name != loaded.name:
            continue
        problems.append(
            ConformanceProblem(
                check=CHECK_REGISTRATION,
                message=f"plugin {loaded.name!r} failed to load at the {failure.stage} stage: "
                f"{failure.error}.{_failure_hint(failure.error)}",
            )
        )
    own = loaded.own_domain_ids
    if not own:
        problems.append(
            ConformanceProblem(
                check=CHECK_REGISTRATION,
                message=f"plugin {loaded.name!r} registers no domain. Implement the "
                "register_domains hook (decorated with contract_review.hookimpl) and call "
                "register(DomainSpec(...)) in it.",
            )
        )
    for domain_id in loaded.requested_domain_ids or ():
        if domain_id in own:
            continue
        registered = loaded.registry.domains.get(domain_id)
        where = (
            f"it is registered by plugin {registered.plugin!r}"
            if registered is not None
            else f"the plugin registers {', '.join(map(repr, own)) or 'no domain'}"
        )
        problems.append(
            ConformanceProblem(
                check=CHECK_REGISTRATION,
                message=f"domain {domain_id!r} was expected from plugin {loaded.name!r}, but "
                f"{where}. Register it in register_domains or fix domain_ids.",
            )
        )
    return problems


# --------------------------------------------------------------------------- b: handler import


def _takes_one_argument(handler: Callable[..., Any]) -> bool:
    try:
        signature = inspect.signature(handler)
    except (TypeError, ValueError):  # builtins and some C callables have none
        return True
    try:
        signature.bind(object())
    except TypeError:
        return False
    return True


def check_handler_imports(loaded: PluginUnderTest) -> list[ConformanceProblem]:
    """Check (b): every active LOCAL skill's handler imports and takes one argument."""
    problems: list[ConformanceProblem] = []
    for skill in loaded.skills:
        if skill.status is not SkillStatus.ACTIVE or skill.backend is not SkillBackend.LOCAL:
            continue
        try:
            handler = skill.resolve_handler()
        except ImportError as exc:
            problems.append(
                ConformanceProblem(
                    check=CHECK_HANDLER_IMPORT,
                    message=f"skill {skill.skill_id!r}: its handler {skill.handler!r} cannot be "
                    f"imported ({exc}). Give the handler as 'package.module:function' naming a "
                    "module of your package that imports cleanly, or pass the function itself.",
                )
            )
            continue
        if not _takes_one_argument(handler):
            problems.append(
                ConformanceProblem(
                    check=CHECK_HANDLER_IMPORT,
                    message=f"skill {skill.skill_id!r}: its handler {_describe(handler)} cannot be "
                    f"called with one argument; the dispatcher calls handler(input) with a "
                    f"{skill.input_model.__name__}.",
                )
            )
    return problems


def _describe(handler: object) -> str:
    module = getattr(handler, "__module__", None)
    qualname = getattr(handler, "__qualname__", None) or type(handler).__qualname__
    return f"{module}.{qualname}" if module else qualname


# --------------------------------------------------------------------------- c: checklist skills


def check_checklist_skills(loaded: PluginUnderTest) -> list[ConformanceProblem]:
    """Check (c): checklist items require only existing skills the domain may use."""
    problems: list[ConformanceProblem] = []
    for domain in loaded.domains:
        usable = sorted(
            skill_id
            for skill_id, r in loaded.registry.skills.items()
            if r.item.applies_to(domain.domain_id)
        )
        for item in domain.checklist:
            for skill_id in item.required_skills:
                registered = loaded.registry.skills.get(skill_id)
                where = f"checklist item {item.clause_id!r} ({item.clause_name}) of domain {domain.domain_id!r}"
                if registered is None:
                    problems.append(
                        ConformanceProblem(
                            check=CHECK_CHECKLIST_SKILLS,
                            message=f"{where} requires skill {skill_id!r}, which no plugin "
                            "registers (unknown skill). Register it in register_skills, fix the "
                            f"id, or remove it from required_skills. Skills this domain may "
                            f"use: {', '.join(usable) or 'none'}.",
                        )
                    )
                elif not registered.item.applies_to(domain.domain_id):
                    problems.append(
                        ConformanceProblem(
                            check=CHECK_CHECKLIST_SKILLS,
                            message=f"{where} requires skill {skill_id!r}, which belongs to "
                            f"domain {registered.item.domain!r}. A domain may use only its own "
                            "skills and core's generic ('*') ones.",
                        )
                    )
    return problems


# --------------------------------------------------------------------------- d: skill inputs


@attrs.frozen
class BuiltInput:
    """An input the ``build_skill_input`` hook built for one skill on one clause."""

    domain_id: str
    clause_id: str
    skill_id: str
    payload: BaseModel


@attrs.frozen
class InputOutcome:
    """The inputs built on one review state and the problems found building them."""

    inputs: list[BuiltInput]
    problems: list[ConformanceProblem]


def _answering_plugin(
    loaded: PluginUnderTest,
    skill: SkillRegistration,
    clause: ChecklistItem,
    domain: DomainSpec,
    state: ReviewState,
) -> str | None:
    """The plugin whose builder (declared, else ``build_skill_input`` hook) answers
    first, for messages."""
    declared = loaded.registry.input_builders.get(skill.skill_id)
    if declared is not None:
        return declared.plugin
    arguments = {"skill": skill, "clause": clause, "domain": domain, "state": state}
    for impl in reversed(loaded.registry.pm.hook.build_skill_input.get_hookimpls()):
        if impl.hookwrapper or impl.wrapper:
            continue
        try:
            result = impl.function(
                *(arguments[name] for name in impl.argnames if name in arguments)
            )
        except Exception:  # only for attribution; the real call reports the error
            continue
        if result is not None:
            return impl.plugin_name
    return None


def call_build_skill_input(
    loaded: PluginUnderTest, skill: SkillRegistration, clause: ChecklistItem, state: ReviewState
) -> BaseModel | None:
    """Build ``skill``'s input as the review engine does: the domain declaration's
    builder, else the ``build_skill_input`` hook (first non-``None`` answer wins)."""
    return loaded.registry.build_skill_input(skill, clause, state)


def _checked_skills(
    loaded: PluginUnderTest, domain: DomainSpec
) -> list[tuple[ChecklistItem, SkillRegistration, bool]]:
    """(clause, skill, required) pairs whose input is built: every active skill a
    checklist item requires, then each active skill of the plugin no item requires, on
    the domain's first clause."""
    pairs: list[tuple[ChecklistItem, SkillRegistration, bool]] = []
    required: set[str] = set()
    for item in domain.checklist:
        for skill_id in item.required_skills:
            registered = loaded.registry.skills.get(skill_id)
            if registered is None or not registered.item.applies_to(domain.domain_id):
                continue  # reported by the checklist_skills check
            required.add(skill_id)
            if registered.item.status is SkillStatus.ACTIVE:
                pairs.append((item, registered.item, True))
    if domain.checklist:
        for skill in loaded.skills:
            if (
                skill.skill_id not in required
                and skill.status is SkillStatus.ACTIVE
                and skill.applies_to(domain.domain_id)
            ):
                pairs.append((domain.checklist[0], skill, False))
    return pairs


def build_inputs(loaded: PluginUnderTest, domain: DomainSpec, state: ReviewState) -> InputOutcome:
    """Check (d) on one review state: build the input of every active skill the checklist
    requires (and of the plugin's other active skills) through the
    ``build_skill_input`` hook (:func:`call_build_skill_input`).

    A builder that raises or returns another model than ``skill.input_model`` is a
    problem; so is ``None`` for a required skill the plugin owns. ``None`` for a skill
    no checklist item requires is not (an LLM may supply that skill's input).
    """
    inputs: list[BuiltInput] = []
    problems: list[ConformanceProblem] = []
    for clause, skill, required in _checked_skills(loaded, domain):
        where = f"skill {skill.skill_id!r} on clause {clause.clause_id!r} of domain {domain.domain_id!r}"
        try:
            result = call_build_skill_input(loaded, skill, clause, state)
        except Exception as exc:  # plugin code may raise anything
            problems.append(
                ConformanceProblem(
                    check=CHECK_SKILL_INPUT,
                    message=f"build_skill_input raised {type(exc).__name__}: {exc} (for {where}). "
                    "An input builder must not raise: when the documents lack something, fill "
                    "the input model's defaults.",
                )
            )
            continue
        if result is None:
            if required and loaded.owns(skill.skill_id):
                problems.append(
                    ConformanceProblem(
                        check=CHECK_SKILL_INPUT,
                        message=f"no input builder answers for skill {skill.skill_id!r} (clause "
                        f"{clause.clause_id!r} of domain {domain.domain_id!r}): every "
                        "build_skill_input implementation returned None. Implement "
                        "build_skill_input in your plugin and return a "
                        f"{skill.input_model.__name__} when skill.skill_id == {skill.skill_id!r}.",
                    )
                )
            continue
        if type(result) is not skill.input_model:
            answered = _answering_plugin(loaded, skill, clause, domain, state)
            by = f" by plugin {answered!r}" if answered else ""
            problems.append(
                ConformanceProblem(
                    check=CHECK_SKILL_INPUT,
                    message=f"wrong input model for {where}: build_skill_input{by} returned "
                    f"{_model_name(type(result))}, expected exactly "
                    f"{_model_name(skill.input_model)} (the skill's input_model). Return an "
                    "instance of the registered input model, and return None for skills "
                    "that are not yours.",
                )
            )
            continue
        inputs.append(BuiltInput(domain.domain_id, clause.clause_id, skill.skill_id, result))
    return InputOutcome(inputs=inputs, problems=problems)


def _model_name(model: type[Any]) -> str:
    return f"{model.__module__}.{model.__qualname__}"


# --------------------------------------------------------------------------- e: tool definitions


def check_tool_definitions(loaded: PluginUnderTest) -> list[ConformanceProblem]:
    """Check (e): every skill of the plugin has a JSON-serialisable object schema as its
    tool parameters, without internal fields in ``properties`` or ``required``."""
    problems: list[ConformanceProblem] = []
    for skill in loaded.skills:
        prefix = f"skill {skill.skill_id!r}: its tool definition"
        try:
            definition = tool_definition(skill)
            text = json.dumps(definition.model_dump(mode="json"))
        except Exception as exc:  # schema generation of plugin models may raise anything
            problems.append(
                ConformanceProblem(
                    check=CHECK_TOOL_DEFINITION,
                    message=f"{prefix} cannot be produced as JSON ({type(exc).__name__}: {exc}). "
                    f"Give {skill.input_model.__name__} JSON-schema-friendly field types "
                    "(str, numbers, lists, dicts, pydantic models).",
                )
            )
            continue
        parameters = json.loads(text)["function"]["parameters"]
        if not isinstance(parameters, dict) or parameters.get("type") != "object":
            problems.append(
                ConformanceProblem(
                    check=CHECK_TOOL_DEFINITION,
                    message=f"{prefix} parameters are not an object schema: "
                    f"{json.dumps(parameters)[:200]}. The input_model must be a pydantic model "
                    "with named fields.",
                )
            )
            continue
        properties = parameters.get("properties", {})
        required = parameters.get("required", [])
        visible = set(properties if isinstance(properties, dict) else ()) | set(
            required if isinstance(required, list) else ()
        )
        leaked = sorted(visible & skill.hidden_fields)
        if leaked:
            problems.append(
                ConformanceProblem(
                    check=CHECK_TOOL_DEFINITION,
                    message=f"{prefix} shows internal field(s) {', '.join(leaked)} to the LLM. "
                    "Internal fields must not appear in the parameters' properties or required.",
                )
            )
    return problems


# --------------------------------------------------------------------------- f: dispatch


def _call_sync(dispatcher: SkillDispatcher, skill_id: str, payload: BaseModel) -> SkillResult:
    """``dispatcher.call_sync``, also from code that runs inside an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return dispatcher.call_sync(skill_id, payload)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(dispatcher.call_sync, skill_id, payload).result()


def dispatch_inputs(
    loaded: PluginUnderTest, inputs: Sequence[BuiltInput], *, context: str = "the sample review"
) -> list[ConformanceProblem]:
    """Check (f): dispatch every built input of an active LOCAL skill the plugin owns and
    expect a successful :class:`~contract_review.skills.registration.SkillResult`."""
    dispatcher = SkillDispatcher(loaded.registry)
    problems: list[ConformanceProblem] = []
    for built in inputs:
        skill = loaded.registry.skills[built.skill_id].item
        if not loaded.owns(skill.skill_id) or skill.backend is not SkillBackend.LOCAL:
            continue
        where = f"skill {skill.skill_id!r} on clause {built.clause_id!r} of {context}"
        try:
            result = _call_sync(dispatcher, skill.skill_id, built.payload)
        except Exception as exc:  # the dispatcher promises not to raise; report if it does
            problems.append(
                ConformanceProblem(
                    check=CHECK_DISPATCH,
                    message=f"dispatching {where} raised {type(exc).__name__}: {exc}.",
                )
            )
            continue
        if not isinstance(result, SkillResult):
            problems.append(
                ConformanceProblem(
                    check=CHECK_DISPATCH,
                    message=f"dispatching {where} returned {type(result).__name__}, not a SkillResult.",
                )
            )
        elif not result.success:
            problems.append(
                ConformanceProblem(
                    check=CHECK_DISPATCH,
                    message=f"{where} failed: {result.error}. A handler must return its output "
                    "model for any document: report a missing clause or value in the output "
                    "instead of raising, and return what output_model declares.",
                )
            )
    return problems


# --------------------------------------------------------------------------- running the checks


def check_review_state(
    loaded: PluginUnderTest, domain: DomainSpec, state: ReviewState, *, context: str = ""
) -> list[ConformanceProblem]:
    """Checks (d) and (f) on one review state (the property test runs this on generated
    states): inputs of the right model, and every skill of the plugin runs."""
    outcome = build_inputs(loaded, domain, state)
    where = context or f"a review of domain {domain.domain_id!r}"
    return [*outcome.problems, *dispatch_inputs(loaded, outcome.inputs, context=where)]


def sample_states(
    loaded: PluginUnderTest,
) -> tuple[list[tuple[DomainSpec, ReviewState]], list[ConformanceProblem]]:
    """The sample review of each domain under test, and problems making one."""
    states: list[tuple[DomainSpec, ReviewState]] = []
    problems: list[ConformanceProblem] = []
    for domain in loaded.domains:
        try:
            states.append((domain, sample_review_state(domain)))
        except Exception as exc:  # a domain's settings may break parsing in any way
            problems.append(
                ConformanceProblem(
                    check=CHECK_SKILL_INPUT,
                    message=f"cannot build a sample review of domain {domain.domain_id!r}: "
                    f"{type(exc).__name__}: {exc}.",
                )
            )
    return states, problems


def run_checks(loaded: PluginUnderTest) -> list[ConformanceProblem]:
    """Every check on an already loaded plugin, in :data:`CHECKS` order."""
    states, state_problems = sample_states(loaded)
    input_problems: list[ConformanceProblem] = list(state_problems)
    inputs: list[BuiltInput] = []
    for domain, state in states:
        outcome = build_inputs(loaded, domain, state)
        input_problems.extend(outcome.problems)
        inputs.extend(outcome.inputs)
    return [
        *check_registration(loaded),
        *check_handler_imports(loaded),
        *check_checklist_skills(loaded),
        *input_problems,
        *check_tool_definitions(loaded),
        *dispatch_inputs(loaded, inputs),
    ]


def check_domain_plugin(
    plugin: object, *, name: str = DEFAULT_PLUGIN_NAME, domain_ids: Sequence[str] | None = None
) -> list[ConformanceProblem]:
    """Check that a domain plugin conforms to core's contracts.

    :param plugin: The plugin: a module or an object whose methods are decorated with
        :data:`contract_review.hookimpl`.
    :param name: The name to register it under (appears in messages).
    :param domain_ids: The domains the plugin must register; every domain it registers
        is checked when omitted.
    :returns: The problems found, each naming its check (see :data:`CHECKS`) and
        saying what is wrong and how to fix it; empty when the plugin conforms.
    """
    return run_checks(load_plugin_under_test(plugin, name=name, domain_ids=domain_ids))
