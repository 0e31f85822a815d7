"""A small law library for the unified search tests: two versions-free national laws
(劳动合同法, 民法典), a repealed 技术合同法 (so 合同法 is in two titles) and a judicial
interpretation; its graph and a law index over it (hashed-bigram vectors, no weights)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.law_models import Law
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review.testing.law_builders import make_law
from contract_review.unified_search import (
    LawGraph,
    UnifiedSearchRequest,
    UnifiedSearchResponse,
    unified_search,
)

LABOUR = "中华人民共和国劳动合同法"
CODE = "中华人民共和国民法典"
TECH = "中华人民共和国技术合同法"
INTERPRETATION = "最高人民法院关于审理劳动争议案件适用法律问题的解释"


def small_laws() -> list[Law]:
    """The laws of the test library."""
    return [
        make_law(
            LABOUR,
            [
                (
                    "第二条",
                    "中华人民共和国境内的企业、个体经济组织（以下称用人单位）与劳动者建立劳动关系，适用本法。",
                ),
                ("第十九条", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。"),
                (
                    "第二十一条",
                    "在试用期中，除劳动者有本法第三十九条和第四十条第一项、第二项规定的情形外，"
                    "用人单位不得解除劳动合同。用人单位在试用期解除劳动合同的，应当向劳动者说明理由。",
                ),
                (
                    "第三十九条",
                    "劳动者有下列情形之一的，用人单位可以解除劳动合同：\n"
                    "（一）在试用期间被证明不符合录用条件的；\n（二）严重违反用人单位的规章制度的；",
                ),
                (
                    "第四十条",
                    "有下列情形之一的，用人单位提前三十日以书面形式通知劳动者本人后，可以解除劳动合同：\n"
                    "（一）劳动者患病或者非因工负伤，在规定的医疗期满后不能从事原工作的；\n"
                    "（二）劳动者不能胜任工作，经过培训仍不能胜任工作的；",
                ),
                (
                    "第四十二条",
                    "劳动者有下列情形之一的，用人单位不得依照本法第四十条的规定解除劳动合同：\n"
                    "（一）患职业病的；",
                ),
            ],
            title=LABOUR,
            path=["第三章 劳动合同的履行和变更"],
            law_level="法律",
            status="现行有效",
            issuing_authority="全国人民代表大会常务委员会",
            effective_date="2013-07-01",
            tags=["劳动"],
        ),
        make_law(
            CODE,
            [
                (
                    "第五百八十六条",
                    "当事人可以约定一方向对方给付定金作为债权的担保。定金合同自实际交付定金时成立。",
                ),
                ("第五百八十七条", "债务人履行债务的，定金应当抵作价款或者收回。"),
                (
                    "第五百八十八条",
                    "当事人既约定违约金，又约定定金的，一方违约时，对方可以选择适用违约金或者定金条款。"
                    "定金的数额依照本法第五百八十六条的规定确定。",
                ),
            ],
            title=CODE,
            path=["合同编", "第八章 违约责任"],
            law_level="法律",
            issuing_authority="全国人民代表大会",
            effective_date="2021-01-01",
        ),
        make_law(
            TECH,
            [
                ("第一条", "为了保障技术合同当事人的合法权益，制定本法。"),
                ("第二十一条", "技术开发合同的当事人应当按照约定履行义务。"),
            ],
            title=TECH,
            law_level="法律",
            status="已废止",
            effective_date="1987-11-01",
        ),
        make_law(
            INTERPRETATION,
            [
                ("第一条", "劳动者与用人单位在履行劳动合同过程中发生的纠纷，属于劳动争议。"),
                ("第二条", "用人单位在试用期内解除劳动合同发生的纠纷，人民法院应予受理。"),
            ],
            title=INTERPRETATION,
            law_level="司法解释",
            issuing_authority="最高人民法院",
            effective_date="2021-01-01",
        ),
    ]


@pytest.fixture(scope="session")
def law_index() -> LawIndex:
    return build_law_index(small_laws(), embedder=HashingEmbedder(), show_progress=False)


@pytest.fixture(scope="session")
def library(law_index: LawIndex) -> LawLibrary:
    return law_index.library


@pytest.fixture(scope="session")
def graph(library: LawLibrary) -> LawGraph:
    return LawGraph.from_library(library)


Search = Callable[..., UnifiedSearchResponse]


@pytest.fixture(scope="session")
def search(law_index: LawIndex) -> Search:
    """``search(body, header_profile=None)``: validate the body and answer it."""

    def run(body: dict[str, Any], *, header_profile: str | None = None) -> UnifiedSearchResponse:
        request = UnifiedSearchRequest.model_validate(body)
        return unified_search(request, index=law_index, header_profile=header_profile)

    return run
