"""GetLaw: reading a law's metadata and text by chapter, section, span or ids, on
hand-built laws, generated laws (properties) and the real laws folder."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.errors import InputError
from contract_review.laws import (
    Article,
    ArticleNumber,
    Law,
    LawMetadata,
    format_article_no,
    load_law_folder,
)
from contract_review.laws.law_headings import chapter_heading, chapter_path, section_heading
from contract_review.laws.law_library import LawLibrary
from contract_review.laws.law_reading import get_law, get_law_from_cli
from contract_review.laws.law_reading_models import ChapterText, GetLawInput, GetLawOutput

# ---------------------------------------------------------------------- helpers

Block = tuple[list[str], int]


def make_law(
    law_id: str,
    blocks: Sequence[Block],
    *,
    subs: Sequence[bool] = (),
    metadata: LawMetadata | None = None,
) -> Law:
    """A law whose articles come in ``blocks`` of (headings, how many), numbered from
    第一条 on; where ``subs[k]`` is true article k is a 之X article of the one before."""
    articles: list[Article] = []
    number = ArticleNumber(0)
    k = 0
    for path, count in blocks:
        for _ in range(count):
            if k < len(subs) and subs[k] and articles:
                number = ArticleNumber(number.n, number.sub + 1)
            else:
                number = ArticleNumber(number.n + 1)
            article_no = format_article_no(number)
            articles.append(
                Article(
                    article_id=f"{law_id}#{article_no}",
                    article_no=article_no,
                    number=number,
                    path=list(path),
                    text=f"{article_no}的正文。\n第二款。",
                )
            )
            k += 1
    return Law(
        law_id=law_id,
        title=law_id,
        metadata=metadata or LawMetadata(),
        articles=articles,
    )


SAMPLE_META = LawMetadata(
    issuing_authority="全国人民代表大会常务委员会",
    law_level="法律",
    status="现行有效",
    effective_date=datetime.date(2008, 1, 1),
    revised_date=datetime.date(2012, 12, 28),
    tags=["劳动"],
)

#: 第一条-第二条 总则; 第三条-第四条 第二章; 第五条-第七条 第三章 第一节, 第八条 第二节;
#: 第九条 附则 (unnumbered).
SAMPLE = make_law(
    "中华人民共和国样例法",
    [
        (["第一章 总 则"], 2),
        (["第二章 合同的订立"], 2),
        (["第三章 特别规定", "第一节 集体合同"], 3),
        (["第三章 特别规定", "第二节 劳务派遣"], 1),
        (["附则"], 1),
    ],
    metadata=SAMPLE_META,
)

#: Two parts numbering their chapters anew, like the Civil Code.
CODE = make_law(
    "中华人民共和国样例典",
    [
        (["总则", "第一章 基本规定"], 2),
        (["总则", "第二章 自然人", "第一节 民事权利能力"], 2),
        (["合同编", "第一分编 通则", "第一章 一般规定"], 2),
        (["合同编", "第一分编 通则", "第二章 合同的订立"], 1),
        (["合同编", "第二分编 典型合同", "第三章 买卖合同", "第一节 一般规定"], 2),
    ],
)

#: No headings at all, and a 之一 article.
FLAT = make_law("某司法解释", [([], 5)], subs=[False, False, False, True, False])

LIBRARY = LawLibrary([SAMPLE, CODE, FLAT])


def read(library: LawLibrary = LIBRARY, **request: Any) -> GetLawOutput:
    return get_law(library, request)


def numbers(output: GetLawOutput) -> list[str]:
    """The article numbers of a structured output, in order."""
    assert isinstance(output.text, list)
    return [article.article_no for group in output.text for article in group.articles]


def cn(numbers_: Sequence[int]) -> list[str]:
    return [format_article_no(n) for n in numbers_]


def error(**request: Any) -> str:
    with pytest.raises(InputError) as caught:
        read(**request)
    return str(caught.value)


# ---------------------------------------------------------------------- output shape


def test_the_whole_law_in_the_seed_shape() -> None:
    output = read(law_id="样例法")
    data = output.model_dump(mode="json")
    assert data["law_id"] == "中华人民共和国样例法"
    assert data["law_title"] == "中华人民共和国样例法"
    assert data["status"] == "现行有效"
    assert data["meta"] == {
        "issuing_authority": "全国人民代表大会常务委员会",
        "law_level": "法律",
        "effective_date": "2008-01-01",
        "revised_date": "2012-12-28",
        "tags": ["劳动"],
    }
    chapters = [(group["chapter"], len(group["articles"])) for group in data["text"]]
    assert chapters == [
        ("第一章 总 则", 2),
        ("第二章 合同的订立", 2),
        ("第三章 特别规定", 4),
        ("附则", 1),
    ]
    first = data["text"][0]["articles"][0]
    assert first == {
        "article_id": "中华人民共和国样例法#第一条",
        "article_no": "第一条",
        "section": None,
        "text": "第一条的正文。\n第二款。",
    }
    sections = [a["section"] for a in data["text"][2]["articles"]]
    assert sections == ["第一节 集体合同"] * 3 + ["第二节 劳务派遣"]


def test_chapters_keep_their_path_and_articles_without_one_go_under_an_empty_chapter() -> None:
    output = read(law_id="中华人民共和国样例典")
    assert isinstance(output.text, list)
    assert [(g.chapter, g.path) for g in output.text] == [
        ("第一章 基本规定", ["总则", "第一章 基本规定"]),
        ("第二章 自然人", ["总则", "第二章 自然人"]),
        ("第一章 一般规定", ["合同编", "第一分编 通则", "第一章 一般规定"]),
        ("第二章 合同的订立", ["合同编", "第一分编 通则", "第二章 合同的订立"]),
        ("第三章 买卖合同", ["合同编", "第二分编 典型合同", "第三章 买卖合同"]),
    ]
    flat = read(law_id="某司法解释")
    assert flat.text == [
        ChapterText.model_validate(
            {
                "chapter": "",
                "path": [],
                "articles": [
                    {"article_id": a.article_id, "article_no": a.article_no, "text": a.text}
                    for a in FLAT.articles
                ],
            }
        )
    ]


def test_fields_choose_meta_and_text() -> None:
    only_meta = read(law_id="样例法", fields=["meta"])
    assert only_meta.meta is not None and only_meta.text is None
    only_text = read(law_id="样例法", fields=["text"])
    assert only_text.meta is None and only_text.text is not None
    neither = read(law_id="样例法", fields=[])
    assert neither.meta is None and neither.text is None
    assert neither.status == "现行有效"


def test_plain_text_puts_the_changed_headings_between_the_articles() -> None:
    output = read(
        law_id="样例法", range={"type": "articles", "value": "第四条-第八条"}, format="plain"
    )
    assert output.text == "\n".join(
        [
            "第二章 合同的订立",
            "第四条 第四条的正文。",
            "第二款。",
            "",
            "第三章 特别规定",
            "第一节 集体合同",
            "第五条 第五条的正文。",
            "第二款。",
            "第六条 第六条的正文。",
            "第二款。",
            "第七条 第七条的正文。",
            "第二款。",
            "",
            "第二节 劳务派遣",
            "第八条 第八条的正文。",
            "第二款。",
        ]
    )
    flat = read(law_id="某司法解释", format="plain", range={"type": "articles", "value": "第1条"})
    assert flat.text == "第一条 第一条的正文。\n第二款。"


def test_the_headings_of_an_article() -> None:
    code_article = CODE.articles[-1]
    assert chapter_path(code_article) == ["合同编", "第二分编 典型合同", "第三章 买卖合同"]
    assert chapter_heading(code_article) == "第三章 买卖合同"
    assert section_heading(code_article) == "第一节 一般规定"
    closing = SAMPLE.articles[-1]
    assert (chapter_path(closing), chapter_heading(closing), section_heading(closing)) == (
        ["附则"],
        "附则",
        None,
    )
    assert (chapter_path(FLAT.articles[0]), chapter_heading(FLAT.articles[0])) == ([], "")


# ---------------------------------------------------------------------- chapters and sections


@pytest.mark.parametrize(
    "value",
    [
        "第三章",
        "第3章",
        "第三章 特别规定",
        "第三章特别规定",
        " 特别规定 ",
        ["第三章"],
        "第三章/",
    ],
)
def test_a_chapter_by_number_heading_or_title(value: Any) -> None:
    output = read(law_id="样例法", range={"type": "chapter", "value": value})
    assert numbers(output) == cn(range(5, 9))


def test_a_heading_without_a_number_is_a_chapter_too() -> None:
    output = read(law_id="样例法", range={"type": "chapter", "value": "附则"})
    assert numbers(output) == ["第九条"]


def test_a_repeated_chapter_number_is_ambiguous_until_qualified() -> None:
    message = error(law_id="样例典", range={"type": "chapter", "value": "第一章"})
    assert "'第一章' names 2 chapters of 中华人民共和国样例典" in message
    assert "总则/第一章 基本规定; 合同编/第一分编 通则/第一章 一般规定" in message
    assert "e.g. '总则/第一章'" in message
    for value in (
        "合同编/第一章",
        ["合同编", "第一章"],
        "合同编/第一分编/第一章",
        "合同编／一般规定",
    ):
        output = read(law_id="样例典", range={"type": "chapter", "value": value})
        assert numbers(output) == cn([5, 6]), value
    assert numbers(read(law_id="样例典", range={"type": "chapter", "value": "基本规定"})) == cn(
        [1, 2]
    )


def test_sections() -> None:
    for value in ("第二节", "劳务派遣", "第三章/第二节", ["第三章 特别规定", "第二节 劳务派遣"]):
        output = read(law_id="样例法", range={"type": "section", "value": value})
        assert numbers(output) == ["第八条"], value
    message = error(law_id="样例典", range={"type": "section", "value": "第一节"})
    assert "names 2 sections" in message and "e.g. '总则/第一节'" in message
    output = read(law_id="样例典", range={"type": "section", "value": "合同编/第三章/第一节"})
    assert numbers(output) == cn([8, 9])


def test_an_unknown_chapter_lists_the_chapters() -> None:
    message = error(law_id="样例法", range={"type": "chapter", "value": "第九章"})
    assert message.startswith("range.value: 中华人民共和国样例法 has no chapter (章) '第九章'")
    assert "第一章 总 则; 第二章 合同的订立; 第三章 特别规定; 附则" in message
    message = error(law_id="样例法", range={"type": "section", "value": "第三节"})
    assert (
        "has no section (节) '第三节'; its sections are: 第三章 特别规定/第一节 集体合同" in message
    )
    # a qualifier that fits no heading above the chapter
    assert "has no chapter" in error(
        law_id="样例典", range={"type": "chapter", "value": "物权编/第一章"}
    )


def test_a_law_without_chapters() -> None:
    message = error(law_id="某司法解释", range={"type": "chapter", "value": "第一章"})
    assert "某司法解释 has no chapters (章); read it with range type" in message


@pytest.mark.parametrize("kind", ["chapter", "section"])
@pytest.mark.parametrize("value", [None, "", [], " / ", {"start": "第一条"}])
def test_a_chapter_or_section_range_needs_a_name(kind: str, value: Any) -> None:
    message = error(law_id="样例法", range={"type": kind, "value": value})
    assert message.startswith(f"range.value: range type {kind!r} needs the")


# ---------------------------------------------------------------------- spans


@pytest.mark.parametrize(
    "value",
    [
        {"start": "第三条", "end": "第六条"},
        "第三条-第六条",
        "第三条 至 第六条",
        "第3条～第6条",
        "第三条—第六条",
        ["第三条", "第六条"],
        ["中华人民共和国样例法#第三条", "第六条"],
    ],
)
def test_a_span_of_articles(value: Any) -> None:
    output = read(law_id="样例法", range={"type": "articles", "value": value})
    assert numbers(output) == cn(range(3, 7))


def test_open_ended_and_single_article_spans() -> None:
    def span(value: Any) -> list[str]:
        return numbers(read(law_id="样例法", range={"type": "articles", "value": value}))

    assert span({"start": "第八条"}) == cn([8, 9])
    assert span({"end": "第二条"}) == cn([1, 2])
    assert span({}) == cn(range(1, 10))
    assert span("第八条-") == cn([8, 9])
    assert span("第五条") == ["第五条"]


def test_a_span_includes_the_zhi_articles_within_it() -> None:
    output = read(law_id="某司法解释", range={"type": "articles", "value": "第三条-第四条"})
    assert numbers(output) == ["第三条", "第三条之一", "第四条"]
    output = read(law_id="某司法解释", range={"type": "articles", "value": "第三条之一-第四条"})
    assert numbers(output) == ["第三条之一", "第四条"]


def test_span_errors() -> None:
    message = error(law_id="样例法", range={"type": "articles", "value": "第六条-第三条"})
    assert message == (
        "range.value: the span starts at 第六条, after its end 第三条; give the earlier "
        "article as start"
    )
    message = error(law_id="样例法", range={"type": "articles", "value": "第三条-第二十条"})
    assert message == (
        "range.value.end: 中华人民共和国样例法 has no 第二十条 (its articles run from 第一条 "
        "to 第九条)"
    )
    assert error(law_id="样例法", range={"type": "articles"}).startswith(
        "range.value: range type 'articles' needs the span"
    )
    assert "takes two items" in error(
        law_id="样例法", range={"type": "articles", "value": ["第一条"]}
    )
    assert "is not an article number" in error(
        law_id="样例法", range={"type": "articles", "value": "第三款-第五条"}
    )
    assert "is not a span of articles" in error(
        law_id="样例法", range={"type": "articles", "value": "第一条-第二条-第三条"}
    )
    message = error(law_id="样例法", range={"type": "articles", "value": "样例典#第一条-第二条"})
    assert message == (
        "range.value.start: '样例典#第一条' is an article of 中华人民共和国样例典, "
        "not of 中华人民共和国样例法"
    )


# ---------------------------------------------------------------------- article ids


def test_article_ids_come_back_once_in_law_order() -> None:
    ids = ["第七条", "中华人民共和国样例法#第二条", "第7条", "2", "样例法#第九条"]
    assert numbers(read(law_id="样例法", article_ids=ids)) == cn([2, 7, 9])
    assert numbers(
        read(
            law_id="样例法", range={"type": "article_ids", "value": ids[:2]}, article_ids=["第一条"]
        )
    ) == cn([1, 2, 7])
    assert numbers(
        read(law_id="样例法", range={"type": "article_ids", "value": "第三条，第一条、第二条"})
    ) == cn([1, 2, 3])
    # an empty list (as an LLM may send) is no selection, nor is the seed's empty value
    assert numbers(read(law_id="样例法", article_ids=[])) == cn(range(1, 10))
    assert numbers(read(law_id="样例法", range={"type": "all", "value": {}})) == cn(range(1, 10))


def test_article_id_errors() -> None:
    assert error(law_id="样例法", article_ids=["第十条"]) == (
        "article_ids: 中华人民共和国样例法 has no 第十条 (its articles run from 第一条 to 第九条)"
    )
    assert error(law_id="样例法", article_ids=["中华人民共和国样例典#第一条"]) == (
        "article_ids: '中华人民共和国样例典#第一条' is an article of 中华人民共和国样例典, "
        "not of 中华人民共和国样例法"
    )
    assert error(law_id="样例法", range={"type": "article_ids", "value": ["第零条"]}).startswith(
        "range.value: "
    )
    assert error(law_id="样例法", range={"type": "article_ids"}).startswith(
        "range.value: range type 'article_ids' needs the articles"
    )
    assert "not a span" in error(
        law_id="样例法", range={"type": "article_ids", "value": {"start": "第一条"}}
    )
    message = error(
        law_id="样例法", article_ids=["第一条"], range={"type": "chapter", "value": "第一章"}
    )
    assert message.startswith(
        "article_ids: the listed articles cannot be combined with range type 'chapter'"
    )


# ---------------------------------------------------------------------- input errors


def test_input_errors_name_the_input() -> None:
    assert error(law_id="不存在法").startswith("law_id: no law named '不存在法'")
    assert error(law_id="样例法", range={"type": "all", "value": "第一章"}).startswith(
        "range.value: range type 'all' takes no value"
    )
    assert "range.type" in error(law_id="样例法", range={"type": "book", "value": "x"})
    assert "fields.0" in error(law_id="样例法", fields=["body"])
    assert "format" in error(law_id="样例法", format="html")
    assert "law_id" in error(law_id="")
    assert "range.value" in error(law_id="样例法", range={"type": "chapter", "value": 4})
    assert "extra" in error(law_id="样例法", scope="all").lower()


def test_the_input_schema_and_its_round_trip() -> None:
    schema = GetLawInput.model_json_schema()
    assert set(schema["properties"]) == {"law_id", "article_ids", "fields", "range", "format"}
    assert "合同编/第一章" in str(schema)
    request = GetLawInput.model_validate(
        {"law_id": "样例法", "range": {"type": "articles", "value": {"start": "第二条"}}}
    )
    assert GetLawInput.model_validate(request.model_dump()) == request
    assert request.fields == ["meta", "text"]
    assert get_law(LIBRARY, request) == read(
        law_id="样例法", range={"type": "articles", "value": {"start": "第二条"}}
    )


def test_get_law_from_cli_options() -> None:
    output = get_law_from_cli(
        LIBRARY,
        law="样例法",
        range_type="article_ids",
        value="第一条,第三条",
        fields=["text"],
        text_format="structured",
    )
    assert numbers(output) == cn([1, 3]) and output.meta is None
    with pytest.raises(InputError, match=r"range\.value"):
        get_law_from_cli(
            LIBRARY, law="样例法", range_type="chapter", value=None, fields=[], text_format="plain"
        )


# ---------------------------------------------------------------------- properties


@st.composite
def generated_laws(draw: st.DrawFn) -> Law:
    """A law with optional parts (each numbering its chapters from 第一章), chapters with
    or without sections, optional articles before the first chapter, and 之X articles."""
    blocks: list[Block] = []
    if draw(st.booleans()):
        blocks.append(([], draw(st.integers(1, 3))))
    part_count = draw(st.integers(0, 3))
    for p in range(max(part_count, 1)):
        part = [f"第{int_to_chinese(p + 1)}编 编{p}"] if part_count else []
        for c in range(draw(st.integers(1, 3))):
            chapter = f"第{int_to_chinese(c + 1)}章 章{p}{c}"
            section_count = draw(st.integers(0, 3))
            if not section_count:
                blocks.append(([*part, chapter], draw(st.integers(1, 4))))
            for s in range(section_count):
                section = f"第{int_to_chinese(s + 1)}节 节{p}{c}{s}"
                blocks.append(([*part, chapter, section], draw(st.integers(1, 3))))
    total = sum(count for _, count in blocks)
    subs = draw(st.lists(st.booleans(), min_size=total, max_size=total))
    return make_law("生成法", blocks, subs=subs)


def _chapter_of(article: Article) -> tuple[str, ...] | None:
    """The test's own reading of an article's chapter: its path through the 章."""
    for i, heading in enumerate(article.path):
        if heading.startswith("第") and heading.split()[0].endswith("章"):
            return tuple(article.path[: i + 1])
    return None


@given(law=generated_laws(), data=st.data())
def test_a_span_returns_exactly_the_articles_between_its_ends(
    law: Law, data: st.DataObject
) -> None:
    library = LawLibrary([law])
    last = len(law.articles) - 1
    i = data.draw(st.integers(0, last))
    j = data.draw(st.integers(i, last))
    start, end = law.articles[i], law.articles[j]
    output = get_law(
        library,
        {
            "law_id": "生成法",
            "range": {"type": "articles", "value": [start.article_no, end.article_no]},
        },
    )
    expected = [a.article_no for a in law.articles if start.number <= a.number <= end.number]
    assert numbers(output) == expected == [a.article_no for a in law.articles[i : j + 1]]
    if i < j:
        with pytest.raises(InputError, match="after its end"):
            get_law(
                library,
                {
                    "law_id": "生成法",
                    "range": {"type": "articles", "value": f"{end.article_no}-{start.article_no}"},
                },
            )


@given(law=generated_laws())
def test_chapter_ranges_partition_the_articles_in_chapters(law: Law) -> None:
    library = LawLibrary([law])
    expected: dict[tuple[str, ...], list[str]] = {}
    for article in law.articles:
        chapter = _chapter_of(article)
        if chapter is not None:
            expected.setdefault(chapter, []).append(article.article_id)
    seen: list[str] = []
    for chapter, ids in expected.items():
        output = get_law(
            library, {"law_id": "生成法", "range": {"type": "chapter", "value": list(chapter)}}
        )
        assert isinstance(output.text, list) and len(output.text) == 1
        assert output.text[0].path == list(chapter)
        assert [a.article_id for a in output.text[0].articles] == ids
        seen.extend(ids)
    in_chapters = [a.article_id for a in law.articles if _chapter_of(a) is not None]
    assert seen == in_chapters  # disjoint, complete and in law order
    # an unqualified number is ambiguous exactly when several parts have that chapter
    first_chapters = [chapter for chapter in expected if chapter[-1].startswith("第一章")]
    request = {"law_id": "生成法", "range": {"type": "chapter", "value": "第一章"}}
    if len(first_chapters) > 1:
        with pytest.raises(InputError, match=f"names {len(first_chapters)} chapters"):
            get_law(library, request)
    else:
        assert numbers(get_law(library, request)) == [
            a.article_no for a in law.articles if _chapter_of(a) == first_chapters[0]
        ]


@given(law=generated_laws(), data=st.data())
def test_article_ids_return_the_listed_articles_in_law_order(law: Law, data: st.DataObject) -> None:
    chosen = data.draw(st.lists(st.sampled_from(law.articles), max_size=8))
    references = [
        data.draw(st.sampled_from([article.article_id, article.article_no])) for article in chosen
    ]
    output = get_law(
        LawLibrary([law]),
        {"law_id": "生成法", "range": {"type": "article_ids", "value": references or ["第一条"]}},
    )
    wanted = {a.article_id for a in chosen} or {law.articles[0].article_id}
    assert numbers(output) == [a.article_no for a in law.articles if a.article_id in wanted]


@given(law=generated_laws())
def test_the_whole_law_comes_back_in_order_in_both_formats(law: Law) -> None:
    library = LawLibrary([law])
    structured = get_law(library, {"law_id": "生成法"})
    assert numbers(structured) == [a.article_no for a in law.articles]
    assert isinstance(structured.text, list)
    for group in structured.text:
        assert all(a.article_id.startswith("生成法#") for a in group.articles)
    plain = get_law(library, {"law_id": "生成法", "format": "plain"})
    assert isinstance(plain.text, str)
    starts = [
        line.split()[0]
        for line in plain.text.splitlines()
        if line.startswith("第") and "条" in line.split()[0]
    ]
    assert starts == [a.article_no for a in law.articles]


# ---------------------------------------------------------------------- the real laws


@functools.cache
def _real_library(folder: Path) -> LawLibrary:
    return LawLibrary(load_law_folder(folder))


@pytest.fixture
def real(shared_laws: Path) -> LawLibrary:
    return _real_library(shared_laws)


def test_labour_contract_law_chapter_four(real: LawLibrary) -> None:
    output = get_law(
        real, {"law_id": "劳动合同法", "range": {"type": "chapter", "value": "第四章"}}
    )
    assert output.law_id == "中华人民共和国劳动合同法"
    assert output.status == "现行有效"
    assert output.meta is not None and output.meta.law_level == "法律"
    assert isinstance(output.text, list) and len(output.text) == 1
    assert output.text[0].chapter == "第四章 劳动合同的解除和终止"
    assert [a.article_id for a in output.text[0].articles] == [
        f"中华人民共和国劳动合同法#{no}"
        for no in [
            "第三十六条",
            "第三十七条",
            "第三十八条",
            "第三十九条",
            "第四十条",
            "第四十一条",
            "第四十二条",
            "第四十三条",
            "第四十四条",
            "第四十五条",
            "第四十六条",
            "第四十七条",
            "第四十八条",
            "第四十九条",
            "第五十条",
        ]
    ]
    assert output.text[0].articles[0].text == "用人单位与劳动者协商一致，可以解除劳动合同。"
    for value in ("第四章 劳动合同的解除和终止", "劳动合同的解除和终止", "第4章"):
        same = get_law(real, {"law_id": "劳动合同法", "range": {"type": "chapter", "value": value}})
        assert same == output


def test_civil_code_chapters_need_their_part(real: LawLibrary) -> None:
    with pytest.raises(InputError) as caught:
        get_law(real, {"law_id": "民法典", "range": {"type": "chapter", "value": "第一章"}})
    message = str(caught.value)
    assert "names 7 chapters of 中华人民共和国民法典" in message
    assert "合同编/第一分编 通则/第一章 一般规定" in message
    output = get_law(
        real, {"law_id": "民法典", "range": {"type": "chapter", "value": "合同编/第一章"}}
    )
    assert isinstance(output.text, list)
    assert output.text[0].path == ["合同编", "第一分编 通则", "第一章 一般规定"]
    assert numbers(output) == cn(range(463, 469))
    output = get_law(
        real, {"law_id": "民法典", "range": {"type": "section", "value": "总则/第六章/第三节"}}
    )
    assert numbers(output) == cn(range(143, 158))
    assert isinstance(output.text, list)
    assert output.text[0].chapter == "第六章 民事法律行为"
    assert output.text[0].articles[0].section == "第三节 民事法律行为的效力"


def test_real_sections_and_unnumbered_chapters(real: LawLibrary) -> None:
    def read_real(law_id: str, kind: str, value: str) -> list[str]:
        return numbers(get_law(real, {"law_id": law_id, "range": {"type": kind, "value": value}}))

    assert read_real("劳动合同法", "section", "劳务派遣") == cn(range(57, 68))
    assert read_real("行政许可法", "section", "第四章/第三节") == cn(range(42, 46))
    assert read_real("刑法", "chapter", "附则") == ["第四百五十二条"]
    assert read_real(
        "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释", "chapter", "关于保证合同"
    ) == cn(range(25, 37))
    with pytest.raises(InputError, match="names 5 sections of 中华人民共和国刑法"):
        read_real("刑法", "section", "第一节")


def test_every_real_chapter_reads_back_alone(real: LawLibrary) -> None:
    for law in real:
        whole = get_law(real, {"law_id": law.law_id, "fields": ["text"]})
        assert numbers(whole) == [a.article_no for a in law.articles], law.law_id
        assert isinstance(whole.text, list)
        for group in whole.text:
            if not group.chapter:
                continue
            part = get_law(
                real, {"law_id": law.law_id, "range": {"type": "chapter", "value": group.path}}
            )
            assert part.text == [group], (law.law_id, group.path)


def test_a_real_law_as_plain_text(real: LawLibrary) -> None:
    output = get_law(
        real,
        {
            "law_id": "民法典",
            "range": {"type": "articles", "value": "第四百六十三条-第四百六十四条"},
            "format": "plain",
        },
    )
    assert isinstance(output.text, str)
    assert output.text.splitlines()[:4] == [
        "合同编",
        "第一分编 通则",
        "第一章 一般规定",
        "第四百六十三条 本编调整因合同产生的民事关系。",
    ]
