"""A scripted OpenAI-compatible chat server on 127.0.0.1 for the runner's tests.

``StubServer(script)`` binds an ephemeral loopback port and answers ``POST
/v1/chat/completions`` with ``script(request_body, attempt)``, where ``attempt`` counts earlier
requests carrying the same question (so "429 then success" is ``attempt == 0``). It serves
only while its ``with`` block runs, caps every delay, and stops by itself.

A ``Reply`` can also inject faults a hostile or broken server produces: a raw body that is not
a chat completion, a body cut short of its content-length, a reset connection, a body trickled
one byte at a time, odd usage fields, and the request's Authorization header echoed back.
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
    #: faults: ``raw`` replaces the JSON body; ``truncate`` sends only that many bytes of it
    #: (with the full content-length) and closes; ``reset`` closes with a TCP RST;
    #: ``trickle`` sends the body one byte every so many seconds (bounded by MAX_DELAY);
    #: ``usage_fields`` replaces the usage object; ``echo_auth`` appends the Authorization
    #: header to the content (or the error message).
    raw: bytes | None = None
    truncate: int | None = None
    reset: bool = False
    trickle: float = 0.0
    usage_fields: Any = None
    echo_auth: bool = False


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

    def __init__(self, script: Callable[[dict[str, Any], int], Reply],
                 models: list[str] | None = None, models_status: int = 200) -> None:
        self.script = script
        #: ``GET /v1/models`` (the runner's pre-flight): without ``models`` the stub has no such
        #: endpoint (501, as a server that does not list its models); ``models_status`` other
        #: than 200 answers that status instead.
        self.models, self.models_status = models, models_status
        self.listings = 0
        self.requests: list[dict[str, Any]] = []
        self.attempts: dict[str, int] = {}
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def do_GET(self) -> None:
                if stub.models is None or not self.path.endswith("/models"):
                    self._send(501, {"error": {"message": "not implemented"}})
                    return
                with stub.lock:
                    stub.listings += 1
                if stub.models_status != 200:
                    self._send(stub.models_status, {"error": {"message": "refused"}})
                    return
                self._send(200, {"object": "list", "data": [
                    {"id": m, "object": "model", "created": 0, "owned_by": "stub"}
                    for m in stub.models]})

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
                if reply.reset:
                    import socket
                    import struct

                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                               struct.pack("ii", 1, 0))
                    self.close_connection = True
                    return
                auth = self.headers.get("authorization", "") if reply.echo_auth else ""
                if reply.status != 200:
                    message = (reply.content or "stub error") + (f" ({auth})" if auth else "")
                    self._send(reply.status, {"error": {"message": message, "type": "stub"}},
                               reply.headers, reply)
                    return
                content = (reply.content or "") + (f"\n{auth}" if auth else "")
                payload: dict[str, Any] = {
                    "id": "chatcmpl-stub",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", "stub"),
                    "choices": [{"index": 0, "finish_reason": reply.finish_reason,
                                 "message": {"role": "assistant", "content": content}}],
                }
                if reply.usage_fields is not None:
                    payload["usage"] = reply.usage_fields
                elif reply.usage:
                    prompt = sum(len(m["content"].split()) for m in body["messages"])
                    completion = max(1, len(content.split()))
                    payload["usage"] = {"prompt_tokens": prompt, "completion_tokens": completion,
                                        "total_tokens": prompt + completion}
                self._send(200, payload, reply.headers, reply)

            def _send(self, status: int, payload: dict[str, Any],
                      headers: dict[str, str] | None = None, reply: Reply | None = None) -> None:
                data = json.dumps(payload).encode()
                if reply is not None and reply.raw is not None:
                    data = reply.raw
                sent = data
                if reply is not None and reply.truncate is not None:
                    sent = data[: reply.truncate]
                    self.close_connection = True
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    if reply is not None and reply.trickle:
                        end = time.monotonic() + MAX_DELAY
                        for i in range(len(sent)):
                            if time.monotonic() > end:
                                self.close_connection = True
                                return
                            self.wfile.write(sent[i:i + 1])
                            self.wfile.flush()
                            time.sleep(reply.trickle)
                    else:
                        self.wfile.write(sent)
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
