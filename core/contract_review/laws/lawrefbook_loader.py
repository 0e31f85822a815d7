"""Loading laws from LawRefBook Markdown files.

The format: ``# title`` first; a part file of a law split over several files (the
Civil Code's 民法典/总则.md …) has a second ``# part`` line; dated header lines
(adoption, amendments, 施行) come before ``<!-- INFO END -->``; ``##``–``####``
headings are 编/分编/章/节; an article is a line opening with ``第X条`` (the text after
the number is its first paragraph; the following lines, up to the next article or
heading, are further paragraphs or items).

The Markdown is read by the project's document parser
(:func:`contract_review.documents.loading.parse_text`): its section tree gives the
title (``root.title``), the part (a ``#`` heading opening the tree), the header lines
(the text before the first section), the headings above each article and the article
bodies. This module only turns that tree into :class:`~.law_models.Law` objects.

Files of one folder that share a title and each carry a part line are merged into one
law, parts ordered by their first article. Files that share a title without a part
line are versions: their ids get ``@YYYY-MM-DD`` (the version date, from the file name
``title(YYYY-MM-DD).md``). Metadata is inferred (:mod:`.metadata_inference`) and
corrected by a ``laws.meta.json`` sidecar (:mod:`.metadata_overrides`).
"""

from __future__ import annotations

import datetime
import logging
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..documents.loading import parse_text
from ..documents.markdown_parser import HEADING_RE
from ..documents.model import Document, Section, SectionKind
from ..errors import InputError
from .article_numbers import ArticleNumber
from .article_text import build_article
from .law_models import Article, Law, LawMetadata
from .law_versions import drop_repeated_articles, file_name_date, version_law_id
from .metadata_inference import infer_metadata, parse_header_date
from .metadata_overrides import SIDECAR_NAME, apply_override, read_overrides

__all__ = ["load_law_file", "load_law_folder"]

logger = logging.getLogger(__name__)

_INFO_END = "<!-- INFO END -->"
#: Section kinds that are a law's own structure (编/分编, 章, 节) wherever they appear.
_STRUCTURE = frozenset({SectionKind.PART, SectionKind.CHAPTER, SectionKind.SUBCHAPTER})
_NO_ARTICLE = "it holds no article (no line opening with 第X条)"


@dataclass
class _RawArticle:
    """An article found in the tree: its number, body lines and the headings above it."""

    number: ArticleNumber
    lines: list[str]
    path: list[str]


@dataclass
class _LawFile:
    """One Markdown file, parsed but not yet turned into a :class:`Law`."""

    path: Path
    title: str
    part: str | None
    header: list[str]
    articles: list[_RawArticle] = field(default_factory=list)


def _read(path: Path) -> str:
    if not path.exists():
        raise InputError(f"law file not found: {path}")
    if path.is_dir():
        raise InputError(f"{path} is a folder, not a law file; load it with load_law_folder")
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path} is not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset "
            f"{exc.start}); LawRefBook files are UTF-8, re-save it in that encoding"
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None


def _line_no(source: str, offset: int) -> int:
    return source.count("\n", 0, offset) + 1


def _line_at(source: str, offset: int) -> str:
    end = source.find("\n", offset)
    return source[offset : end if end >= 0 else len(source)]


def _markdown_level(section: Section, source: str) -> int | None:
    """The ``#`` count of the Markdown heading that opens ``section``; None when the
    parser found the section in a body line (``第一章 总则`` written without ``#``)."""
    heading = HEADING_RE.match(_line_at(source, section.start))
    return len(heading.group(1)) if heading else None


def _label(section: Section, source: str) -> str:
    """A heading as the law writes it, spaces collapsed: ``第一章 总则``, ``合同编``,
    ``一、关于一般规定`` (for a heading found in a body line, only the part of the line
    before the section's text)."""
    line = _line_at(source, section.start)
    heading = HEADING_RE.match(line)
    if heading:
        text = heading.group(2) or ""
    else:
        text = line[: max(section.text_start - section.start, 0)] or line
    return " ".join(text.split()) or section.id


def _is_comment(line: str) -> bool:
    """Whether ``line`` is a whole-line HTML comment (``<!-- INFO END -->``): markup."""
    line = line.strip()
    return line.startswith("<!--") and line.endswith("-->")


def _lines(text: str) -> list[str]:
    """The lines of an article body, without whole-line comments."""
    return [line for line in text.splitlines() if not _is_comment(line)]


def _own_span_end(section: Section) -> int:
    """Where a section's own text ends: at its first child, else at its end."""
    return section.children[0].start if section.children else section.end


def _is_law_article(section: Section) -> bool:
    """Whether the parser found a ``第X条`` / ``第X条之Y`` article (not an English
    ``Article 5``, which a Chinese law does not use)."""
    return section.kind is SectionKind.ARTICLE and section.id.startswith("第")


class _ArticleCollector:
    """Walks the section tree in document order and collects the articles.

    A section the parser found in a body line (not a Markdown heading) that is neither
    编/章/节 nor an article, has no title, and comes after an article (``一、…`` or
    ``1.1 …`` lines inside an article) is read as more text of that article, as the
    law means it; its children keep the article's path.
    """

    def __init__(self, document: Document, path: Path) -> None:
        self.source = document.source
        self.file = path
        self.articles: list[_RawArticle] = []
        self._open: _RawArticle | None = None

    def collect(self, sections: Sequence[Section], path: list[str]) -> None:
        for section in sections:
            if _is_law_article(section):
                self._open = self._article(section, path)
                self.articles.append(self._open)
                self.collect(section.children, path)
            elif self._open is not None and self._continues_article(section):
                self._open.lines.extend(_lines(self.source[section.start : _own_span_end(section)]))
                self.collect(section.children, path)
            else:
                self._open = None
                self.collect(section.children, [*path, _label(section, self.source)])
                self._open = None

    def _continues_article(self, section: Section) -> bool:
        return (
            section.kind not in _STRUCTURE
            and not section.title
            and _markdown_level(section, self.source) is None
        )

    def _article(self, section: Section, path: list[str]) -> _RawArticle:
        n, *sub = section.number
        number = ArticleNumber(n, sub[0] if sub else 0)
        if number.n < 1:
            line = _line_at(self.source, section.start).strip()
            raise InputError(
                f"{self.file} line {_line_no(self.source, section.start)}: {line[:40]!r} "
                "does not number an article (article numbers start at 第一条)"
            )
        lines = _lines(self.source[section.text_start : _own_span_end(section)])
        if section.title:  # a short article the parser read as "number + title"
            lines.insert(0, section.title)
        return _RawArticle(number=number, lines=lines, path=path)


def _header(document: Document, part: Section | None, path: Path) -> list[str]:
    """The header lines (the text before the first heading or article, cut at
    ``<!-- INFO END -->``) of the root and of the part heading, each date checked.

    :raises InputError: naming the file and line of a date that is not on the calendar.
    """
    lines: list[str] = []
    for block in (document.root, part):
        if block is None:
            continue
        text = block.text
        end = text.find(_INFO_END)
        if end >= 0:
            text = text[:end]
        first = _line_no(document.source, block.text_start)
        for index, line in enumerate(text.split("\n")):
            line = line.strip()
            if not line or _is_comment(line):
                continue
            try:
                parse_header_date(line)
            except ValueError as exc:
                raise InputError(f"{path} line {first + index}: {exc}") from None
            lines.append(line)
    return lines


def _parse(path: Path) -> _LawFile:
    text = _read(path)
    if not text.strip():
        raise InputError(f"{path} is empty; a LawRefBook law file opens with a '# title' line")
    document = parse_text(text, name=path.name, format="markdown", language="zh")
    source = document.source
    title = document.root.title
    if not title:
        raise InputError(
            f"{path} does not open with a '# title' line; it is not a LawRefBook law file"
        )
    first = document.root.children[0] if document.root.children else None
    part = first if first is not None and _markdown_level(first, source) == 1 else None
    collector = _ArticleCollector(document, path)
    collector.collect(document.root.children, [])
    return _LawFile(
        path=path,
        title=title,
        part=_label(part, source) if part is not None else None,
        header=_header(document, part, path),
        articles=collector.articles,
    )


def _articles(law_id: str, files: Sequence[_LawFile]) -> list[Article]:
    built = [
        build_article(law_id, raw.number, raw.lines, raw.path)
        for parsed in files
        for raw in parsed.articles
    ]
    articles, repeated = drop_repeated_articles(built)
    if repeated:
        names = ", ".join(parsed.path.name for parsed in files)
        logger.warning(
            "%s: %s appear(s) more than once in %s; only the first of each is kept",
            law_id,
            ", ".join(article.article_no for article in repeated),
            names,
        )
    return articles


def _merged_metadata(files: Sequence[_LawFile]) -> LawMetadata:
    inferred = [infer_metadata(parsed.title, parsed.header) for parsed in files]
    values = inferred[0].model_dump()
    for other in inferred[1:]:
        for name, value in other.model_dump().items():
            if values[name] in (None, []):
                values[name] = value
    return LawMetadata.model_validate(values)


@dataclass
class _Unit:
    """The files of one law (one file, or the part files of a code) and what is known
    about it before its articles are built."""

    files: list[_LawFile]
    metadata: LawMetadata
    version_date: datetime.date | None

    @property
    def title(self) -> str:
        return self.files[0].title


def _unit(files: list[_LawFile], overrides: dict[str, LawMetadata]) -> _Unit:
    metadata = apply_override(_merged_metadata(files), overrides.get(files[0].title))
    version = file_name_date(files[0].path) or metadata.revised_date or metadata.effective_date
    return _Unit(files=files, metadata=metadata, version_date=version)


def _law(unit: _Unit, law_id: str, overrides: dict[str, LawMetadata]) -> Law:
    metadata = unit.metadata
    if law_id != unit.title:
        metadata = apply_override(metadata, overrides.get(law_id))
    return Law(
        law_id=law_id,
        title=unit.title,
        metadata=metadata,
        version_date=unit.version_date,
        articles=_articles(law_id, unit.files),
    )


def load_law_file(path: Path) -> Law:
    """The law in one LawRefBook Markdown file. A ``laws.meta.json`` beside the file
    overrides the inferred metadata.

    :raises InputError: naming the file when it is missing or not UTF-8 text, has no
        title, holds no article (no line opening with 第X条), has a header date that is
        not on the calendar (with the line number), or when the sidecar is invalid.
    """
    path = Path(path)
    parsed = _parse(path)
    if not parsed.articles:
        raise InputError(f"{path} is not a law text: {_NO_ARTICLE}")
    overrides = read_overrides(path.parent)
    return _law(_unit([parsed], overrides), parsed.title, overrides)


def _law_files(folder: Path) -> Iterator[_LawFile]:
    for path in sorted(folder.rglob("*.md")):
        if any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        parsed = _parse(path)
        if not parsed.articles:
            logger.warning("skipped %s: %s", path.relative_to(folder), _NO_ARTICLE)
            continue
        yield parsed


def load_law_folder(folder: Path) -> list[Law]:
    """Every law in ``folder`` and its subfolders (``*.md``; hidden files skipped).

    Part files of one law (same title, each with a part line, same folder) are merged;
    files without articles are skipped with a warning naming them; several versions of
    one title get ``law_id = title@YYYY-MM-DD``. ``folder/laws.meta.json`` overrides
    metadata, by title or by law_id. Laws are returned sorted by law_id.

    :raises InputError: when the folder is missing, a file cannot be read or has a bad
        header date, two versions of a title cannot be told apart, or the sidecar is
        invalid.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"law folder not found: {folder}")
    overrides = read_overrides(folder)
    parts: dict[tuple[Path, str], list[_LawFile]] = defaultdict(list)
    singles: list[list[_LawFile]] = []
    for parsed in _law_files(folder):
        if parsed.part is not None:
            parts[(parsed.path.parent, parsed.title)].append(parsed)
        else:
            singles.append([parsed])
    merged = [
        sorted(files, key=lambda parsed: parsed.articles[0].number) for files in parts.values()
    ]
    by_title: dict[str, list[_Unit]] = defaultdict(list)
    for files in singles + merged:
        unit = _unit(files, overrides)
        by_title[unit.title].append(unit)
    laws: list[Law] = []
    for title, versions in by_title.items():
        if len(versions) == 1:
            laws.append(_law(versions[0], title, overrides))
            continue
        dates = [unit.version_date for unit in versions]
        if None in dates or len(set(dates)) != len(dates):
            names = ", ".join(
                unit.files[0].path.relative_to(folder).as_posix() for unit in versions
            )
            raise InputError(
                f"{folder} holds {len(versions)} versions of {title!r} ({names}) that cannot "
                "be told apart by date; name the files like 'title(YYYY-MM-DD).md'"
            )
        laws.extend(
            _law(unit, version_law_id(title, unit.version_date), overrides) for unit in versions
        )
    known = {law.title for law in laws} | {law.law_id for law in laws}
    for key in overrides:
        if key not in known:
            logger.warning("%s names %r, which is not a loaded law", folder / SIDECAR_NAME, key)
    return sorted(laws, key=lambda law: law.law_id)
