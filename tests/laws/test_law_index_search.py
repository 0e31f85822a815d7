"""The law index and HybridSearch on a small hand-written library: law names, saving
and reopening without re-embedding, meta_filter (property tests), snippets and errors."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.errors import InputError, SearchIndexError
from contract_review.laws.law_filters import MetaFilter, parse_meta_filter
from contract_review.laws.law_index import LawIndex, build_law_index
from contract_review.laws.law_library import LawLibrary, LawNotFoundError
from contract_review.laws.law_models import Law
from contract_review.laws.law_search import HybridSearchInput, hybrid_search
from contract_review.testing.fake_embedder import HashingEmbedder
from contract_review.testing.law_builders import make_law


def law(title: str, articles: dict[str, str], *, law_id: str | None = None, **meta: Any) -> Law:
    meta.setdefault("law_level", "法律")
    return make_law(
        law_id or title, list(articles.items()), title=title, path=["第一章 总则"], **meta
    )


LAWS = [
    law(
        "中华人民共和国劳动合同法",
        {
            "第十九条": "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。",
            "第二十一条": "在试用期中，除劳动者有本法第三十九条规定的情形外，用人单位不得解除劳动合同。"
            "用人单位在试用期解除劳动合同的，应当向劳动者说明理由。",
            "第三十九条": "劳动者在试用期间被证明不符合录用条件的，用人单位可以解除劳动合同。",
        },
        effective_date="2013-07-01",
        issuing_authority="全国人民代表大会常务委员会",
        tags=["劳动"],
    ),
    law(
        "中华人民共和国民法典",
        {
            "第五百八十六条": "当事人可以约定一方向对方给付定金作为债权的担保。定金合同自实际交付定金时成立。",
            "第五百八十七条": "债务人履行债务的，定金应当抵作价款或者收回。",
        },
        effective_date="2021-01-01",
        issuing_authority="全国人民代表大会",
    ),
    law(
        "最高人民法院关于审理劳动争议案件适用法律问题的解释",
        {
            "第一条": "劳动者与用人单位在履行劳动合同过程中发生的纠纷，属于劳动争议。",
            "第二条": "用人单位在试用期内解除劳动合同发生的纠纷，人民法院应予受理。",
        },
        law_level="司法解释",
        effective_date="2021-01-01",
        issuing_authority="最高人民法院",
    ),
    law(
        "中华人民共和国劳动合同法",
        {"第十九条": "劳动合同期限一年以上的，试用期不得超过两个月。"},
        effective_date="2008-01-01",
        law_id="中华人民共和国劳动合同法@2007-06-29",
    ),
]


@pytest.fixture(scope="module")
def law_index() -> LawIndex:
    return build_law_index(LAWS, embedder=HashingEmbedder(), show_progress=False)


def ids(output: object) -> list[str]:
    return [hit.article_id for hit in output.results]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- names


def test_law_names_with_and_without_the_country_prefix() -> None:
    library = LawLibrary(LAWS[:3])
    for name in ("中华人民共和国民法典", "民法典", "《民法典》", " 民法典 "):
        assert library.law(name).law_id == "中华人民共和国民法典"


def test_a_title_with_several_versions_names_the_latest_unless_the_id_is_given() -> None:
    versions = [
        LAWS[0].model_copy(update={"version_date": datetime.date(2012, 12, 28)}),
        LAWS[3].model_copy(update={"version_date": datetime.date(2007, 6, 29)}),
    ]
    library = LawLibrary(versions)
    assert library.law("劳动合同法").law_id == "中华人民共和国劳动合同法"
    assert (
        library.law("中华人民共和国劳动合同法@2007-06-29")
        .articles[0]
        .text.startswith("劳动合同期限一年")
    )


def test_articles_by_number_in_any_form_and_by_id() -> None:
    library = LawLibrary(LAWS[:3])
    assert library.article("第二十一条", "劳动合同法")[1].article_no == "第二十一条"
    assert library.article("21", "劳动合同法")[1].article_no == "第二十一条"
    assert library.article("第21条", "劳动合同法")[1].article_no == "第二十一条"
    law, article = library.article("中华人民共和国民法典#第五百八十六条")
    assert (law.law_id, article.article_no) == ("中华人民共和国民法典", "第五百八十六条")


def test_unknown_laws_and_articles_are_named_in_the_error() -> None:
    library = LawLibrary(LAWS[:3])
    with pytest.raises(LawNotFoundError, match="劳动法典") as caught:
        library.law("劳动法典")
    assert "did you mean" in str(caught.value)
    with pytest.raises(
        LawNotFoundError, match=r"has no 第九十九条 \(its articles run from 第十九条"
    ):
        library.article("第九十九条", "劳动合同法")
    with pytest.raises(InputError, match="not an article number"):
        library.article("第X条", "劳动合同法")
    with pytest.raises(LawNotFoundError, match="give the law"):
        library.article("第十九条")


# ---------------------------------------------------------------------- index


def test_build_save_and_reopen_without_re_embedding(law_index: LawIndex, tmp_path: Path) -> None:
    law_index.save(tmp_path / "laws")
    embedder = HashingEmbedder()
    reopened = LawIndex.load(tmp_path / "laws", embedder=embedder)
    assert embedder.calls == []
    assert [law.law_id for law in reopened.library] == [law.law_id for law in LAWS]
    assert reopened.library.article_count == 8
    request = HybridSearchInput(query="试用期内解除劳动合同", top_k=5)
    assert hybrid_search(reopened, request) == hybrid_search(law_index, request)
    assert [kind for kind, _ in embedder.calls] == ["query"]
    assert LawIndex.load_library(tmp_path / "laws").article_count == 8


def test_saving_over_something_else_is_refused_and_keeps_it(
    law_index: LawIndex, tmp_path: Path
) -> None:
    target = tmp_path / "notes"
    target.mkdir()
    (target / "mine.txt").write_text("keep me", "utf-8")
    with pytest.raises(SearchIndexError, match="not a law index"):
        law_index.save(target)
    assert (target / "mine.txt").read_text("utf-8") == "keep me"


def test_opening_a_missing_or_foreign_directory_says_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(SearchIndexError, match="law index not found"):
        LawIndex.load(tmp_path / "nowhere")
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "index.json").write_text("{}", "utf-8")
    with pytest.raises(SearchIndexError, match="plain search index"):
        LawIndex.load_library(tmp_path / "plain")


def test_an_index_of_laws_without_articles_is_refused() -> None:
    empty = Law(law_id="空法", title="空法")
    with pytest.raises(InputError, match="no article to index"):
        build_law_index([empty], embedder=None)


# ---------------------------------------------------------------------- search


def test_search_returns_the_seed_fields_with_a_snippet_of_the_match(law_index: LawIndex) -> None:
    output = hybrid_search(
        law_index, HybridSearchInput(query="试用期 解除劳动合同 说明理由", top_k=3)
    )
    top = output.results[0]
    assert top.article_id == "中华人民共和国劳动合同法#第二十一条"
    assert (top.law_id, top.law_title, top.article_no) == (
        "中华人民共和国劳动合同法",
        "中华人民共和国劳动合同法",
        "第二十一条",
    )
    assert "说明理由" in top.snippet and top.snippet in LAWS[0].articles[1].text.replace("\n", "")
    assert set(top.match_type) <= {"bm25", "vector"} and top.match_type
    assert set(output.model_dump()["results"][0]) == {
        "law_id",
        "law_title",
        "article_id",
        "article_no",
        "snippet",
        "score",
        "match_type",
    }


def test_bm25_only_and_vector_only(law_index: LawIndex) -> None:
    bm25 = hybrid_search(law_index, HybridSearchInput(query="定金", use_vector=False, top_k=3))
    assert all(hit.match_type == ["bm25"] for hit in bm25.results)
    assert ids(bm25)[0].startswith("中华人民共和国民法典#")
    vector = hybrid_search(law_index, HybridSearchInput(query="定金", use_bm25=False, top_k=3))
    assert all("vector" in hit.match_type for hit in vector.results)
    with pytest.raises(InputError, match="both false"):
        hybrid_search(law_index, HybridSearchInput(query="定金", use_bm25=False, use_vector=False))


def test_law_level_filter_keeps_only_that_level(law_index: LawIndex) -> None:
    request = HybridSearchInput(
        query="试用期内解除劳动合同", meta_filter=MetaFilter(law_level=["司法解释"])
    )
    found = ids(hybrid_search(law_index, request))
    assert found and all(i.startswith("最高人民法院") for i in found)


def test_unknown_filter_fields_and_bad_dates_are_named() -> None:
    with pytest.raises(InputError, match=r"no field 'level'.*law_level"):
        parse_meta_filter({"level": ["法律"]})
    with pytest.raises(InputError, match=r"date_range\.start"):
        parse_meta_filter({"date_range": {"start": "2020-13-01"}})
    with pytest.raises(InputError, match="after end"):
        parse_meta_filter({"date_range": {"start": "2021-01-01", "end": "2020-01-01"}})
    with pytest.raises(InputError, match="empty list"):
        MetaFilter(status=[]).field_filters()


LEVELS = st.lists(st.sampled_from(["法律", "司法解释", "行政法规"]), min_size=1, unique=True)
DATES = st.dates(min_value=datetime.date(2000, 1, 1), max_value=datetime.date(2030, 1, 1))
QUERIES = st.sampled_from(
    ["试用期内解除劳动合同", "定金", "劳动争议 纠纷", "债务 履行", "录用条件"]
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=QUERIES, levels=LEVELS, top_k=st.integers(1, 10))
def test_property_level_filter_never_leaks(
    law_index: LawIndex, query: str, levels: list[str], top_k: int
) -> None:
    request = HybridSearchInput(query=query, top_k=top_k, meta_filter=MetaFilter(law_level=levels))
    results = hybrid_search(law_index, request).results
    assert len(results) <= top_k
    for hit in results:
        law = law_index.library.law(hit.law_id)
        assert law.metadata.law_level in levels


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=QUERIES, first=DATES, second=DATES, open_end=st.sampled_from(["", "start", "end"]))
def test_property_date_range_excludes_articles_outside_it(
    law_index: LawIndex, query: str, first: datetime.date, second: datetime.date, open_end: str
) -> None:
    start, end = min(first, second), max(first, second)
    date_range = {
        "start": None if open_end == "start" else start,
        "end": None if open_end == "end" else end,
    }
    request = HybridSearchInput(
        query=query, top_k=10, meta_filter=MetaFilter.model_validate({"date_range": date_range})
    )
    found = set(ids(hybrid_search(law_index, request)))
    for law in LAWS:
        effective = law.metadata.effective_date
        assert effective is not None
        inside = (date_range["start"] is None or effective >= start) and (
            date_range["end"] is None or effective <= end
        )
        if not inside:
            assert not found & {a.article_id for a in law.articles}
