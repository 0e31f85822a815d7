"""The skill runs of one review: every skill call on one event loop, each skill run
once per clause.

The engine opens a :class:`SkillRuns` when a review starts (or resumes) and closes it
when the run stops; its ``asyncio.Runner`` carries every skill call of the review — the
planned skills, the ReAct worker's tool calls and the reference search — instead of a
new event loop per call. A skill asked again for the same clause with the same
arguments (the ReAct worker calling a tool twice, or the playbook falling back after the
LLM failed) answers from the clause's runs instead of running again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine, Mapping
from typing import Any

from pydantic import BaseModel

from ..skills.dispatcher import SkillDispatcher
from ..skills.registration import SkillResult
from .state import ReviewState

__all__ = ["SkillRuns"]


class SkillRuns:
    """Runs one review's skills on one event loop and remembers the current clause's
    results.

    :param dispatcher: Runs the skills.
    """

    def __init__(self, dispatcher: SkillDispatcher) -> None:
        self.dispatcher = dispatcher
        self._runner: asyncio.Runner | None = None
        self._clause = ""
        self._results: dict[tuple[str, str], SkillResult] = {}

    # ------------------------------------------------------------------ the loop

    def open(self) -> None:
        """Start the review's event loop (a no-op when it runs already)."""
        if self._runner is None:
            self._runner = asyncio.Runner()

    def close(self) -> None:
        """Close the review's event loop (a no-op when it is closed)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            runner.close()

    def _run(self, work: Coroutine[Any, Any, SkillResult]) -> SkillResult:
        if self._runner is None:  # used outside a review run: one loop for this call
            return asyncio.run(work)
        return self._runner.run(work)

    # ------------------------------------------------------------------ calls

    def for_clause(self, clause_id: str) -> None:
        """Start remembering the runs of ``clause_id`` (those of the clause before are
        forgotten)."""
        if clause_id != self._clause:
            self._clause = clause_id
            self._results = {}

    def prepare_and_call(
        self,
        skill_id: str,
        *,
        clause_id: str,
        state: ReviewState,
        arguments: Mapping[str, Any] | None = None,
    ) -> SkillResult:
        """:meth:`SkillDispatcher.prepare_and_call` on the review's loop, once per skill,
        clause and arguments."""
        self.for_clause(clause_id)
        key = (skill_id, _arguments_key(arguments, clause_id))
        known = self._results.get(key)
        if known is not None:
            return known
        result = self._run(
            self.dispatcher.prepare_and_call(
                skill_id, clause_id=clause_id, state=state, arguments=arguments
            )
        )
        self._results[key] = result
        return result

    def call(self, skill_id: str, payload: BaseModel | Mapping[str, Any]) -> SkillResult:
        """:meth:`SkillDispatcher.call` on the review's loop (not remembered: the
        payload is the caller's)."""
        return self._run(self.dispatcher.call(skill_id, payload))

    def results(self) -> list[SkillResult]:
        """The current clause's runs, in the order they were first made."""
        return list(self._results.values())


def _arguments_key(arguments: Mapping[str, Any] | None, clause_id: str) -> str:
    """The arguments as a key: JSON with sorted keys, without a ``clause_id`` that names
    the clause under review (the same run as none)."""
    visible = {
        key: value
        for key, value in (arguments or {}).items()
        if not (key == "clause_id" and isinstance(value, str) and value.strip() == clause_id)
    }
    return json.dumps(visible, sort_keys=True, default=str)
