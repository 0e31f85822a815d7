"""The SHA/SPA domain's skill registrations."""

from __future__ import annotations

from contract_review.retrieval.reference_search import search_reference_doc
from contract_review.skills.generic.reference_search_models import (
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from contract_review.skills.registration import SkillBackend, SkillRegistration

from .checklist import DOMAIN_ID
from .conditions import ExtractConditionsInput, ExtractConditionsOutput, extract_conditions
from .governance import GovernanceCheckInput, GovernanceCheckOutput, check_governance
from .indemnity import IndemnityAnalysisInput, IndemnityAnalysisOutput, analyse_indemnity
from .reps_warranties import (
    ExtractRepsWarrantiesInput,
    ExtractRepsWarrantiesOutput,
    extract_reps_warranties,
)

EXTRACT_CONDITIONS = "spa_extract_conditions"
EXTRACT_REPS_WARRANTIES = "spa_extract_reps_warranties"
INDEMNITY_ANALYSIS = "spa_indemnity_analysis"
GOVERNANCE_CHECK = "sha_governance_check"
TRANSACTION_DOC_CROSS_CHECK = "transaction_doc_cross_check"

SKILLS: tuple[SkillRegistration, ...] = (
    SkillRegistration(
        skill_id=EXTRACT_CONDITIONS,
        name="Extract conditions precedent",
        description=(
            "List the conditions precedent of a share purchase: each enumerated condition "
            "with its category (regulatory approval, third-party consent, no material adverse "
            "change, board/shareholder approval, warranties and covenants, other), whether it "
            "is waivable, and the long-stop date."
        ),
        input_model=ExtractConditionsInput,
        output_model=ExtractConditionsOutput,
        backend=SkillBackend.LOCAL,
        handler=extract_conditions,
        domain=DOMAIN_ID,
        category="extraction",
    ),
    SkillRegistration(
        skill_id=EXTRACT_REPS_WARRANTIES,
        name="Extract representations and warranties",
        description=(
            "List the representations and warranties of a clause with their subject (title, "
            "tax, litigation, accounts...), knowledge and materiality qualifiers, disclosure "
            "carve-outs, who gives them and whether they are repeated at closing."
        ),
        input_model=ExtractRepsWarrantiesInput,
        output_model=ExtractRepsWarrantiesOutput,
        backend=SkillBackend.LOCAL,
        handler=extract_reps_warranties,
        domain=DOMAIN_ID,
        category="extraction",
    ),
    SkillRegistration(
        skill_id=INDEMNITY_ANALYSIS,
        name="Analyse indemnity limits",
        description=(
            "Analyse an indemnity or limitation clause: the cap (amount or percentage of the "
            "price), the de minimis, the basket and whether it tips or is a deductible, the "
            "claim notification periods, specific indemnities and the fraud carve-out."
        ),
        input_model=IndemnityAnalysisInput,
        output_model=IndemnityAnalysisOutput,
        backend=SkillBackend.LOCAL,
        handler=analyse_indemnity,
        domain=DOMAIN_ID,
        category="analysis",
    ),
    SkillRegistration(
        skill_id=GOVERNANCE_CHECK,
        name="Governance completeness check",
        description=(
            "Check a shareholders' agreement's governance provisions: board composition and "
            "who appoints how many directors, the quorum (and whether a director of each side "
            "must attend), the reserved matters against a list of fifteen common ones, their "
            "voting threshold (unanimity, a percentage, supermajority, simple majority, a "
            "party's consent) and the deadlock mechanism, with findings and risk levels."
        ),
        input_model=GovernanceCheckInput,
        output_model=GovernanceCheckOutput,
        backend=SkillBackend.LOCAL,
        handler=check_governance,
        domain=DOMAIN_ID,
        category="validation",
    ),
    SkillRegistration(
        skill_id=TRANSACTION_DOC_CROSS_CHECK,
        name="Transaction documents cross-check",
        description=(
            "Search the related transaction documents (the documents of role 'reference') for "
            "the sections semantically related to a clause, to check they are consistent "
            "with it."
        ),
        input_model=SearchReferenceDocInput,
        output_model=SearchReferenceDocOutput,
        backend=SkillBackend.LOCAL,
        handler=search_reference_doc,
        domain=DOMAIN_ID,
        category="validation",
    ),
)
