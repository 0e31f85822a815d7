"""``review FOLDER/ --executor ray``: a folder's documents reviewed as tasks on a Ray
cluster (needs the ``ray`` extra).

Each task is self-contained: the driver sends the document by content (its file name
and bytes), the job's options and the driver's settings (never its store: a task
reviews with a temporary store of its own, on the worker, with the plugins installed
there), and the task sends back its portfolio entry and the bytes of each report file
it wrote. The driver writes those files under ``out_dir/report_dir``, so the reports
are the same files the ``processes`` executor writes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import socket
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import click

from ..errors import InputError, MissingExtraError
from ..review.report_models import PortfolioEntry
from .review_portfolio import FOLDER_CHECKPOINT_INTERVAL_S, FinishedJobs, _Job, _review_document

if TYPE_CHECKING:
    from ..config import Settings

__all__ = ["RayDocument", "RayReview", "require_ray", "review_on_ray", "review_shipped"]

#: Settings that name a place on the driver's machine (the store, the cache): a task
#: uses its own (a temporary store; the worker's cache).
_LOCAL_SETTINGS = frozenset({"data_dir", "storage_path", "cache_dir"})
#: Seconds to wait for the cluster's address to answer before saying it does not.
CONNECT_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class RayDocument:
    """What a Ray task receives: one document by content, and how to review it."""

    #: The file's name (no folder).
    name: str
    content: bytes
    #: The job's options; its ``path`` and ``out_dir`` are the driver's, not used there.
    job: _Job
    #: The driver's settings as keyword arguments of ``load_settings``, without
    #: :data:`_LOCAL_SETTINGS`.
    settings: dict[str, Any]


@dataclass(frozen=True)
class RayReview:
    """What a Ray task returns: the entry, and each report file (its path below the
    document's report folder, POSIX style, and its bytes)."""

    entry: PortfolioEntry
    files: tuple[tuple[str, bytes], ...]


def review_shipped(document: RayDocument) -> RayReview:
    """Review ``document`` where this runs (a Ray worker): write it into a temporary
    folder, review it with a temporary store and the installed plugins, and read the
    report files back."""
    from contract_review import load_registry

    from ..config import load_settings
    from ..review.engine import ReviewEngine

    if PurePosixPath(document.name).name != document.name or Path(document.name).name in {
        "",
        ".",
        "..",
    }:
        raise InputError(f"{document.name!r} is not a file name")
    with tempfile.TemporaryDirectory(prefix="contract-review-ray-") as temporary:
        root = Path(temporary)
        source = root / "documents" / document.name
        source.parent.mkdir()
        source.write_bytes(document.content)
        settings = load_settings(**document.settings, data_dir=root / "store")
        registry = load_registry(settings=settings)
        engine = ReviewEngine(
            registry, settings=settings, checkpoint_interval_s=FOLDER_CHECKPOINT_INTERVAL_S
        )
        try:
            job = dataclasses.replace(document.job, path=str(source), out_dir=str(root / "out"))
            entry = _review_document(engine, registry, job)
        finally:
            engine.storage.close()
        if entry.error:  # named as the driver names it, not by the temporary copy
            entry = entry.model_copy(
                update={"error": entry.error.replace(str(source), document.job.path)}
            )
        reports = root / "out" / job.report_dir
        files = tuple(
            (path.relative_to(reports).as_posix(), path.read_bytes())
            for path in sorted(reports.rglob("*"))
            if path.is_file()
        )
    return RayReview(entry=entry, files=files)


def shipped_settings(settings: Settings) -> dict[str, Any]:
    """``settings`` as a task receives them: every one but the store's and the cache's
    place; the law index named outright when it is the default one under the data
    folder (a task's data folder is its temporary store)."""
    values = settings.model_dump(exclude=set(_LOCAL_SETTINGS))
    if settings.law_index is None and (settings.data_dir / "law-index").is_dir():
        values["law_index"] = settings.data_dir / "law-index"
    return values


def require_ray() -> Any:
    """The ``ray`` module.

    :raises MissingExtraError: when it is not installed.
    """
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise MissingExtraError("review --executor ray", "ray", "ray") from None


def _check_reachable(address: str) -> None:
    """Fail in one line, and fast, when ``address`` (``HOST:PORT`` or
    ``ray://HOST:PORT``) does not answer: Ray itself retries for minutes."""
    if address == "auto":  # Ray's own search for a running local cluster
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise InputError(f"--ray-address: cannot connect to {address!r}: give HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        raise InputError(
            f"--ray-address: cannot connect to {address}: {exc.strerror or exc}"
        ) from None


def _connect(ray: Any, address: str | None) -> bool:
    """Connect to the cluster at ``address`` (None: start or join a local one) unless
    this process is connected already; whether it connected now."""
    if ray.is_initialized():
        return False
    import logging

    if address is not None:
        _check_reachable(address)
    try:
        ray.init(address=address, logging_level=logging.WARNING)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError...
        where = address if address is not None else "a local cluster"
        raise InputError(
            f"--ray-address: cannot connect to {where}: {type(exc).__name__}: "
            f"{str(exc).splitlines()[0] if str(exc) else ''}"
        ) from None
    return True


def _why(exc: BaseException) -> str:
    """Why a task failed, in a line: the error the review raised for a task that
    raised, else what Ray says (a worker or node that died)."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, BaseException):
        return f"its Ray task failed ({type(cause).__name__}: {cause})"
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"its Ray task stopped ({type(exc).__name__}: {first})"


def _write_files(directory: Path, files: Sequence[tuple[str, bytes]]) -> str | None:
    """Write a task's report files under ``directory``; why not, for a file name that
    would leave it.

    :raises InputError: in one line, when a file cannot be written.
    """
    for name, _ in files:
        parts = PurePosixPath(name).parts
        if not parts or PurePosixPath(name).is_absolute() or ".." in parts or "\\" in name:
            return f"its Ray task returned a report file named {name!r}, outside its folder"
    for name, content in files:
        target = directory.joinpath(*PurePosixPath(name).parts)
        temporary = target.with_name(target.name + ".tmp")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(content)
            temporary.replace(target)
        except OSError as exc:
            temporary.unlink(missing_ok=True)
            raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    return None


def review_on_ray(
    todo: Sequence[_Job],
    *,
    settings: Settings,
    workers: int | None = None,
    address: str | None = None,
) -> FinishedJobs:
    """The ``ray`` executor: each job with its entry as its task finishes, its report
    files written under its ``out_dir/report_dir``; at most ``workers`` tasks in flight
    (None: the cluster's CPUs). A task that fails or whose worker dies is a failed
    entry naming why; the others go on.

    :raises MissingExtraError: when ray is not installed.
    :raises InputError: in one line, when the cluster cannot be reached.
    """
    if not todo:
        return
    ray = require_ray()
    connected = _connect(ray, address)
    try:
        limit = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        click.echo(
            f"Reviewing {len(todo)} documents on the Ray cluster "
            f"{address or 'started here'}, {limit} at a time",
            err=True,
        )
        # no retry: a document that stopped its worker stops the next one; a re-run retries
        task = ray.remote(max_retries=0)(review_shipped)
        values = shipped_settings(settings)
        waiting = iter(todo)
        running: dict[Any, _Job] = {}
        while True:
            while len(running) < limit and (job := next(waiting, None)) is not None:
                path = Path(job.path)
                try:
                    content = path.read_bytes()
                except OSError as exc:
                    error = f"cannot read {path}: {exc.strerror or exc}"
                    yield job, PortfolioEntry(document=path.name, status="failed", error=error)
                    continue
                sent = dataclasses.replace(job, sha256=hashlib.sha256(content).hexdigest())
                shipped = RayDocument(name=path.name, content=content, job=sent, settings=values)
                running[task.remote(shipped)] = job
            if not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                job = running.pop(ref)
                yield job, _received(ray, ref, job)
    finally:
        if connected:
            ray.shutdown()


def _received(ray: Any, ref: Any, job: _Job) -> PortfolioEntry:
    """The entry of a finished task, its report files written."""
    name = Path(job.path).name
    try:
        review: RayReview = ray.get(ref)
    except Exception as exc:  # RayTaskError, WorkerCrashedError, NodeDiedError...
        return PortfolioEntry(document=name, status="failed", error=_why(exc))
    if review.entry.status == "failed":
        return review.entry
    problem = _write_files(Path(job.out_dir) / job.report_dir, review.files)
    if problem is not None:
        return PortfolioEntry(document=name, status="failed", error=problem)
    return review.entry
