"""A scripted OpenAI-compatible chat server on 127.0.0.1 for the runner's tests.

``StubServer(script)`` binds an ephemeral loopback port and answers ``POST
/v1/chat/completions`` with ``script(request_body, attempt)``, where ``attempt`` counts earlier
requests carrying the same question (so "429 then success" is ``attempt == 0``). It serves
only while its ``with`` block runs, caps every delay, and stops by itself.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["MAX_DELAY", "MAX_REQUESTS", "Reply", "StubServer", "answer_text", "question_of"]

MAX_DELAY = 5.0
MAX_REQUESTS = 5000


@dataclass
class Reply:
    """What the stub sends back for one request."""

    content: str | None = None
    status: int = 200
    delay: float = 0.0
    drop: bool = False
    finish_reason: str = "stop"
    headers: dict[str, str] = field(default_factory=dict)
    usage: bool = True


def question_of(body: dict[str, Any]) -> str:
    """The user message of a chat request (the ClosureBench question)."""
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def answer_text(record: dict[str, Any]) -> str:
    """The correct answer to a record as the model is asked to give it."""
    return json.dumps({"answer": json.loads(record["answer"])})


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Clients that time out or are killed reset their sockets: expected here, not news."""
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


class StubServer:
    """``with StubServer(script) as stub: stub.base_url`` (requests land in ``stub.requests``)."""

    def __init__(self, script: Callable[[dict[str, Any], int], Reply]) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.attempts: dict[str, int] = {}
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.endswith("/chat/completions"):
                    self._send(404, {"error": {"message": "not found"}})
                    return
                with stub.lock:
                    if len(stub.requests) >= MAX_REQUESTS:
                        reply = Reply(status=503, content="request cap reached")
                        attempt = -1
                    else:
                        stub.requests.append(body)
                        q = question_of(body)
                        attempt = stub.attempts.get(q, 0)
                        stub.attempts[q] = attempt + 1
                if attempt >= 0:
                    reply = stub.script(body, attempt)
                if reply.delay:
                    time.sleep(min(reply.delay, MAX_DELAY))
                if reply.drop:
                    self.close_connection = True
                    return
                if reply.status != 200:
                    self._send(reply.status, {"error": {"message": reply.content or "stub error",
                                                        "type": "stub"}}, reply.headers)
                    return
                content = reply.content or ""
                payload: dict[str, Any] = {
                    "id": "chatcmpl-stub",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "stub"),
                    "choices": [{"index": 0, "finish_reason": reply.finish_reason,
                                 "message": {"role": "assistant", "content": content}}],
                }
                if reply.usage:
                    prompt = sum(len(m["content"].split()) for m in body["messages"])
                    completion = max(1, len(content.split()))
                    payload["usage"] = {"prompt_tokens": prompt, "completion_tokens": completion,
                                        "total_tokens": prompt + completion}
                self._send(200, payload, reply.headers)

            def _send(self, status: int, payload: dict[str, Any],
                      headers: dict[str, str] | None = None) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left: expected in the slow-reply tests

        self.server = _QuietServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> StubServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
