"""``contract-review serve``: run the HTTP service (needs the ``server`` extra)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import MissingExtraError
from .retrieval_options import check_law_index

if TYPE_CHECKING:
    from ..config import Settings

__all__ = ["serve"]


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to bind to.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--law-index",
    "law_index",
    type=click.Path(path_type=Path, file_okay=False),
    help="The law index for /laws, /ask and unified search (default: the law_index "
    "setting, CONTRACT_REVIEW_LAW_INDEX).",
)
@click.option(
    "--no-resume",
    is_flag=True,
    help="Do not queue again the reviews a stopped server left unfinished.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Server processes. They share the store: its queue of reviews (each review is "
    "run by one of them) and its request counts (rate limits hold across them).",
)
def serve(host: str, port: int, law_index: Path | None, no_resume: bool, workers: int) -> None:
    """Serve reviews, ask, conversations, evaluation, the law library and unified search
    over HTTP (OpenAPI at /docs).

    \b
    API keys (CONTRACT_REVIEW_API_KEYS=key1,key2) are not needed on 127.0.0.1 and are
    required on any other address. Several processes, or several hosts, can serve one
    store (CONTRACT_REVIEW_STORAGE_URL=postgresql://... for hosts). Example:
      contract-review serve --port 8000 --law-index law-index --workers 2
    """
    if workers > 1 and port == 0:
        raise click.UsageError("--workers above 1 needs a fixed --port (the processes share it)")
    for module in ("fastapi", "uvicorn", "multipart"):
        if importlib.util.find_spec(module) is None:
            raise MissingExtraError("contract-review serve", "server", module)
    if law_index is not None:
        check_law_index(law_index)

    import uvicorn

    from ..config import load_settings
    from ..service.app import create_app

    settings = load_settings()
    served = f"contract-review serving on http://{host}:{port} (OpenAPI: /docs)"
    if workers == 1:
        app = create_app(settings, host=host, law_index=law_index, resume_reviews=not no_resume)
        click.echo(served, err=True)
        uvicorn.run(app, host=host, port=port, log_level="warning", **proxy_options(settings))
        return
    import json
    import os

    from ..service.app import SERVE_OPTIONS_VARIABLE
    from ..storage.opening import open_storage

    # what would fail in every process fails here, once, clearly: the store, the keys
    open_storage(settings).close()
    create_app(settings, host=host, law_index=law_index)
    # each process gets its share of the cores for its embedder and its numeric
    # libraries, unless told otherwise: N processes each using every core fight over them
    share = str(max(1, (os.cpu_count() or 1) // workers))
    if settings.embedding_threads is None:
        os.environ["CONTRACT_REVIEW_EMBEDDING_THREADS"] = share
    for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, share)
    os.environ[SERVE_OPTIONS_VARIABLE] = json.dumps(
        {
            "host": host,
            "law_index": str(law_index) if law_index is not None else None,
            "resume_reviews": not no_resume,
        }
    )
    click.echo(f"{served} with {workers} processes", err=True)
    from ..service.server_processes import serve_processes

    serve_processes(
        host=host,
        port=port,
        workers=workers,
        options={"log_level": "warning", **proxy_options(settings)},
    )


def proxy_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for X-Forwarded-For: believed only from ``trusted_proxies``
    (uvicorn's own default believes any client on 127.0.0.1, so a local client could
    name another address and escape its rate limit)."""
    proxies = settings.trusted_proxies
    return {"proxy_headers": bool(proxies), "forwarded_allow_ips": ",".join(proxies) or None}
