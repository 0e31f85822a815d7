"""Core's law tools (seed 001) as generic skills (domain ``*``): ``hybrid_search``,
``get_provision_context``, ``get_law`` and ``meta_schema``.

Handlers are given as import paths, so listing skills does not import the law library.
They read the law index the ``law_index`` setting names (see
:mod:`contract_review.laws.law_tools`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..domain import ALL_DOMAINS
from ..hookspecs import hookimpl
from ..laws.law_reading_models import GetLawOutput
from ..laws.law_search import HybridSearchOutput
from ..laws.law_tools import (
    GetLawSkillInput,
    HybridSearchSkillInput,
    MetaSchemaSkillInput,
    ProvisionContextSkillInput,
)
from ..laws.meta_schema import MetaSchemaOutput
from ..laws.provision_context import ProvisionContextOutput
from ..skills.registration import SkillRegistration

_TOOLS = "contract_review.laws.law_tools"

LAW_SKILLS: tuple[SkillRegistration, ...] = (
    SkillRegistration(
        skill_id="hybrid_search",
        name="Search the law library",
        description="Find the law articles that answer a question, by keywords and by "
        "meaning, optionally only among laws of some levels, statuses, issuing bodies or "
        "effective dates (call meta_schema for the values). Returns law, article number, "
        "the matching snippet and a score.",
        input_model=HybridSearchSkillInput,
        output_model=HybridSearchOutput,
        handler=f"{_TOOLS}:hybrid_search_skill",
        domain=ALL_DOMAINS,
        category="retrieval",
    ),
    SkillRegistration(
        skill_id="get_provision_context",
        name="Law article with its context",
        description="Return a law article with what is needed to read and cite it: the "
        "articles around it, the definitions of the terms it uses, the exceptions to it "
        "and the articles it refers to, within a length budget.",
        input_model=ProvisionContextSkillInput,
        output_model=ProvisionContextOutput,
        handler=f"{_TOOLS}:get_provision_context_skill",
        domain=ALL_DOMAINS,
        category="retrieval",
    ),
    SkillRegistration(
        skill_id="get_law",
        name="Read a law",
        description="Return a law's metadata (issuing body, level, status, dates) and its "
        "text: all of it, a chapter, a section, a span of articles or chosen articles.",
        input_model=GetLawSkillInput,
        output_model=GetLawOutput,
        handler=f"{_TOOLS}:get_law_skill",
        domain=ALL_DOMAINS,
        category="retrieval",
    ),
    SkillRegistration(
        skill_id="meta_schema",
        name="Law search filters",
        description="List the fields law searches can be filtered on, what they mean and "
        "the values the loaded laws have.",
        input_model=MetaSchemaSkillInput,
        output_model=MetaSchemaOutput,
        handler=f"{_TOOLS}:meta_schema_skill",
        domain=ALL_DOMAINS,
        category="retrieval",
    ),
)


@hookimpl
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    """Register the law tools."""
    for skill in LAW_SKILLS:
        register(skill)
