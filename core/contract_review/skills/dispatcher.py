"""The skill dispatcher: validate a payload, run the skill, report a :class:`SkillResult`.

:meth:`SkillDispatcher.call` never raises for a problem with the skill or its input —
an unknown id, a payload that fails validation, a preview skill, a REMOTE skill with no
backend, a handler that cannot be imported, raises, times out or returns the wrong
shape all come back as ``SkillResult(success=False, error=...)`` whose message names
the skill and says what went wrong. The review engine (and an LLM reading the error in
a ReAct loop) can act on that; a crash would end the review.

Synchronous handlers run in a daemon worker thread so that they neither block the
event loop nor, when they hang past their timeout, keep the event loop (or
:meth:`SkillDispatcher.call_sync`) from returning. A timed-out thread is abandoned, not
killed: Python cannot stop a thread.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError, to_jsonable_python

from ..config import ENV_PREFIX, Settings, load_settings
from ..errors import ContractReviewError, InputError, describe_validation_error
from .registration import SkillBackend, SkillRegistration, SkillResult, SkillStatus
from .tool_definitions import ToolDefinition, hidden_input_fields, tool_definitions

if TYPE_CHECKING:
    from ..registry import Registry
    from ..review.state import ReviewState

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: The environment variable that points core at a remote workflow service.
REMOTE_URL_VARIABLE = f"{ENV_PREFIX}REMOTE_SKILL_URL"


@runtime_checkable
class RemoteSkillBackend(Protocol):
    """Runs REMOTE skills: a workflow service (the seeds' Refly) reached over the network."""

    async def run(
        self, workflow_id: str, payload: dict[str, Any], *, timeout_s: float
    ) -> dict[str, Any]:
        """Run workflow ``workflow_id`` on the JSON ``payload`` and return its JSON result.

        :param workflow_id: The skill's ``remote_workflow_id``.
        :param payload: The validated input, dumped with ``mode="json"``.
        :param timeout_s: How long the dispatcher will wait; the backend may use it for
            its own request timeout.
        :returns: The workflow's output object.
        """
        ...


class _SkillFailure(Exception):
    """Internal: a skill problem, turned into an error result by :meth:`SkillDispatcher.call`."""


class _HandlerRaised(Exception):
    """Internal: wraps an exception raised by a handler or remote backend, so that a
    ``TimeoutError`` the handler itself raises is not mistaken for our timeout."""

    def __init__(self, original: Exception) -> None:
        super().__init__(str(original))
        self.original = original


class SkillDispatcher:
    """Runs the skills a :class:`~contract_review.registry.Registry` holds.

    :param registry: Where skills are looked up.
    :param settings: Used to explain how to enable REMOTE skills; read from the
        environment on first need when omitted.
    :param remote: The backend REMOTE skills run on. Without one, a REMOTE skill answers
        with an error result naming its workflow id and the setting that enables it.
    :param timeout_s: Overrides every skill's own ``timeout_s`` when given (the engine
        passes ``settings.skill_timeout_s`` here to impose one ceiling). Without it each
        skill runs under its own ``timeout_s``.
    :raises InputError: when ``timeout_s`` is not positive.
    """

    def __init__(
        self,
        registry: Registry,
        *,
        settings: Settings | None = None,
        remote: RemoteSkillBackend | None = None,
        timeout_s: float | None = None,
    ) -> None:
        if timeout_s is not None and not timeout_s > 0:
            raise InputError(f"timeout_s must be a positive number of seconds, got {timeout_s!r}")
        self.registry = registry
        self.remote = remote
        self.timeout_s = timeout_s
        self._settings = settings

    # ------------------------------------------------------------------ look-ups

    @property
    def skill_ids(self) -> list[str]:
        """Ids of the active skills, in registration order."""
        return [
            skill_id
            for skill_id, registered in self.registry.skills.items()
            if registered.item.status is SkillStatus.ACTIVE
        ]

    def get_registration(self, skill_id: str) -> SkillRegistration | None:
        """The registration of ``skill_id``, or None when no plugin registers it."""
        registered = self.registry.skills.get(skill_id)
        return None if registered is None else registered.item

    def tool_definitions(self, domain_id: str | None = None) -> list[ToolDefinition]:
        """Function-calling definitions of the active skills (of ``domain_id`` when given).

        :raises UnknownDomainError: when ``domain_id`` is not installed.
        """
        if domain_id is None:
            skills = [
                r.item for r in self.registry.skills.values() if r.item.status is SkillStatus.ACTIVE
            ]
        else:
            skills = self.registry.skills_for(domain_id)
        return tool_definitions(skills)

    def timeout_for(self, skill: SkillRegistration) -> float:
        """The timeout a call of ``skill`` runs under, in seconds."""
        return self.timeout_s if self.timeout_s is not None else skill.timeout_s

    # ------------------------------------------------------------------ calling

    async def call(self, skill_id: str, payload: BaseModel | Mapping[str, Any]) -> SkillResult:
        """Validate ``payload`` against the skill's input model, run it and report.

        :param skill_id: The skill to run.
        :param payload: An instance of the skill's ``input_model`` or anything that
            validates as one (a mapping, or another pydantic model whose fields fit).
        :returns: ``success=True`` with ``data`` the output dumped as JSON-compatible
            values, or ``success=False`` with ``error`` saying what went wrong.
        """
        started = time.perf_counter()
        try:
            data = await self._call(skill_id, payload)
        except _SkillFailure as failure:
            logger.info("skill %s failed: %s", skill_id, failure)
            return SkillResult(
                skill_id=skill_id, success=False, error=str(failure), elapsed_ms=_ms(started)
            )
        except Exception as exc:  # a bug here must still not end the review
            logger.exception("dispatching skill %s failed unexpectedly", skill_id)
            return SkillResult(
                skill_id=skill_id,
                success=False,
                error=f"skill {skill_id!r} failed unexpectedly: {type(exc).__name__}: {exc}",
                elapsed_ms=_ms(started),
            )
        return SkillResult(skill_id=skill_id, success=True, data=data, elapsed_ms=_ms(started))

    def call_sync(self, skill_id: str, payload: BaseModel | Mapping[str, Any]) -> SkillResult:
        """:meth:`call` for code without an event loop (scripts, the CLI).

        :raises RuntimeError: when called from inside a running event loop; use
            ``await dispatcher.call(...)`` there.
        """
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.call(skill_id, payload))
        raise RuntimeError(
            "SkillDispatcher.call_sync() cannot run inside a running event loop; "
            "use 'await dispatcher.call(...)' instead"
        )

    async def prepare_and_call(
        self,
        skill_id: str,
        *,
        clause_id: str,
        state: ReviewState,
        arguments: Mapping[str, Any] | None = None,
    ) -> SkillResult:
        """Run a skill the way an LLM asked for it (seed SPEC-19 ``prepare_and_call``).

        The input is built from the review state through the ``build_skill_input`` hook,
        which fills the internal fields (documents, baseline text, rules); the LLM's
        ``arguments`` then set the visible fields. Arguments naming hidden fields are
        ignored — an LLM cannot replace the document under review — and a ``null``
        argument is read as not given (strict-mode tools send one for each optional
        argument they leave out). When the arguments
        name another ``clause_id`` (the LLM looks at a clause other than the one under
        review), the input is built for that clause, from its checklist item when the
        domain has one.

        :param skill_id: The tool the LLM called.
        :param clause_id: The checklist item under review.
        :param state: The review in progress.
        :param arguments: The tool call's arguments.
        """
        started = time.perf_counter()
        skill = self.get_registration(skill_id)
        if skill is None:
            return SkillResult(
                skill_id=skill_id,
                success=False,
                error=self._unknown_skill_message(skill_id),
                elapsed_ms=_ms(started),
            )
        requested = (arguments or {}).get("clause_id")
        target = (
            requested.strip() if isinstance(requested, str) and requested.strip() else clause_id
        )
        try:
            built = self._build_input(skill, target, state)
        except Exception as exc:  # plugin input builders may raise anything
            return SkillResult(
                skill_id=skill_id,
                success=False,
                error=f"cannot build the input of skill {skill_id!r} for clause {target!r}: "
                f"{exc if isinstance(exc, ContractReviewError) else f'{type(exc).__name__}: {exc}'}",
                elapsed_ms=_ms(started),
            )
        merged: dict[str, Any] = {}
        if built is not None:
            # Field values as they are (no dump): a Document passes through unvalidated.
            merged.update({name: getattr(built, name) for name in type(built).model_fields})
        hidden = hidden_input_fields(skill)
        for key, value in (arguments or {}).items():
            # null is "not given" (how strict-mode tools leave out an optional argument)
            if key not in hidden and value is not None:
                merged[key] = value
        return await self.call(skill_id, merged)

    def _build_input(
        self, skill: SkillRegistration, clause_id: str, state: ReviewState
    ) -> BaseModel | None:
        """Ask the ``build_skill_input`` hook for ``skill``'s input on ``clause_id``; a clause
        outside the checklist gets a stand-in checklist item named after its id."""
        return self.registry.build_skill_input(skill, clause_id, state)

    # ------------------------------------------------------------------ internals

    async def _call(self, skill_id: str, payload: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
        skill = self.get_registration(skill_id)
        if skill is None:
            raise _SkillFailure(self._unknown_skill_message(skill_id))
        if skill.status is SkillStatus.PREVIEW:
            raise _SkillFailure(f"skill {skill_id!r} is in preview and cannot run yet")
        model = _validate_input(skill, payload)
        timeout = self.timeout_for(skill)
        if skill.backend is SkillBackend.REMOTE:
            result = await self._run_remote(skill, model, timeout)
        else:
            result = await self._run_local(skill, model, timeout)
        return _output_data(skill, result)

    def _unknown_skill_message(self, skill_id: str) -> str:
        known = ", ".join(self.skill_ids) or "none"
        return f"unknown skill {skill_id!r}; available skills: {known}"

    async def _run_local(self, skill: SkillRegistration, model: BaseModel, timeout: float) -> Any:
        try:
            handler = skill.resolve_handler()
        except ImportError as exc:
            raise _SkillFailure(
                f"cannot load the handler of skill {skill.skill_id!r}: {exc}"
            ) from None
        return await _under_timeout(skill, _invoke(handler, model, skill.skill_id), timeout)

    async def _run_remote(self, skill: SkillRegistration, model: BaseModel, timeout: float) -> Any:
        workflow_id = skill.remote_workflow_id or ""
        if self.remote is None:
            raise _SkillFailure(self._no_remote_message(skill.skill_id, workflow_id))
        try:
            payload = model.model_dump(mode="json")
        except PydanticSerializationError as exc:
            raise _SkillFailure(
                f"the input of remote skill {skill.skill_id!r} cannot be sent as JSON: {exc}"
            ) from None
        remote = self.remote

        async def run() -> Any:
            try:
                return await remote.run(workflow_id, payload, timeout_s=timeout)
            except Exception as exc:
                raise _HandlerRaised(exc) from exc

        return await _under_timeout(skill, run(), timeout)

    def _no_remote_message(self, skill_id: str, workflow_id: str) -> str:
        settings = self._settings
        if settings is None:
            try:
                settings = load_settings()
            except ContractReviewError:
                settings = None
        base = f"skill {skill_id!r} runs on the remote workflow {workflow_id!r}, "
        if settings is not None and settings.remote_skill_url:
            return base + (
                f"and {REMOTE_URL_VARIABLE} is set ({settings.remote_skill_url}), but this "
                "dispatcher was created without a remote backend; pass remote=... to "
                "SkillDispatcher"
            )
        return base + (
            f"but no remote skill service is configured; set {REMOTE_URL_VARIABLE} "
            "(and CONTRACT_REVIEW_REMOTE_SKILL_API_KEY if the service needs one) to enable it"
        )


# ---------------------------------------------------------------------- helpers


def _ms(started: float) -> float:
    return max(0.0, (time.perf_counter() - started) * 1000.0)


def _validate_input(skill: SkillRegistration, payload: object) -> BaseModel:
    model_type = skill.input_model
    if isinstance(payload, model_type):
        return payload
    if isinstance(payload, BaseModel):
        values: object = {name: getattr(payload, name) for name in type(payload).model_fields}
    elif isinstance(payload, Mapping):
        values = dict(payload)
    else:
        raise _SkillFailure(
            f"the payload of skill {skill.skill_id!r} must be a mapping or a pydantic model, "
            f"got {type(payload).__name__}"
        )
    try:
        return model_type.model_validate(values)
    except ValidationError as exc:
        raise _SkillFailure(
            f"invalid input for skill {skill.skill_id!r} ({model_type.__name__}): "
            f"{describe_validation_error(exc)}"
        ) from None
    except Exception as exc:  # a validator in plugin code may raise anything
        raise _SkillFailure(
            f"validating the input of skill {skill.skill_id!r} raised {type(exc).__name__}: {exc}"
        ) from None


def _is_async_callable(handler: Callable[..., Any]) -> bool:
    if inspect.iscoroutinefunction(handler):
        return True
    call = getattr(handler, "__call__", None)  # noqa: B004 - callable objects with async __call__
    return call is not None and inspect.iscoroutinefunction(call)


async def _invoke(handler: Callable[[Any], Any], model: BaseModel, skill_id: str) -> Any:
    """Run ``handler(model)``: awaited when async, in a worker thread when sync."""
    try:
        if _is_async_callable(handler):
            result = await handler(model)
        else:
            result = await _in_thread(handler, model, name=f"skill-{skill_id}")
            if inspect.isawaitable(result):  # a sync wrapper around a coroutine function
                result = await result
    except Exception as exc:
        raise _HandlerRaised(exc) from exc
    return result


def _in_thread(func: Callable[[Any], T], arg: Any, *, name: str) -> Awaitable[T]:
    """Run ``func(arg)`` in a new daemon thread and return a future of its result.

    Unlike ``asyncio.to_thread`` this does not use the loop's default executor, whose
    shutdown (at the end of ``asyncio.run``) waits for every thread — a handler hung
    past its timeout would otherwise block the caller anyway.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    context = contextvars.copy_context()

    def settle_result(value: T) -> None:
        if not future.done():  # done: cancelled by a timeout
            future.set_result(value)

    def settle_error(error: BaseException) -> None:
        if not future.done():
            future.set_exception(error)

    def target() -> None:
        try:
            try:
                value = context.run(func, arg)
            except BaseException as exc:
                loop.call_soon_threadsafe(settle_error, exc)
            else:
                loop.call_soon_threadsafe(settle_result, value)
        except RuntimeError:  # the loop closed while the handler ran past its timeout
            pass

    threading.Thread(target=target, name=name, daemon=True).start()
    return future


async def _under_timeout(skill: SkillRegistration, work: Awaitable[Any], timeout: float) -> Any:
    try:
        return await asyncio.wait_for(work, timeout)
    except _HandlerRaised as raised:
        exc = raised.original
        where = "remote workflow" if skill.backend is SkillBackend.REMOTE else "handler"
        raise _SkillFailure(
            f"skill {skill.skill_id!r} failed: the {where} raised {type(exc).__name__}: {exc}"
        ) from None
    except TimeoutError:
        raise _SkillFailure(f"skill {skill.skill_id!r} timed out after {timeout:g} s") from None


def _output_data(skill: SkillRegistration, result: Any) -> dict[str, Any]:
    """Validate a handler's result against the output model and dump it as JSON values."""
    output_model = skill.output_model
    value: BaseModel | dict[str, Any]
    if output_model is not None:
        value = _validated_output(skill, output_model, result)
    elif result is None:
        return {}
    elif isinstance(result, BaseModel):
        value = result
    elif isinstance(result, Mapping):
        value = dict(result)
    else:
        raise _SkillFailure(
            f"skill {skill.skill_id!r} returned {type(result).__name__}; a handler must "
            "return a pydantic model or a dict"
        )
    try:
        if isinstance(value, BaseModel):
            data: Any = value.model_dump(mode="json")
        else:
            data = to_jsonable_python(value)
    except (PydanticSerializationError, ValueError, TypeError) as exc:
        raise _SkillFailure(
            f"the output of skill {skill.skill_id!r} cannot be converted to JSON: {exc}"
        ) from None
    if not isinstance(data, dict):  # pragma: no cover - a model or mapping dumps to a dict
        raise _SkillFailure(f"the output of skill {skill.skill_id!r} is not a JSON object")
    return data


def _validated_output(
    skill: SkillRegistration, output_model: type[BaseModel], result: Any
) -> BaseModel:
    if isinstance(result, output_model):
        return result
    if isinstance(result, BaseModel):
        result = {name: getattr(result, name) for name in type(result).model_fields}
    if not isinstance(result, Mapping):
        raise _SkillFailure(
            f"skill {skill.skill_id!r} returned {type(result).__name__}, "
            f"expected {output_model.__name__} or a dict"
        )
    try:
        return output_model.model_validate(dict(result))
    except ValidationError as exc:
        raise _SkillFailure(
            f"skill {skill.skill_id!r} returned output that does not match "
            f"{output_model.__name__}: {describe_validation_error(exc)}"
        ) from None
    except Exception as exc:  # a validator in plugin code may raise anything
        raise _SkillFailure(
            f"validating the output of skill {skill.skill_id!r} raised {type(exc).__name__}: {exc}"
        ) from None
