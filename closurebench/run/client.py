"""Talking to an OpenAI-compatible chat-completions server, with bounded retries.

The ``openai`` client's own retries are switched off (``max_retries=0``) and done here instead,
so the policy is the same for every server, bounded, testable with a tiny backoff, and
interruptible: a Ctrl-C stops the waiting at once. The API key comes from ``OPENAI_API_KEY``
(``"EMPTY"`` when unset, which local servers accept) and is never logged or recorded.
"""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from closurebench.errors import ClosureBenchError
from closurebench.run.prompts import build_messages

__all__ = [
    "Backend",
    "Completion",
    "OpenAIBackend",
    "RetryPolicy",
    "RunError",
    "base_url_host",
    "require",
]

#: Statuses worth another try: timeouts, conflicts, rate limits, server errors.
RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
#: Statuses that no retry will fix and that concern the whole run (key, model name, URL).
FATAL_STATUSES = frozenset({401, 403, 404})


class RunError(ClosureBenchError):
    """The run cannot go on (bad key, unknown model, server down after every retry)."""


def require(module: str, extra: str = "run") -> Any:
    """Import an optional dependency, or fail with the pip command that installs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise RunError(
            f"this needs the {module!r} package: pip install 'closurebench[{extra}]'"
        ) from None


@dataclass(frozen=True)
class Completion:
    """One model answer and what it cost; ``error`` is set when the server refused the request.

    A refused request (400, say, a prompt over the context window) is a final, scored-as-wrong
    answer; only transport failures are retried.
    """

    output: str
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float = 0.0
    attempts: int = 1
    error: str | None = None


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter: try ``max_attempts`` times, sleeping up to
    ``base * 2**i`` (capped) between tries; a server's ``Retry-After`` is honoured up to the cap.
    """

    max_attempts: int = 6
    base: float = 1.0
    cap: float = 60.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, got {self.max_attempts}")
        if self.base < 0 or self.cap < 0:
            raise ValueError("retry base and cap must be non-negative")

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait after failed attempt ``attempt`` (0-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.cap)
        return rng.uniform(0, min(self.cap, self.base * 2**attempt))


class Backend(Protocol):
    """Anything that answers one record: a chat server or a built-in baseline."""

    name: str
    concurrent: bool

    def complete(self, record: dict[str, Any], sample: int) -> Completion: ...


def base_url_host(url: str | None) -> str | None:
    """``host[:port]`` of a base URL: what a run records (never a path, query or user info)."""
    if not url:
        return None
    parts = urlsplit(url if "//" in url else f"//{url}")
    host = parts.hostname or ""
    return f"{host}:{parts.port}" if parts.port else host


def _retry_after(exc: Any) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    value = headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


@dataclass
class OpenAIBackend:
    """A model behind any OpenAI-compatible ``/chat/completions`` (vLLM, llama.cpp, Ollama, …).

    ``extra_body`` goes into every request as is (e.g. vLLM's
    ``{"chat_template_kwargs": {"enable_thinking": false}}``). ``token_param`` names the output
    cap: ``max_tokens`` for most servers, ``max_completion_tokens`` for OpenAI's reasoning models.
    """

    model: str
    base_url: str | None = None
    mode: str = "direct"
    temperature: float = 0.0
    max_tokens: int | None = 1024
    timeout: float = 600.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    extra_body: dict[str, Any] | None = None
    token_param: str = "max_tokens"
    stop_event: threading.Event = field(default_factory=threading.Event)
    concurrent: bool = True

    def __post_init__(self) -> None:
        openai = require("openai")
        if self.token_param not in ("max_tokens", "max_completion_tokens"):
            raise ValueError(
                f"token_param must be max_tokens or max_completion_tokens, got {self.token_param!r}"
            )
        self._openai = openai
        self._client = openai.OpenAI(
            api_key=os.environ.get("OPENAI_API_KEY") or "EMPTY",
            base_url=self.base_url or None,
            max_retries=0,
            timeout=self.timeout,
        )
        self._rng = random.Random(0)
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.model

    def _wait(self, seconds: float) -> None:
        if self.stop_event.wait(seconds):
            raise RunError("interrupted")

    def complete(self, record: dict[str, Any], sample: int) -> Completion:
        """Ask for one answer to ``record['question']``, retrying transient failures."""
        oa = self._openai
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(record["question"], self.mode),
            "temperature": self.temperature,
        }
        if self.max_tokens is not None:
            kwargs[self.token_param] = self.max_tokens
        if self.extra_body:
            kwargs["extra_body"] = self.extra_body
        last = "no attempt made"
        for attempt in range(self.retry.max_attempts):
            if self.stop_event.is_set():
                raise RunError("interrupted")
            start = time.perf_counter()
            retry_after: float | None = None
            try:
                resp = self._client.chat.completions.create(**kwargs)
            except oa.APIStatusError as exc:
                status = exc.status_code
                if status in FATAL_STATUSES:
                    raise RunError(
                        f"the server answered {status} for model {self.model!r}: "
                        f"{_short(exc)} (check --model, --base-url and OPENAI_API_KEY)"
                    ) from None
                if status not in RETRY_STATUSES and status < 500:
                    return Completion(
                        output="", finish_reason="error", latency_s=time.perf_counter() - start,
                        attempts=attempt + 1, error=f"HTTP {status}: {_short(exc)}",
                    )
                last, retry_after = f"HTTP {status}: {_short(exc)}", _retry_after(exc)
            except oa.APITimeoutError:
                last = f"timed out after {self.timeout:g}s"
            except oa.APIConnectionError as exc:
                last = f"connection error: {_short(exc)}"
            except oa.APIError as exc:  # e.g. a body that is not a chat completion
                last = f"bad response: {_short(exc)}"
            else:
                return _completion(resp, time.perf_counter() - start, attempt + 1)
            if attempt + 1 < self.retry.max_attempts:
                with self._lock:
                    delay = self.retry.delay(attempt, retry_after, self._rng)
                self._wait(delay)
        raise RunError(
            f"giving up on {record.get('id')} after {self.retry.max_attempts} attempts: {last}; "
            "the predictions so far are kept, rerun with --resume"
        )


def _short(exc: BaseException, limit: int = 200) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _completion(resp: Any, latency: float, attempts: int) -> Completion:
    choices = getattr(resp, "choices", None) or []
    if not choices:
        return Completion(output="", finish_reason="error", latency_s=latency,
                          attempts=attempts, error="the response has no choices")
    choice = choices[0]
    message = getattr(choice, "message", None)
    usage = getattr(resp, "usage", None)
    return Completion(
        output=(getattr(message, "content", None) or ""),
        finish_reason=getattr(choice, "finish_reason", None),
        prompt_tokens=getattr(usage, "prompt_tokens", None),
        completion_tokens=getattr(usage, "completion_tokens", None),
        latency_s=latency,
        attempts=attempts,
    )
