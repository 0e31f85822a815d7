"""A small domain, contract and registry for the review engine's tests.

:data:`DOMAIN` (``testdom``) has a checklist and no playbook; tests that need rules,
findings and redlines use the testing kit's throwaway domain
(:mod:`contract_review.testing.throwaway_domain`), which :func:`make_registry` loads
too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from contract_review import hookimpl, load_registry, load_settings
from contract_review.config import Settings
from contract_review.domain import ChecklistItem, DomainSpec, Priority
from contract_review.registry import Registry
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing.throwaway_domain import THROWAWAY_PLUGIN

DOMAIN = DomainSpec(
    domain_id="testdom",
    name="Test domain",
    checklist=(
        ChecklistItem(
            clause_id="1",
            clause_name="Payment",
            priority=Priority.CRITICAL,
            keywords=("pay", "invoice"),
            required_skills=("extract_financial_terms", "get_clause_context"),
        ),
        ChecklistItem(
            clause_id="2",
            clause_name="Liability",
            priority=Priority.HIGH,
            keywords=("liability",),
            required_skills=("get_clause_context",),
        ),
        ChecklistItem(
            clause_id="3",
            clause_name="Notices",
            priority=Priority.MEDIUM,
            keywords=("notice",),
        ),
        ChecklistItem(
            clause_id="9",
            clause_name="Escrow",
            priority=Priority.LOW,
            keywords=("escrow",),
        ),
    ),
)

CONTRACT = """SUPPLY AGREEMENT

1. Payment
The Customer shall pay each invoice within 30 days of receipt. The price is USD 120,000.

2. Liability
The Supplier's total liability shall not exceed the price paid under this Agreement.

3. Notices
Any notice shall be in writing and delivered by hand or by email.
"""


class DomainPlugin:
    """Registers :data:`DOMAIN`."""

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        register(DOMAIN)


def write_contract(folder: Path, text: str = CONTRACT, name: str = "supply.txt") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def make_registry(*extra: tuple[str, object]) -> Registry:
    """Core, the installed domains (none in ``nox -s core_only``), the test domain, the
    throwaway domain and ``extra`` plugins."""
    return load_registry(extra_plugins=(("testdom", DomainPlugin()), THROWAWAY_PLUGIN, *extra))


def make_settings(folder: Path) -> Settings:
    return load_settings(data_dir=folder / "data", use_orchestrator=False, llm_provider="none")


def make_engine(folder: Path, registry: Registry | None = None, **kwargs: object) -> ReviewEngine:
    settings = make_settings(folder)
    storage = SqliteStorage(folder / "store.sqlite3")
    kwargs.setdefault("llm", None)
    return ReviewEngine(registry or make_registry(), settings=settings, storage=storage, **kwargs)


def request_for(path: Path, **kwargs: object) -> ReviewRequest:
    return ReviewRequest(domain_id="testdom", documents=[DocumentInput(path=str(path))], **kwargs)
