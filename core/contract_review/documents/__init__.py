"""Documents: one model for contracts and laws — a tree of sections with stable ids and
offsets into the source — the parsers that build it (plain text, Markdown, .docx, .pdf;
English and Chinese) and the look-ups that read it.

Names are imported on first use, so importing this package stays cheap and never
imports the registry (which itself imports this package's parser types).

Modules, one job each, in the order a newcomer reads them:

The model:

* :mod:`.model` — :class:`Document`, :class:`Section`, roles, kinds, defined terms;
* :mod:`.parser_types` — :class:`DocumentParser` and the :class:`ParseOptions` it receives;
* :mod:`.loading` — parse text, bytes or a file (the parser the registry names);

Parsers:

* :mod:`.text_parser` — plain text: numbered headings found line by line;
* :mod:`.markdown_parser` — Markdown: ``#`` headings, refined by numbered lines inside;
* :mod:`.docx_parser` — Word files through python-docx (the ``formats`` extra);
* :mod:`.docx_paragraphs` — a .docx body as Word shows it (tracked changes accepted), each
  character's run known;
* :mod:`.docx_numbering` — the numbers Word's automatic numbering displays;
* :mod:`.pdf_parser` — PDF files through pypdf (the ``formats`` extra);
* :mod:`.decoding` — a text file's bytes as normalised text;
* :mod:`.document_assembly` — the last step every parser shares: the :class:`Document`;

The section tree:

* :mod:`.headings` — what a line would be if it were a heading (syntax only);
* :mod:`.heading_plausibility` — whether a heading-shaped line really starts a section;
* :mod:`.section_tree` — the tree built from the headings found line by line;
* :mod:`.paragraph_sections` — one section per paragraph, for a text with no numbering;
* :mod:`.numbering` — dotted numbers, roman numerals and clause references;
* :mod:`.chinese_numerals` — Chinese numerals read and written (十四, 四百六十三);

Reading the text:

* :mod:`.language` — Chinese or English;
* :mod:`.chinese_script` — traditional Chinese read as simplified, for matching only;
* :mod:`.case_folding` — a quick substring test before a case-insensitive regex;
* :mod:`.definitions` — defined terms, and the sections that hold definitions;
* :mod:`.contract_language` — whether a text has contractual content at all;
* :mod:`.contract_type` — what kind of contract a document is (supply, licence...);
* :mod:`.disclosure_letter` — what a disclosure letter discloses, against which clauses;

Look-ups and display:

* :mod:`.locate` — a clause found by id, by number or by keywords;
* :mod:`.outline` — ``parse --json`` and the outline tree ``parse`` prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .chinese_numerals import chinese_to_int, int_to_chinese
    from .decoding import decode_text
    from .headings import HeadingMatch, HeadingStyle, recognise_heading, split_title
    from .language import detect_language
    from .loading import parse_bytes, parse_file, parse_text
    from .locate import find_by_keywords, locate_clause
    from .model import DefinedTerm, Document, DocumentRole, Section, SectionKind
    from .numbering import (
        ClauseReference,
        int_to_roman,
        parse_clause_reference,
        parse_dotted,
        roman_to_int,
    )
    from .outline import outline_tree, section_to_json
    from .parser_types import DocumentParser, ParseOptions

_EXPORTS: dict[str, str] = {
    "chinese_to_int": "chinese_numerals",
    "int_to_chinese": "chinese_numerals",
    "decode_text": "decoding",
    "HeadingMatch": "headings",
    "HeadingStyle": "headings",
    "recognise_heading": "headings",
    "split_title": "headings",
    "detect_language": "language",
    "parse_bytes": "loading",
    "parse_file": "loading",
    "parse_text": "loading",
    "find_by_keywords": "locate",
    "locate_clause": "locate",
    "DefinedTerm": "model",
    "Document": "model",
    "DocumentRole": "model",
    "Section": "model",
    "SectionKind": "model",
    "ClauseReference": "numbering",
    "int_to_roman": "numbering",
    "parse_clause_reference": "numbering",
    "parse_dotted": "numbering",
    "roman_to_int": "numbering",
    "outline_tree": "outline",
    "section_to_json": "outline",
    "DocumentParser": "parser_types",
    "ParseOptions": "parser_types",
}

__all__ = [
    "ClauseReference",
    "DefinedTerm",
    "Document",
    "DocumentParser",
    "DocumentRole",
    "HeadingMatch",
    "HeadingStyle",
    "ParseOptions",
    "Section",
    "SectionKind",
    "chinese_to_int",
    "decode_text",
    "detect_language",
    "find_by_keywords",
    "int_to_chinese",
    "int_to_roman",
    "locate_clause",
    "outline_tree",
    "parse_bytes",
    "parse_clause_reference",
    "parse_dotted",
    "parse_file",
    "parse_text",
    "recognise_heading",
    "roman_to_int",
    "section_to_json",
    "split_title",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
