"""Fixtures for the skills tests: small English and Chinese contracts and a factory for
registries holding throwaway skills."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document
from contract_review.hookspecs import hookimpl
from contract_review.registry import Registry, load_registry
from contract_review.skills.registration import SkillRegistration

ENGLISH_CONTRACT = """\
CONTRACT AGREEMENT

1. Definitions
1.1 "Contract Price" means the sum of USD 1,000,000 stated in the Letter of Acceptance.
1.2 "Contractor" means ABC Construction Ltd.
1.3 "Employer" means XYZ Holdings.
4. Obligations
4.1 Contractor's General Obligations
The Contractor shall execute the Works in accordance with Clause 1.1 and Sub-Clause 20.1 and Clause 9.9. The Employer shall pay ten percent (10%) of the Contract Price within twenty-eight (28) days.
4.2 Performance Security
The Contractor shall deliver a performance security of 10% of the Contract Price within 14 working days.
20. Claims
20.1 Contractor's Claims
The Contractor shall give notice within 28 days, failing which the Employer is discharged from all liability.
"""

CHINESE_CONTRACT = """\
建设工程施工合同

第一章 总则
第一条 定义
“发包人”是指甲建设有限公司。
“合同价款”是指人民币壹佰万元整。
第二条 工期
承包人应当在开工之日起三十日内完成，详见第一条、第十四条及第二章。
第二章 付款
第三条 付款
发包人应在收到发票后15个工作日内支付合同价款的百分之十。
"""


@pytest.fixture(scope="session")
def english_document() -> Document:
    """A small FIDIC-style contract in English."""
    return parse_text(ENGLISH_CONTRACT, name="contract-en.txt", language="en")


@pytest.fixture(scope="session")
def chinese_document() -> Document:
    """A small construction contract in Chinese."""
    return parse_text(CHINESE_CONTRACT, name="contract-zh.txt", language="zh")


class SkillsPlugin:
    """A throwaway plugin registering the skills it is given."""

    def __init__(self, skills: Iterable[SkillRegistration]) -> None:
        self.skills = list(skills)

    @hookimpl
    def register_skills(self, register: Callable[[SkillRegistration], None]) -> None:
        for skill in self.skills:
            register(skill)


RegistryFactory = Callable[..., Registry]


@pytest.fixture
def registry_with() -> RegistryFactory:
    """``registry_with(skill, ...)``: a registry of core's built-ins plus these skills,
    without entry-point plugins."""

    def build(*skills: SkillRegistration, extra: tuple[tuple[str, object], ...] = ()) -> Registry:
        return load_registry(
            extra_plugins=(("test-skills", SkillsPlugin(skills)), *extra),
            load_entrypoints=False,
        )

    return build
