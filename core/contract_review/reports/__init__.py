"""Report pages: a review report
(:class:`~contract_review.review.report_models.ReviewReport`) and a folder's portfolio
summary rendered as Markdown (``report.md``) and as one self-contained HTML page
(``report.html``), with the same sections, order and wording; and the contract itself
in Word with the suggested changes tracked (``redline.docx``). The exporters that write
them, and ``report.json``, are registered by :mod:`contract_review.builtin.report_exporters`.

Modules, one job each, in the order a newcomer reads them:

A page is written for the lawyer who reads it, in the report's language: the executive
summary first (key issues most severe first), the issues by clause, what was checked in
order, the missing clauses, and last an appendix with how the review was made.

* :mod:`.exporter_types` — :class:`ReportExporter`, what a plugin registers to add a format;
* :mod:`.report_outline` — what a page shows, in which order and words (both formats);
* :mod:`.report_labels` — every label, in English and in Chinese;
* :mod:`.executive_summary` — the contract, party, governing law, counts and key issues;
* :mod:`.finding_text` — a finding's words for a reader: why, standard position, proposal;
* :mod:`.redline_runs` — a suggested change as kept, deleted and inserted runs;
* :mod:`.appendix_content` — what the appendix says (both formats), in the report's language;

Markdown:

* :mod:`.markdown_report` — the report and the portfolio as Markdown;
* :mod:`.markdown_appendix` — the report's appendix as Markdown;
* :mod:`.markdown_text` — escaping quoted text so that it keeps the page's layout, tables,
  tracked changes;

HTML:

* :mod:`.html_report` — the report and the portfolio as one HTML5 page;
* :mod:`.html_findings` — the issues by clause, checked in order, missing, notes;
* :mod:`.html_appendix` — the report's appendix, collapsed;
* :mod:`.html_blocks` — escaping, paragraphs, tables, badges, the banner and the page shell;
* :mod:`.html_styles` — the inline style sheet, for screen and A4 print (no external asset).

Word (``redline.docx``, ``review --format docx``):

* :mod:`.word_redline` — the contract in Word, each change tracked, each finding a comment;
* :mod:`.docx_revisions` — a replacement of source text written as ``w:ins``/``w:del``.
"""
