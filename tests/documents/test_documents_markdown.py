"""Markdown parsing: heading levels, the document title, numbered headings, articles in
the text and the ``<!-- INFO END -->`` block."""

from __future__ import annotations

from collections.abc import Callable

from contract_review.documents.loading import parse_bytes, parse_text
from contract_review.documents.model import Document, SectionKind

Check = Callable[[Document], None]

LAW = """# 中华人民共和国示例法

# 合同编

2020年5月28日 通过

2021年1月1日 施行

<!-- INFO END -->

## 第一分编  通则

### 第一章  一般规定

第一条 本编调整因合同产生的民事关系。

第二条 合同是民事主体之间设立、变更、终止民事法律关系的协议。

婚姻、收养、监护等有关身份关系的协议，适用有关该身份关系的法律规定。

### 第二章  合同的订立

第三条 当事人订立合同，可以采用书面形式、口头形式或者其他形式。

#### 第一节  一般规定

第四条 保证合同是主债权债务合同的从合同。

#### 第二节  保证责任

第五条 当事人应当约定保证方式。
"""


def md(text: str) -> Document:
    return parse_text(text, name="doc.md", format="markdown")


def test_law_layout(check_tree: Check) -> None:
    document = md(LAW)
    check_tree(document)
    assert document.format == "markdown"
    assert document.title == "中华人民共和国示例法"
    assert document.root.text == ""
    assert [(s.level, s.id, s.title) for s in document.sections()] == [
        (1, "合同编", "合同编"),
        (2, "第一分编", "通则"),
        (3, "第一章", "一般规定"),
        (4, "第一条", ""),
        (4, "第二条", ""),
        (3, "第二章", "合同的订立"),
        (4, "第三条", ""),
        (4, "第一节", "一般规定"),
        (5, "第四条", ""),
        (4, "第二节", "保证责任"),
        (5, "第五条", ""),
    ]
    part = document.find("合同编")
    assert part is not None and part.kind is SectionKind.HEADING
    # The info block is the part's own text, without the comment line.
    assert part.text == "2020年5月28日 通过\n\n2021年1月1日 施行"
    assert "INFO END" in document.source
    article = document.find("第二条")
    assert article is not None
    assert article.text.endswith("适用有关该身份关系的法律规定。")
    assert article.kind is SectionKind.ARTICLE
    chapter = document.find("第一章")
    assert chapter is not None and chapter.kind is SectionKind.CHAPTER
    division = document.find("第一分编")
    assert division is not None and division.kind is SectionKind.PART


def test_info_block_under_the_title_is_root_text(check_tree: Check) -> None:
    text = "# 中华人民共和国刑法\n\n1997年3月14日 修订\n\n<!-- INFO END -->\n\n## 第一编 总则\n\n第一条 为了惩罚犯罪，制定本法。\n"
    document = md(text)
    check_tree(document)
    assert document.root.text == "1997年3月14日 修订"
    assert [s.id for s in document.sections()] == ["第一编", "第一条"]


def test_comment_between_info_block_and_preamble_stays_in_the_text() -> None:
    # A section's text is one slice of the source, so a comment line with text on both
    # sides cannot be cut out; it is only trimmed when it is at an edge.
    text = "# 规定\n\n2020年 通过\n\n<!-- INFO END -->\n\n为正确审理案件，制定本规定。\n\n第一条 内容。\n"
    document = md(text)
    assert document.root.text == "2020年 通过\n\n<!-- INFO END -->\n\n为正确审理案件，制定本规定。"
    assert [s.id for s in document.sections()] == ["第一条"]


def test_numbered_and_unnumbered_headings(check_tree: Check) -> None:
    text = (
        "# Particular Conditions\n\nIntro text.\n\n## 20 Claims\n\n### 20.1 Contractor's Claims\n\n"
        "The Contractor shall give notice.\n\n20.1.1 Notice Period\nWithin 28 days.\n\n"
        "### 20.2 Adjudication\n\nBy a DAB.\n\n## Notes\n\nFirst note.\n\n## Notes\n\nSecond note.\n"
    )
    document = md(text)
    check_tree(document)
    assert document.title == "Particular Conditions"
    assert document.root.text == "Intro text."
    assert [(s.level, s.id, s.title) for s in document.sections()] == [
        (1, "20", "Claims"),
        (2, "20.1", "Contractor's Claims"),
        (3, "20.1.1", "Notice Period"),
        (2, "20.2", "Adjudication"),
        (1, "Notes", "Notes"),
        (1, "Notes (2)", "Notes"),
    ]
    claims = document.find("20.1")
    assert claims is not None and claims.number == (20, 1)
    assert claims.text == "The Contractor shall give notice."


def test_ordered_lists_are_not_clauses() -> None:
    text = "# T\n\n## Scope\n\n1. The Contractor shall build.\n2. The Employer shall pay.\n"
    document = md(text)
    assert [s.id for s in document.sections()] == ["Scope"]
    scope = document.find("Scope")
    assert scope is not None and scope.text.endswith("2. The Employer shall pay.")


def test_first_heading_is_title_only_when_nothing_precedes_it() -> None:
    document = md("Preamble text.\n\n# Part One\n\nBody.\n")
    assert document.title == ""
    assert [s.id for s in document.sections()] == ["Part One"]
    assert document.root.text == "Preamble text."


def test_empty_headings_and_code_fences(check_tree: Check) -> None:
    text = "# 附则\n\n日期\n\n<!-- INFO END -->\n\n##\n\n第一条 本法自公布之日起施行。\n\n```\n第二条 not an article\n```\n"
    document = md(text)
    check_tree(document)
    assert document.root.text == "日期"
    assert [s.id for s in document.sections()] == ["第一条"]


def test_markdown_bytes_with_bom_and_crlf(check_tree: Check) -> None:
    data = "\ufeff# 标题\r\n\r\n## 第一章 总则\r\n\r\n第一条 内容。\r\n".encode()
    document = parse_bytes(data, name="law.md")
    check_tree(document)
    assert document.format == "markdown"
    assert document.title == "标题"
    assert not document.source.startswith("\ufeff")
    article = document.find("第一条")
    assert article is not None and article.text == "内容。"
