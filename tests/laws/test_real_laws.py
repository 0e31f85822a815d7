"""The real law corpora from the shared data folder (skipped when it is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.laws import format_article_no, load_law_folder, load_law_jsonl


@pytest.fixture
def laws_folder(shared_laws: Path) -> Path:
    return shared_laws


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
