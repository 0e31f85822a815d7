"""Whether a heading-shaped body line really starts a section.

Contracts are full of lines that start with a number and are not headings: "30 days
after ...", "2. the Employer shall ..." inside a list, a wrapped "3.5 million". The
rules below accept a candidate only when its numbering is plausible *where it
appears*. State is kept per *container* (the document root, each Markdown/.docx
heading, each schedule), so numbering restarts inside a schedule.

Rules, by :class:`~contract_review.documents.headings.HeadingStyle`:

- ``第X条`` articles: always (the form is unambiguous; laws skip and insert 之一 articles).
- ``第X编/分编/章/节``: when the line holds only the heading and a title (no body).
- ``Schedule 1``, ``Appendix A``, ``附件一``: when the line holds only the heading and a title.
- ``一、`` enumerations: numbered 一, 二, 三 … under the section they belong to (the
  count restarts under each chapter or article). Inside an open ``第X条`` article the
  next number of *its* items makes the line an item of the article: it stays in the
  article's text, as its ``1.`` and ``（一）`` items do (a lawyer cites 第一条, not a
  bare 二). Otherwise the next number under the section it would join by rank makes it
  a section: a 一、 heading that groups 第X条 articles ("一、总则" before 第一条), or
  one in a document without articles ("一、合同标的 … 二、价款").
- ``Part 1``, ``Chapter II``: when the line holds only the heading and a title; they
  group clauses and do not take part in the clause numbering below.
- English numbers (``Clause 20``, ``Article V``, bare ``1`` / ``1.`` / ``1.1``): the text
  after the number must be empty (keyword forms only) or start like a heading (a capital,
  a quote, a bracket or a Chinese character, never a lower-case word). Then:

  - top level, keyword form ("Clause 20"): the number exceeds the previous top-level one;
  - top level, bare form ("3 Payment"): never after a ``第X条`` article in the same
    container (there "1." numbers the article's items); never "1." in Markdown (an
    ordered list there);
    it keeps the container's style ("1" vs "1."),
    and is the next number (previous + 1, or 1 for the first), or — when the line is a
    title alone — any larger number (an excerpt that skips clauses); a first title line
    with a number other than 1 is accepted only in an un-numbered container;
  - dotted ("4.12", "Sub-Clause 20.1"): it extends an open section numbered with its
    prefix ("4.12" under "4"), with a last component above that section's previous
    child's; with no such parent it is placed directly in the container, in increasing
    order, when it is a keyword form ("Sub-Clause 20.1" amending a clause whose own
    heading is absent), or a title alone in a container with no top-level clause yet (a
    document of sub-clauses).
"""

from __future__ import annotations

from enum import Enum

import attrs

from .headings import HeadingMatch, HeadingStyle, has_cjk
from .model import SectionKind

__all__ = ["NumberingState", "Verdict", "judge", "record"]

_HEADING_START = "\"“‘'([（【《"


class Verdict(Enum):
    """What to do with a candidate heading."""

    REJECT = "reject"  # not a heading: the line stays in the section text
    UNDER_PARENT = "under_parent"  # a dotted number under the open section with its prefix
    IN_CONTAINER = "in_container"  # an orphan dotted number, placed directly in the container
    BY_RANK = "by_rank"  # nest by rank (编 > 章 > 节 > 一、 > 条)
    ITEM = "item"  # a 一、 item of the open 第X条 article: it stays in the article's text
    CONTAINER = "container"  # a schedule: a new numbering container


@attrs.define
class NumberingState:
    """What a container has seen so far."""

    #: Last accepted top-level English number.
    last_top: int | None = None
    #: Whether the container's bare top-level numbers end in a dot ("1." vs "1").
    trailing_dot: bool | None = None
    #: Last accepted English number at any depth.
    last_number: tuple[int, ...] | None = None
    #: Whether a 第X条 article was accepted: bare numbers after one are its items.
    articles_seen: bool = False


def judge(
    match: HeadingMatch,
    line: str,
    *,
    state: NumberingState,
    parent_last_child: int | None,
    has_parent: bool,
    container_numbered: bool,
    dotted_top_level: bool = True,
    next_item: int | None = None,
    next_enumeration: int = 1,
) -> Verdict:
    """Decide what ``match`` (recognised on ``line``) is; see the module docstring.

    :param parent_last_child: last component of the previous child of the open section
        numbered ``match.number[:-1]`` (None when it has no numbered child yet).
    :param has_parent: whether such an open section exists.
    :param container_numbered: whether the container itself carries a number.
    :param dotted_top_level: whether "1." may number a top-level clause; Markdown says
        no, because there "1." starts an ordered list.
    :param next_item: for a 一、 enumeration, the number the next item of the open
        第X条 article would have (None when no such article is open).
    :param next_enumeration: for a 一、 enumeration, the number the next 一、 section
        would have under the section it would join by rank.
    """
    title_only = match.body_start >= len(line)
    style = match.style
    if style is HeadingStyle.ZH_ARTICLE:
        return Verdict.BY_RANK
    if style is HeadingStyle.ZH_STRUCTURE:
        return Verdict.BY_RANK if title_only else Verdict.REJECT
    if style is HeadingStyle.SCHEDULE:
        return (
            Verdict.CONTAINER
            if title_only and _starts_like_heading(match, line)
            else Verdict.REJECT
        )
    if style is HeadingStyle.ZH_ENUMERATION:
        if match.number[0] == next_item:
            return Verdict.ITEM
        return Verdict.BY_RANK if match.number[0] == next_enumeration else Verdict.REJECT
    if not _starts_like_heading(match, line):
        return Verdict.REJECT
    if _is_grouping(match):
        return Verdict.BY_RANK if title_only else Verdict.REJECT
    keyword = style is HeadingStyle.KEYWORD
    number = match.number
    if len(number) == 1:
        if state.articles_seen and not keyword:
            return Verdict.REJECT
        return _judge_top(
            match,
            state,
            title_only=title_only,
            numbered=container_numbered,
            dotted_top_level=dotted_top_level,
        )
    if has_parent:
        if parent_last_child is None or number[-1] > parent_last_child:
            return Verdict.UNDER_PARENT
        return Verdict.REJECT
    if not (keyword or title_only) or (state.last_top is not None and not keyword):
        return Verdict.REJECT
    if state.last_number is not None and number <= state.last_number:
        return Verdict.REJECT
    return Verdict.IN_CONTAINER


def _judge_top(
    match: HeadingMatch,
    state: NumberingState,
    *,
    title_only: bool,
    numbered: bool,
    dotted_top_level: bool,
) -> Verdict:
    n = match.number[0]
    previous = state.last_top
    if match.style is HeadingStyle.KEYWORD:
        return Verdict.BY_RANK if previous is None or n > previous else Verdict.REJECT
    if match.trailing_dot and not dotted_top_level:
        return Verdict.REJECT
    if state.trailing_dot is not None and match.trailing_dot != state.trailing_dot:
        return Verdict.REJECT
    if (previous is None and n == 1) or (previous is not None and n == previous + 1):
        return Verdict.BY_RANK
    if title_only and (n > previous if previous is not None else not numbered):
        return Verdict.BY_RANK
    return Verdict.REJECT


def record(match: HeadingMatch, state: NumberingState) -> None:
    """Update ``state`` after ``match`` was accepted."""
    if match.style is HeadingStyle.ZH_ARTICLE:
        state.articles_seen = True
    elif match.style in (HeadingStyle.KEYWORD, HeadingStyle.DOTTED) and not _is_grouping(match):
        state.last_number = match.number
        if len(match.number) == 1:
            state.last_top = match.number[0]
            if match.style is HeadingStyle.DOTTED and state.trailing_dot is None:
                state.trailing_dot = match.trailing_dot


def _is_grouping(match: HeadingMatch) -> bool:
    """ "Part 1", "Chapter 2": groupings of clauses, outside the clause numbering."""
    return match.kind in (SectionKind.PART, SectionKind.CHAPTER)


def _starts_like_heading(match: HeadingMatch, line: str) -> bool:
    rest = line[match.rest_start :]
    if not rest.strip():
        return match.style is not HeadingStyle.DOTTED
    first = rest[0]
    return first.isupper() or first in _HEADING_START or has_cjk(first)
