"""Loading laws from LawRefBook Markdown files.

The format: ``# title`` first; a part file of a law split over several files (the
Civil Code's 民法典/总则.md …) has a second ``# part`` line; dated header lines
(adoption, amendments, 施行) come before ``<!-- INFO END -->``; ``##``–``####``
headings are 编/分编/章/节; an article is a line opening with ``第X条`` (the text after
the number is its first paragraph; the following lines, up to the next article or
heading, are further paragraphs or items).

Files of one folder that share a title and each carry a part line are merged into one
law, parts ordered by their first article. Files that share a title without a part
line are versions: their ids get ``@YYYY-MM-DD`` (the version date). Metadata is
inferred (:mod:`.metadata_inference`) and corrected by a ``laws.meta.json`` sidecar
(:mod:`.metadata_overrides`).
"""

from __future__ import annotations

import datetime
import logging
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from .article_numbers import ARTICLE_NO_PATTERN, ArticleNumber, parse_article_no
from .article_text import article_id, build_article
from .law_models import Article, Law, LawMetadata
from .metadata_inference import infer_metadata
from .metadata_overrides import apply_override, read_overrides

__all__ = ["load_law_file", "load_law_folder"]

logger = logging.getLogger(__name__)

_INFO_END = "<!-- INFO END -->"
_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<text>.+?)\s*#*\s*$")
_ARTICLE = re.compile(rf"^(?P<no>{ARTICLE_NO_PATTERN})(?:[ \t\u3000]+(?P<rest>.*))?$")
_FILE_DATE = re.compile(r"\((?P<date>\d{4}-\d{2}-\d{2})\)$")
_SPACES = re.compile(r"\s+")


@dataclass
class _RawArticle:
    article_no: str
    lines: list[str]
    path: list[str]


@dataclass
class _ParsedFile:
    """One Markdown file, read but not yet turned into a :class:`Law`."""

    path: Path
    title: str
    part: str | None
    header: list[str]
    articles: list[_RawArticle] = field(default_factory=list)

    @property
    def version_date(self) -> datetime.date | None:
        """The date in the file name, as in ``劳动合同法(2012-12-28).md``."""
        match = _FILE_DATE.search(self.path.stem)
        if match is None:
            return None
        try:
            return datetime.date.fromisoformat(match["date"])
        except ValueError:
            return None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None


def _parse(path: Path) -> _ParsedFile:
    lines = _read(path).splitlines()
    title: str | None = None
    part: str | None = None
    header: list[str] = []
    index = 0
    has_marker = any(line.strip() == _INFO_END for line in lines)
    while index < len(lines):
        line = lines[index].strip()
        if line == _INFO_END:
            index += 1
            break
        heading = _HEADING.match(line)
        if heading and len(heading["hashes"]) == 1:
            text = _SPACES.sub(" ", heading["text"])
            if title is None:
                title = text
            elif part is None:
                part = text
        elif not has_marker and (heading or _ARTICLE.match(line)):
            break
        elif line:
            header.append(line)
        index += 1
    if title is None:
        raise InputError(f"{path} has no '# title' line; it is not a LawRefBook law file")
    parsed = _ParsedFile(path=path, title=title, part=part, header=header)
    headings: list[tuple[int, str]] = []
    current: _RawArticle | None = None
    for raw in lines[index:]:
        line = raw.strip()
        if not line or (line.startswith("<!--") and line.endswith("-->")):
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading["hashes"])
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, _SPACES.sub(" ", heading["text"])))
            current = None
            continue
        article = _ARTICLE.match(line)
        if article:
            path_now = ([part] if part else []) + [text for _, text in headings]
            current = _RawArticle(article["no"], [article["rest"] or ""], path_now)
            parsed.articles.append(current)
        elif current is not None:
            current.lines.append(line)
    return parsed


def _articles(law_id: str, files: list[_ParsedFile]) -> list[Article]:
    articles: list[Article] = []
    seen: set[str] = set()
    for parsed in files:
        for raw in parsed.articles:
            article = build_article(law_id, raw.article_no, raw.lines, raw.path)
            if article.article_no in seen:
                logger.warning(
                    "%s: %s appears twice; the second one is skipped",
                    parsed.path.name,
                    article.article_no,
                )
                continue
            seen.add(article.article_no)
            articles.append(article)
    return articles


def _merged_metadata(files: list[_ParsedFile]) -> LawMetadata:
    inferred = [infer_metadata(parsed.title, parsed.header) for parsed in files]
    values = inferred[0].model_dump()
    for other in inferred[1:]:
        for name, value in other.model_dump().items():
            if values[name] in (None, []):
                values[name] = value
    return LawMetadata.model_validate(values)


def _build(files: list[_ParsedFile], overrides: dict[str, LawMetadata]) -> Law:
    title = files[0].title
    metadata = apply_override(_merged_metadata(files), overrides.get(title))
    version = files[0].version_date or metadata.revised_date or metadata.effective_date
    return Law(
        law_id=title,
        title=title,
        metadata=metadata,
        version_date=version,
        articles=_articles(title, files),
    )


def _renamed(law: Law, law_id: str, overrides: dict[str, LawMetadata]) -> Law:
    articles = [
        article.model_copy(update={"article_id": article_id(law_id, article.article_no)})
        for article in law.articles
    ]
    metadata = apply_override(law.metadata, overrides.get(law_id))
    return law.model_copy(update={"law_id": law_id, "articles": articles, "metadata": metadata})


def _first_number(parsed: _ParsedFile) -> ArticleNumber:
    return parse_article_no(parsed.articles[0].article_no)


def load_law_file(path: Path) -> Law | None:
    """The law in one LawRefBook Markdown file, or None (with a warning naming the
    file) when it holds no article. A ``laws.meta.json`` beside the file overrides the
    inferred metadata.

    :raises InputError: when the file cannot be read, has no title, or the sidecar is
        invalid.
    """
    path = Path(path)
    parsed = _parse(path)
    if not parsed.articles:
        logger.warning("skipped %s: it holds no article (no line opening with 第X条)", path)
        return None
    return _build([parsed], read_overrides(path.parent))


def load_law_folder(folder: Path) -> list[Law]:
    """Every law in ``folder`` and its subfolders (``*.md``; hidden files skipped).

    Part files of one law (same title, each with a part line, same folder) are merged;
    files without articles are skipped with a warning; several versions of one title
    get ``law_id = title@YYYY-MM-DD``. ``folder/laws.meta.json`` overrides metadata, by
    title or by law_id. Laws are returned sorted by law_id.

    :raises InputError: when the folder is missing, a file cannot be read, two versions
        of a title cannot be told apart, or the sidecar is invalid.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"law folder not found: {folder}")
    overrides = read_overrides(folder)
    groups: dict[tuple[Path, str], list[_ParsedFile]] = defaultdict(list)
    singles: list[list[_ParsedFile]] = []
    for path in sorted(folder.rglob("*.md")):
        if any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        parsed = _parse(path)
        if not parsed.articles:
            logger.warning(
                "skipped %s: it holds no article (no line opening with 第X条)",
                path.relative_to(folder),
            )
            continue
        if parsed.part is not None:
            groups[(path.parent, parsed.title)].append(parsed)
        else:
            singles.append([parsed])
    units = singles + [sorted(files, key=_first_number) for files in groups.values()]
    laws = [_build(files, overrides) for files in units]
    by_title: dict[str, list[Law]] = defaultdict(list)
    for law in laws:
        by_title[law.title].append(law)
    result: list[Law] = []
    for title, versions in by_title.items():
        if len(versions) == 1:
            result.extend(versions)
            continue
        ids = [
            f"{title}@{law.version_date.isoformat()}" if law.version_date else ""
            for law in versions
        ]
        if "" in ids or len(set(ids)) != len(ids):
            raise InputError(
                f"{folder} holds {len(versions)} versions of {title!r} that cannot be told apart "
                "by date; name the files like 'title(YYYY-MM-DD).md'"
            )
        result.extend(
            _renamed(law, law_id, overrides) for law, law_id in zip(versions, ids, strict=True)
        )
    known = {law.title for law in result} | {law.law_id for law in result}
    for key in overrides:
        if key not in known:
            logger.warning("%s names %r, which is not a loaded law", folder / "laws.meta.json", key)
    return sorted(result, key=lambda law: law.law_id)
