"""Real laws from the shared data folder (skipped when it is absent)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.documents.loading import parse_file
from contract_review.documents.model import Document, Section, SectionKind

Check = Callable[[Document], None]

ARTICLE_LINE = re.compile(
    r"^第[一二三四五六七八九十百千零〇两]+条(之[一二三四五六七八九十]+)?[ 　]", re.MULTILINE
)


@pytest.fixture
def laws(shared_laws: Path) -> Path:
    return shared_laws


def articles(section: Section) -> list[Section]:
    return [s for s in section.walk() if s.kind is SectionKind.ARTICLE]


def child(section: Section, section_id: str) -> Section:
    found = next((c for c in section.children if c.id == section_id), None)
    assert found is not None, (
        f"{section_id} not under {section.id!r}: {[c.id for c in section.children]}"
    )
    return found


def test_civil_code_contracts_part(laws: Path, check_tree: Check) -> None:
    path = laws / "民法典" / "合同编.md"
    if not path.is_file():
        pytest.skip("民法典/合同编.md is not in the shared data")
    document = parse_file(path)
    check_tree(document)
    assert document.root.title == "中华人民共和国民法典"
    assert document.language == "zh"
    part = child(document.root, "合同编")
    assert part.level == 1
    general = child(part, "第一分编")
    assert general.title == "通则"
    chapter = child(general, "第一章")
    assert chapter.title == "一般规定"
    first = chapter.children[0]
    assert first.id == "第四百六十三条"
    assert first.text == "本编调整因合同产生的民事关系。"
    assert first.number == (463,)
    assert len(articles(part)) == len(ARTICLE_LINE.findall(document.source))

    guarantee = child(child(part, "第二分编"), "第十三章")
    assert guarantee.title == "保证合同"
    assert [c.id for c in guarantee.children] == ["第一节", "第二节"]
    assert all(c.kind is SectionKind.SUBCHAPTER and c.children for c in guarantee.children)
    heading_line = document.source[guarantee.children[0].start :].split("\n", 1)[0]
    assert heading_line.startswith("#### ")


def test_criminal_law_inserted_articles(laws: Path, check_tree: Check) -> None:
    path = laws / "刑法.md"
    if not path.is_file():
        pytest.skip("刑法.md is not in the shared data")
    document = parse_file(path)
    check_tree(document)
    inserted = document.find("第一百三十三条之一")
    assert inserted is not None and inserted.number == (133, 1)
    parent = next(s for s in document.root.walk() if inserted in s.children)
    ids = [c.id for c in parent.children]
    at = ids.index("第一百三十三条")
    assert ids[at : at + 4] == [
        "第一百三十三条",
        "第一百三十三条之一",
        "第一百三十三条之二",
        "第一百三十四条",
    ]
    assert inserted.text.startswith("在道路上驾驶机动车，有下列情形之一的")
    assert "（一）追逐竞驶，情节恶劣的；" in inserted.text


def test_every_law_parses(laws: Path, check_tree: Check) -> None:
    files = sorted(laws.rglob("*.md"))
    if not files:
        pytest.skip("no law files in the shared data")
    for path in files:
        document = parse_file(path)
        check_tree(document)
        found = articles(document.root)
        assert len(found) == len(ARTICLE_LINE.findall(document.source)), path.name
        duplicates = [i for i, n in Counter(a.id for a in found).items() if n > 1]
        assert duplicates == [], f"{path.name}: duplicate article ids {duplicates}"
        assert all(a.title == "" for a in found), f"{path.name}: law articles have no titles"
        assert document.title, path.name
        for section in document.root.walk():
            # The comment line never starts or ends a section text (see the Markdown tests
            # for a comment between the info block and a preamble).
            assert not section.text.startswith("<!--"), path.name
            assert not section.text.endswith("-->"), path.name
