"""The FIDIC domain's skill registrations."""

from __future__ import annotations

from contract_review.skills.registration import SkillBackend, SkillRegistration

from .checklist import DOMAIN_ID
from .merge_gc_pc import MergeGcPcInput, MergeGcPcOutput, merge_gc_pc
from .pc_consistency import PcConsistencyInput, PcConsistencyOutput, check_pc_consistency
from .search_er import SearchErInput, SearchErOutput, search_er
from .time_bar import TimeBarInput, TimeBarOutput, calculate_time_bar

MERGE_GC_PC = "fidic_merge_gc_pc"
CALCULATE_TIME_BAR = "fidic_calculate_time_bar"
CHECK_PC_CONSISTENCY = "fidic_check_pc_consistency"
SEARCH_ER = "fidic_search_er"

SKILLS: tuple[SkillRegistration, ...] = (
    SkillRegistration(
        skill_id=MERGE_GC_PC,
        name="Merge General and Particular Conditions",
        description=(
            "Merge a FIDIC sub-clause of the General Conditions with its Particular Conditions "
            "amendment: returns both texts, the merged text, the modification type (replaced, "
            "amended, added, deleted, unchanged) and each amendment instruction applied."
        ),
        input_model=MergeGcPcInput,
        output_model=MergeGcPcOutput,
        backend=SkillBackend.LOCAL,
        handler=merge_gc_pc,
        domain=DOMAIN_ID,
        category="context",
    ),
    SkillRegistration(
        skill_id=CALCULATE_TIME_BAR,
        name="Calculate time bars",
        description=(
            "Find the time bars in a clause (notice, detailed claim, response and payment "
            "periods, e.g. 'within 28 days after the Contractor became aware', '28天内'), flag "
            "notice periods shorter than the FIDIC-standard 28 days and, given the event date "
            "(YYYY-MM-DD), compute each deadline."
        ),
        input_model=TimeBarInput,
        output_model=TimeBarOutput,
        backend=SkillBackend.LOCAL,
        handler=calculate_time_bar,
        domain=DOMAIN_ID,
        category="analysis",
    ),
    SkillRegistration(
        skill_id=CHECK_PC_CONSISTENCY,
        name="Check Particular Conditions consistency",
        description=(
            "Check the Particular Conditions against the General Conditions: amendments to "
            "sub-clauses the General Conditions lack, instructions that cannot be applied, "
            "added periods that conflict with retained ones, duplicate amendments and dangling "
            "sub-clause references."
        ),
        input_model=PcConsistencyInput,
        output_model=PcConsistencyOutput,
        backend=SkillBackend.LOCAL,
        handler=check_pc_consistency,
        domain=DOMAIN_ID,
        category="validation",
    ),
    SkillRegistration(
        skill_id=SEARCH_ER,
        name="Search the Employer's Requirements",
        description=(
            "Find the sections of the Employer's Requirements related to a clause, ranked by "
            "relevance."
        ),
        input_model=SearchErInput,
        output_model=SearchErOutput,
        backend=SkillBackend.LOCAL,
        handler=search_er,
        domain=DOMAIN_ID,
        category="validation",
    ),
)
