"""What a finding says to a lawyer, in the words both pages print: why it matters and
our standard position apart, the clause it quotes (shortened when very long), the
reference and law passages beneath it, and what we propose in one short phrase.

Until the engine fills :attr:`~contract_review.review.findings.Finding.standard_position`,
a rationale may end with "Our standard position: …" (or "我方标准立场：…");
:func:`why_and_position` splits it there, so both kinds of finding read the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..review.diffs import split_segments
from ..review.findings import Evidence, Finding, SuggestedChange
from ..review.report_models import ReviewReport
from .redline_runs import redline_runs

__all__ = [
    "KEY_ISSUE_PHRASE",
    "QUOTE_LIMIT",
    "clause_evidence",
    "clause_label",
    "has_cjk",
    "in_language",
    "is_clause_number",
    "new_wording",
    "proposal",
    "shorten",
    "supporting_evidence",
    "why_and_position",
    "worded_for_reader",
]

#: Characters of a clause quote shown before it is shortened (the full text stays
#: available: in the HTML page under "Full text", in both pages in the appendix).
QUOTE_LIMIT = 700
#: Characters of the one-phrase proposal of a key issue.
KEY_ISSUE_PHRASE = 140

_POSITION_RE = re.compile(r"\s*(?:Our standard position\s*:|我方标准立场\s*[：:])\s*")
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_SENTENCE_END_RE = re.compile(r"(?<=[.;!?])\s+|(?<=[。；！？])|\n")
_IDENTIFIER_RE = re.compile(r"[a-z]{2,}(?:_[a-z0-9]+)*")
_NUMBER_RE = re.compile(r"\d|[\u3400-\u9fff]")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese character."""
    return bool(_CJK_RE.search(text))


def in_language(text: str, language: str) -> bool:
    """Whether a name reads in the report's language: Chinese for 'zh', none for 'en'."""
    return has_cjk(text) if language == "zh" else not has_cjk(text)


def is_clause_number(clause_id: str) -> bool:
    """Whether a clause id is a clause number a reader can find in the contract ('20.1',
    '第十二条', 'A'), not a checklist item's identifier ('cap_on_liability',
    'insurance')."""
    return bool(_NUMBER_RE.search(clause_id)) or not _IDENTIFIER_RE.fullmatch(clause_id)


def clause_label(finding: Finding) -> str:
    """The clause a finding is about as the reader finds it in the contract; '' when
    it has only a checklist identifier (a missing clause's)."""
    return finding.clause_id if is_clause_number(finding.clause_id) else ""


def why_and_position(finding: Finding) -> tuple[str, str]:
    """(why it matters, our standard position) of ``finding``; either may be ''."""
    parts = _POSITION_RE.split(finding.rationale, maxsplit=1)
    why = parts[0].strip()
    position = finding.standard_position.strip() or (parts[1].strip() if len(parts) > 1 else "")
    return why, position


def clause_evidence(finding: Finding) -> Evidence | None:
    """The quoted clause the finding is about; None for a missing clause."""
    return next((e for e in finding.evidence if e.kind == "clause"), None)


def supporting_evidence(finding: Finding) -> list[Evidence]:
    """The reference sections and law articles the finding relies on, in its order."""
    return [e for e in finding.evidence if e.kind != "clause"]


def shorten(text: str, limit: int) -> str:
    """``text`` on at most about ``limit`` characters: whole sentences (or lines) while
    they fit, else cut at a word (any character for Chinese), with '…' when cut."""
    text = text.strip()
    if len(text) <= limit:
        return text
    kept = ""
    for piece in _sentences(text):
        if len(kept) + len(piece) > limit:
            break
        kept += piece
    if len(kept.strip()) >= limit // 2:
        return kept.rstrip() + " …"
    cut = text[:limit]
    if not has_cjk(cut[-20:]) and " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:，；：、") + "…"


def _sentences(text: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for match in _SENTENCE_END_RE.finditer(text):
        pieces.append(text[start : match.end()])
        start = match.end()
    pieces.append(text[start:])
    return [p for p in pieces if p]


def new_wording(change: SuggestedChange) -> str:
    """The sentences of the proposed text that the change writes anew or rewrites, in
    order; '' when it only deletes."""
    old = {segment.strip() for segment in split_segments(change.before)}
    if not any(kind == "inserted" for kind, _ in redline_runs(change)):
        return ""
    changed = [s.strip() for s in split_segments(change.after) if s.strip() not in old]
    return ("" if has_cjk(change.after) else " ").join(s for s in changed if s)


def proposal(finding: Finding, findings: Mapping[str, Finding]) -> str:
    """What we propose for ``finding`` in one short phrase, never a diff: the change in
    words, else the sentences the redline writes anew, else our standard position,
    else the new sentences of the clause's one redline (``redline_of``); '' when none
    is known."""
    limit = KEY_ISSUE_PHRASE
    if finding.change_in_words.strip():
        return shorten(finding.change_in_words, limit)
    if finding.suggested_change is not None and (words := new_wording(finding.suggested_change)):
        return shorten(words, limit)
    position = why_and_position(finding)[1]
    if position:
        return shorten(position, limit)
    carrier = findings.get(finding.redline_of or "")
    if carrier is not None and carrier.suggested_change is not None:
        return shorten(new_wording(carrier.suggested_change), limit)
    return ""


def worded_for_reader(report: ReviewReport) -> ReviewReport:
    """``report`` with every finding id quoted in a finding's text (description,
    rationale, standard position, change in words) replaced by that finding's title in
    quotes: a reader knows findings by their titles; ids stay in the appendix."""
    titles = {f.finding_id: f.title for f in report.findings}
    ids = sorted(titles, key=len, reverse=True)
    if not ids:
        return report
    pattern = re.compile("|".join(re.escape(i) for i in ids))
    left, right = ("“", "”")

    def reword(text: str) -> str:
        return pattern.sub(lambda m: f"{left}{titles[m.group(0)]}{right}", text)

    fields = ("description", "rationale", "standard_position", "change_in_words")
    findings = [
        f.model_copy(update={name: reword(getattr(f, name)) for name in fields})
        for f in report.findings
    ]
    return report.model_copy(update={"findings": findings})
