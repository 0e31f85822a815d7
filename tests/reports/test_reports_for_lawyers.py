"""The report pages read as a lawyer reads them, on the testing kit's report and on real
reviews of the bundled examples (FIDIC, the Chinese services agreement, the SPA).

* The executive summary comes first, then the issues by clause, what was checked in
  order, the missing clauses, and the appendix last; the key issues are listed most
  severe first, in review order within a level.
* Nothing of how the review was made shows above the appendix: no engine step
  ('route_after_analyze'), no 'Steps:'/'Located:'/'Depth:' line, no character offsets,
  no skill id, no SHA-256 digest, no finding id, no review id.
* Labels are in the report's language. The rule, checked on the visible text above the
  appendix: every Latin-letter word of a Chinese report, and every run of Chinese
  characters of an English report, must come from the report's own content — the
  contract text it quotes, the findings' wording (title, description, rationale,
  standard position, change), the clauses checked, the notes, document names, clause
  numbers, the party and the governing law as read. The page's own words (labels,
  headings, captions) are never content, so an English label on a Chinese page fails,
  unless the same word happens to be in the content; the Chinese report built below has
  Chinese content only, so there every Latin word is a label found out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import unescape

import pytest

from contract_review.reports.html_report import render_html
from contract_review.reports.markdown_report import render_markdown
from contract_review.reports.report_labels import LABELS
from contract_review.reports.report_outline import risk_label
from contract_review.review.diffs import suggested_change
from contract_review.review.findings import CheckedItem, Evidence, Finding
from contract_review.review.report_models import ReviewReport
from contract_review.testing.report_builders import make_report

from .real_reviews import EXAMPLE_DOMAINS, review_example

Render = Callable[[ReviewReport], str]

_LATIN_WORD = re.compile(r"[A-Za-z]+")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def _chinese(report: ReviewReport) -> ReviewReport:
    """The testing kit's report as a review of a Chinese contract: language 'zh' and
    every piece of content in Chinese (clauses quoted without offsets)."""
    findings = []
    for n, finding in enumerate(report.findings, start=1):
        evidence = [
            Evidence(kind=e.kind, source=e.source, id=e.id, text=f"第{n}条约定的条款原文。")
            for e in finding.evidence
        ]
        change = None
        if finding.suggested_change is not None:
            change = suggested_change("乙方应在收到发票后九十日内付款。", "乙方应在三十日内付款。")
        findings.append(
            finding.model_copy(
                update={
                    "title": f"问题{n}",
                    "description": "该条款对我方不利。",
                    "rationale": "风险较大。我方标准立场：双方权利义务对等。",
                    "evidence": evidence,
                    "suggested_change": change,
                    "skill_results": [],
                }
            )
        )
    checked = [
        CheckedItem(checklist_item_id="18.1", clause_id="18.1", title="保险", note="无异议。")
    ]
    return make_report(
        language="zh",
        title="合同审查：particular_conditions.txt",
        findings=findings,
        checked=checked,
        notes=["本合同适用中华人民共和国法律。"],
        approvals=[],
        meta=report.meta.model_copy(update={"party": "承包商"}),
    )


def _reports() -> Iterator[object]:
    yield pytest.param(make_report, id="kit-en")
    yield pytest.param(lambda: _chinese(make_report()), id="kit-zh")
    for name, domain in EXAMPLE_DOMAINS.items():
        yield pytest.param(
            lambda name=name: review_example(name),
            id=f"example-{name}",
            marks=pytest.mark.requires_domain(domain),
        )


@pytest.fixture(params=list(_reports()))
def report(request: pytest.FixtureRequest) -> ReviewReport:
    built: ReviewReport = request.param()
    return built


@pytest.fixture(params=["html", "markdown"])
def text_of(
    request: pytest.FixtureRequest,
    markdown_to_html: Callable[[str], str],
    visible: Callable[[str], str],
) -> Callable[[ReviewReport], str]:
    """A page's visible text, white space squashed."""
    if request.param == "html":
        return lambda r: visible(render_html(r))
    return lambda r: visible(markdown_to_html(render_markdown(r)))


def _label(key: str, report: ReviewReport) -> str:
    english, chinese = LABELS[key]
    return chinese if report.language == "zh" else english


def _appendix_at(text: str, report: ReviewReport) -> int:
    """Where the appendix starts: its heading, then its introduction."""
    return text.index(f"{_label('appendix', report)} {_label('appendix_intro', report)}")


def _above_appendix(text: str, report: ReviewReport) -> str:
    return text[: _appendix_at(text, report)]


def test_the_page_reads_summary_issues_checked_missing_then_appendix(
    report: ReviewReport, text_of: Callable[[ReviewReport], str]
) -> None:
    text = text_of(report)
    headings = [
        _label(key, report)
        for key in ("executive_summary", "key_issues", "issues_by_clause", "checked", "missing")
    ]
    title_end = text.index(report.title) + len(report.title)
    positions = [text.index(h, title_end) for h in headings]
    appendix_at = _appendix_at(text, report)
    positions[2:] = [text.rindex(h, 0, appendix_at) for h in headings[2:]]  # past contents
    assert positions == sorted(positions)
    assert text[title_end:].lstrip().startswith(headings[0])
    assert positions[-1] < _appendix_at(text, report)


def _key_issue_lines(page_text: str, report: ReviewReport) -> list[str]:
    start = page_text.index(_label("key_issues", report))
    end = page_text.index(_label("issues_by_clause", report), start)
    return [line for line in page_text[start:end].split("\n") if line.strip()][1:]


def test_key_issues_are_listed_most_severe_first_in_review_order(
    report: ReviewReport,
    markdown_to_html: Callable[[str], str],
    visible_lines: Callable[[str], list[str]],
) -> None:
    expected = sorted(report.findings, key=lambda f: f.risk_level.severity)
    for page in (render_html(report), markdown_to_html(render_markdown(report))):
        lines = visible_lines(page)
        start = lines.index(_label("key_issues", report))
        listed = lines[start + 1 : start + 1 + len(expected)]
        assert len(listed) == len(expected)
        for line, finding in zip(listed, expected, strict=True):
            words = " ".join(line.split())
            assert risk_label(finding.risk_level, report.language) in words
            assert " ".join(finding.title.split()) in words


def _internals(report: ReviewReport) -> Iterator[str]:
    """What only the appendix may show."""
    yield report.review_id
    yield from ("Steps:", "Located:", "Depth:", "Finding id")
    for document in report.documents:
        yield document.sha256
        yield document.sha256[:16]
    for finding in report.findings:
        yield finding.finding_id
        for evidence in finding.evidence:
            if evidence.start is not None:
                yield f"characters {evidence.start}–{evidence.end}"
        yield from (r.skill_id for r in finding.skill_results)
    for clause in report.clauses:
        yield from (step for step in clause.steps if "_" in step)
        yield from (r.skill_id for r in clause.skill_results)
        for location in clause.locations:
            yield f"characters {location.start}–{location.end}"
    for plan in report.plan.plan.clause_plans:
        yield from plan.suggested_tools


def test_no_pipeline_internals_above_the_appendix(
    report: ReviewReport, text_of: Callable[[ReviewReport], str]
) -> None:
    text = text_of(report)
    above = _above_appendix(text, report)
    below = text[len(above) :]
    shown = sorted({piece for piece in _internals(report) if piece in above})
    assert shown == []
    assert report.review_id in below
    assert all(d.sha256 in below for d in report.documents)


def test_html_source_above_the_appendix_holds_no_id_or_digest(report: ReviewReport) -> None:
    """Not even in attributes: the cards are anchored by their place on the page."""
    page = render_html(report)
    above = page[: page.index('<details class="appendix"')]
    ids = [f.finding_id for f in report.findings] + [d.sha256 for d in report.documents]
    assert [i for i in ids if i in above] == []


def _content(report: ReviewReport) -> str:
    """Everything the report's own content says (see the module's rule)."""
    pieces = [report.title, report.meta.party, report.contract_type]
    pieces += [d.name for d in report.documents]
    pieces += report.notes
    if report.governing_law is not None:
        pieces.append(report.governing_law.label(report.language))
    for f in report.findings:
        pieces += [f.clause_id, f.title, f.description, f.rationale, f.standard_position]
        pieces += [f.change_in_words]
        pieces += [e.text for e in f.evidence] + [f"{e.id} {e.source}" for e in f.evidence]
        if f.suggested_change is not None:
            pieces += [f.suggested_change.before, f.suggested_change.after]
    for c in report.checked:
        pieces += [c.clause_id, c.title, c.note]
    for a in report.approvals:
        pieces.append(a.after or "")
    return "\n".join(pieces)


def test_labels_are_in_the_reports_language(
    report: ReviewReport, text_of: Callable[[ReviewReport], str]
) -> None:
    above = _above_appendix(text_of(report), report)
    content = _content(report)
    if report.language == "zh":
        allowed = set(_LATIN_WORD.findall(content))
        foreign = sorted(set(_LATIN_WORD.findall(above)) - allowed)
    else:
        foreign = sorted({run for run in _CJK_RUN.findall(above) if run not in content})
    assert foreign == []


def test_the_chinese_kit_report_shows_no_latin_letter_but_its_document_names() -> None:
    """The strict form of the rule: content without Latin letters but file names."""
    report = _chinese(make_report())
    assert set(_LATIN_WORD.findall(_content(report))) <= {
        "particular",
        "conditions",
        "employers",
        "requirements",
        "txt",
    }


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.requires_domain(domain))
        for name, domain in EXAMPLE_DOMAINS.items()
    ],
)
def test_a_bundled_examples_report_is_in_one_language(
    name: str, text_of: Callable[[ReviewReport], str]
) -> None:
    """The acceptance point, strictly: above the appendix a Chinese example's report
    shows no Latin word but those of its file names and of the contract it quotes, and
    an English example's report no Chinese but what the contract itself holds."""
    report = review_example(name)
    above = _above_appendix(text_of(report), report)
    quoted = "\n".join(
        [d.name for d in report.documents]
        + [e.text for f in report.findings for e in f.evidence]
        + [f.suggested_change.after for f in report.findings if f.suggested_change]
        + [e.text for c in report.checked for e in c.evidence]
    )
    if report.language == "zh":
        foreign = set(_LATIN_WORD.findall(above)) - set(_LATIN_WORD.findall(quoted))
    else:
        foreign = set(_CJK_RUN.findall(above)) - set(_CJK_RUN.findall(quoted))
    assert sorted(foreign) == []
    assert report.language == ("zh" if name.startswith("zh") else "en")


def test_a_clause_name_in_the_other_language_is_left_out_of_its_heading() -> None:
    """The FIDIC checklist names its clauses in Chinese: an English page heads them by
    number; a Chinese page shows the Chinese names."""
    report = make_report()
    plans = report.plan.plan.clause_plans
    chinese = [cp.model_copy(update={"clause_name": f"条款{cp.clause_id}"}) for cp in plans]
    plan = report.plan.model_copy(
        update={"plan": report.plan.plan.model_copy(update={"clause_plans": chinese})}
    )
    clauses = [c.model_copy(update={"clause_name": ""}) for c in report.clauses]
    renamed = report.model_copy(update={"plan": plan, "clauses": clauses})
    english = render_html(renamed)
    above = english[: english.index('<details class="appendix"')]
    assert "条款" not in above
    assert "<h3>20.1</h3>" in above
    in_chinese = render_html(renamed.model_copy(update={"language": "zh"}))
    assert "<h3>20.1 条款20.1</h3>" in in_chinese


def test_standard_position_is_read_from_the_field_or_split_from_the_rationale(
    visible: Callable[[str], str],
) -> None:
    report = make_report()
    first = report.findings[0]
    from_field = first.model_copy(
        update={"rationale": "Time bars bite.", "standard_position": "A late notice bars nothing."}
    )
    from_rationale = first.model_copy(
        update={"rationale": "Time bars bite. Our standard position: A late notice bars nothing."}
    )
    for finding in (from_field, from_rationale):
        text = visible(render_html(report.model_copy(update={"findings": [finding]})))
        assert (
            "Why it matters Time bars bite. Our standard position A late notice bars nothing."
            in text
        )


def test_a_finding_sharing_a_redline_points_to_it_instead_of_repeating_it() -> None:
    report = make_report()
    carrier, other = report.findings[0], report.findings[1]
    pointing = other.model_copy(update={"suggested_change": None, "redline_of": carrier.finding_id})
    page = render_html(report.model_copy(update={"findings": [carrier, pointing]}))
    cards = re.findall(r"<article .*?</article>", page, re.DOTALL)
    assert [card.count('<span class="redline">') for card in cards] == [1, 0]
    assert f'under “<a href="#finding-1">{carrier.title}</a>”' in cards[1]


def test_finding_ids_in_a_findings_words_read_as_titles() -> None:
    report = make_report()
    first, second = report.findings[0], report.findings[1]
    words = f"This overlaps the clause's redline under {first.finding_id}."
    mentioning = second.model_copy(update={"change_in_words": words})
    changed = report.model_copy(update={"findings": [first, mentioning]})
    for page in (render_html(changed), render_markdown(changed)):
        summary = page[: page.index("Appendix")]
        assert first.finding_id not in summary
        assert first.title in summary


def _read_back(rendered: str, drop: tuple[str, ...]) -> str:
    for tag in drop:
        rendered = re.sub(rf"<{tag}>.*?</{tag}>", "", rendered, flags=re.DOTALL)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", rendered)).split())


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            "The Contractor shall give notice within 14 days.",
            "The Contractor shall give notice within 28 days.",
        ),
        ("乙方应在九十日内付款。", "乙方应在三十（30）日内付款。"),
        ("Delay damages: no cap.\nPaid monthly.", "Delay damages: capped at 10%.\nPaid monthly."),
        ("a * b | c", "a _ b | [c]"),
    ],
)
def test_markdown_redline_reads_back_both_texts(
    before: str, after: str, markdown_to_html: Callable[[str], str]
) -> None:
    report = make_report()
    finding: Finding = report.findings[0].model_copy(
        update={"suggested_change": suggested_change(before, after), "evidence": []}
    )
    page = markdown_to_html(render_markdown(report.model_copy(update={"findings": [finding]})))
    start = page.index("<p>", page.index("Suggested change</strong></p>"))
    redline = page[start : page.index("</p>", start)]
    assert _read_back(redline, ("s", "del")) == " ".join(after.split())
    assert _read_back(redline, ("strong", "ins")) == " ".join(before.split())


def test_the_appendix_of_a_chinese_report_has_chinese_captions(
    text_of: Callable[[ReviewReport], str],
) -> None:
    """Below the appendix heading too, the page's own words are the report's language:
    only the records (ids, file names, engine states, skill names) stay as they are."""
    from contract_review.reports.appendix_content import _WORDS

    report = make_report().model_copy(update={"language": "zh"})
    text = text_of(report)
    below = text[len(_above_appendix(text, report)) :]
    english = {words[0].split("{")[0].strip(" :") for words in _WORDS.values()}
    english = {caption for caption in english if len(caption) > 3}
    assert [caption for caption in english if f"{caption}:" in below] == []
    assert "Document Role Language" not in below and "Item Value" not in below
    for chinese in ("计划来源：", "问题编号：", "文件 角色 语言", "分析深度：", "定位："):
        assert chinese in below
