"""The generic domain's skill registrations."""

from __future__ import annotations

from contract_review.skills.registration import SkillBackend, SkillRegistration

from .checklist import DOMAIN_ID, LOCATE_SKILL
from .locate import LocateClauseInput, LocateClauseOutput, locate_topic

SKILLS: tuple[SkillRegistration, ...] = (
    SkillRegistration(
        skill_id=LOCATE_SKILL,
        name="Locate a contract topic",
        description=(
            "Rank the sections of the contract that may deal with a topic (e.g. "
            "'governing_law', 'anti_assignment', 'cap_on_liability') by its English and Chinese "
            "keywords, with the keywords each section matched; says when no section does."
        ),
        input_model=LocateClauseInput,
        output_model=LocateClauseOutput,
        backend=SkillBackend.LOCAL,
        handler=locate_topic,
        domain=DOMAIN_ID,
        category="context",
    ),
)
