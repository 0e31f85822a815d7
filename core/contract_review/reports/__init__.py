"""Report pages: a review report
(:class:`~contract_review.review.report_models.ReviewReport`) and a folder's portfolio
summary rendered as Markdown (``report.md``) and as one self-contained HTML page
(``report.html``), with the same sections, order and wording. The exporters that write
them, and ``report.json``, are registered by :mod:`contract_review.builtin.report_exporters`.

Modules, one job each, in the order a newcomer reads them:

* :mod:`.exporter_types` — :class:`ReportExporter`, what a plugin registers to add a format;
* :mod:`.report_outline` — what a page shows, in which order and words (both formats);
* :mod:`.skill_lines` — what a clause's skills read, as the pages list it;

Markdown:

* :mod:`.markdown_report` — the report and the portfolio as Markdown;
* :mod:`.markdown_text` — escaping quoted text so that it keeps the page's layout;

HTML:

* :mod:`.html_report` — the report and the portfolio as one HTML5 page;
* :mod:`.html_findings` — the findings part: one section per checklist clause, then missing;
* :mod:`.html_blocks` — escaping, paragraphs, tables, the banner and the page shell;
* :mod:`.html_styles` — the inline style sheet (no external asset).
"""
