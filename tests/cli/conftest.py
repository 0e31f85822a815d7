"""Fixtures for the CLI tests: a throwaway in-process domain plugin and a runner that
builds the CLI's registry from it (and core's built-ins) instead of the installed
entry points."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pydantic import BaseModel, Field

from contract_review import hookimpl
from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.registry import Registry, load_registry
from contract_review.skills.registration import SkillBackend, SkillRegistration, SkillStatus

DOMAIN_ID = "leasing"
ACTIVE_SKILL = "leasing_rent_review"
PREVIEW_SKILL = "leasing_break_option"


class RentReviewInput(BaseModel):
    """Check the rent-review clause."""

    document_structure: Document | None = Field(default=None, description="Filled by the engine.")
    clause_id: str = Field(description="Clause to check, e.g. '4.2'.")
    cap_percent: float = Field(default=5.0, ge=0, description="Largest acceptable increase.")


class BreakOptionInput(BaseModel):
    """Check the break option."""

    clause_id: str
    state: dict[str, Any] = Field(default_factory=dict)


def _rent_review(request: RentReviewInput) -> dict[str, Any]:
    return {"clause_id": request.clause_id, "ok": True}


class LeasingPlugin:
    """A throwaway domain plugin: one domain, one active and one preview skill."""

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(
            DomainSpec(
                domain_id=DOMAIN_ID,
                name="Leasing",
                checklist=(
                    ChecklistItem(
                        clause_id="4.2", clause_name="Rent review", required_skills=(ACTIVE_SKILL,)
                    ),
                ),
            )
        )

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        register(
            SkillRegistration(
                skill_id=ACTIVE_SKILL,
                name="Rent review",
                description="Check the rent-review clause against the cap.",
                input_model=RentReviewInput,
                handler=_rent_review,
                domain=DOMAIN_ID,
                category="financial",
            )
        )
        register(
            SkillRegistration(
                skill_id=PREVIEW_SKILL,
                name="Break option",
                description="Check the tenant's break option.",
                input_model=BreakOptionInput,
                backend=SkillBackend.REMOTE,
                domain=DOMAIN_ID,
                status=SkillStatus.PREVIEW,
            )
        )


class BrokenRegistrationPlugin:
    """Registers a domain whose checklist is invalid (duplicate clause ids)."""

    @hookimpl
    def register_domains(self, register: Callable[[Any], None]) -> None:
        register(
            {
                "domain_id": "broken",
                "name": "Broken",
                "checklist": [
                    {"clause_id": "1", "clause_name": "A"},
                    {"clause_id": "1", "clause_name": "B"},
                ],
            }
        )


@pytest.fixture(autouse=True)
def _restore_package_logger() -> Iterator[None]:
    """The CLI configures the ``contract_review`` logger; undo it after each test."""
    package_logger = logging.getLogger("contract_review")
    level, handlers = package_logger.level, list(package_logger.handlers)
    yield
    package_logger.setLevel(level)
    package_logger.handlers[:] = handlers


def registry_factory(*plugins: tuple[str, object]) -> Callable[..., Registry]:
    """A registry factory for :class:`CliState`: built-ins plus ``plugins``, no entry points."""

    def factory(*, strict: bool = False) -> Registry:
        return load_registry(strict=strict, load_entrypoints=False, extra_plugins=plugins)

    return factory


class CliInvoker:
    """Runs ``contract-review`` in process with a given registry factory."""

    def __init__(self, factory: Callable[..., Registry] | None) -> None:
        self.factory = factory
        self.runner = CliRunner()

    def __call__(self, args: Sequence[str], **kwargs: Any) -> Result:
        return self.runner.invoke(
            cli, list(args), obj=CliState(registry_factory=self.factory), **kwargs
        )


@pytest.fixture
def run_cli() -> CliInvoker:
    """The CLI with core's built-ins and the throwaway ``leasing`` domain."""
    return CliInvoker(registry_factory(("leasing_plugin", LeasingPlugin())))


@pytest.fixture
def run_cli_with_failure() -> CliInvoker:
    """The CLI with the ``leasing`` domain and one plugin whose registration fails."""
    return CliInvoker(
        registry_factory(
            ("leasing_plugin", LeasingPlugin()), ("broken_plugin", BrokenRegistrationPlugin())
        )
    )


@pytest.fixture
def run_cli_bare() -> CliInvoker:
    """The CLI with core's built-ins only."""
    return CliInvoker(registry_factory())
