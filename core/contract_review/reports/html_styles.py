"""The inline style sheet of the HTML report: no external fonts or assets, readable on
screen and on A4 paper (every ``<details>`` expanded in print, long words, digests and
URLs wrapped, tables as wide as the page and no wider). Risk levels are coloured but
always carry a text label too."""

from __future__ import annotations

from ..review.diffs import REDLINE_CSS

__all__ = ["REPORT_CSS"]

_PAGE_CSS = """\
:root { color-scheme: light; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC",
  "Microsoft YaHei", sans-serif; color: #1f2328; background: #fff; margin: 0 auto;
  max-width: 60rem; padding: 1.5rem; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.3rem; border-bottom: 1px solid #d0d7de; padding-bottom: .2rem;
  margin-top: 2rem; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; }
h4 { font-size: 1rem; margin: 0 0 .5rem; line-height: 1.4; }
h5 { font-size: .8rem; margin: .9rem 0 .25rem; text-transform: uppercase;
  letter-spacing: .04em; color: #57606a; }
a { color: #0550ae; }
table { border-collapse: collapse; margin: .5rem 0; table-layout: fixed; width: 100%; }
th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left;
  vertical-align: top; overflow-wrap: anywhere; }
th { background: #f6f8fa; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: .85rem; overflow-wrap: anywhere; }
pre { background: #f6f8fa; padding: .5rem; white-space: pre-wrap; max-width: 100%; }
blockquote { margin: .2rem 0 0; padding: .3rem .8rem; border-left: 3px solid #d0d7de;
  white-space: pre-wrap; }
.text { white-space: pre-wrap; margin: .3rem 0; }
.lead { font-weight: 600; }
.status-banner { border: 2px solid #b31d28; background: #ffeef0; color: #86181d;
  padding: .75rem 1rem; margin: 1rem 0; font-weight: 600; }
.summary { border: 1px solid #d0d7de; border-radius: .4rem; padding: .2rem 1.2rem 1rem;
  background: #fbfcfd; }
.summary h2 { margin-top: .8rem; }
.summary-facts { list-style: none; padding: 0; margin: .4rem 0; }
.summary-facts li { margin: .15rem 0; }
table.counts th, table.counts td { text-align: center; }
.key-issues { padding-left: 1.6rem; margin: .4rem 0; }
.key-issues li { margin: .45rem 0; }
.key-issues .proposal { color: #424a53; }
.toc ol { margin: .2rem 0; padding-left: 1.4rem; }
.toc li { margin: .15rem 0; }
.toc .count { color: #57606a; font-size: .85rem; }
.clause { margin-top: 1.5rem; }
.finding { border: 1px solid #d0d7de; border-left: 6px solid #8c959f; padding: .75rem 1rem;
  margin: .8rem 0; background: #fff; }
.finding.risk-critical { border-left-color: #8b0000; }
.finding.risk-high { border-left-color: #c2410c; }
.finding.risk-medium { border-left-color: #b08800; }
.finding.risk-low { border-left-color: #2da44e; }
.risk { display: inline-block; font-weight: 700; font-size: .78rem; padding: .05rem .45rem;
  border-radius: .25rem; letter-spacing: .03em; border: 1px solid currentColor;
  white-space: nowrap; vertical-align: .05em; }
.risk.risk-critical { background: #fde2e1; color: #8b0000; }
.risk.risk-high { background: #ffe8d9; color: #9a3412; }
.risk.risk-medium { background: #fff6cc; color: #7a5d00; }
.risk.risk-low { background: #e6f4ea; color: #1e6b34; }
.risk.risk-missing { background: #ede9fe; color: #5b21b6; }
.risk.risk-checked { background: #eef1f4; color: #424a53; }
.quote { margin: .6rem 0; }
.quote figcaption { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em;
  color: #57606a; }
.quote blockquote { background: #f6f8fa; }
.full-text summary, .support summary { cursor: pointer; color: #0550ae; font-size: .9rem; }
.position { border-left: 3px solid #0969da; padding-left: .6rem; }
.change { padding: .5rem .7rem; background: #fafbfc; border: 1px solid #d0d7de; }
.legend { font-size: .8rem; color: #57606a; margin: .2rem 0; }
.support { list-style: none; padding: 0; margin: .6rem 0 0; font-size: .88rem;
  color: #424a53; }
.support li { border-top: 1px dashed #d0d7de; padding: .3rem 0; }
.support .evidence-law blockquote { border-left-color: #8250df; }
.support .evidence-reference blockquote { border-left-color: #0969da; }
blockquote.wording { border-left-color: #2da44e; }
ul.checked { list-style: none; padding: 0; }
ul.checked li { margin: .3rem 0; }
.appendix { margin-top: 2.5rem; border-top: 2px solid #d0d7de; }
.appendix > summary { cursor: pointer; }
.appendix > summary h2 { display: inline-block; border: 0; margin: 1rem 0 .3rem; }
.appendix .intro { color: #57606a; }
.appendix h4 { margin-top: 1rem; }
.facts { margin: .3rem 0 .8rem; padding-left: 1.2rem; color: #424a53; }
.record { margin: .6rem 0 1rem; }
.evidence { margin: .5rem 0; }
.evidence figcaption { font-size: .85rem; color: #57606a; }
.digest { font-size: .78rem; }
.depth { font-weight: 600; }
@page { size: A4; margin: 16mm 14mm 18mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  a { color: inherit; text-decoration: none; }
  h2, h3, h4, h5 { break-after: avoid; }
  .key-issues li, .support li, .quote, tr { break-inside: avoid; }
  .summary { background: none; }
  .status-banner { border-width: 3px; }
  details::details-content { content-visibility: visible; display: block; }
  details > summary { list-style: none; }
  .full-text > summary { display: none; }
  .quote blockquote.shortened { display: none; }
  .appendix { break-before: page; }
}
"""

#: The whole style sheet: the page's rules and the redline's.
REPORT_CSS = _PAGE_CSS + REDLINE_CSS
