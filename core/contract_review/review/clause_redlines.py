"""One redline per clause.

Several findings can propose changes to one clause (20.1's notice period and its
detailed-claim period; a liability clause read for its cap and for its carve-outs). A
lawyer must see one suggested text per clause, with each change once, not two
overlapping rewrites that undo each other. :func:`one_redline_per_clause` combines the
changes every finding proposes for one clause of one document into one suggested text,
carried by the most severe of them; the others point to it (``redline_of``).

Changes are combined as edits of the document's text (character offsets into its
source), so changes quoted from different passages of one clause (the located clause
with its heading, a sentence read by a document-wide rule) still combine. Two changes
that overlap differently cannot both stand: the less severe keeps its change in words
(``change_in_words``). When the combined text fails the redline checks
(:mod:`.redline_checks`), the most severe change stands alone and the others are given
in words.

Applying the reported redlines to the document yields every reported ``after`` and
changes nothing else: each carrier's ``before`` is a quoted clause passage (its
evidence holds it with offsets) and the carriers' passages do not overlap.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..documents.model import Document
from ..playbooks.redlines import has_chinese
from ..text.sentences import sentence_spans
from .diffs import suggested_change, text_edits
from .findings import Evidence, Finding
from .redline_checks import redline_problem
from .report_models import ApprovalRecord
from .report_words import say

__all__ = ["one_redline_per_clause"]

#: An edit of a document's source: replace ``source[start:end]`` with ``new``.
_Edit = tuple[int, int, str]


def _clause_quote(finding: Finding) -> Evidence | None:
    """The quoted clause passage the finding's redline starts from (with offsets)."""
    change = finding.suggested_change
    if change is None:
        return None
    return next(
        (
            e
            for e in finding.evidence
            if e.kind == "clause" and e.start is not None and e.text == change.before
        ),
        None,
    )


def _overlaps(edit: _Edit, kept: Sequence[_Edit]) -> bool:
    """True when ``edit`` touches one of ``kept`` and is not the same edit."""
    start, end, _ = edit
    for other in kept:
        if other == edit:
            continue
        if start < other[1] and other[0] < end:
            return True
        if start == end == other[0] == other[1]:  # two insertions at one place
            return True
    return False


def _sentence_edits(before: str, after: str) -> list[_Edit]:
    """The edits from ``before`` to ``after``, those within one sentence joined into
    one: two findings rewriting one sentence in different words overlap as wholes (a
    semicolon or a line break ends a sentence here)."""
    starts = [a for a, _ in sentence_spans(before, semicolons=True, line_breaks=True)]
    joined: list[_Edit] = []
    for start, end, new in text_edits(before, after):
        if joined and bisect_right(starts, joined[-1][1]) == bisect_right(starts, start):
            last = joined[-1]
            joined[-1] = (last[0], end, last[2] + before[last[1] : start] + new)
        else:
            joined.append((start, end, new))
    return joined


def _widened(kept: list[_Edit], live: list[_Edit]) -> list[_Edit] | None:
    """``kept`` with ``live`` folded in where they overlap, when every overlap is between
    rewrites of whole sentences: the union of their spans gets both new texts, the
    clause's first. None when an overlap is between smaller edits (a number, a phrase),
    which cannot both stand."""
    merged = list(kept)
    for edit in live:
        clashing = [k for k in merged if _overlaps(edit, [k])]
        if not clashing:
            merged.append(edit)
            continue
        if not all(_is_rewrite(e) for e in (edit, *clashing)):
            return None
        start = min(edit[0], *(k[0] for k in clashing))
        end = max(edit[1], *(k[1] for k in clashing))
        first = sorted(clashing)
        joiner = "" if has_chinese(edit[2]) else " "
        new = joiner.join(k[2].strip() for k in first)
        new = f"{new}{joiner}{edit[2].strip()}" if edit[2].strip() else new
        merged = [k for k in merged if k not in clashing]
        merged.append((start, end, new))
    return sorted(merged)


def _is_rewrite(edit: _Edit) -> bool:
    """True when ``edit`` replaces at least a sentence's worth of words (40 characters)."""
    return edit[1] - edit[0] >= _REWRITE_CHARS and len(edit[2]) >= _REWRITE_CHARS // 2


_REWRITE_CHARS = 40


def _rewritten(edit: _Edit, kept: Sequence[_Edit]) -> bool:
    """True when the text ``edit`` changes lies inside text one of ``kept`` rewrites."""
    start, end, _ = edit
    return any(k[0] <= start and end <= k[1] and k[0] < k[1] for k in kept)


def _in_words(finding: Finding, carrier: Finding, language: str = "en") -> str:
    """The finding's own change, described in the report ``language``: its changed
    stretch before and after (quoted in the contract's words)."""
    change = finding.suggested_change
    assert change is not None
    edits = text_edits(change.before, change.after)
    start, end = min(e[0] for e in edits), max(e[1] for e in edits)
    shift = sum(len(new) - (e - s) for s, e, new in edits)
    old = " ".join(change.before[start:end].split())
    new = " ".join(change.after[start : end + shift].split())
    if not old:
        change_words = say("change_add", language, new=new[:300])
    elif not new:
        change_words = say("change_delete", language, old=old[:300])
    else:
        change_words = say("change_replace", language, old=old[:300], new=new[:300])
    # a Chinese report names the carrier by its title, an English one by its id
    named = carrier.title if language == "zh" else carrier.finding_id
    return say("change_overlaps", language, change=change_words, carrier=named)


def one_redline_per_clause(
    findings: Sequence[Finding],
    approvals: Sequence[ApprovalRecord],
    documents: Sequence[Document],
    language: str = "en",
) -> list[Finding]:
    """``findings`` with the changes to each clause combined into one redline.

    A rejected change is left out of the combination (it keeps its own redline, shown as
    rejected). Findings keep their order. A change left out is described in words in
    the report ``language``.
    """
    rejected = {a.finding_id for a in approvals if a.decision == "rejected"}
    sources = {d.name: d.source for d in documents}
    changes: list[tuple[str, int, int, int]] = []  # source, start, end, finding index
    for index, finding in enumerate(findings):
        quote = _clause_quote(finding)
        if quote is None or finding.finding_id in rejected or quote.source not in sources:
            continue
        assert quote.start is not None and quote.end is not None
        changes.append((quote.source, quote.start, quote.end, index))
    result = list(findings)
    # one group per stretch of a document that overlapping passages cover, or passages of
    # one clause: a clause's passages (its whole text, a sentence of it, a sub-clause,
    # two of its definitions) combine
    group: list[int] = []
    reach: tuple[str, int] = ("", -1)
    clause = ""
    for source_name, start, end, index in sorted(changes):
        same_clause = findings[index].clause_id == clause
        if group and (source_name != reach[0] or (start >= reach[1] and not same_clause)):
            if len(group) > 1:
                _combine(result, group, sources[reach[0]], language)
            group = []
        if not group:
            reach = (source_name, end)
            clause = findings[index].clause_id
        group.append(index)
        reach = (source_name, max(reach[1], end))
    if len(group) > 1:
        _combine(result, group, sources[reach[0]], language)
    return result


def _combine(findings: list[Finding], indexes: list[int], source: str, language: str) -> None:
    """Combine the redlines of ``findings[i] for i in indexes`` (one clause) in place."""
    ranked = sorted(indexes, key=lambda i: (findings[i].risk_level.severity, i))
    kept: list[_Edit] = []
    spans: list[tuple[int, int]] = []
    joined: list[int] = []
    for index in ranked:
        finding = findings[index]
        quote = _clause_quote(finding)
        change = finding.suggested_change
        assert quote is not None and quote.start is not None and change is not None
        edits = [
            (quote.start + s, quote.start + e, new)
            for s, e, new in _sentence_edits(change.before, change.after)
        ]
        # an edit inside text the clause's redline already rewrites is moot
        live = [e for e in edits if not (joined and _rewritten(e, kept))]
        if joined and any(_overlaps(edit, kept) for edit in live):
            widened = _widened(kept, live)
            if widened is not None:  # two rewrites of overlapping sentences: both, in turn
                kept = widened
                spans.append((quote.start, quote.start + len(quote.text)))
                joined.append(index)
                continue
            carrier = findings[joined[0]]
            findings[index] = finding.model_copy(
                update={
                    "suggested_change": None,
                    "change_in_words": _in_words(finding, carrier, language),
                }
            )
            continue
        if joined and not live:  # every word it would change, the redline rewrites
            findings[index] = finding.model_copy(
                update={"suggested_change": None, "redline_of": findings[joined[0]].finding_id}
            )
            continue
        edits = live
        kept += [e for e in edits if e not in kept]
        spans.append((quote.start, quote.start + len(quote.text)))
        joined.append(index)
    if len(joined) < 2:
        return
    start, end = min(s for s, _ in spans), max(e for _, e in spans)
    before = source[start:end]
    out, position = [], start
    for edit_start, edit_end, new in sorted(kept):
        out += [source[position:edit_start], new]
        position = edit_end
    out.append(source[position:end])
    after = "".join(out)
    carrier_index = joined[0]
    carrier = findings[carrier_index]
    if redline_problem(before, after) is not None:
        # together they would not read right: the most severe keeps its redline alone
        for index in joined[1:]:
            findings[index] = findings[index].model_copy(
                update={
                    "suggested_change": None,
                    "change_in_words": _in_words(findings[index], carrier, language),
                }
            )
        return
    clause_id = carrier.clause_id
    quote = _clause_quote(carrier)
    assert quote is not None
    evidence = [e for e in carrier.evidence if e is not quote]
    whole = Evidence(
        kind="clause", source=quote.source, id=quote.id, text=before, start=start, end=end
    )
    findings[carrier_index] = carrier.model_copy(
        update={
            "suggested_change": suggested_change(before, after, label=f"clause {clause_id}"),
            "evidence": [whole, *evidence],
        }
    )
    for index in joined[1:]:
        findings[index] = findings[index].model_copy(
            update={"suggested_change": None, "redline_of": carrier.finding_id}
        )
