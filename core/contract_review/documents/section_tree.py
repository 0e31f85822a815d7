"""Building the section tree from headings found line by line.

Parsers feed a :class:`SectionTreeBuilder` in document order: explicit headings
(Markdown ``#`` lines, .docx heading styles) with :meth:`~SectionTreeBuilder.add_heading`,
every other line with :meth:`~SectionTreeBuilder.offer_line` (which recognises numbered
headings and keeps only plausible ones, see :mod:`.heading_plausibility`), and markup
lines that are not text (``<!-- INFO END -->``) with :meth:`~SectionTreeBuilder.skip_line`.
:meth:`~SectionTreeBuilder.build` then returns the root :class:`Section` with spans,
own texts, levels and sibling-unique ids.
"""

from __future__ import annotations

import attrs

from .heading_plausibility import NumberingState, Verdict, judge, record
from .headings import HeadingMatch, HeadingStyle, recognise_heading
from .model import Section, SectionKind

__all__ = ["SectionTreeBuilder"]


@attrs.define(eq=False)
class _Node:
    id: str
    title: str
    kind: SectionKind
    number: tuple[int, ...]
    start: int
    text_start: int
    rank: int
    #: How the heading is numbered, when known (None for un-numbered headings).
    style: HeadingStyle | None = None
    #: Markdown/.docx heading level; None for sections found in body lines.
    heading_level: int | None = None
    #: Root, explicit headings and schedules hold their own numbering state.
    numbering: NumberingState | None = None
    last_child: int | None = None
    #: Last 一、 number under this node: of a child section, or of an item in the
    #: text of a 第X条 article.
    last_enumeration: int | None = None
    end: int = -1
    children: list[_Node] = attrs.field(factory=list)


class SectionTreeBuilder:
    """Collects headings in document order and builds the section tree over ``source``."""

    def __init__(self, source: str, *, dotted_top_level: bool = True) -> None:
        """:param dotted_top_level: whether "1." may number a top-level clause (False for
        Markdown, where it starts an ordered list)."""
        self.source = source
        self._dotted_top_level = dotted_top_level
        self._root = _Node(
            id="",
            title="",
            kind=SectionKind.DOCUMENT,
            number=(),
            start=0,
            text_start=0,
            rank=0,
            heading_level=0,
            numbering=NumberingState(),
        )
        self._stack: list[_Node] = [self._root]
        self._skipped: list[tuple[int, int]] = []
        self._sections = 0

    @property
    def has_sections(self) -> bool:
        """Whether any section below the root was added yet."""
        return self._sections > 0

    def set_title(self, title: str, *, text_start: int) -> None:
        """Use ``title`` as the document title; the root's own text starts at ``text_start``."""
        self._root.title = title
        self._root.text_start = text_start

    def skip_line(self, start: int, end: int) -> None:
        """Mark ``source[start:end]`` as markup: trimmed from the edges of section texts."""
        self._skipped.append((start, end))

    def add_heading(
        self,
        *,
        start: int,
        text_start: int,
        level: int,
        id: str,
        title: str,
        kind: SectionKind,
        number: tuple[int, ...] = (),
        style: HeadingStyle | None = None,
    ) -> None:
        """Add an explicit heading of ``level`` (1 = top) that starts at ``start``; its
        own text starts at ``text_start``. It closes every body section and every heading
        of the same or a deeper level. ``style`` is how its number is written, when it
        has one (a ``第X条`` heading holds its 一、 items in its text)."""
        while len(self._stack) > 1:
            top = self._stack[-1]
            if top.heading_level is not None and top.heading_level < level:
                break
            self._close(start)
        node = _Node(
            id=id,
            title=title,
            kind=kind,
            number=number,
            start=start,
            text_start=text_start,
            rank=0,
            style=style,
            heading_level=level,
            numbering=NumberingState(),
        )
        self._push(node)

    def offer_line(self, start: int, line: str) -> bool:
        """Add ``line`` (which starts at ``start``) as a section if it is a plausible
        numbered heading; returns whether it was."""
        match = recognise_heading(line)
        if match is None:
            return False
        container = self._container()
        parent = self._open_parent(match.number[:-1]) if len(match.number) > 1 else None
        state = container.numbering
        assert state is not None
        article = self._open_article()
        rank_parent = self._rank_parent(match.rank)
        verdict = judge(
            match,
            line,
            state=state,
            parent_last_child=parent.last_child if parent else None,
            has_parent=parent is not None,
            container_numbered=bool(container.number),
            dotted_top_level=self._dotted_top_level,
            next_item=_next_enumeration(article) if article else None,
            next_enumeration=_next_enumeration(rank_parent),
        )
        if verdict is Verdict.ITEM:
            assert article is not None
            article.last_enumeration = match.number[0]
            return False
        if verdict is Verdict.REJECT:
            return False
        record(match, state)
        if verdict is Verdict.UNDER_PARENT:
            assert parent is not None
            while self._stack[-1] is not parent:
                self._close(start)
            parent.last_child = match.number[-1]
        elif verdict is Verdict.IN_CONTAINER:
            while self._stack[-1] is not container:
                self._close(start)
        elif verdict is Verdict.CONTAINER:
            while self._stack[-1].heading_level is None:
                self._close(start)
        else:
            while self._stack[-1] is not rank_parent:
                self._close(start)
            if match.style is HeadingStyle.ZH_ENUMERATION:
                rank_parent.last_enumeration = match.number[0]
        self._push(self._node_for(match, start, line, container=verdict is Verdict.CONTAINER))
        return True

    def build(self) -> Section:
        """The finished tree (call once, after the last line)."""
        while len(self._stack) > 1:
            self._close(len(self.source))
        self._root.end = len(self.source)
        return self._section(self._root, level=0, span_end=len(self.source))

    # ------------------------------------------------------------------ internals

    def _node_for(self, match: HeadingMatch, start: int, line: str, *, container: bool) -> _Node:
        return _Node(
            id=match.id,
            title=match.title,
            kind=match.kind,
            number=match.number,
            start=start + len(line) - len(line.lstrip()),
            text_start=start + match.body_start,
            rank=match.rank,
            style=match.style,
            numbering=NumberingState() if container else None,
        )

    def _container(self) -> _Node:
        return next(node for node in reversed(self._stack) if node.numbering is not None)

    def _open_article(self) -> _Node | None:
        """The innermost open ``第X条`` article in the current container (which may be
        one itself), or None."""
        for node in reversed(self._stack):
            if node.style is HeadingStyle.ZH_ARTICLE:
                return node
            if node.numbering is not None:
                return None
        return None

    def _rank_parent(self, rank: int) -> _Node:
        """The open node a body heading of ``rank`` nests under: the innermost container
        or section that outranks it."""
        return next(
            node for node in reversed(self._stack) if node.numbering is not None or node.rank < rank
        )

    def _open_parent(self, number: tuple[int, ...]) -> _Node | None:
        for node in reversed(self._stack):
            if node.number == number and node is not self._root:
                return node
            if node.numbering is not None:
                return None
        return None

    def _push(self, node: _Node) -> None:
        self._stack[-1].children.append(node)
        self._stack.append(node)
        self._sections += 1

    def _close(self, position: int) -> None:
        self._stack.pop().end = position

    def _section(self, node: _Node, *, level: int, span_end: int) -> Section:
        end = self._rstrip(node.start, span_end)
        own_end = node.children[0].start if node.children else end
        text_start, text_end = self._trim(min(node.text_start, own_end), own_end)
        children: list[Section] = []
        seen: dict[str, int] = {}
        for child in node.children:
            section = self._section(child, level=level + 1, span_end=child.end)
            count = seen.get(section.id, 0) + 1
            seen[section.id] = count
            if count > 1:
                section.id = f"{section.id} ({count})"
            children.append(section)
        return Section(
            id=node.id,
            title=node.title,
            text=self.source[text_start:text_end],
            kind=node.kind,
            level=level,
            number=node.number,
            start=node.start,
            end=end if node is not self._root else len(self.source),
            text_start=text_start,
            text_end=text_end,
            children=children,
        )

    def _rstrip(self, start: int, end: int) -> int:
        while end > start and self.source[end - 1].isspace():
            end -= 1
        return end

    def _trim(self, start: int, end: int) -> tuple[int, int]:
        """Shrink ``[start, end)`` past whitespace and skipped markup lines at both edges."""
        source = self.source
        changed = True
        while changed and start < end:
            changed = False
            while start < end and source[start].isspace():
                start += 1
            while end > start and source[end - 1].isspace():
                end -= 1
            for skip_start, skip_end in self._skipped:
                if skip_start == start and skip_end <= end:
                    start, changed = skip_end, True
                elif skip_end == end and skip_start >= start:
                    end, changed = skip_start, True
        if start >= end:
            return start, start
        return start, end


def _next_enumeration(node: _Node) -> int:
    """The number the next 一、 under ``node`` would have."""
    return 1 if node.last_enumeration is None else node.last_enumeration + 1
