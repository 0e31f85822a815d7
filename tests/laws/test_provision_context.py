"""GetProvisionContext: roles and their precedence, the switches, neighbours, 前条/前款,
cross-law citations, carve-outs, the max_length drop order, errors, properties on
generated laws, and the acceptance cases on the real laws folder."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.errors import InputError
from contract_review.laws import Law, load_law_folder
from contract_review.laws.law_library import LawLibrary, LawNotFoundError
from contract_review.laws.provision_context import (
    WEAK_REFERENCE_LIMIT,
    ProvisionContextInput,
    ProvisionContextOutput,
    get_provision_context,
    parse_provision_context_input,
)
from contract_review.testing.law_builders import ArticleSpec, make_law

# ---------------------------------------------------------------------- helpers

LAW = "中华人民共和国样例法"
LABOUR = "中华人民共和国劳动合同法"
CODE = "中华人民共和国民法典"

Spec = ArticleSpec


def plain_law(count: int, text: str = "甲应当履行义务。") -> list[Spec]:
    return [(f"第{int_to_chinese(n)}条", text) for n in range(1, count + 1)]


def context(
    library: LawLibrary, article: str, law: str = LAW, **options: Any
) -> ProvisionContextOutput:
    request = ProvisionContextInput(law_id=law, article_id=article, **options)
    return get_provision_context(library, request)


def roles(output: ProvisionContextOutput) -> list[tuple[str, str]]:
    """(article_no, role) of every entry, in output order."""
    return [(entry.article_no, entry.role) for entry in output.context]


def with_articles(specs: Sequence[Spec], **replace: str) -> list[Spec]:
    """``specs`` with some articles' texts replaced: ``第三条="…"``."""
    replaced: list[Spec] = []
    for spec in specs:
        text = replace.get(spec[0], spec[1])
        replaced.append((spec[0], text, spec[2]) if len(spec) == 3 else (spec[0], text))
    return replaced


def total_length(output: ProvisionContextOutput) -> int:
    return sum(len(entry.text) for entry in output.context)


@functools.cache
def real_library(folder: Path) -> LawLibrary:
    return LawLibrary(load_law_folder(folder))


# ---------------------------------------------------------------------- roles


def test_target_first_then_neighbours_in_law_order() -> None:
    library = LawLibrary([make_law(LAW, plain_law(5))])
    output = context(library, "第三条")
    assert output.law_id == LAW and output.law_title == LAW
    assert roles(output) == [("第三条", "target"), ("第二条", "neighbor"), ("第四条", "neighbor")]
    assert output.context[0].article_id == f"{LAW}#第三条"
    assert not output.truncated and output.dropped == 0


def test_neighbor_range_zero_and_two() -> None:
    library = LawLibrary([make_law(LAW, plain_law(6))])
    assert roles(context(library, "第三条", neighbor_range=0)) == [("第三条", "target")]
    assert roles(context(library, "第二条", neighbor_range=2)) == [
        ("第二条", "target"),
        ("第一条", "neighbor"),
        ("第三条", "neighbor"),
        ("第四条", "neighbor"),
    ]


def test_a_neighbour_that_is_also_cited_is_one_reference() -> None:
    specs = with_articles(plain_law(5), 第三条="依照本法第四条的规定处理。")
    output = context(LawLibrary([make_law(LAW, specs)]), "第三条")
    assert roles(output) == [("第三条", "target"), ("第二条", "neighbor"), ("第四条", "reference")]


def test_a_definition_beats_every_other_relation() -> None:
    # 第四条 is a neighbour, is cited, cites 第三条 from an exception, and defines 网店
    specs = with_articles(
        plain_law(5),
        第三条="网店依照本法第四条的规定处理。",
        第四条="本法所称网店，是指店铺。依照第三条处理，但是另有约定的除外。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第三条")
    assert roles(output) == [("第三条", "target"), ("第二条", "neighbor"), ("第四条", "definition")]


def test_an_exception_beats_a_reference() -> None:
    specs = with_articles(
        plain_law(5),
        第一条="除本法第三条规定外，甲不得拒绝。",
        第三条="依照本法第一条处理。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第三条", neighbor_range=0)
    assert roles(output) == [("第三条", "target"), ("第一条", "exception")]


def test_own_definition_and_exception_sentences() -> None:
    specs = with_articles(
        plain_law(3),
        第二条="甲应当支付补偿，但是乙有过错的除外。\n本条所称补偿，是指一个月工资。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", neighbor_range=0)
    assert [(e.article_id, e.role, e.text) for e in output.context[1:]] == [
        (f"{LAW}#第二条", "exception", "甲应当支付补偿，但是乙有过错的除外。"),
        (f"{LAW}#第二条", "definition", "本条所称补偿，是指一个月工资。"),
    ]


def test_an_exception_item_under_an_exception_head_is_shown_once() -> None:
    specs = with_articles(
        plain_law(2),
        第二条="下列请求权不适用诉讼时效的规定：\n（一）请求停止侵害；\n（二）依法不适用诉讼时效的其他请求权。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", neighbor_range=0)
    assert [(e.role, e.text) for e in output.context[1:]] == [("exception", output.context[0].text)]


def test_abbreviation_defines_a_term_for_later_articles() -> None:
    specs = with_articles(
        plain_law(6),
        第一条="境内的企业（以下简称“用人单位”）适用本法。",
        第五条="用人单位应当支付工资。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第五条", neighbor_range=0)
    assert roles(output) == [("第五条", "target"), ("第一条", "definition")]
    output = context(LawLibrary([make_law(LAW, specs)]), "第一条", neighbor_range=0)
    assert [(e.role, e.text) for e in output.context] == [
        ("target", "境内的企业（以下简称“用人单位”）适用本法。"),
        ("definition", "境内的企业（以下简称“用人单位”）适用本法。"),
    ]


def test_previous_article_and_previous_paragraph() -> None:
    specs = with_articles(
        plain_law(4),
        第三条="甲应当通知乙。\n有前款情形的，依照前条规定处理。",
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第三条", neighbor_range=0)
    # 前条 is 第二条; 前款 stays inside 第三条 and adds nothing
    assert roles(output) == [("第三条", "target"), ("第二条", "reference")]


def test_a_citation_of_the_target_itself_or_a_missing_article_adds_nothing() -> None:
    specs = with_articles(plain_law(3), 第二条="依照本法第二条和第九十九条以及本条规定。")
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", neighbor_range=0)
    assert roles(output) == [("第二条", "target")]


def test_carve_outs_from_other_articles() -> None:
    specs = with_articles(
        plain_law(8),
        第五条="依照本法第二条的规定解除合同，但是劳动者患病的除外。",
        第七条="第二条规定的期限，当事人另有约定的除外。",
        第八条="依照本法第二条规定处理。",  # cites 第二条 without an exception
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", neighbor_range=0)
    assert roles(output) == [("第二条", "target"), ("第五条", "exception"), ("第七条", "exception")]


def test_cross_law_citations_need_the_other_law() -> None:
    other = make_law("中华人民共和国甲法", plain_law(3, "甲法的条文。"))
    specs = with_articles(plain_law(3), 第二条="依照《甲法》第三条和《乙法》第一条的规定。")
    law = make_law(LAW, specs)
    output = context(LawLibrary([law, other]), "第二条", neighbor_range=0)
    assert [(e.article_id, e.role, e.law_id) for e in output.context] == [
        (f"{LAW}#第二条", "target", None),
        ("中华人民共和国甲法#第三条", "reference", "中华人民共和国甲法"),
    ]
    assert roles(context(LawLibrary([law]), "第二条", neighbor_range=0)) == [("第二条", "target")]


def test_other_laws_come_after_the_target_law() -> None:
    other = make_law("中华人民共和国甲法", plain_law(3, "甲法的条文。"))
    specs = with_articles(plain_law(5), 第二条="依照甲法第一条和本法第五条的规定。")
    output = context(LawLibrary([make_law(LAW, specs), other]), "第二条")
    assert [(e.article_id.split("#")[0], e.article_no, e.role) for e in output.context] == [
        (LAW, "第二条", "target"),
        (LAW, "第一条", "neighbor"),
        (LAW, "第三条", "neighbor"),
        (LAW, "第五条", "reference"),
        ("中华人民共和国甲法", "第一条", "reference"),
    ]


def test_chapter_references_are_weak_and_capped() -> None:
    chapter = ["第一章 总则"]
    specs: list[Spec] = [(f"第{int_to_chinese(n)}条", "甲。", chapter) for n in range(1, 13)]
    specs[5] = ("第六条", "违反本章规定的，依照本法处理。", chapter)
    library = LawLibrary([make_law(LAW, specs)])
    # 本章 adds the WEAK_REFERENCE_LIMIT nearest articles of the chapter; the adjacent
    # ones stay neighbours (a neighbour outranks a chapter-wide reference)
    assert WEAK_REFERENCE_LIMIT == 5
    assert roles(context(library, "第六条")) == [
        ("第六条", "target"),
        ("第三条", "reference"),
        ("第四条", "reference"),
        ("第五条", "neighbor"),
        ("第七条", "neighbor"),
        ("第八条", "reference"),
    ]
    output = context(library, "第六条", include_neighbors=False)
    assert [no for no, _ in roles(output)] == [
        "第六条",
        "第三条",
        "第四条",
        "第五条",
        "第七条",
        "第八条",
    ]
    # they are the first to go: the farthest first, then the neighbours
    output = context(library, "第六条", max_length=len("违反本章规定的，依照本法处理。") + 2 * 2)
    assert roles(output) == [("第六条", "target"), ("第五条", "neighbor"), ("第七条", "neighbor")]
    assert output.dropped == 3


# ---------------------------------------------------------------------- switches


def rich_law() -> Law:
    return make_law(
        LAW,
        with_articles(
            plain_law(8),
            第一条="本法所称网店，是指店铺。",
            第四条="网店依照本法第七条的规定处理，但是另有约定的除外。本条所称店主，是指网店的主人。",
            第六条="除第四条规定外，网店不得关闭。",
        ),
    )


@pytest.mark.parametrize(
    ("switch", "role"),
    [
        ("include_neighbors", "neighbor"),
        ("include_definitions", "definition"),
        ("include_exceptions", "exception"),
        ("include_references", "reference"),
    ],
)
def test_a_switch_off_removes_its_role(switch: str, role: str) -> None:
    library = LawLibrary([rich_law()])
    on = context(library, "第四条")
    assert role in {entry.role for entry in on.context}
    off = context(library, "第四条", **{switch: False})
    assert role not in {entry.role for entry in off.context}
    assert {e.article_id for e in off.context} <= {e.article_id for e in on.context}


def test_all_relations_together() -> None:
    output = context(LawLibrary([rich_law()]), "第四条")
    assert roles(output) == [
        ("第四条", "target"),
        ("第四条", "exception"),
        ("第四条", "definition"),
        ("第一条", "definition"),
        ("第三条", "neighbor"),
        ("第五条", "neighbor"),
        ("第六条", "exception"),
        ("第七条", "reference"),
    ]


# ---------------------------------------------------------------------- max_length


def test_the_drop_order() -> None:
    specs = with_articles(
        plain_law(10, "甲应当履行本条义务。"),
        第一条="本法所称店铺，是指网店。",  # defines 店铺, which the target uses
        第九条="除本法第五条规定外，不得。",  # carves out of the target
        第五条="依照本法第十条处理，但是另有约定的除外。\n本条所称店主，是指店铺的主人。",
    )
    law = make_law(LAW, specs)
    library = LawLibrary([law])
    length = {article.article_no: len(article.text) for article in law.articles}
    own_exception = "依照本法第十条处理，但是另有约定的除外。"
    own_definition = "本条所称店主，是指店铺的主人。"
    # most important first: the last is the first to be dropped
    admission = [
        (("第五条", "definition"), len(own_definition)),
        (("第五条", "exception"), len(own_exception)),
        (("第一条", "definition"), length["第一条"]),
        (("第九条", "exception"), length["第九条"]),
        (("第十条", "reference"), length["第十条"]),
        (("第四条", "neighbor"), length["第四条"]),
        (("第六条", "neighbor"), length["第六条"]),
        (("第三条", "neighbor"), length["第三条"]),  # at distance 2, on a tie the earlier
        (("第七条", "neighbor"), length["第七条"]),
    ]
    for kept in range(len(admission) + 1):
        max_length = length["第五条"] + sum(size for _, size in admission[:kept])
        output = context(library, "第五条", neighbor_range=2, max_length=max_length)
        assert roles(output)[0] == ("第五条", "target")
        assert sorted(roles(output)[1:]) == sorted(entry for entry, _ in admission[:kept])
        assert output.dropped == len(admission) - kept
        assert output.truncated == (kept < len(admission))
    # the output order: target, its own sentences in text order, then law order
    assert roles(context(library, "第五条", neighbor_range=2)) == [
        ("第五条", "target"),
        ("第五条", "exception"),
        ("第五条", "definition"),
        ("第一条", "definition"),
        ("第三条", "neighbor"),
        ("第四条", "neighbor"),
        ("第六条", "neighbor"),
        ("第七条", "neighbor"),
        ("第九条", "exception"),
        ("第十条", "reference"),
    ]


def test_a_short_entry_may_fill_what_a_long_one_leaves() -> None:
    specs = with_articles(
        plain_law(5),
        第二条="依照本法第四条的规定。",
        第四条="甲" * 100,  # a long reference
    )
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", max_length=40)
    assert roles(output) == [("第二条", "target"), ("第一条", "neighbor"), ("第三条", "neighbor")]
    assert output.truncated and output.dropped == 1


def test_the_target_is_never_dropped() -> None:
    specs = with_articles(plain_law(3), 第二条="甲" * 50)
    output = context(LawLibrary([make_law(LAW, specs)]), "第二条", max_length=10)
    assert roles(output) == [("第二条", "target")]
    assert output.context[0].text == "甲" * 50
    assert output.truncated and output.dropped == 2


# ---------------------------------------------------------------------- errors


def test_unknown_law_and_article() -> None:
    library = LawLibrary([make_law(LAW, plain_law(3))])
    with pytest.raises(LawNotFoundError, match="law_id: no law named '劳动法'"):
        context(library, "第一条", law="劳动法")
    with pytest.raises(LawNotFoundError, match=r"article_id: .*no 第九条 \(its articles run from"):
        context(library, "第九条")
    with pytest.raises(InputError, match="article_id: '第一款' is not an article number"):
        context(library, "第一款")


def test_an_article_of_another_law() -> None:
    other = make_law("中华人民共和国甲法", plain_law(3))
    library = LawLibrary([make_law(LAW, plain_law(3)), other])
    with pytest.raises(LawNotFoundError, match="is an article of 中华人民共和国甲法"):
        context(library, "中华人民共和国甲法#第一条")
    with pytest.raises(LawNotFoundError, match="names the law '甲法'"):
        context(library, "甲法#第九条")
    # the id, the number, and the law's short name with a number all name the same article
    assert context(library, f"{LAW}#第二条").context[0].article_no == "第二条"
    assert context(library, "样例法#第二条").context[0].article_no == "第二条"
    assert context(library, "2", law="《样例法》").context[0].article_no == "第二条"


def test_parsing_tool_arguments() -> None:
    request = parse_provision_context_input({"law_id": "劳动合同法", "article_id": "第十条"})
    assert request.neighbor_range == 1 and request.max_length == 2000
    with pytest.raises(InputError, match=r"neighbor_range: .*less than or equal to 10"):
        parse_provision_context_input({"law_id": "a", "article_id": "b", "neighbor_range": 11})
    with pytest.raises(InputError, match=r"max_length: .*greater than or equal to 1"):
        parse_provision_context_input({"law_id": "a", "article_id": "b", "max_length": 0})
    with pytest.raises(InputError, match="article_id: Field required"):
        parse_provision_context_input({"law_id": "a"})
    with pytest.raises(InputError, match="include_neighbours: Extra inputs"):
        parse_provision_context_input(
            {"law_id": "a", "article_id": "b", "include_neighbours": True}
        )


# ---------------------------------------------------------------------- properties

FRAGMENTS = [
    "甲应当履行义务。",
    "依照本法第{n}条的规定处理。",
    "有前款情形的，依照前条规定。",
    "但是，乙另有约定的除外。",
    "除第{n}条规定的情形外，不得解除。",
    "本法所称术语{k}，是指某物。",
    "术语{k}应当登记。",
    "违反本章规定的，依照前两条处理。",
    "某组织（以下简称“简称{k}”）应当备案。",
    "简称{k}可以适用第{n}条。",
]


@st.composite
def generated_laws(draw: st.DrawFn) -> Law:
    count = draw(st.integers(1, 12))
    specs: list[Spec] = []
    for number in range(1, count + 1):
        parts = draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4))
        text = "".join(
            part.format(
                n=int_to_chinese(draw(st.integers(1, count + 1))), k=draw(st.integers(1, 3))
            )
            for part in parts
        )
        chapter = f"第{int_to_chinese(1 + number * 3 // (count + 1))}章 规定"
        specs.append((f"第{int_to_chinese(number)}条", text, [chapter]))
    return make_law(LAW, specs)


@st.composite
def requests(draw: st.DrawFn, law: Law) -> ProvisionContextInput:
    return ProvisionContextInput(
        law_id=LAW,
        article_id=draw(st.sampled_from(law.articles)).article_no,
        include_neighbors=draw(st.booleans()),
        neighbor_range=draw(st.integers(0, 3)),
        include_definitions=draw(st.booleans()),
        include_exceptions=draw(st.booleans()),
        include_references=draw(st.booleans()),
        max_length=draw(st.integers(1, 400)),
    )


def check_invariants(library: LawLibrary, request: ProvisionContextInput) -> ProvisionContextOutput:
    output = get_provision_context(library, request)
    law, article = library.article(request.article_id, request.law_id)
    target, *rest = output.context
    assert (target.article_id, target.role, target.text) == (
        article.article_id,
        "target",
        article.text,
    )
    assert all(entry.role != "target" for entry in rest)
    # within max_length unless only the target is left
    assert total_length(output) <= request.max_length or len(output.context) == 1
    assert output.truncated == (output.dropped > 0)
    # the target's own sentences come right after it and are sentences of it
    own = [e for e in rest if e.article_id == article.article_id]
    assert rest[: len(own)] == own
    assert all(e.role in ("definition", "exception") and e.text in article.text for e in own)
    assert len({(e.role, e.text) for e in own}) == len(own)
    # every other article appears once: the target's law in its order, then other laws
    others = [e for e in rest if e.article_id != article.article_id]
    assert len({e.article_id for e in others}) == len(others)
    home = [e for e in others if e.law_id is None]
    assert others[: len(home)] == home
    assert all(library.article(e.article_id)[0] is law for e in home)
    positions = [library.position(library.article(e.article_id)[1]) for e in home]
    assert positions == sorted(positions)
    # a switch off means no entry of its role
    for switch, role in [
        (request.include_neighbors and request.neighbor_range > 0, "neighbor"),
        (request.include_definitions, "definition"),
        (request.include_exceptions, "exception"),
        (request.include_references, "reference"),
    ]:
        if not switch:
            assert all(entry.role != role for entry in rest)
    return output


@given(st.data())
def test_invariants_on_generated_laws(data: st.DataObject) -> None:
    law = data.draw(generated_laws())
    library = LawLibrary([law])
    check_invariants(library, data.draw(requests(law)))


@given(st.data())
def test_switching_off_never_adds_articles(data: st.DataObject) -> None:
    law = data.draw(generated_laws())
    library = LawLibrary([law])
    request = data.draw(requests(law)).model_copy(update={"max_length": 100_000})
    full = check_invariants(library, request)
    assert not full.truncated
    switch = data.draw(
        st.sampled_from(
            ["include_neighbors", "include_definitions", "include_exceptions", "include_references"]
        )
    )
    off = check_invariants(library, request.model_copy(update={switch: False}))
    assert {e.article_id for e in off.context} <= {e.article_id for e in full.context}
    assert len(off.context) <= len(full.context)


# ---------------------------------------------------------------------- real laws


def test_labour_contract_law_article_45(shared_laws: Path) -> None:
    output = context(real_library(shared_laws), "第四十五条", law="劳动合同法")
    assert output.law_id == LABOUR
    by_id = {(e.article_id, e.role) for e in output.context}
    assert (f"{LABOUR}#第四十四条", "neighbor") in by_id
    assert (f"{LABOUR}#第四十六条", "neighbor") in by_id
    assert (f"{LABOUR}#第四十二条", "reference") in by_id
    exceptions = [e for e in output.context if e.role == "exception"]
    assert [(e.article_id, e.text) for e in exceptions] == [
        (
            f"{LABOUR}#第四十五条",
            "但是，本法第四十二条第二项规定丧失或者部分丧失劳动能力劳动者的劳动合同的终止，"
            "按照国家有关工伤保险的规定执行。",
        )
    ]
    assert roles(output)[0] == ("第四十五条", "target")


def test_labour_contract_law_article_47_defines_monthly_wage(shared_laws: Path) -> None:
    output = context(real_library(shared_laws), f"{LABOUR}#第四十七条", law=LABOUR)
    own = [e for e in output.context[1:] if e.article_id == f"{LABOUR}#第四十七条"]
    assert [(e.role, e.text) for e in own] == [
        ("definition", "本条所称月工资是指劳动者在劳动合同解除或者终止前十二个月的平均工资。")
    ]


def test_civil_code_article_466_cites_article_142(shared_laws: Path) -> None:
    output = context(real_library(shared_laws), "第四百六十六条", law="民法典")
    assert output.law_id == CODE
    (cited,) = [e for e in output.context if e.role == "reference"]
    assert cited.article_id == f"{CODE}#第一百四十二条"
    assert cited.law_id is None
    assert cited.text.startswith("有相对人的意思表示的解释")


def test_labour_contract_law_article_25(shared_laws: Path) -> None:
    output = context(real_library(shared_laws), "第二十五条", law="《劳动合同法》")
    references = [e.article_id for e in output.context if e.role == "reference"]
    assert references == [f"{LABOUR}#第二十二条", f"{LABOUR}#第二十三条"]
    (exception,) = [e for e in output.context if e.role == "exception"]
    assert exception.article_id == f"{LABOUR}#第二十五条"
    assert exception.text.startswith("除本法第二十二条和第二十三条规定的情形外")


def test_real_cross_law_reference(shared_laws: Path) -> None:
    library = real_library(shared_laws)
    output = context(
        library,
        "第三十条",
        law="最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释",
        include_neighbors=False,
    )
    assert [(e.article_id, e.role, e.law_id) for e in output.context[1:]] == [
        (f"{CODE}#第四百二十三条", "reference", CODE)
    ]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_invariants_on_real_laws(shared_laws: Path, data: st.DataObject) -> None:
    library = real_library(shared_laws)
    law = data.draw(st.sampled_from(library.laws))
    article = data.draw(st.sampled_from(law.articles))
    request = data.draw(requests(law)).model_copy(
        update={
            "law_id": law.law_id,
            "article_id": article.article_id,
            "max_length": data.draw(st.integers(1, 5000)),
        }
    )
    check_invariants(library, request)
