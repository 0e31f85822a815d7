"""``serve --workers N``: N server processes on one port, each with a listening socket of
its own (``SO_REUSEPORT``), so that the kernel spreads connections over them evenly.

With one socket shared by every process (uvicorn's own ``workers``), whichever process
happens to be in ``accept()`` takes the connections, and clients that keep their
connections open (every HTTP client does) can all end up on one process while the
others idle. Where ``SO_REUSEPORT`` does not exist, uvicorn's shared socket is used.

The parent starts the processes (spawned: nothing inherited but the environment, where
:data:`~.app.SERVE_OPTIONS_VARIABLE` holds the serve options), waits, and on SIGTERM or
SIGINT stops them; when one exits, it stops the others too.
"""

from __future__ import annotations

import multiprocessing
import signal
import socket
import threading
from typing import Any

__all__ = ["APP_FACTORY", "serve_processes"]

#: The app each process serves (:func:`~.app.app_from_environment`).
APP_FACTORY = "contract_review.service.app:app_from_environment"
_STOP_GRACE_S = 30.0


def serve_processes(*, host: str, port: int, workers: int, options: dict[str, Any]) -> None:
    """Serve on ``host:port`` from ``workers`` processes until a signal stops them.

    :param options: uvicorn's options besides the app, host and port.
    """
    import uvicorn

    if not hasattr(socket, "SO_REUSEPORT"):  # pragma: no cover - not on Linux or macOS
        uvicorn.run(APP_FACTORY, factory=True, workers=workers, host=host, port=port, **options)
        return
    context = multiprocessing.get_context("spawn")
    children = [
        context.Process(
            target=_serve_one, args=(host, port, options), name=f"server-{number}", daemon=False
        )
        for number in range(workers)
    ]
    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for child in children:
            child.start()
        while not stop.is_set() and all(child.is_alive() for child in children):
            stop.wait(0.5)
    finally:
        for child in children:
            if child.is_alive():
                child.terminate()  # SIGTERM: uvicorn finishes its requests and stops
        for child in children:
            child.join(_STOP_GRACE_S)
            if child.is_alive():
                child.kill()
                child.join()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _serve_one(host: str, port: int, options: dict[str, Any]) -> None:
    """One server process: its own socket on the shared port, the app from the
    environment."""
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    config = uvicorn.Config(APP_FACTORY, factory=True, host=host, port=port, **options)
    uvicorn.Server(config).run(sockets=[sock])
