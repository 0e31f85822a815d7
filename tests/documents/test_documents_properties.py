"""Property tests: generated numbered documents parse back to exactly the structure that
generated them, with offsets that slice back to each section's text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.documents.chinese_numerals import int_to_chinese
from contract_review.documents.loading import parse_text
from contract_review.documents.model import Document

Check = Callable[[Document], None]
Expected = list[tuple[int, str, str, str]]  # (level, id, title, text)


@dataclass
class Rendered:
    text: str
    expected: Expected = field(default_factory=list)
    title: str = ""


# ---------------------------------------------------------------- English clauses

_TITLE_WORDS = ["Payment", "Claims", "Variations", "Insurance", "Time", "Notices", "Risk", "Care"]
_BODY_WORDS = ["the", "contractor", "shall", "pay", "within", "days", "notice", "and", "of", "28"]
# Lines that start like numbers but are body text in any position.
_TRICKY_EN = [
    "30 days after the notice the engineer shall respond.",
    "2. the Employer shall pay.",
    "3.5 million is the cap.",
    "1. the first item;",
    "（一）预付款；",
]

en_title = st.lists(st.sampled_from(_TITLE_WORDS), min_size=1, max_size=4).map(" ".join)
en_line = st.one_of(
    st.lists(st.sampled_from(_BODY_WORDS), min_size=1, max_size=12).map(
        lambda words: " ".join(words) + "."
    ),
    st.sampled_from(_TRICKY_EN),
)
en_body = st.lists(en_line, max_size=3)
gap = st.integers(min_value=1, max_value=3)
sub_sub = st.lists(st.tuples(gap, en_title, en_body), max_size=2)
sub = st.lists(st.tuples(gap, en_title, en_body, sub_sub), max_size=3)
clauses = st.lists(st.tuples(gap, en_title, en_body, sub), min_size=1, max_size=5)


@st.composite
def english_documents(draw: st.DrawFn) -> Rendered:
    style = draw(st.sampled_from(["bare", "dot", "keyword"]))
    separator = draw(st.sampled_from(["\n", "\n\n"]))
    doc_title = draw(st.sampled_from(["", "CONDITIONS OF CONTRACT", "Supply Agreement"]))
    lines: list[str] = [doc_title] if doc_title else []
    expected: Expected = []
    top = 0
    for index, (step, title, body, subs) in enumerate(draw(clauses)):
        # Bare numbering starts at 1; later numbers may skip (a title line alone).
        top = 1 if index == 0 and style != "keyword" else top + step
        marker = {"bare": f"{top}", "dot": f"{top}.", "keyword": f"Clause {top}"}[style]
        lines += [f"{marker} {title}", *body]
        expected.append((1, str(top), title, "\n".join(body)))
        second = 0
        for sub_step, sub_title, sub_body, children in subs:
            second += sub_step
            number = f"{top}.{second}"
            marker = f"Sub-Clause {number}" if style == "keyword" else number
            lines += [f"{marker} {sub_title}", *sub_body]
            expected.append((2, number, sub_title, "\n".join(sub_body)))
            third = 0
            for leaf_step, leaf_title, leaf_body in children:
                third += leaf_step
                leaf = f"{number}.{third}"
                lines += [f"{leaf} {leaf_title}", *leaf_body]
                expected.append((3, leaf, leaf_title, "\n".join(leaf_body)))
    # Blank lines only between sections, so each own text is its body joined by "\n".
    text = separator.join(_group(lines))
    return Rendered(text=text, expected=expected, title=doc_title)


def _group(lines: list[str]) -> list[str]:
    """Join a section's heading and body with single newlines; sections are the units."""
    groups: list[list[str]] = []
    for line in lines:
        if not groups or _is_heading_line(line):
            groups.append([line])
        else:
            groups[-1].append(line)
    return ["\n".join(group) for group in groups]


def _is_heading_line(line: str) -> bool:
    first, _, rest = line.partition(" ")
    first = first.rstrip(".")
    return (
        first in ("Clause", "Sub-Clause")
        or (first.replace(".", "").isdigit() and rest[:1].isupper())
        or line.startswith("第")
        or line.startswith("#")
    )


# ---------------------------------------------------------------- Chinese laws

_ZH_WORDS = ["当事人", "应当", "合同", "履行", "义务", "，", "保证", "责任", "依法"]
_TRICKY_ZH = [
    "（一）当事人的姓名或者名称；",
    "第一百四十二条第一款规定的情形除外。",
    "30日内付清。",
]
zh_sentence = st.one_of(
    st.lists(st.sampled_from(_ZH_WORDS), min_size=1, max_size=10).map(
        lambda words: "".join(words).lstrip("，") + "。"
    ),
    st.sampled_from(_TRICKY_ZH),
)
zh_title = st.sampled_from(["总则", "一般规定", "合同的订立", "保证合同", "法律责任"])
zh_article = st.tuples(zh_sentence, st.lists(zh_sentence, max_size=2), st.booleans())
zh_chapters = st.lists(
    st.tuples(zh_title, st.lists(zh_article, min_size=1, max_size=4)), min_size=1, max_size=4
)


@st.composite
def chinese_laws(draw: st.DrawFn) -> Rendered:
    markdown = draw(st.booleans())
    with_chapters = draw(st.booleans())
    first_article = draw(st.integers(min_value=1, max_value=1200))
    blocks: list[str] = ["# 中华人民共和国示例法" if markdown else "中华人民共和国示例法"]
    expected: Expected = []
    article = first_article - 1
    for chapter_index, (chapter_title, articles) in enumerate(draw(zh_chapters), start=1):
        depth = 1
        if with_chapters:
            chapter_id = f"第{int_to_chinese(chapter_index)}章"
            blocks.append(f"{'## ' if markdown else ''}{chapter_id} {chapter_title}")
            expected.append((1, chapter_id, chapter_title, ""))
            depth = 2
        for first, more, inserted in articles:
            article += 1
            ids = [f"第{int_to_chinese(article)}条"]
            if inserted:  # an amendment inserts 第X条之一 after 第X条
                ids.append(f"第{int_to_chinese(article)}条之一")
            for article_id in ids:
                paragraphs = [first, *more]
                blocks.append(f"{article_id} {first}")
                blocks.extend(more)
                expected.append((depth, article_id, "", "\n\n".join(paragraphs)))
    return Rendered(
        text="\n\n".join(blocks) + "\n", expected=expected, title="中华人民共和国示例法"
    )


# ---------------------------------------------------------------- properties


def observed(document: Document) -> Expected:
    return [(s.level, s.id, s.title, s.text) for s in document.sections()]


@settings(deadline=None, max_examples=80)
@given(english_documents())
def test_generated_english_contracts(check_tree: Check, rendered: Rendered) -> None:
    document = parse_text(rendered.text)
    check_tree(document)
    assert document.title == rendered.title
    assert observed(document) == rendered.expected


@settings(deadline=None, max_examples=60)
@given(chinese_laws())
def test_generated_chinese_laws(check_tree: Check, rendered: Rendered) -> None:
    markdown = rendered.text.startswith("#")
    document = parse_text(rendered.text, format="markdown" if markdown else "text")
    check_tree(document)
    assert document.title == rendered.title
    assert document.language == "zh"
    assert observed(document) == rendered.expected


@settings(deadline=None, max_examples=60)
@given(english_documents(), st.sampled_from(["\n", "\r\n"]))
def test_offsets_index_the_normalised_source(
    check_tree: Check, rendered: Rendered, newline: str
) -> None:
    document = parse_text(rendered.text.replace("\n", newline))
    check_tree(document)
    assert document.source == rendered.text
    for section in document.sections():
        heading_line = document.source[section.start :].split("\n", 1)[0]
        assert section.id in heading_line
