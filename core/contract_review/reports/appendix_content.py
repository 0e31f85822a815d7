"""What the appendix of a report says, once for both pages (Markdown and HTML), in the
report's language: how the review was made — documents (with their SHA-256), the
review's meta data, the plan and its changes, each clause's steps, located passages and
skills, each finding's id, full evidence with offsets, unified diff and decision, the
notes on the review, plugins and timings.

Its captions are in the report's language; the records themselves (ids, skill and step
names, engine states, file names) keep the engine's terms. The pages render the blocks
(:mod:`.markdown_appendix`, :mod:`.html_appendix`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..review.findings import Evidence, Finding
from ..review.report_models import ApprovalRecord, ClauseReview, PlanReport, ReviewReport
from .report_labels import label
from .report_outline import (
    ClauseSection,
    ReportOutline,
    format_score,
    format_seconds,
    format_when,
    internal_notes,
    risk_label,
)

__all__ = [
    "Block",
    "Facts",
    "Heading",
    "Quote",
    "Record",
    "Span",
    "Table",
    "appendix_blocks",
    "approval_caption",
    "evidence_caption",
    "llm_caption",
    "meta_rows",
    "plan_source_caption",
    "skill_lines",
]

#: How a piece of text is shown: as running text, as code (an id), in bold, as an
#: analysis depth (a badge in HTML) or as a digest (shortened in HTML).
SpanKind = Literal["text", "code", "strong", "depth", "digest"]


@dataclass(frozen=True)
class Span:
    """A piece of a line or of a table cell."""

    text: str
    kind: SpanKind = "text"


#: One line of facts, or one table cell: its pieces in order.
Line = tuple[Span, ...]


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Table:
    headings: list[str]
    rows: list[list[Line]]
    numeric: int = 0


@dataclass(frozen=True)
class Facts:
    """A bulleted list; a line may have lines of its own under it."""

    lines: list[Line]
    children: dict[int, list[Line]] = field(default_factory=dict)


@dataclass(frozen=True)
class Quote:
    """A quoted passage: evidence (``kind`` its kind, with its caption) or the wording
    a reviewer agreed (``kind`` 'wording')."""

    text: str
    caption: str
    kind: str


@dataclass(frozen=True)
class Diff:
    text: str


@dataclass(frozen=True)
class Record:
    """One finding's record: its blocks, kept together."""

    finding_id: str
    blocks: list[Block]


Block = Heading | Table | Facts | Quote | Diff | Record

#: The appendix's own words: key -> (English, Chinese).
_WORDS: dict[str, tuple[str, str]] = {
    "document": ("Document", "文件"),
    "role": ("Role", "角色"),
    "language": ("Language", "语言"),
    "characters": ("Characters", "字符数"),
    "sections": ("Sections", "章节数"),
    "item": ("Item", "项目"),
    "value": ("Value", "内容"),
    "status": ("Status", "状态"),
    "review_id": ("Review id", "审查编号"),
    "report_schema": ("Report schema", "报告格式版本"),
    "package_version": ("Package version", "软件版本"),
    "domain": ("Domain", "审查领域"),
    "playbook": ("Playbook", "审查手册"),
    "playbook_value": ("{id} version {version} ({source})", "{id} 版本 {version}（{source}）"),
    "embedder": ("Embedder", "向量模型"),
    "llm": ("LLM", "大语言模型"),
    "no_llm": ("none (no LLM was used)", "无（未使用大语言模型）"),
    "party": ("Party", "审查立场"),
    "started": ("Started", "开始时间"),
    "finished": ("Finished", "完成时间"),
    "none": ("none", "无"),
    "plan_source": ("Plan source", "计划来源"),
    "source_default": ("default plan (core's rules)", "默认计划（内置规则）"),
    "source_orchestrator": ("LLM orchestrator", "大语言模型编排"),
    "source_plugin": ("domain plugin", "领域插件"),
    "plan_version": ("Plan version", "计划版本"),
    "strategy": ("Strategy", "策略"),
    "order": ("Order", "顺序"),
    "clause": ("Clause", "条款"),
    "name": ("Name", "名称"),
    "depth": ("Depth", "分析深度"),
    "iterations": ("Iterations", "轮次"),
    "tools": ("Tools", "工具"),
    "why": ("Why", "理由"),
    "plan_change": (
        "After clause {clause} → plan version {version}: {reason}",
        "条款 {clause} 之后 → 计划版本 {version}：{reason}",
    ),
    "no_reason": ("no reason given", "未说明理由"),
    "clause_status": ("Status: {status}; analysed by {worker}", "状态：{status}；分析：{worker}"),
    "steps": ("Steps", "步骤"),
    "located": ("Located", "定位"),
    "location": (
        "{document} ({role}) {clause}, characters {start}–{end}",
        "{document}（{role}）{clause}，字符 {start}–{end}",
    ),
    "not_reviewed": ("Not reviewed yet.", "尚未审查。"),
    "reported_missing": (
        "Not found in the document: reported missing.",
        "合同中未找到：列为缺失条款。",
    ),
    "mentioned_in": (
        "Not located as a clause of its own; clause {where} speaks to it. Not reported missing.",
        "未作为独立条款出现；条款 {where} 涉及该事项，未列为缺失。",
    ),
    "not_applicable": (
        "Not expected in this kind of contract, so not reported missing.",
        "此类合同通常不含此条款，未列为缺失。",
    ),
    "in_order": ("In order — clause {clause}: {note}", "无异议 — 条款 {clause}：{note}"),
    "finding": ("Finding", "问题"),
    "finding_id": ("Finding id", "问题编号"),
    "risk": ("Risk", "风险"),
    "checklist_item": ("Checklist item", "检查清单项"),
    "redline_under": ("Redline under", "修订并入"),
    "skill": ("Skill {skill}", "技能 {skill}"),
    "ok": ("ok", "成功"),
    "failed": ("failed", "失败"),
    "approval": ("Approval", "审批"),
    "no_decision": ("no decision recorded", "未记录审批决定"),
    "decided_by": ("by {by}", "由 {by}"),
    "reviewer_wording": ("Reviewer's wording:", "审核人确定的措辞："),
    "decision_by": ("{decision} (by {by})", "{decision}（由 {by}）"),
    "read_by": ("Read by {skill}: {words}", "{skill} 读取：{words}"),
    "skill_failed": ("Skill {skill} failed: {reason}", "技能 {skill} 失败：{reason}"),
    "also_run": ("Also run: {skills}", "另运行：{skills}"),
    "evidence_clause": ("Clause", "条款"),
    "evidence_reference": ("Reference", "参考文件"),
    "evidence_law": ("Law article", "法条"),
    "evidence_characters": ("characters {start}–{end}", "字符 {start}–{end}"),
    "evidence_score": ("score {score}", "得分 {score}"),
    "plugin": ("Plugin", "插件"),
    "version": ("Version", "版本"),
    "node": ("Node", "环节"),
    "time": ("Time", "用时"),
    "total": ("total", "合计"),
    "colon": (": ", "："),
    "list_comma": (", ", "，"),
}


def _w(key: str, language: str, **values: object) -> str:
    english, chinese = _WORDS[key]
    text = chinese if language == "zh" else english
    return text.format(**values) if values else text


def _text(text: str) -> Line:
    return (Span(text),)


def _fact(caption: str, language: str, *value: Span) -> Line:
    return (Span(caption + _w("colon", language)), *value)


# --- captions (also read by the tests)


def evidence_caption(evidence: Evidence, language: str = "en") -> str:
    """What a quote is and where it comes from, e.g. 'Clause 20.1 — contract.txt,
    characters 120–340'; reference and law evidence carry their score."""
    parts = [f"{_w('evidence_' + evidence.kind, language)} {evidence.id} — {evidence.source}"]
    if evidence.start is not None and evidence.end is not None:
        parts.append(_w("evidence_characters", language, start=evidence.start, end=evidence.end))
    if evidence.score is not None:
        parts.append(_w("evidence_score", language, score=format_score(evidence.score)))
    return _w("list_comma", language).join(parts)


def approval_caption(finding: Finding, record: ApprovalRecord | None, language: str = "en") -> str:
    """The decision on a finding's suggested change; '' when there is nothing to decide."""
    if record is None:
        return _w("no_decision", language) if finding.suggested_change is not None else ""
    parts = [_w("decided_by", language, by=record.by)]
    if record.decided_at is not None:
        parts.append(format_when(record.decided_at))
    joined = _w("list_comma", language).join(parts)
    return f"{record.decision}（{joined}）" if language == "zh" else f"{record.decision} ({joined})"


def plan_source_caption(plan: PlanReport, language: str = "en") -> str:
    """Who made the plan and why, e.g. 'default plan (core's rules) — no LLM configured'."""
    caption = _w(f"source_{plan.source}", language)
    return f"{caption} — {plan.note}" if plan.note else caption


def llm_caption(llm: str, language: str = "en") -> str:
    """The LLM the review used, or a plain 'none' statement."""
    return _w("no_llm", language) if llm in ("", "none") else llm


def meta_rows(report: ReviewReport) -> list[tuple[str, str]]:
    """The review's record as (item, value), in the report's language."""
    meta, language = report.meta, report.language
    playbook = _w("none", language)
    if meta.playbook is not None:
        pb = meta.playbook
        playbook = _w(
            "playbook_value", language, id=pb.playbook_id, version=pb.version, source=pb.source
        )
    none = _w("none", language)
    rows = [
        ("review_id", report.review_id),
        ("report_schema", report.schema_version),
        ("package_version", meta.package_version),
        ("domain", f"{meta.domain_id} {meta.domain_name}".strip()),
        ("playbook", playbook),
        ("embedder", meta.embedder or none),
        ("llm", llm_caption(meta.llm, language)),
        ("party", meta.party or none),
        ("started", format_when(meta.started_at)),
        ("finished", format_when(meta.finished_at)),
    ]
    return [(_w(key, language), value) for key, value in rows]


def skill_lines(review: ClauseReview, language: str = "en") -> list[str]:
    """What a clause's skills read: each fact in words ("Read by fidic_calculate_time_bar:
    claim notice: 14 days; baseline 28"), then each skill that failed with its error,
    then the skills that ran without a fact to report."""
    lines = [
        _w("read_by", language, skill=fact.skill_id, words=fact.words) for fact in review.facts
    ]
    read = {fact.skill_id for fact in review.facts}
    lines += [
        _w(
            "skill_failed",
            language,
            skill=result.skill_id,
            reason=result.summary or _w("no_reason", language),
        )
        for result in review.skill_results
        if not result.success
    ]
    quiet = [r.skill_id for r in review.skill_results if r.success and r.skill_id not in read]
    if quiet:
        skills = _w("list_comma", language).join(dict.fromkeys(quiet))
        lines.append(_w("also_run", language, skills=skills))
    return lines


# --- the blocks


def _documents(report: ReviewReport) -> list[Block]:
    if not report.documents:
        return []
    language = report.language
    headings = [_w(k, language) for k in ("document", "role", "language", "characters")]
    headings += [_w("sections", language), "SHA-256"]
    rows = [
        [
            _text(d.name),
            _text(d.role),
            _text(d.language or "—"),
            _text(str(d.characters)),
            _text(str(d.sections)),
            (Span(d.sha256, "digest"),),
        ]
        for d in report.documents
    ]
    return [Heading(3, label("documents", language)), Table(headings, rows)]


def _review(report: ReviewReport) -> list[Block]:
    language = report.language
    rows = [[_text(_w("status", language)), _text(report.status)]]
    rows += [[_text(item), _text(value)] for item, value in meta_rows(report)]
    headings = [_w("item", language), _w("value", language)]
    return [Heading(3, label("review_record", language)), Table(headings, rows)]


def _plan(plan: PlanReport, language: str) -> list[Block]:
    facts = [
        _fact(_w("plan_source", language), language, Span(plan_source_caption(plan, language))),
        _fact(_w("plan_version", language), language, Span(str(plan.plan.plan_version))),
    ]
    if plan.plan.global_strategy:
        facts.append(_fact(_w("strategy", language), language, Span(plan.plan.global_strategy)))
    keys = ("order", "clause", "name", "depth", "iterations", "tools", "why")
    rows = [
        [
            _text(str(cp.priority_order)),
            _text(cp.clause_id),
            _text(cp.clause_name),
            (Span(cp.analysis_depth.value, "depth"),),
            _text(str(cp.max_iterations)),
            _text(", ".join(cp.suggested_tools) or "—"),
            _text(cp.rationale),
        ]
        for cp in plan.plan.execution_order()
    ]
    out: list[Block] = [
        Heading(3, label("review_plan", language)),
        Facts(facts),
        Table([_w(k, language) for k in keys], rows),
    ]
    if plan.changes:
        lines: list[Line] = []
        children: dict[int, list[Line]] = {}
        for change in plan.changes:
            reason = change.reason or _w("no_reason", language)
            words = _w(
                "plan_change",
                language,
                clause=change.after_clause,
                version=change.plan_version,
                reason=reason,
            )
            if change.changes:
                children[len(lines)] = [_text(line) for line in change.changes]
            lines.append(_text(words))
        out += [Heading(4, label("plan_changes", language)), Facts(lines, children)]
    return out


def _clause_facts(section: ClauseSection, language: str) -> list[Line]:
    facts: list[Line] = []
    if section.plan is not None:
        plan = section.plan
        facts.append(
            _fact(
                _w("depth", language),
                language,
                Span(plan.analysis_depth.value, "depth"),
                Span(f" — {plan.rationale}"),
            )
        )
    if section.review is not None:
        review = section.review
        status = _w("clause_status", language, status=review.status.value, worker=review.worker)
        facts.append(_text(status))
        if review.steps:
            facts.append(_fact(_w("steps", language), language, Span(" → ".join(review.steps))))
        for loc in review.locations:
            where = _w(
                "location",
                language,
                document=loc.document,
                role=loc.role,
                clause=loc.clause_id,
                start=loc.start,
                end=loc.end,
            )
            reason = f" — {loc.reason}" if loc.reason else ""
            facts.append(_fact(_w("located", language), language, Span(where + reason)))
        facts += [_text(line) for line in skill_lines(review, language)]
    elif section.clause_id:
        facts.append(_text(_w("not_reviewed", language)))
    if section.is_missing:
        facts.append(_text(_w("reported_missing", language)))
    elif section.mentioned_in and not section.findings:
        where = _w("list_comma", language).join(section.mentioned_in)
        facts.append(_text(_w("mentioned_in", language, where=where)))
    elif section.not_applicable:
        facts.append(_text(_w("not_applicable", language)))
    facts += [
        _text(_w("in_order", language, clause=c.clause_id, note=c.note)) for c in section.checked
    ]
    facts += [
        _fact(_w("finding", language), language, Span(f.finding_id, "code"))
        for f in section.findings
    ]
    return facts


def _clauses(shape: ReportOutline, language: str) -> list[Block]:
    out: list[Block] = [Heading(3, label("clause_record", language))]
    for section in shape.sections:
        out.append(Heading(4, section.heading))
        facts = _clause_facts(section, language)
        if facts:
            out.append(Facts(facts))
    return out


def _finding_record(finding: Finding, record: ApprovalRecord | None, language: str) -> Record:
    def fact(key: str, *value: Span) -> Line:
        return _fact(_w(key, language), language, *value)

    facts = [
        fact("finding_id", Span(finding.finding_id, "code")),
        fact("risk", Span(risk_label(finding.risk_level, language))),
        fact("clause", Span(finding.clause_id)),
        fact("checklist_item", Span(finding.checklist_item_id or _w("none", language))),
        fact("status", Span(finding.status.value)),
    ]
    if finding.redline_of:
        facts.append(fact("redline_under", Span(finding.redline_of, "code")))
    for result in finding.skill_results:
        outcome = _w("ok" if result.success else "failed", language)
        summary = f" — {result.summary}" if result.summary else ""
        caption = _w("skill", language, skill=result.skill_id)
        facts.append(_fact(caption, language, Span(outcome + summary)))
    caption = approval_caption(finding, record, language)
    if caption:
        facts.append(fact("approval", Span(caption)))
    blocks: list[Block] = [Heading(4, f"{finding.clause_id} — {finding.title}"), Facts(facts)]
    if record is not None and record.after is not None:
        blocks.append(Quote(record.after, _w("reviewer_wording", language), "wording"))
    blocks += [
        Quote(evidence.text, evidence_caption(evidence, language), evidence.kind)
        for evidence in finding.evidence
    ]
    if finding.suggested_change is not None and finding.suggested_change.diff:
        blocks.append(Diff(finding.suggested_change.diff))
    return Record(finding.finding_id, blocks)


def _findings(report: ReviewReport, shape: ReportOutline) -> list[Block]:
    language = report.language
    out: list[Block] = [Heading(3, label("finding_record", language))]
    order = {finding_id: index for index, finding_id in enumerate(shape.anchors)}
    ordered = sorted(report.findings, key=lambda f: order.get(f.finding_id, len(order)))
    out += [_finding_record(f, shape.approvals.get(f.finding_id), language) for f in ordered]
    if shape.unmatched_approvals:
        lines: list[Line] = [
            (
                Span(a.finding_id, "code"),
                Span(
                    _w("colon", language)
                    + _w("decision_by", language, decision=a.decision, by=a.by)
                ),
            )
            for a in shape.unmatched_approvals
        ]
        out += [Heading(4, label("other_decisions", language)), Facts(lines)]
    return out


def _meta_tables(report: ReviewReport) -> list[Block]:
    meta, language = report.meta, report.language
    out: list[Block] = []
    if meta.plugins:
        rows = [[_text(name), _text(version)] for name, version in sorted(meta.plugins.items())]
        headings = [_w("plugin", language), _w("version", language)]
        out += [Heading(3, label("plugins", language)), Table(headings, rows)]
    if meta.timings:
        rows = [[_text(node), _text(format_seconds(s))] for node, s in meta.timings.items()]
        rows.append(
            [_text(_w("total", language)), _text(format_seconds(sum(meta.timings.values())))]
        )
        headings = [_w("node", language), _w("time", language)]
        out += [Heading(3, label("timings", language)), Table(headings, rows, numeric=1)]
    return out


def appendix_blocks(report: ReviewReport, shape: ReportOutline) -> list[Block]:
    """The appendix under its heading and introduction, which the pages write."""
    language = report.language
    out = _documents(report)
    out += _review(report)
    out += _plan(report.plan, language)
    out += _clauses(shape, language)
    out += _findings(report, shape)
    notes = internal_notes(report)
    if notes:
        out += [Heading(3, label("internal_notes", language)), Facts([_text(n) for n in notes])]
    out += _meta_tables(report)
    return out
