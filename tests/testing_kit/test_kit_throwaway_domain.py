"""The kit's throwaway domain is a conforming domain plugin, and an offline review of its
contract does what its module says: every rule's term flagged high or critical at its
clause with a redline, the insurance item missing, the governing law read."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from contract_review import load_settings
from contract_review.domain import RiskLevel
from contract_review.review.engine import ReviewEngine
from contract_review.review.engine_request import DocumentInput, ReviewRequest
from contract_review.review.findings import FindingStatus
from contract_review.storage.sqlite_backend import SqliteStorage
from contract_review.testing import DomainConformance, check_domain_plugin
from contract_review.testing.throwaway_domain import (
    THROWAWAY_CONTRACT,
    THROWAWAY_CONTRACT_NAME,
    THROWAWAY_DOMAIN,
    THROWAWAY_DOMAIN_ID,
    THROWAWAY_FLAGGED_CLAUSES,
    THROWAWAY_MISSING_CLAUSES,
    THROWAWAY_PLAYBOOK,
    THROWAWAY_PLUGIN,
    ThrowawayDomainPlugin,
    throwaway_registry,
    write_throwaway_contract,
)


class TestThrowawayDomainConformance(DomainConformance):
    plugin: ClassVar[object] = ThrowawayDomainPlugin()
    domain_ids = (THROWAWAY_DOMAIN_ID,)


def test_the_plugin_conforms() -> None:
    assert check_domain_plugin(THROWAWAY_PLUGIN[1]) == []


def test_the_registry_holds_the_domain_and_no_installed_plugin() -> None:
    registry = throwaway_registry()
    assert registry.domain(THROWAWAY_DOMAIN_ID) == THROWAWAY_DOMAIN
    assert set(registry.domains) == {THROWAWAY_DOMAIN_ID}
    with_installed = throwaway_registry(load_entrypoints=True)
    assert THROWAWAY_DOMAIN_ID in with_installed.domains


def test_every_rule_belongs_to_a_checklist_item_and_has_a_redline() -> None:
    items = {item.clause_id for item in THROWAWAY_DOMAIN.checklist}
    assert {rule.clause_id for rule in THROWAWAY_PLAYBOOK.rules} <= items
    assert all(rule.redline is not None for rule in THROWAWAY_PLAYBOOK.rules)
    assert THROWAWAY_DOMAIN.playbook == THROWAWAY_PLAYBOOK


def test_the_offline_review_flags_each_rules_term_at_its_clause(tmp_path: Path) -> None:
    settings = load_settings(
        data_dir=tmp_path / "data", use_orchestrator=False, llm_provider="none"
    )
    engine = ReviewEngine(
        throwaway_registry(settings=settings),
        settings=settings,
        storage=SqliteStorage(tmp_path / "store.sqlite3"),
        llm=None,
    )
    contract = write_throwaway_contract(tmp_path / "contracts")
    reviewed = engine.start(
        ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])
    )
    assert reviewed.status == "complete"
    severe = [
        f
        for f in reviewed.findings
        if f.status is FindingStatus.FOUND and f.risk_level.at_least(RiskLevel.HIGH)
    ]
    assert {f.clause_id for f in severe} == THROWAWAY_FLAGGED_CLAUSES
    assert all(f.suggested_change is not None for f in severe)
    missing = {f.checklist_item_id for f in reviewed.findings if f.status is FindingStatus.MISSING}
    assert missing == THROWAWAY_MISSING_CLAUSES
    assert reviewed.governing_law is not None
    assert reviewed.governing_law.name == "England and Wales"


def test_the_contract_is_written_where_asked(tmp_path: Path) -> None:
    path = write_throwaway_contract(tmp_path / "a" / "b")
    assert path == tmp_path / "a" / "b" / THROWAWAY_CONTRACT_NAME
    assert path.read_text(encoding="utf-8") == THROWAWAY_CONTRACT
    other = write_throwaway_contract(tmp_path, text="1. Scope\nShort.\n", name="short.txt")
    assert other.read_text(encoding="utf-8") == "1. Scope\nShort.\n"
