"""The five dimension scores of one review finding (see :mod:`.finding_quality` for
what each dimension looks at), with the weaknesses found on the way and what to do
about them."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..documents.language import detect_language
from ..domain import RiskLevel
from ..review.findings import Finding, FindingStatus
from .legal_text_signals import (
    citation_keys,
    covered,
    keywords,
    law_article_ids,
    read_signals,
    recommendations,
    sentence_length_score,
    stem,
)
from .quality_models import DimensionScore, QualityDimension, dimension_score

__all__ = ["LAW_INDEX_HINT", "FindingFacts", "Weak", "finding_scores"]

#: Records a weakness and the suggestion that answers it.
Weak = Callable[[str, str], None]

_Q = QualityDimension
#: Words of the reviewer's own phrasing that say nothing about the clause's subject.
_REVIEW_PHRASING = (
    "clause clauses sub subclause deviation found playbook rule rules fired holds none "
    "place places read meaning detector sure standard our position txt md docx pdf "
    "条款 条 款 项"
)
_REVIEW_WORDS = frozenset(_REVIEW_PHRASING.split())
_LANGUAGE_NAMES = {"zh": "Chinese", "en": "English"}
_QUOTED_RE = re.compile(r"“[^”]*”|\"[^\"]*\"")
_CHECK_STEMS = frozenset(["check", "verifi", "ensur", "核实", "确认"])
#: The suggestion for findings that cite law articles without quoting them.
LAW_INDEX_HINT = (
    "Build a law index (contract-review law index SOURCE --out DIR, or the law_index "
    "setting) so that findings quote the articles they cite."
)


class FindingFacts:
    """What the graders read off a finding, computed once: its quotes, the laws its
    rationale cites without quoting, whether it redlines or recommends, its signals."""

    def __init__(self, finding: Finding) -> None:
        self.finding = finding
        self.missing = finding.status is FindingStatus.MISSING
        #: Why the finding matters as the report shows it: the rationale, then our
        #: standard position (a field of its own, rendered after it).
        self.reasons = finding.rationale
        if finding.standard_position.strip():
            position = f"Our standard position: {finding.standard_position}"
            self.reasons = f"{finding.rationale} {position}".strip()
        self.clause_quotes = [e for e in finding.evidence if e.kind == "clause" and e.text.strip()]
        self.support = [e for e in finding.evidence if e.kind != "clause" and e.text.strip()]
        quoted_laws = {e.id for e in finding.evidence if e.kind == "law"}
        quoted_keys = set().union(*(citation_keys(i)[0] for i in quoted_laws))
        self.unquoted_laws = [
            ref
            for ref in law_article_ids(self.reasons)
            if ref not in quoted_laws and not citation_keys(ref)[0] <= quoted_keys
        ]
        change = finding.suggested_change
        self.redline = change is not None and change.after.strip() != change.before.strip()
        self.text = " ".join(p for p in (finding.title, finding.description, self.reasons) if p)
        self.signals = read_signals(self.text)
        advice = recommendations(f"{finding.description} {self.reasons}")
        self.recommends = bool(advice)
        #: The only advice is to check something (check, verify, ensure, 核实, 确认).
        self.only_checks = self.recommends and all(stem(w) in _CHECK_STEMS for w in advice)
        self.where = f"{finding.clause_id} ({finding.finding_id})"


def _relevance(f: FindingFacts, weak: Weak) -> DimensionScore:
    finding = f.finding
    heading = f"{finding.title} {finding.description}"
    names = any(i and i in heading for i in (finding.clause_id, finding.checklist_item_id))
    details = [f"Names its clause {finding.clause_id}: {'yes' if names else 'no'}"]
    if f.missing:
        says_what = 1.0 if f.reasons.strip() else 0.5
        details.append(
            "Missing checklist item; what the clause should cover: "
            + ("stated" if says_what == 1.0 else "not stated")
        )
        return dimension_score(_Q.RELEVANCE, 0.3 * names + 0.7 * says_what, details)
    terms = [t for t in keywords(heading) if t not in _REVIEW_WORDS]
    clause_text = " ".join(e.text for e in f.clause_quotes)
    languages = (detect_language(_QUOTED_RE.sub(" ", heading)), detect_language(clause_text))
    if not f.clause_quotes or not terms:
        details.append("Cannot compare with the clause: no clause text quoted (judged neutral)")
        overlap = 0.5
    elif languages[0] != languages[1]:
        details.append(
            f"Described in {_LANGUAGE_NAMES[languages[0]]}, the clause is in "
            f"{_LANGUAGE_NAMES[languages[1]]}: wording not compared (judged neutral)"
        )
        overlap = 0.5
    else:
        hit = covered(terms, clause_text)
        overlap = min(1.0, len(hit) / len(terms) / 0.5)
        details.append(
            f"Words of the title and description found in the clause: {len(hit)} of {len(terms)}"
        )
        if len(hit) / len(terms) < 0.2:
            weak(
                f"{f.where}: the description has little in common with the clause it quotes.",
                f"{f.where}: describe what the clause says and why it matters, in its own terms.",
            )
    return dimension_score(_Q.RELEVANCE, 0.2 * names + 0.8 * overlap, details)


def _completeness(f: FindingFacts, weak: Weak) -> DimensionScore:
    finding = f.finding
    clause = 1.0 if (f.missing or f.clause_quotes) else 0.0
    support = 1.0 if f.support else (0.5 if f.unquoted_laws else 0.0)
    rationale = min(1.0, len(f.reasons.strip()) / 40)
    quoted = f"{len(f.clause_quotes)} quote(s)" if f.clause_quotes else "no"
    if f.missing:
        quoted = "not expected (missing clause)"
    details = [
        f"Clause quoted: {quoted}",
        f"Reference sections or law articles quoted: {len(f.support)}",
        f"Rationale: {len(f.reasons.strip())} characters",
    ]
    if f.unquoted_laws:
        details.append(f"Law cited in the rationale but not quoted: {', '.join(f.unquoted_laws)}")
        weak(
            f"{f.where}: cites {', '.join(f.unquoted_laws)} without quoting the article.",
            LAW_INDEX_HINT,
        )
    if not clause:
        weak(
            f"{f.where}: quotes no clause text; the finding cannot be checked against the contract.",
            f"{f.where}: quote the clause the finding is about.",
        )
    if rationale < 0.5:
        weak(
            f"{f.where}: gives no rationale for its {finding.risk_level.value} risk level.",
            f"{f.where}: say why it matters: the position taken and the law.",
        )
    return dimension_score(
        _Q.COMPLETENESS, 0.45 * clause + 0.3 * support + 0.25 * rationale, details
    )


def _clarity(f: FindingFacts, weak: Weak) -> DimensionScore:
    s = f.signals
    hedging = 1.0 - 0.8 * min(1.0, len(s.hedges) / max(1, s.sentences))
    sentences, _average = sentence_length_score(s)
    has_text = 1.0 if f.finding.description.strip() else 0.0
    details = [
        f"Hedging words: {', '.join(dict.fromkeys(s.hedges)) or 'none'}",
        f"Sentence length score: {sentences:.2f}",
        f"Description: {'given' if has_text else 'empty'}",
    ]
    if hedging < 0.7:
        weak(
            f"{f.where}: hedges ({', '.join(dict.fromkeys(s.hedges))}).",
            f"{f.where}: state the finding firmly.",
        )
    score = has_text * (0.6 * hedging + 0.4 * sentences)
    return dimension_score(_Q.CLARITY, score, details)


def _technical_depth(f: FindingFacts) -> DimensionScore:
    s = f.signals
    terms = min(1.0, len(s.legal_terms) / 4)
    support = 1.0 if f.support else (0.6 if f.unquoted_laws or s.laws else 0.0)
    rationale = min(1.0, len(f.reasons.strip()) / 120)
    details = [
        f"Legal terms: {', '.join(s.legal_terms[:8]) or 'none'}",
        "Law or reference support: " + ("quoted" if f.support else "cited" if support else "none"),
        f"Rationale explaining the risk: {rationale:.0%} of a full paragraph",
    ]
    return dimension_score(
        _Q.TECHNICAL_DEPTH, 0.4 * terms + 0.3 * support + 0.3 * rationale, details
    )


def _actionability(f: FindingFacts, weak: Weak) -> DimensionScore:
    finding = f.finding
    if f.redline:
        return dimension_score(_Q.ACTIONABILITY, 1.0, ["Redline proposed: the wording changes"])
    change = "none" if finding.suggested_change is None else "proposed, but changes nothing"
    advice = "none" if not f.recommends else ("what to check" if f.only_checks else "yes")
    details = [f"Redline: {change}", f"Recommendation in words: {advice}"]
    if f.missing:
        # No wording to redline: saying what the clause should provide is all it can give.
        if not f.recommends or f.only_checks:
            weak(
                f"{f.where}: says the clause is missing but not what it should provide.",
                f"{f.where}: say what the missing clause should provide.",
            )
        return dimension_score(_Q.ACTIONABILITY, 0.6 if f.only_checks else f.recommends, details)
    if finding.risk_level.at_least(RiskLevel.HIGH):
        weak(
            f"{f.where}: a {finding.risk_level.value}-risk finding without a redline.",
            f"{f.where}: propose replacement wording for clause {finding.clause_id}.",
        )
    if not f.recommends:
        weak(
            f"{f.where}: says what is wrong but not what to do.",
            f"{f.where}: propose wording, or state the position to negotiate for.",
        )
    return dimension_score(_Q.ACTIONABILITY, 0.6 * f.recommends, details)


def finding_scores(facts: FindingFacts, weak: Weak) -> list[DimensionScore]:
    """The five dimension scores of the finding, in dimension order; ``weak`` receives
    each weakness found and its suggestion."""
    return [
        _relevance(facts, weak),
        _completeness(facts, weak),
        _clarity(facts, weak),
        _technical_depth(facts),
        _actionability(facts, weak),
    ]
