"""A pytest base class that runs the conformance checks as tests.

Subclass it in your plugin's tests (the subclass name must start with ``Test``)::

    from typing import ClassVar


    from contract_review.testing import DomainConformance
    import contract_review_fidic.plugin as plugin_module

    class TestFidicConformance(DomainConformance):
        plugin: ClassVar[object] = plugin_module
        domain_ids = ("fidic",)      # optional: the domains the plugin must register

You get one test per check (see :mod:`contract_review.testing.conformance`), each
failing with the problems' messages, and a hypothesis property test that builds the
inputs of your skills on generated reviews of your domains (parsed contracts in the
domain's language, each checklist clause present or missing) and dispatches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
from hypothesis import HealthCheck, Phase, given, settings

from ..domain import DomainSpec
from ..review.state import ReviewState
from .conformance import (
    CHECK_CHECKLIST_SKILLS,
    CHECK_DISPATCH,
    CHECK_HANDLER_IMPORT,
    CHECK_REGISTRATION,
    CHECK_SKILL_INPUT,
    CHECK_TOOL_DEFINITION,
    DEFAULT_PLUGIN_NAME,
    ConformanceProblem,
    PluginUnderTest,
    check_review_state,
    load_plugin_under_test,
    run_checks,
)
from .strategies import review_states


@attrs.frozen
class _Checked:
    loaded: PluginUnderTest
    problems: list[ConformanceProblem]


_RESULTS: dict[type, _Checked] = {}

#: Every hypothesis phase, in order.
PHASES: tuple[Phase, ...] = tuple(Phase)


def format_problems(check: str, plugin_name: str, problems: Sequence[ConformanceProblem]) -> str:
    """The assertion message for failed checks: one line per problem."""
    lines = [f"plugin {plugin_name!r} fails the {check!r} conformance check:"]
    lines.extend(f"  - {problem.message}" for problem in problems)
    return "\n".join(lines)


class DomainConformance:
    """Conformance tests for a domain plugin; subclass it as ``Test...`` and set
    :attr:`plugin`.

    The checks load the plugin once per subclass (with core's built-ins only, no
    entry points) and cache the result.
    """

    #: The plugin under test: a module or an object with hook implementations.
    plugin: ClassVar[object]
    #: The name it is registered under (appears in messages).
    plugin_name: ClassVar[str] = DEFAULT_PLUGIN_NAME
    #: The domains the plugin must register; all it registers when ``None``.
    domain_ids: ClassVar[Sequence[str] | None] = None
    #: Generated reviews per domain in :meth:`test_generated_reviews`.
    max_examples: ClassVar[int] = 15
    #: Shrink a failing generated review to a smaller one. Off by default: shrinking
    #: parsed documents is slow, and the failure message already names the skill,
    #: clause and error.
    shrink: ClassVar[bool] = False

    # ------------------------------------------------------------------ helpers

    @classmethod
    def conformance_results(cls) -> tuple[PluginUnderTest, list[ConformanceProblem]]:
        """The loaded plugin and every problem found, computed once per class."""
        checked = _RESULTS.get(cls)
        if checked is None:
            if not hasattr(cls, "plugin"):
                raise TypeError(
                    f"{cls.__name__} must set the class attribute 'plugin' to the plugin "
                    "under test (your plugin module or hook-implementation object)"
                )
            loaded = load_plugin_under_test(
                cls.plugin, name=cls.plugin_name, domain_ids=cls.domain_ids
            )
            checked = _Checked(loaded=loaded, problems=run_checks(loaded))
            _RESULTS[cls] = checked
        return checked.loaded, checked.problems

    def assert_check_passes(self, check: str) -> None:
        """Fail with the messages of every problem ``check`` found."""
        _, problems = self.conformance_results()
        found = [problem for problem in problems if problem.check == check]
        assert not found, format_problems(check, self.plugin_name, found)

    # ------------------------------------------------------------------ one test per check

    def test_registration(self) -> None:
        """The plugin registers its domains with no load failure (no colliding ids)."""
        self.assert_check_passes(CHECK_REGISTRATION)

    def test_handlers_import(self) -> None:
        """Every active LOCAL skill's handler imports and takes one argument."""
        self.assert_check_passes(CHECK_HANDLER_IMPORT)

    def test_checklist_skills_exist(self) -> None:
        """Every checklist item requires only skills the domain may use."""
        self.assert_check_passes(CHECK_CHECKLIST_SKILLS)

    def test_skill_inputs_have_the_right_model(self) -> None:
        """build_skill_input returns exactly the skill's input model on a sample review."""
        self.assert_check_passes(CHECK_SKILL_INPUT)

    def test_tool_definitions_hide_internal_fields(self) -> None:
        """Tool definitions are JSON object schemas without internal fields."""
        self.assert_check_passes(CHECK_TOOL_DEFINITION)

    def test_skills_run_on_the_sample_review(self) -> None:
        """Every active LOCAL skill of the plugin runs on the sample review."""
        self.assert_check_passes(CHECK_DISPATCH)

    # ------------------------------------------------------------------ property test

    def test_generated_reviews(self) -> None:
        """On generated reviews of each domain, every active skill the checklist uses gets
        an input of its own model and the plugin's skills run without failing."""
        loaded, _ = self.conformance_results()
        for domain in loaded.domains:
            self._check_generated_reviews(loaded, domain)

    def _check_generated_reviews(self, loaded: PluginUnderTest, domain: DomainSpec) -> None:
        plugin_name = self.plugin_name
        context = f"a generated review of {domain.domain_id!r}"

        @settings(
            deadline=None,
            max_examples=self.max_examples,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
            phases=PHASES if self.shrink else tuple(p for p in PHASES if p is not Phase.shrink),
        )
        @given(state=review_states(domain))
        def check(state: ReviewState) -> None:
            problems = check_review_state(loaded, domain, state, context=context)
            assert not problems, format_problems("generated reviews", plugin_name, problems)

        check()
