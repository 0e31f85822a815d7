"""The real law corpora from the shared data folder (skipped when it is absent)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contract_review.laws import Law, format_article_no, load_law_folder, load_law_jsonl

#: An article line as the files write it: 第X条 (or 第X条之Y) and a space.
ARTICLE_LINE = re.compile(
    r"^第[一二三四五六七八九十百千零〇两]+条(之[一二三四五六七八九十]+)?[ 　]", re.M
)


@pytest.fixture
def laws_folder(shared_laws: Path) -> Path:
    return shared_laws


@pytest.fixture
def by_title(laws_folder: Path) -> dict[str, Law]:
    return {law.title: law for law in load_law_folder(laws_folder)}


def test_the_laws_folder_loads(laws_folder: Path) -> None:
    laws = load_law_folder(laws_folder)
    by_title = {law.title: law for law in laws}
    # 14 single-file laws plus the Civil Code merged from its 8 part files
    assert len(laws) == 15
    assert len({law.law_id for law in laws}) == len(laws)
    for law in laws:
        numbers = [article.number for article in law.articles]
        assert numbers == sorted(numbers), law.law_id
        assert law.metadata.effective_date is not None, law.law_id

    code = by_title["中华人民共和国民法典"]
    assert len(code.articles) == 1260
    assert [a.article_no for a in code.articles] == [format_article_no(n) for n in range(1, 1261)]
    assert code.articles[0].path[0] == "总则"
    assert code.metadata.law_level == "法律"

    labour = by_title["中华人民共和国劳动合同法"]
    article = next(a for a in labour.articles if a.article_no == "第二十一条")
    assert "试用期" in article.text
    assert article.article_id == "中华人民共和国劳动合同法#第二十一条"

    criminal = by_title["中华人民共和国刑法"]
    assert any(a.number.sub for a in criminal.articles)  # 第X条之一 articles


def test_every_article_line_becomes_one_article(
    laws_folder: Path, by_title: dict[str, Law]
) -> None:
    files = sorted(laws_folder.rglob("*.md"))
    lines = sum(len(ARTICLE_LINE.findall(path.read_text(encoding="utf-8"))) for path in files)
    assert sum(len(law.articles) for law in by_title.values()) == lines
    for law in by_title.values():
        for article in law.articles:
            assert article.text, article.article_id
            # the zero-width spaces padding 民事诉讼法 are no paragraphs
            assert "\u200b" not in article.text, article.article_id


def test_the_civil_code_is_one_law_in_article_order(by_title: dict[str, Law]) -> None:
    code = by_title["中华人民共和国民法典"]
    assert code.law_id == "中华人民共和国民法典"
    assert [a.article_no for a in code.articles] == [format_article_no(n) for n in range(1, 1261)]
    assert code.articles[0].path == ["总则", "第一章 基本规定"]
    contracts = next(a for a in code.articles if a.article_no == "第四百六十三条")
    assert contracts.path == ["合同编", "第一分编 通则", "第一章 一般规定"]
    assert contracts.text == "本编调整因合同产生的民事关系。"
    assert code.articles[-1].path == ["附则"]
    assert code.metadata.issuing_authority == "全国人民代表大会"


def test_inserted_articles_follow_their_base_article(by_title: dict[str, Law]) -> None:
    criminal = by_title["中华人民共和国刑法"]
    numbers = [a.article_no for a in criminal.articles]
    at = numbers.index("第一百三十三条")
    assert numbers[at : at + 3] == ["第一百三十三条", "第一百三十三条之一", "第一百三十三条之二"]
    inserted = criminal.articles[at + 1]
    assert inserted.number == (133, 1)
    assert inserted.paragraphs[0].startswith("在道路上驾驶机动车，有下列情形之一的")
    assert inserted.items[0].label == "（一）"
    assert inserted.path == ["第二编 分则", "第二章 危害公共安全罪"]


def test_paths_are_the_headings_as_written(by_title: dict[str, Law]) -> None:
    labour = by_title["中华人民共和国劳动合同法"]
    article = next(a for a in labour.articles if a.article_no == "第四十五条")
    assert article.path == ["第四章 劳动合同的解除和终止"]
    guarantee = by_title["最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释"]
    assert guarantee.articles[0].path == ["一、关于一般规定"]
    assert guarantee.metadata.law_level == "司法解释"
    assert guarantee.metadata.issuing_authority == "最高人民法院"


def test_the_stard_corpus_loads(shared_data: Path) -> None:
    path = shared_data / "stard" / "corpus.jsonl"
    if not path.is_file():
        pytest.skip("the shared data folder has no stard/corpus.jsonl")
    laws = load_law_jsonl(path)
    total = sum(len(law.articles) for law in laws)
    # 58,813 lines; 235 repeat an article of their law (the same law filed twice)
    assert total == 58_813 - 235
    assert len({law.law_id for law in laws}) == len(laws)
    code = next(law for law in laws if law.law_id == "中华人民共和国民法典")
    assert len(code.articles) == 1260
