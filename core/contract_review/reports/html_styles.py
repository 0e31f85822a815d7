"""The inline style sheet of the HTML report: no external fonts or assets, readable on
screen and on paper. Risk levels are coloured but always carry a text label too."""

from __future__ import annotations

from ..review.diffs import REDLINE_CSS

__all__ = ["REPORT_CSS"]

_PAGE_CSS = """\
:root { color-scheme: light; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC",
  "Microsoft YaHei", sans-serif; color: #1f2328; background: #fff; margin: 0 auto;
  max-width: 60rem; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.3rem; border-bottom: 1px solid #d0d7de; padding-bottom: .2rem;
  margin-top: 2rem; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; }
h4 { font-size: 1rem; margin: 0 0 .4rem; }
h5 { font-size: .9rem; margin: .8rem 0 .3rem; text-transform: uppercase; color: #57606a; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
th { background: #f6f8fa; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: .85rem; }
pre { background: #f6f8fa; padding: .5rem; overflow-x: auto; white-space: pre-wrap; }
.text { white-space: pre-wrap; margin: .3rem 0; }
.status-banner { border: 2px solid #b31d28; background: #ffeef0; color: #86181d;
  padding: .75rem 1rem; margin: 1rem 0; font-weight: 600; }
.status { color: #57606a; }
.toc ol { margin: .2rem 0; }
.clause { margin-top: 1.5rem; }
.facts { margin: .3rem 0 .8rem; padding-left: 1.2rem; color: #424a53; }
.finding { border: 1px solid #d0d7de; border-left: 6px solid #8c959f; padding: .75rem 1rem;
  margin: .8rem 0; break-inside: avoid; }
.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem;
  margin: .3rem 0; }
.finding dt { color: #57606a; }
.finding dd { margin: 0; }
.risk { display: inline-block; font-weight: 700; font-size: .8rem; padding: .05rem .4rem;
  border-radius: .25rem; letter-spacing: .03em; border: 1px solid currentColor; }
.risk-critical { background: #fde2e1; color: #8b0000; }
.risk-high { background: #ffe8d9; color: #9a3412; }
.risk-medium { background: #fff6cc; color: #7a5d00; }
.risk-low { background: #e6f4ea; color: #1e6b34; }
.risk-missing { background: #ede9fe; color: #5b21b6; }
.finding.risk-critical { border-left-color: #8b0000; background: #fff; }
.finding.risk-high { border-left-color: #c2410c; background: #fff; }
.finding.risk-medium { border-left-color: #b08800; background: #fff; }
.finding.risk-low { border-left-color: #2da44e; background: #fff; }
.evidence { margin: .5rem 0; }
.evidence figcaption { font-size: .85rem; color: #57606a; }
.evidence blockquote, blockquote.wording { margin: .2rem 0 0; padding: .3rem .8rem;
  border-left: 3px solid #d0d7de; white-space: pre-wrap; }
.evidence-reference blockquote { border-left-color: #0969da; }
.evidence-law blockquote { border-left-color: #8250df; }
.kind { font-weight: 600; }
.change .redline { display: block; padding: .4rem .6rem; background: #fafbfc;
  border: 1px solid #d0d7de; }
.approval { font-weight: 600; }
.depth { font-weight: 600; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .toc { break-after: page; }
  a { color: inherit; text-decoration: none; }
  h2, h3, h4 { break-after: avoid; }
  .status-banner { border-width: 3px; }
}
"""

#: The whole style sheet: the page's rules and the redline's.
REPORT_CSS = _PAGE_CSS + REDLINE_CSS
