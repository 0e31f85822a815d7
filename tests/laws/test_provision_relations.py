"""Finding definitions, exceptions and citations in article text, and the per-law
lookups built from them (carve-outs, term definers, chapter members, cross-law
citations), on hand-written texts and laws and on the real laws folder."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.laws import Law, load_law_folder
from contract_review.laws.article_numbers import ArticleNumber
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.provision_citations import find_references
from contract_review.laws.provision_index import RANGE_LIMIT, provision_index
from contract_review.laws.provision_relations import (
    find_definitions,
    find_exceptions,
    split_sentences,
    with_items,
)
from contract_review.testing.law_builders import ArticleSpec, make_law

# ---------------------------------------------------------------------- helpers

Spec = ArticleSpec


@functools.cache
def real_library(folder: Path) -> LawLibrary:
    return LawLibrary(load_law_folder(folder))


def terms_and_scopes(text: str) -> list[tuple[tuple[str, ...], str]]:
    return [(d.terms, d.scope) for d in find_definitions(text)]


# ---------------------------------------------------------------------- sentences


def test_sentences_split_at_full_stops_and_lines() -> None:
    text = "甲应当履行。乙可以拒绝\n（一）第一项；\n（二）第二项。"
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == [
        "甲应当履行。",
        "乙可以拒绝",
        "（一）第一项；",
        "（二）第二项。",
    ]
    assert all(text[s.start : s.end] == s.text for s in sentences)


def test_a_colon_sentence_keeps_its_items() -> None:
    text = "本法所称财产，是指下列财产：\n（一）国有财产；\n（二）集体财产。\n另一款。"
    head = split_sentences(text)[0]
    assert (
        with_items(text, head).text
        == "本法所称财产，是指下列财产：\n（一）国有财产；\n（二）集体财产。"
    )
    (definition,) = find_definitions(text)
    assert definition.sentence.text.endswith("（二）集体财产。")


@given(st.text(alphabet="甲乙。，\n：（一）但是除外 ", max_size=60))
def test_sentences_are_slices_of_the_text(text: str) -> None:
    for sentence in split_sentences(text):
        assert text[sentence.start : sentence.end] == sentence.text
        assert sentence.text == sentence.text.strip() and sentence.text


# ---------------------------------------------------------------------- definitions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("本法所称保险，是指投保人支付保险费的行为。", [(("保险",), "law")]),
        ("本规定所称的民间借贷，是指资金融通的行为。", [(("民间借贷",), "law")]),
        ("本条所称月工资是指前十二个月的平均工资。", [(("月工资",), "article")]),
        ("前款所称恶意透支，是指透支不还。", [(("恶意透支",), "article")]),
        ("第一款所称善意，是指不知道。", [(("善意",), "article")]),
        ("本章所称战时，是指宣布进入战争状态时。", [(("战时",), "章")]),
        ("本编所称子女，包括婚生子女和养子女。", [(("子女",), "编")]),
        ("本法所称的著作权即版权。", [(("著作权",), "law")]),
        ("固定期限劳动合同，是指约定合同终止时间的劳动合同。", [(("固定期限劳动合同",), "law")]),
        (
            "前款规定的临时性工作岗位是指存续时间不超过六个月的岗位。",
            [(("临时性工作岗位",), "article")],
        ),
        ("本法下列用语的含义：\n（一）景区，是指游览场所。", [(("景区",), "law")]),
        ("某组织（以下简称“协会”）应当登记。", [(("协会",), "law")]),
        ("某组织（以下称用人单位）应当登记。", [(("用人单位",), "law")]),
        ("甲公司以下简称为乙方，应当登记。", [(("乙方",), "law")]),
        ("合同是民事主体之间设立民事法律关系的协议。", [(("合同",), "law")]),
        ("本法所称以上、以下、以内，包括本数。", [(("以上", "以下", "以内"), "law")]),
    ],
)
def test_definition_forms(text: str, expected: list[tuple[tuple[str, ...], str]]) -> None:
    assert terms_and_scopes(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "受送达人是军人的，通过其所在部队转交。",  # a condition, not a definition
        "劳务派遣单位是本法所称用人单位，应当履行义务。",  # a classification
        "前款所称更正错误不涉及实质性内容。",  # 所称 without a defining verb
        "用人单位应当指定专人负责。",  # 指定 is not 指
        "甲方可以解除合同。",
    ],
)
def test_not_definitions(text: str) -> None:
    assert find_definitions(text) == []


def test_several_definitions_in_one_sentence_share_it() -> None:
    text = "临时性岗位是指短期岗位；辅助性岗位是指服务岗位。"
    found = find_definitions(text)
    assert [d.terms for d in found] == [("临时性岗位",), ("辅助性岗位",)]
    assert found[0].sentence == found[1].sentence


# ---------------------------------------------------------------------- exceptions


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("甲应当赔偿。但是，乙另有约定的，从其约定。", "但是"),
        ("甲可以解除合同，但不得损害第三人利益。", "但"),
        ("甲应当支付违约金，当事人另有约定的除外。", "除外"),
        ("除本法第二十二条规定的情形外，用人单位不得约定违约金。", "除本法第二十二条规定的情形外"),
        ("法律另有规定的，依照其规定。", "另有规定"),
        ("下列请求权不适用诉讼时效的规定：", "不适用"),
    ],
)
def test_exception_forms(text: str, phrase: str) -> None:
    found = find_exceptions(text)
    assert [e.phrase for e in found] == [phrase]
    assert found[0].sentence.text in text


@pytest.mark.parametrize(
    "text",
    [
        "用人单位解除劳动合同外，应当支付经济补偿。",  # 解除…外 is not 除…外
        "财产案件除交纳案件受理费外，并按照规定交纳其他诉讼费用。",  # 除…外，并 = besides
        "不但甲应当赔偿，乙也应当赔偿。",  # 但 inside 不但
        "甲应当履行合同。",
    ],
)
def test_not_exceptions(text: str) -> None:
    assert find_exceptions(text) == []


def test_one_exception_per_sentence() -> None:
    text = "甲应当赔偿，但是乙另有约定的除外。丙不适用前款规定。"
    found = find_exceptions(text)
    assert [e.sentence.text for e in found] == [
        "甲应当赔偿，但是乙另有约定的除外。",
        "丙不适用前款规定。",
    ]


# ---------------------------------------------------------------------- citations


def cited(text: str) -> list[tuple[str, ArticleNumber | None, str | None, ArticleNumber | None]]:
    return [(r.kind, r.number, r.law_name, r.range_start) for r in find_references(text)]


def test_citation_lists_ranges_and_paragraphs() -> None:
    n = ArticleNumber
    assert cited("依照本法第四十条、第四十一条和第四十二条第一款第二项的规定") == [
        ("article", n(40), None, None),
        ("article", n(41), None, None),
        ("article", n(42), None, None),
    ]
    assert cited("违反本法第一百六十条至第一百七十条规定的") == [
        ("article", n(160), None, None),
        ("article", n(170), None, n(160)),
    ]
    assert cited("有本法第十六条第三款、第六款、第二十条规定情形的") == [
        ("article", n(16), None, None),
        ("article", n(20), None, None),
    ]
    assert cited("依照第一百三十三条之一的规定") == [("article", n(133, 1), None, None)]


def test_citations_of_other_laws() -> None:
    n = ArticleNumber
    assert cited("依照《中华人民共和国民法典》第五百条、第五百零一条") == [
        ("article", n(500), "中华人民共和国民法典", None),
        ("article", n(501), "中华人民共和国民法典", None),
    ]
    # an unquoted name: the resolver looks for a known law at the end of the text
    assert cited("人民法院应当依据民法典第一百四十六条的规定") == [
        ("article", n(146), "人民法院应当依据民法典", None),
    ]
    # 本法 / 本章 / 本节 before the number keep the citing law
    assert cited("实施本章第一百零三条、本节第五条规定之罪的") == [
        ("article", n(103), None, None),
        ("article", n(5), None, None),
    ]


def test_previous_articles_chapters_and_own_paragraphs() -> None:
    assert [(r.kind, r.count) for r in find_references("依照前条规定；有前两条情形的")] == [
        ("previous", 1),
        ("previous", 2),
    ]
    assert [r.kind for r in find_references("违反本章规定的，依照本节规定处理。")] == [
        "chapter",
        "section",
    ]
    # own paragraphs and the article itself, 本章所称 and 本章第一节 are not citations
    assert find_references("前款规定的情形，本条第二款，第三款所列，前条件") == []
    assert find_references("本章所称战时，适用本章第一节至第五节的规定") == []


# ---------------------------------------------------------------------- the per-law index

LAW = "样例法"


def sample_law() -> Law:
    return make_law(
        LAW,
        [
            ("第一条", "本法所称经营者，是指销售商品的人。", ["第一章 总则"]),
            ("第二条", "经营者应当依照本法第三条的规定履行义务。", ["第一章 总则"]),
            ("第三条", "经营者应当如实告知顾客。", ["第一章 总则"]),
            (
                "第四条",
                "依照本法第三条的规定告知，但是商业秘密除外。\n本章所称顾客，是指购买商品的人。",
                ["第一章 总则"],
            ),
            ("第五条", "除第三条规定的情形外，顾客可以退货。", ["第二章 细则"]),
            ("第六条", "平台经营者是指提供平台的经营者。顾客和经营者应当诚信。", ["第二章 细则"]),
            ("第七条", "违反本章规定的，依照前条处理。本条所称网店，是指店铺。", ["第二章 细则"]),
            ("第八条", "网店和顾客依照第九十九条和本法第八条处理。", ["第二章 细则"]),
        ],
    )


def test_links_resolve_citations_and_skip_missing_and_self() -> None:
    law = sample_law()
    index = provision_index(LawLibrary([law]), law)
    assert [c.article.article_no for c in index.links[1].cited] == ["第三条"]
    assert [c.article.article_no for c in index.links[6].cited] == ["第六条"]  # 前条
    assert index.links[6].cited_levels == ("章",)
    # 第九十九条 does not exist and 本法第八条 is the article itself
    assert index.links[7].cited == ()


def test_carve_outs_are_exception_sentences_citing_the_article() -> None:
    law = sample_law()
    index = provision_index(LawLibrary([law]), law)
    # 第四条 (…但是…除外) and 第五条 (除第三条…外) cite 第三条 from exception sentences;
    # 第二条 cites it without one
    assert index.carve_outs(2) == [3, 4]
    assert index.carve_outs(1) == []


def test_a_carve_out_needs_the_citation_in_the_exceptions_own_line() -> None:
    law = make_law(
        LAW,
        [
            ("第一条", "甲。"),
            ("第二条", "乙。"),
            # the head's 除…外 does not reach the citation in item (二); item (三)'s does
            (
                "第三条",
                "除劳动者另有要求外，有下列情形之一的，应当续订：\n（一）甲；\n"
                "（二）没有本法第一条规定的情形；\n（三）依照本法第二条，但是另有约定的除外。",
            ),
        ],
    )
    index = provision_index(LawLibrary([law]), law)
    assert index.carve_outs(0) == []
    assert index.carve_outs(1) == [2]
    head, item = index.links[2].exceptions
    assert head.sentence.text.startswith("除劳动者另有要求外") and "（三）" in head.sentence.text
    assert head.core.text == "除劳动者另有要求外，有下列情形之一的，应当续订："
    assert item.core.text == item.sentence.text == "（三）依照本法第二条，但是另有约定的除外。"


def test_definers_respect_scope_and_prefer_longest_terms() -> None:
    law = sample_law()
    index = provision_index(LawLibrary([law]), law)
    # 第三条 uses 经营者 (law-wide, 第一条) and 顾客 (本章所称 in 第四条, same chapter)
    assert index.definers(2) == [(0, "经营者"), (3, "顾客")]
    # 第六条 defines 平台经营者 itself, so its 平台经营者 does not count as 经营者; its
    # second 经营者 does, and its 顾客 does not (defined for chapter one only)
    assert index.definers(5) == [(0, "经营者")]
    # 本条所称网店 is article-scoped: 第八条's 网店 relies on nothing
    assert index.definers(7) == []


def test_a_longer_term_hides_the_shorter_inside_it() -> None:
    law = make_law(
        LAW,
        [
            ("第一条", "保险人是指保险公司。"),
            ("第二条", "被保险人是指受保障的人。"),
            ("第三条", "被保险人可以请求赔偿。"),
        ],
    )
    index = provision_index(LawLibrary([law]), law)
    assert index.definers(2) == [(1, "被保险人")]


def test_a_term_followed_by_an_agent_suffix_is_another_word() -> None:
    law = make_law(
        LAW,
        [
            ("第一条", "债权是请求特定义务人为一定行为的权利。"),
            ("第二条", "债权人可以请求履行。"),
            ("第三条", "债权可以转让。"),
        ],
    )
    index = provision_index(LawLibrary([law]), law)
    assert index.definers(1) == []
    assert index.definers(2) == [(0, "债权")]


def test_counting_terms_are_not_looked_up() -> None:
    law = make_law(LAW, [("第一条", "本法所称以上、以下，包括本数。"), ("第二条", "三人以上。")])
    index = provision_index(LawLibrary([law]), law)
    assert index.definers(1) == []


def test_group_members_are_the_nearest_of_the_chapter() -> None:
    chapter = ["第一章 总则"]
    law = make_law(
        LAW,
        [(f"第{n}条", "甲。", chapter) for n in "一二三四五六七八"]
        + [("第九条", "乙。", ["第二章 其他"])],
    )
    index = provision_index(LawLibrary([law]), law)
    assert index.group_members(3, "章", 3) == [2, 4, 1]
    assert index.group_members(7, "章", 10) == [6, 5, 4, 3, 2, 1, 0]
    assert index.group_members(8, "章", 10) == []
    assert index.group_members(3, "节", 10) == []  # no section heading


def test_cross_law_citations_resolve_only_to_loaded_laws() -> None:
    other = make_law("中华人民共和国甲法", [("第一条", "甲。"), ("第二条", "乙。")])
    law = make_law(
        LAW,
        [
            ("第一条", "依照《甲法》第二条和《乙法》第一条的规定。"),
            ("第二条", "适用中华人民共和国甲法第一条、第九条。"),
        ],
    )
    library = LawLibrary([law, other])
    index = provision_index(library, law)
    assert [(c.law.law_id, c.position) for c in index.links[0].cited] == [("中华人民共和国甲法", 1)]
    assert [(c.law.law_id, c.position) for c in index.links[1].cited] == [("中华人民共和国甲法", 0)]
    alone = provision_index(LawLibrary([law]), law)
    assert alone.links[0].cited == () and alone.links[1].cited == ()


def test_long_ranges_keep_only_their_ends() -> None:
    specs: list[Spec] = [(f"第{n}条", "甲。") for n in range(1, 40)]
    specs.append(("第40条", f"依照第一条至第{RANGE_LIMIT + 5}条和第三十条至第三十三条的规定。"))
    law = make_law(LAW, specs)
    index = provision_index(LawLibrary([law]), law)
    assert [c.position for c in index.links[39].cited] == [0, RANGE_LIMIT + 4, 29, 30, 31, 32]


def test_the_index_is_built_once_per_library_and_law() -> None:
    law = sample_law()
    library = LawLibrary([law])
    assert provision_index(library, law) is provision_index(library, law)
    assert provision_index(LawLibrary([law]), law) is not provision_index(library, law)


# ---------------------------------------------------------------------- real laws


def test_real_definitions_and_citations(shared_laws: Path) -> None:
    library = real_library(shared_laws)
    _, insurance = library.article("第十条", "保险法")
    assert [d.terms for d in find_definitions(insurance.text)] == [
        ("保险合同",),
        ("投保人",),
        ("保险人",),
    ]
    code, heirs = library.article("第一千一百二十七条", "民法典")
    assert {d.scope for d in find_definitions(heirs.text)} == {"编"}
    index = provision_index(library, code)
    # 继承编's 子女 counts in 继承编, not in 婚姻家庭编
    succession = library.article("第一千一百二十八条", "民法典")[1]
    family = library.article("第一千零六十七条", "民法典")[1]
    assert "子女" in succession.text and "子女" in family.text
    assert (index.position(heirs), "子女") in index.definers(index.position(succession))
    assert index.position(heirs) not in dict(index.definers(index.position(family)))


def test_real_cross_law_and_range_citations(shared_laws: Path) -> None:
    library = real_library(shared_laws)
    guarantee = library.law("最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释")
    index = provision_index(library, guarantee)
    _, article = library.article("第三十条", guarantee)
    assert [c.article.article_id for c in index.links[index.position(article)].cited] == [
        "中华人民共和国民法典#第四百二十三条"
    ]
    criminal = library.law("刑法")
    index = provision_index(library, criminal)
    _, article = library.article("第一百五十条", criminal)
    numbers = [c.article.article_no for c in index.links[index.position(article)].cited]
    assert numbers[0] == "第一百四十条" and numbers[-1] == "第一百四十八条"
    assert "第一百四十二条之一" in numbers and len(numbers) == 10


def test_every_real_same_law_citation_resolves(shared_laws: Path) -> None:
    library = real_library(shared_laws)
    for law in library:
        for article in law.articles:
            for reference in find_references(article.text):
                if reference.kind == "article" and reference.law_name is None:
                    assert reference.number is not None
                    assert library.article_in(law, reference.number) is not None, article
