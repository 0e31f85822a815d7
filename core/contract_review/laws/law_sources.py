"""Reading laws from what a user points at: a LawRefBook folder, one Markdown law file,
or a STARD-style JSON-lines corpus."""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from .jsonl_loader import load_law_jsonl
from .law_models import Law
from .lawrefbook_loader import load_law_file, load_law_folder

__all__ = ["load_laws"]


def load_laws(path: Path, *, source_ids: dict[str, str] | None = None) -> list[Law]:
    """The laws in ``path``: a folder (LawRefBook Markdown files, recursively), a ``.md``
    law file, or a ``.jsonl`` corpus (one article per line; ``source_ids`` is filled
    with its line ids → article ids, see :func:`.jsonl_loader.load_law_jsonl`).

    :raises InputError: when ``path`` is missing, of another kind, or holds no law.
    """
    path = Path(path)
    if path.is_dir():
        laws = load_law_folder(path)
    elif not path.exists():
        raise InputError(f"law source not found: {path}")
    elif path.suffix.lower() in {".jsonl", ".ndjson"}:
        laws = load_law_jsonl(path, source_ids=source_ids)
    elif path.suffix.lower() in {".md", ".markdown", ".txt"}:
        laws = [load_law_file(path)]
    else:
        raise InputError(
            f"{path} is neither a folder of Markdown laws, a .md law file nor a .jsonl corpus"
        )
    if not laws:
        raise InputError(
            f"{path} holds no law: no file in it has articles (lines opening with 第X条)"
        )
    return laws
