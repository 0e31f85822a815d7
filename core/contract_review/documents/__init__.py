"""Documents: the section model, numbering (English and Chinese), parsers and look-ups.

Names are imported on first use, so importing this package stays cheap and never
imports the registry (which itself imports this package's parser types).
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
