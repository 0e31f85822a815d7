"""A small, complete legal domain for tests that need *a* domain but not a real one.

Core's own tests (the review engine, storage, the CLI, the HTTP service, reports)
must run with no domain plugin installed, and a third-party author testing core
machinery around their plugin may want a domain that cannot change under them. This
module gives one: a services-agreement domain with eight checklist items, a playbook
of six rules (a numeric limit that proposes a new value, a present term with a
sentence guard, a document-wide term with a law reference, a one-sided term whose
words are replaced, a time bar, an ``absent`` rule), a plugin object that registers
it, and a contract that trips every rule and leaves one item missing.

Use it as an in-process plugin::

    from contract_review import load_registry
    from contract_review.testing.throwaway_domain import (
        THROWAWAY_DOMAIN_ID, THROWAWAY_PLUGIN, write_throwaway_contract,
    )

    registry = load_registry(extra_plugins=(THROWAWAY_PLUGIN,), load_entrypoints=False)
    contract = write_throwaway_contract(tmp_path)
    request = ReviewRequest(domain_id=THROWAWAY_DOMAIN_ID, documents=[DocumentInput(path=str(contract))])

or through :func:`throwaway_registry`, which has the signature of the registry
factories the CLI (:class:`contract_review.cli.context.CliState`) and the service
(``create_app(registry_factory=...)``) take.

Everything here is plain data: nothing is read from files, nothing is installed, and
the domain never changes behind a test's back. Offline (no LLM) reviews of
:data:`THROWAWAY_CONTRACT` find each rule's term at its clause (see
:data:`THROWAWAY_FLAGGED_CLAUSES`) and report item ``8`` (insurance) missing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..config import Settings
from ..domain import ChecklistItem, DocumentRoleSpec, DomainSpec, Priority
from ..hookspecs import hookimpl
from ..playbooks.playbook_models import Playbook, SideSpec
from ..playbooks.rule_models import PlaybookRule, Redline
from ..playbooks.vocabulary import RiskLevel
from ..registry import Registry, load_registry

__all__ = [
    "THROWAWAY_CHECKLIST",
    "THROWAWAY_CONTRACT",
    "THROWAWAY_CONTRACT_NAME",
    "THROWAWAY_DOMAIN",
    "THROWAWAY_DOMAIN_ID",
    "THROWAWAY_FLAGGED_CLAUSES",
    "THROWAWAY_MISSING_CLAUSES",
    "THROWAWAY_PLAYBOOK",
    "THROWAWAY_PLUGIN",
    "THROWAWAY_PLUGIN_NAME",
    "THROWAWAY_REFERENCE_ROLE",
    "ThrowawayDomainPlugin",
    "throwaway_registry",
    "write_throwaway_contract",
]

#: The domain id (``--domain throwaway``).
THROWAWAY_DOMAIN_ID = "throwaway"
#: The name :data:`THROWAWAY_PLUGIN` registers the plugin under.
THROWAWAY_PLUGIN_NAME = "throwaway"
#: The domain's one non-primary document role (a reference document, ``--role schedule``).
THROWAWAY_REFERENCE_ROLE = "schedule"

#: What the domain checks, numbered as :data:`THROWAWAY_CONTRACT` numbers its clauses.
THROWAWAY_CHECKLIST: tuple[ChecklistItem, ...] = (
    ChecklistItem(
        clause_id="1",
        clause_name="Services",
        priority=Priority.MEDIUM,
        description="What the Supplier provides and to what standard.",
        keywords=("services", "scope", "服务"),
        required_skills=("get_clause_context",),
    ),
    ChecklistItem(
        clause_id="2",
        clause_name="Payment",
        priority=Priority.CRITICAL,
        description="When the Customer pays the Supplier's invoices.",
        keywords=("payment", "invoice", "fee", "付款", "支付"),
        required_skills=("extract_financial_terms", "get_clause_context"),
    ),
    ChecklistItem(
        clause_id="3",
        clause_name="Liability",
        priority=Priority.CRITICAL,
        description="Whether each party's liability is capped.",
        keywords=("liability", "liable", "责任"),
        required_skills=("get_clause_context",),
    ),
    ChecklistItem(
        clause_id="4",
        clause_name="Service Credits",
        priority=Priority.HIGH,
        description="What the Supplier pays when it misses a service level, and its cap.",
        keywords=("service level", "penalty", "service credit", "违约金"),
    ),
    ChecklistItem(
        clause_id="5",
        clause_name="Termination",
        priority=Priority.HIGH,
        description="When either party may end the Agreement.",
        keywords=("terminate", "termination", "解除"),
    ),
    ChecklistItem(
        clause_id="6",
        clause_name="Claims",
        priority=Priority.HIGH,
        description="How long a party has to notify a claim before it is barred.",
        keywords=("claim", "notice of any claim", "索赔"),
    ),
    ChecklistItem(
        clause_id="7",
        clause_name="Governing Law",
        priority=Priority.MEDIUM,
        description="The law that governs the Agreement.",
        keywords=("governing law", "governed by", "适用法律"),
    ),
    ChecklistItem(
        clause_id="8",
        clause_name="Insurance",
        priority=Priority.MEDIUM,
        description="The insurance the Supplier keeps for its liabilities.",
        keywords=("insurance", "insurer", "保险"),
    ),
)

#: The playbook: one rule for each kind of check the offline review runs.
THROWAWAY_PLAYBOOK = Playbook(
    playbook_id=THROWAWAY_DOMAIN_ID,
    domain_id=THROWAWAY_DOMAIN_ID,
    version="1.0.0",
    title="Throwaway services playbook",
    description="A test playbook: a few supplier-side positions on a services agreement.",
    sides=(
        SideSpec(id="supplier", opposite="customer"),
        SideSpec(id="customer", opposite="supplier"),
    ),
    rules=(
        PlaybookRule(
            rule_id="throwaway_payment_later_than_30_days",
            clause_id="2",
            category="long_payment_period",
            description="The Customer pays later than 30 days after an invoice.",
            standard_position="Payment within 30 days of receipt of a valid invoice.",
            patterns=(r"\bpa(?:y|id|yment)\b|\binvoices?\b",),
            threshold=30,
            comparison="gt",
            unit="day",
            deadline=True,
            burdens=("supplier",),
            risk_level=RiskLevel.HIGH,
            rationale="A long payment period finances the Customer at the Supplier's cost.",
            suggested_redline="Payment within 30 days of receipt of each invoice.",
            redline=Redline(kind="replace_value", value=30),
        ),
        PlaybookRule(
            rule_id="throwaway_uncapped_liability",
            clause_id="3",
            category="uncapped_liability",
            description="The Supplier's liability has no cap.",
            standard_position="Each party's total liability is capped at the annual fee.",
            patterns=(r"\bunlimited\s+liability\b", r"\bliab\w*[^.]{0,60}\bwithout\s+limit"),
            unless=(r"\bshall\s+not\s+exceed\b",),
            burdens=("supplier",),
            risk_level=RiskLevel.CRITICAL,
            rationale="An uncapped liability can exceed every fee the Supplier earns.",
            suggested_redline="Cap each party's total liability at the annual fee.",
            redline=Redline(
                kind="append",
                text="The total liability of each party under this Agreement shall not "
                "exceed the annual fee.",
            ),
        ),
        PlaybookRule(
            rule_id="throwaway_uncapped_service_credits",
            clause_id="4",
            category="uncapped_penalty",
            description="Service credits or penalties have no overall cap.",
            standard_position="Service credits are capped at 10% of the annual fee.",
            patterns=(r"\bpenalt(?:y|ies)\b|\bservice\s+credits?\b", "违约金"),
            unless_in_section=(r"\bshall\s+not\s+exceed\b|\bcapped\b", "上限|不超过"),
            burdens=("supplier",),
            risk_level=RiskLevel.HIGH,
            rationale="Credits without a cap can take the whole fee.",
            suggested_redline="Cap the total service credits at 10% of the annual fee.",
            redline=Redline(
                kind="append",
                text="The total service credits in any year shall not exceed 10% of the "
                "annual fee.",
            ),
            law_refs=("中华人民共和国民法典#第五百八十五条",),
        ),
        PlaybookRule(
            rule_id="throwaway_termination_without_cause",
            clause_id="5",
            category="termination_for_convenience_one_side",
            description="Only the Customer may terminate without cause.",
            standard_position="Termination only for a material breach left unremedied.",
            patterns=(r"(?:at\s+any\s+time\s+)?without\s+cause|for\s+convenience",),
            requires=(r"\bterminat\w*",),
            unless=(r"\beither\s+party\b",),
            burdens=("supplier",),
            risk_level=RiskLevel.HIGH,
            rationale="The Supplier cannot plan its staff or recover its set-up costs.",
            suggested_redline="Allow termination only for a material breach.",
            redline=Redline(
                kind="replace_match",
                text="for a material breach that remains unremedied thirty (30) days after notice",
            ),
        ),
        PlaybookRule(
            rule_id="throwaway_claim_notice_shorter_than_28_days",
            clause_id="6",
            category="short_notice_time_bar",
            description="A claim must be notified in less than 28 days or it is barred.",
            standard_position="Notice of a claim within 28 days after the event.",
            patterns=(r"\bnotice\b|\bnotif(?:y|ied|ication)\b|\bclaims?\b",),
            threshold=28,
            comparison="lt",
            unit="day",
            deadline=True,
            burdens=("supplier",),
            risk_level=RiskLevel.HIGH,
            rationale="A claim missed by a day is lost; a week is too short to prepare it.",
            suggested_redline="Notice of a claim within 28 days after the event.",
            redline=Redline(kind="replace_value"),
        ),
        PlaybookRule(
            rule_id="throwaway_insurance_not_required",
            clause_id="8",
            category="insurance_missing",
            description="The Agreement asks for no insurance.",
            standard_position="The Supplier keeps professional indemnity insurance.",
            patterns=(r"\binsur\w*", "保险"),
            when="absent",
            risk_level=RiskLevel.MEDIUM,
            rationale="Without insurance a large claim may go unpaid.",
            suggested_redline="Require professional indemnity insurance of USD 1,000,000.",
            redline=Redline(
                kind="append",
                text="The Supplier shall maintain professional indemnity insurance of at "
                "least USD 1,000,000.",
            ),
        ),
    ),
)

#: The domain :class:`ThrowawayDomainPlugin` registers.
THROWAWAY_DOMAIN = DomainSpec(
    domain_id=THROWAWAY_DOMAIN_ID,
    name="Throwaway services",
    description="A test domain: services agreements reviewed from the Supplier's side.",
    checklist=THROWAWAY_CHECKLIST,
    document_roles=(
        DocumentRoleSpec(role="primary", name="Services agreement", kind="primary", required=True),
        DocumentRoleSpec(
            role=THROWAWAY_REFERENCE_ROLE,
            name="Schedule",
            kind="reference",
            description="A schedule the agreement refers to (service levels, fees).",
        ),
    ),
    baseline_texts={
        "6": "A party shall give notice of any claim within twenty-eight (28) days after "
        "it became aware of the event.",
    },
    playbook=THROWAWAY_PLAYBOOK,
)

#: The file name :func:`write_throwaway_contract` gives the contract by default.
THROWAWAY_CONTRACT_NAME = "services_agreement.txt"

#: A services agreement in English that trips every rule of :data:`THROWAWAY_PLAYBOOK`
#: (the insurance item is missing altogether).
THROWAWAY_CONTRACT = """SERVICES AGREEMENT

This Agreement is made between Northwind Services Ltd (the "Supplier") and Contoso
Retail plc (the "Customer").

1. Services
The Supplier shall provide the maintenance services described in Schedule 1 with
reasonable skill and care.

2. Payment
The annual fee is USD 240,000. The Customer shall pay each undisputed invoice within
ninety (90) days of receipt.

3. Liability
The Supplier shall have unlimited liability for any loss or damage arising under this
Agreement.

4. Service Credits
If the Supplier misses a service level, the Supplier shall pay a penalty of 1% of the
annual fee for each day the failure continues.

5. Termination
The Customer may terminate this Agreement at any time without cause by written notice to
the Supplier.

6. Claims
The Supplier shall give notice of any claim within seven (7) days after the event,
failing which the claim is barred.

7. Governing Law
This Agreement is governed by the laws of England and Wales.
"""

#: The clauses of :data:`THROWAWAY_CONTRACT` an offline review flags high or critical.
THROWAWAY_FLAGGED_CLAUSES: frozenset[str] = frozenset({"2", "3", "4", "5", "6"})
#: The checklist items an offline review of :data:`THROWAWAY_CONTRACT` reports missing.
THROWAWAY_MISSING_CLAUSES: frozenset[str] = frozenset({"8"})


class ThrowawayDomainPlugin:
    """A domain plugin that registers :data:`THROWAWAY_DOMAIN` (and no skills of its
    own: its checklist uses core's generic skills)."""

    @hookimpl
    def register_domains(self, register: Callable[[DomainSpec], None]) -> None:
        """Register the throwaway domain."""
        register(THROWAWAY_DOMAIN)


#: ``(name, plugin)``, as ``load_registry(extra_plugins=...)`` takes it.
THROWAWAY_PLUGIN: tuple[str, object] = (THROWAWAY_PLUGIN_NAME, ThrowawayDomainPlugin())


def throwaway_registry(
    *,
    settings: Settings | None = None,
    strict: bool = False,
    load_entrypoints: bool = False,
    extra_plugins: tuple[tuple[str, object], ...] = (),
) -> Registry:
    """Core's built-ins, the throwaway domain and ``extra_plugins``.

    Installed domain plugins are not loaded unless ``load_entrypoints`` is true, so a
    test sees the same registry whichever plugins are installed. The keyword-only
    ``strict`` makes it usable as the CLI's registry factory
    (``CliState(registry_factory=throwaway_registry)``).

    :param settings: The settings the plugin manager honours (allow- and block-lists).
    :param strict: Raise on the first plugin that fails to load.
    :param load_entrypoints: Also load the installed domain plugins.
    :param extra_plugins: More ``(name, plugin)`` pairs, registered after the throwaway one.
    """
    return load_registry(
        settings=settings,
        strict=strict,
        load_entrypoints=load_entrypoints,
        extra_plugins=(THROWAWAY_PLUGIN, *extra_plugins),
    )


def write_throwaway_contract(
    folder: Path, *, text: str = THROWAWAY_CONTRACT, name: str = THROWAWAY_CONTRACT_NAME
) -> Path:
    """Write ``text`` (default :data:`THROWAWAY_CONTRACT`) to ``folder / name`` in
    UTF-8, creating ``folder``; returns the file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
