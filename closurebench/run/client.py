"""Talking to an OpenAI-compatible chat-completions server, with bounded retries.

The ``openai`` client's own retries are switched off (``max_retries=0``) and done here instead,
so the policy is the same for every server, bounded, testable with a tiny backoff, and
interruptible: a Ctrl-C stops the waiting at once. The API key comes from ``OPENAI_API_KEY``
(``"EMPTY"`` when unset, which local servers accept) and is never logged or recorded.

Whatever a server does, one question's trouble stays that question's: a body that is not a
chat completion, a reset, a 5xx or a response slower than ``timeout`` (a total deadline per
attempt, not per read) is retried within ``RetryPolicy`` and then recorded as that question's
error. Only what concerns the whole run (401/403/404, Ctrl-C) stops it.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from closurebench.errors import ClosureBenchError, ConfigError
from closurebench.run.prompts import build_messages

__all__ = [
    "Backend",
    "Completion",
    "OpenAIBackend",
    "RetryPolicy",
    "RunError",
    "base_url_host",
    "check_extra_body",
    "count",
    "parse_completion",
    "require",
]

#: Statuses worth another try: timeouts, conflicts, rate limits, server errors.
RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
#: Statuses that no retry will fix and that concern the whole run (key, model name, URL).
FATAL_STATUSES = frozenset({401, 403, 404})


class RunError(ClosureBenchError):
    """The run cannot go on (bad key, unknown model, a server that answers nothing)."""


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
    """One model answer and what it cost; ``error`` is set when no usable answer came back.

    A refused request (400, say, a prompt over the context window) is a final, scored-as-wrong
    answer. A question whose every attempt failed in transport (timeouts, resets, 5xx, bodies
    that are not a chat completion) is recorded the same way with ``transient=True``, so the
    run goes on and ``--resume`` asks it again.
    """

    output: str
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float = 0.0
    attempts: int = 1
    error: str | None = None
    transient: bool = False


#: Upper bound of ``RetryPolicy.cap``: no server gets to park a run for more than an hour.
MAX_RETRY_CAP = 3600.0
MAX_ATTEMPTS = 100


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter: try ``max_attempts`` times, sleeping up to
    ``base * 2**i`` between tries, never more than ``cap`` seconds. A server's ``Retry-After``
    (seconds or an HTTP date) is honoured up to the same cap: ``Retry-After: 1e9`` waits
    ``cap`` seconds (60 by default, ``--retry-cap`` on the command line).
    """

    max_attempts: int = 6
    base: float = 1.0
    cap: float = 60.0

    def __post_init__(self) -> None:
        from closurebench.run.checks import check_float, check_int

        check_int("max_attempts", self.max_attempts, 1, MAX_ATTEMPTS)
        check_float("retry base", self.base, 0.0, MAX_RETRY_CAP)
        check_float("retry cap", self.cap, 0.0, MAX_RETRY_CAP)

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait after failed attempt ``attempt`` (0-based)."""
        if retry_after is not None:
            if not math.isfinite(retry_after):
                return self.cap
            return min(max(retry_after, 0.0), self.cap)
        return rng.uniform(0, min(self.cap, self.base * 2 ** min(attempt, 64)))


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




#: Seconds the pre-flight request (``OpenAIBackend.preflight``) may take.
PREFLIGHT_TIMEOUT = 10.0


def _url_for_humans(url: str) -> str:
    """A base URL for an error message: scheme, host, port and path; never user info or a
    query (which may carry a key)."""
    parts = urlsplit(url)
    host = base_url_host(url) or ""
    return f"{parts.scheme}://{host}{parts.path}".rstrip("/") if parts.scheme else host


#: A chat completion larger than this is not an answer (a direct answer is a few hundred bytes,
#: a long chain of thought a few hundred KB); reading stops there instead of filling memory.
MAX_BODY_BYTES = 32 * 2**20
#: Token counts above this are a server bug, not usage; they are recorded as unknown.
MAX_TOKEN_COUNT = 10**9
#: Extra-body keys the runner sets itself: overriding them would make run.json record values
#: the server never saw, so ``--extra-body`` may not contain them.
RESERVED_BODY_KEYS = frozenset({
    "model", "messages", "temperature", "max_tokens", "max_completion_tokens", "n", "stream",
    "stream_options",
})


class _Transient(Exception):
    """One attempt failed in a way another attempt may not (timeouts, resets, bad bodies)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _retry_after(headers: Any) -> float | None:
    """``Retry-After`` in seconds (a number or an HTTP date), ``None`` when absent or junk."""
    if not headers:
        return None
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return when.timestamp() - time.time() if when.tzinfo else None


def count(value: Any) -> int | None:
    """A usage field as a token count: a non-negative integer, else ``None`` (unknown).

    Servers send odd usage (``-1``, ``"12"``, ``1e308``, ``NaN``, ``true``); what a run
    records must be what ``closurebench score`` accepts, so anything else becomes unknown.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 0 <= value <= MAX_TOKEN_COUNT:
        return value
    return None


def _clean(text: str) -> str:
    """``text`` as valid UTF-8: a JSON body may carry lone surrogates (``"\\ud800"``), which
    no UTF-8 file can hold; they become U+FFFD instead of failing the write."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)
    return text


def _text(content: Any) -> str:
    """A message's content as text (a list of ``{"type": "text"}`` parts is joined)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return _clean(content)
    if isinstance(content, list) and all(isinstance(p, dict) for p in content):
        parts = [p.get("text") for p in content if p.get("type", "text") == "text"]
        if all(isinstance(p, str) for p in parts):
            return _clean("".join(parts))
    raise _Transient(f"bad response: message content is {type(content).__name__}, not text")


def parse_completion(body: bytes, latency: float, attempts: int) -> Completion:
    """A chat-completion body as a ``Completion``; ``_Transient`` if it is not one."""
    try:
        data = json.loads(body)
    except RecursionError:
        raise _Transient("bad response: JSON nested too deeply") from None
    except ValueError as exc:
        raise _Transient(f"bad response: not JSON ({_short(exc, 80)})") from None
    if not isinstance(data, dict):
        raise _Transient(f"bad response: a JSON {type(data).__name__}, not an object")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        err = data.get("error")
        detail = f": {_short(str(err), 120)}" if err else ""
        raise _Transient(f"bad response: no choices{detail}")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, dict):
        raise _Transient("bad response: the choice has no message")
    finish = choice.get("finish_reason")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    return Completion(
        output=_text(message.get("content")),
        finish_reason=_clean(finish)[:64] if isinstance(finish, str) else None,
        prompt_tokens=count(usage.get("prompt_tokens")),
        completion_tokens=count(usage.get("completion_tokens")),
        latency_s=latency,
        attempts=attempts,
    )


def _in_thread(fn: Any, seconds: float, stop: threading.Event) -> Any:
    """``fn()`` with a total deadline: the caller gets control back after ``seconds``.

    The HTTP client's timeout bounds each read, so a server trickling one byte at a time
    never trips it; the request runs in a daemon thread that is abandoned at the deadline
    (the body reader checks the same deadline and closes the connection by itself).
    """
    box: dict[str, Any] = {}
    done = threading.Event()

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the caller
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=target, daemon=True, name="closurebench-request").start()
    end = time.monotonic() + seconds
    while not done.wait(min(0.05, max(end - time.monotonic(), 0.0))):
        if stop.is_set():
            raise RunError("interrupted")
        if time.monotonic() >= end:
            raise _Transient(f"no complete response within --timeout {seconds:g}s")
    if "error" in box:
        raise box["error"]
    return box["value"]


@dataclass
class OpenAIBackend:
    """A model behind any OpenAI-compatible ``/chat/completions`` (vLLM, llama.cpp, Ollama, …).

    ``extra_body`` goes into every request as is (e.g. vLLM's
    ``{"chat_template_kwargs": {"enable_thinking": false}}``) but may not set what the runner
    sets (``RESERVED_BODY_KEYS``). ``token_param`` names the output cap: ``max_tokens`` for
    most servers, ``max_completion_tokens`` for OpenAI's reasoning models. ``timeout`` is the
    total time one attempt may take, from connecting to the last byte of the body.
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
        check_extra_body(self.extra_body)
        self._openai = openai
        self._client = openai.OpenAI(
            api_key=os.environ.get("OPENAI_API_KEY") or "EMPTY",
            base_url=self.base_url or None,
            max_retries=0,
            timeout=self.timeout,
        )
        self._rng = random.Random(0)
        self._lock = threading.Lock()
        self._capped_note = False

    @property
    def name(self) -> str:
        return self.model

    def _wait(self, seconds: float) -> None:
        if self.stop_event.wait(seconds):
            raise RunError("interrupted")

    def _request(self, kwargs: dict[str, Any], deadline: float) -> bytes:
        """One HTTP exchange: the raw body of a 2xx answer, read with the total deadline."""
        stream = self._client.chat.completions.with_streaming_response
        with stream.create(**kwargs) as response:
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > MAX_BODY_BYTES:
                    raise _Transient(f"bad response: body over {MAX_BODY_BYTES} bytes")
                if time.monotonic() > deadline:
                    raise _Transient(f"no complete response within --timeout {self.timeout:g}s")
                chunks.append(chunk)
            return b"".join(chunks)

    def _attempt(self, kwargs: dict[str, Any], attempt: int) -> Completion:
        """One try: a ``Completion`` (maybe a final refusal), or ``_Transient``/``RunError``."""
        oa = self._openai
        start = time.perf_counter()
        deadline = time.monotonic() + self.timeout
        try:
            body = _in_thread(lambda: self._request(kwargs, deadline), self.timeout,
                              self.stop_event)
        except (_Transient, RunError):
            raise
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
            raise _Transient(f"HTTP {status}: {_short(exc)}",
                             _retry_after(getattr(exc.response, "headers", None))) from None
        except oa.APITimeoutError:
            raise _Transient(f"timed out after {self.timeout:g}s") from None
        except oa.APIConnectionError as exc:
            raise _Transient(f"connection error: {_short(exc)}") from None
        except Exception as exc:  # httpx errors mid-body, anything else a server can provoke
            raise _Transient(f"bad response: {type(exc).__name__}: {_short(exc)}") from None
        return parse_completion(body, time.perf_counter() - start, attempt + 1)

    def complete(self, record: dict[str, Any], sample: int) -> Completion:
        """Ask for one answer to ``record['question']``, retrying transient failures.

        Never raises for one question's trouble: after ``max_attempts`` failed tries the
        question is recorded with ``transient=True``. Raises ``RunError`` only for what
        concerns the whole run (401/403/404, an interrupt).
        """
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(record["question"], self.mode),
            "temperature": self.temperature,
        }
        if self.max_tokens is not None:
            kwargs[self.token_param] = self.max_tokens
        if self.extra_body:
            kwargs["extra_body"] = self.extra_body
        last, started = "no attempt made", time.perf_counter()
        for attempt in range(self.retry.max_attempts):
            if self.stop_event.is_set():
                raise RunError("interrupted")
            try:
                return self._attempt(kwargs, attempt)
            except _Transient as exc:
                last, retry_after = str(exc), exc.retry_after
            if attempt + 1 < self.retry.max_attempts:
                with self._lock:
                    delay = self.retry.delay(attempt, retry_after, self._rng)
                    self._note_cap(retry_after)
                self._wait(delay)
        return Completion(
            output="", finish_reason="error", latency_s=time.perf_counter() - started,
            attempts=self.retry.max_attempts, transient=True,
            error=f"gave up after {self.retry.max_attempts} attempts: {last}",
        )

    def preflight(self) -> str | None:
        """One quick request before the run (``GET /models``, no retry, at most
        ``PREFLIGHT_TIMEOUT`` seconds): a server that cannot be reached, or that refuses the
        key, is a ``RunError`` naming the URL within seconds instead of every question's
        retries. Returns a note when the server lists its models and ``model`` is not one of
        them (some servers, llama.cpp's, answer under any name, so that alone is no error; an
        unknown model's 404 stops the run at the first question). A server without the
        endpoint passes: the first question is then the check.
        """
        oa = self._openai
        seconds = min(PREFLIGHT_TIMEOUT, self.timeout)
        client = self._client.with_options(timeout=seconds, max_retries=0)
        where = _url_for_humans(str(self._client.base_url))
        try:
            page = _in_thread(client.models.list, seconds, self.stop_event)
        except _Transient:
            raise RunError(f"the server at {where} did not answer within {seconds:g}s (check "
                           "--base-url, or OPENAI_BASE_URL; is the server running?)") from None
        except oa.APITimeoutError:
            raise RunError(f"the server at {where} did not answer within {seconds:g}s (check "
                           "--base-url, or OPENAI_BASE_URL; is the server running?)") from None
        except oa.APIConnectionError as exc:
            cause = _short(exc.__cause__ or exc, 120)
            raise RunError(f"cannot reach the server at {where}: {cause} (check --base-url, "
                           "or OPENAI_BASE_URL; is the server running?)") from None
        except oa.APIStatusError as exc:
            if exc.status_code in (401, 403):
                raise RunError(f"the server at {where} answered {exc.status_code}: "
                               f"{_short(exc)} (check OPENAI_API_KEY)") from None
            return None  # no /models here (404, 405, 501...): the first question checks
        except RunError:
            raise
        except Exception:  # a listing in some other shape: nothing to check it against
            return None
        ids = [m.id for m in getattr(page, "data", None) or [] if isinstance(
            getattr(m, "id", None), str)]
        if ids and self.model not in ids:
            shown = ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")
            return (f"the server at {where} lists {len(ids)} model(s) ({shown}) and not "
                    f"{self.model!r}; if the run stops with 404, check --model")
        return None

    def _note_cap(self, retry_after: float | None) -> None:
        if retry_after is None or self._capped_note:
            return
        if not math.isfinite(retry_after) or retry_after > self.retry.cap:
            self._capped_note = True
            print(f"note: the server asked to wait {retry_after:g}s (Retry-After); waiting "
                  f"at most {self.retry.cap:g}s (--retry-cap)", file=sys.stderr)


def check_extra_body(extra: Any) -> dict[str, Any] | None:
    """``extra_body`` must be a JSON object that leaves the runner's own fields alone."""
    if extra is None:
        return None
    if not isinstance(extra, dict):
        raise ConfigError(f"extra_body must be a JSON object, got {type(extra).__name__}")
    clash = sorted(RESERVED_BODY_KEYS & set(extra))
    if clash:
        raise ConfigError(
            f"extra_body may not set {', '.join(clash)}: the runner sets these itself "
            "(use --model, --temperature, --max-tokens, --token-param instead) and run.json "
            "must record what the server saw")
    return extra


def _short(exc: BaseException, limit: int = 200) -> str:
    text = _clean(" ".join(str(exc).split()))
    return text if len(text) <= limit else text[: limit - 1] + "…"
