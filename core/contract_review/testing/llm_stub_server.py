"""A local HTTP server that answers like an LLM or embedding service, for tests on the
real wire.

It listens on 127.0.0.1 (a free port), records every request (method, path, headers,
JSON body) and answers from a script of :class:`StubReply` objects, then with
``default``. :func:`chat_completion` and :func:`wire_tool_call` build OpenAI
chat-completions bodies; :func:`embeddings_answer` is a ``default`` answering
``/embeddings`` requests with deterministic hashed vectors::

    with running_stub() as stub:
        stub.script = [StubReply(429, {"error": {"message": "slow down"}}),
                       StubReply(200, chat_completion("Clause 8.7 caps delay damages."))]
        client = OpenAICompatibleClient(base_url=stub.url("/v1"), model="m", backoff_s=0)
        ...
        assert stub.hits == 2

Point the client at ``127.0.0.1`` and keep proxies out of the way (``NO_PROXY``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class StubReply:
    """One scripted answer: a status, a body (JSON-encoded unless bytes), headers, and a
    delay before answering (to provoke client timeouts)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


@dataclass
class RecordedRequest:
    """One request the stub received; header names are lower-cased."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any = field(default=None, metadata={"doc": "The JSON body decoded, else the bytes."})


_NOTHING_SCRIPTED = StubReply(404, {"error": "the stub server has no reply scripted"})


@dataclass
class StubServer:
    """A local HTTP server on 127.0.0.1 answering from ``script``, then with ``default``."""

    port: int
    requests: list[RecordedRequest] = field(default_factory=list)
    script: list[StubReply] = field(default_factory=list)
    default: Callable[[RecordedRequest], StubReply] = field(default=lambda _: _NOTHING_SCRIPTED)

    def url(self, path: str = "/v1") -> str:
        """The stub's base URL with ``path``."""
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def hits(self) -> int:
        """How many requests arrived."""
        return len(self.requests)


def _handler(stub: StubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = raw
            request = RecordedRequest(
                self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body
            )
            stub.requests.append(request)
            reply = stub.script.pop(0) if stub.script else stub.default(request)
            if reply.delay_s:
                time.sleep(reply.delay_s)
            data = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
            try:
                self.send_response(reply.status)
                headers = {"Content-Type": "application/json", **reply.headers}
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:  # the client gave up (timeout tests)
                pass

        do_POST = _answer
        do_GET = _answer

        def log_message(self, format: str, *args: Any) -> None:
            return None

    return Handler


@contextmanager
def running_stub() -> Iterator[StubServer]:
    """Start a stub server in a thread; it is shut down on exit."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    server.daemon_threads = True  # a handler still sleeping does not block shutdown
    stub = StubServer(port=int(server.server_address[1]))
    server.RequestHandlerClass = _handler(stub)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def chat_completion(
    content: str | None = "OK",
    *,
    tool_calls: list[dict[str, Any]] | None = None,
    finish_reason: str = "stop",
    model: str = "stub-model",
) -> dict[str, Any]:
    """An OpenAI chat-completions response body."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls is not None:
        message["tool_calls"] = tool_calls
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15},
    }


def hashed_vector(text: str, dimension: int = 64) -> list[float]:
    """A deterministic vector for ``text`` (hashed character bigrams, as
    :class:`~contract_review.testing.fake_embedder.HashingEmbedder` makes them)."""
    from .fake_embedder import HashingEmbedder

    row = HashingEmbedder(dimension).embed([text])[0]
    return [float(value) for value in row]


def embeddings_answer(
    dimension: int = 64, *, reverse: bool = True, model: str = "stub-embedder"
) -> Callable[[RecordedRequest], StubReply]:
    """A ``default`` answering OpenAI ``/embeddings`` requests: one
    :func:`hashed_vector` per input text, listed in reverse order (``reverse``) so that
    clients must sort by ``index``."""

    def answer(request: RecordedRequest) -> StubReply:
        texts = request.body["input"] if isinstance(request.body, dict) else []
        texts = [texts] if isinstance(texts, str) else texts
        data = [
            {"object": "embedding", "index": i, "embedding": hashed_vector(text, dimension)}
            for i, text in enumerate(texts)
        ]
        return StubReply(
            200,
            {
                "object": "list",
                "data": data[::-1] if reverse else data,
                "model": model,
                "usage": {"prompt_tokens": len(texts), "total_tokens": len(texts)},
            },
        )

    return answer


def wire_tool_call(call_id: str, name: str, arguments: Any) -> dict[str, Any]:
    """One tool call as a chat-completions message carries it (arguments a JSON string
    unless given as a string already)."""
    return {
        "id": call_id,
        "type": "function",
        "function": {
            "name": name,
            "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
        },
    }


__all__ = [
    "RecordedRequest",
    "StubReply",
    "StubServer",
    "chat_completion",
    "embeddings_answer",
    "hashed_vector",
    "running_stub",
    "wire_tool_call",
]
