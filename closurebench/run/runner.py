"""The evaluation loop: instances in, one JSON line per answer out, resumable at any point.

``predictions.jsonl`` is the run's only state. Each answer is appended as one whole line and
flushed (with Ctrl-C held off for the write), a torn tail left by a kill is cut on resume, and
``--resume`` skips every (id, sample) already on file, so a run can stop and restart any
number of times and still end with exactly one answer per (instance, sample). A question that
failed every attempt in transport is on file with ``"transient": true``; resume removes those
lines (rewriting the file atomically) and asks them again.

Everything written is what ``closurebench score`` accepts (token counts are non-negative
integers or null, text is valid UTF-8) and carries no API key (``closurebench.run.redact``).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from closurebench.errors import ConfigError
from closurebench.run.client import Backend, Completion, OpenAIBackend, RetryPolicy, RunError
from closurebench.run.client import base_url_host as _host
from closurebench.run.data import Selection, load_instances, read_jsonl, slim
from closurebench.run.prompts import MAX_TOKENS, PROMPT_VERSION, prompt_sha256
from closurebench.run.redact import redact, redact_obj

__all__ = ["RunResult", "RunSettings", "make_backend", "run"]

RUN_FILE = "run.json"
PREDICTIONS_FILE = "predictions.jsonl"
REFERENCES_FILE = "references.jsonl"

#: Settings that change answers: a resumed run must agree on all of them.
#: Bounds of the run settings (a run of 10**8 samples per question is a typo, not a plan).
MAX_SAMPLES = 1000
MAX_CONCURRENCY = 1024
MAX_TIMEOUT = 86400.0
MAX_OUTPUT_TOKENS = 10**7
#: This many questions in a row failing every attempt means the server is not answering at
#: all (down, wrong port): the run stops, and ``--resume`` asks those questions again.
BREAKER_MIN = 16

#: Files a run directory may hold; anything else in a folder without run.json is the user's.
RUN_DIR_FILES = frozenset({
    "run.json", "references.jsonl", "predictions.jsonl", "report.json", "report.md",
    "model_card.md", "plots", ".matplotlib",
})

_FINGERPRINT_KEYS = ("model", "mode", "language", "prompt_version", "prompt_sha256", "samples",
                     "temperature", "max_tokens", "extra_body", "token_param", "baseline_seed")


@dataclass
class RunSettings:
    """Everything that defines a run (``model`` is a served model name or ``baseline:KIND``)."""

    model: str
    selection: Selection = field(default_factory=Selection)
    base_url: str | None = None
    mode: str = "direct"
    samples: int = 1
    temperature: float = 0.0
    max_tokens: int | None = None
    concurrency: int = 4
    timeout: float = 600.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    extra_body: dict[str, Any] | None = None
    token_param: str = "max_tokens"
    baseline_seed: int = 0
    language: str | None = None  # program mode: tl or python

    def __post_init__(self) -> None:
        from closurebench.run.checks import check_base_url, check_float, check_int, check_model
        from closurebench.run.client import check_extra_body
        from closurebench.run.prompts import RUN_MODES, prompt_key

        self.model = check_model("model", self.model)
        if self.mode not in RUN_MODES:
            raise ConfigError(f"mode must be one of {', '.join(RUN_MODES)}, got {self.mode!r}")
        prompt_key(self.mode, self.language)  # validates the pair
        if self.model == "baseline:program-oracle" and self.mode != "program":
            raise ConfigError("baseline:program-oracle needs --mode program --language tl|python")
        if not isinstance(self.selection, Selection):
            raise ConfigError(f"selection must be a Selection, got {self.selection!r}")
        self.samples = check_int("samples", self.samples, 1, MAX_SAMPLES)
        self.temperature = check_float("temperature", self.temperature, 0.0, 2.0)
        self.concurrency = check_int("concurrency", self.concurrency, 1, MAX_CONCURRENCY)
        self.timeout = check_float("timeout", self.timeout, 0.0, MAX_TIMEOUT, open_lo=True)
        self.baseline_seed = check_int("baseline_seed", self.baseline_seed, 0, 2**63 - 1)
        self.base_url = check_base_url("base_url", self.base_url)
        if self.base_url is None and not self.is_baseline and os.environ.get("OPENAI_BASE_URL"):
            check_base_url("OPENAI_BASE_URL", os.environ["OPENAI_BASE_URL"])
        self.extra_body = check_extra_body(self.extra_body)
        if not isinstance(self.retry, RetryPolicy):
            raise ConfigError(f"retry must be a RetryPolicy, got {self.retry!r}")
        if self.token_param not in ("max_tokens", "max_completion_tokens"):
            raise ConfigError("token_param must be max_tokens or max_completion_tokens, "
                              f"got {self.token_param!r}")
        if self.max_tokens is None:
            self.max_tokens = MAX_TOKENS[self.mode]
        self.max_tokens = check_int("max_tokens", self.max_tokens, 1, MAX_OUTPUT_TOKENS)

    @property
    def prompt(self) -> str:
        """The prompt key: the mode, or ``program-LANGUAGE``."""
        from closurebench.run.prompts import prompt_key

        return prompt_key(self.mode, self.language)

    @property
    def is_baseline(self) -> bool:
        return self.model.startswith("baseline:")

    def describe(self) -> dict[str, Any]:
        """The run.json view (no API key: it is never stored, and redacted if echoed)."""
        return redact_obj({
            "model": self.model,
            "base_url_host": None if self.is_baseline else _host(
                self.base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com"),
            "mode": self.mode,
            "language": self.language,
            "prompt_version": PROMPT_VERSION,
            "prompt_sha256": prompt_sha256(self.prompt),
            "samples": self.samples,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "token_param": self.token_param,
            "extra_body": self.extra_body,
            "baseline_seed": self.baseline_seed,
            "concurrency": self.concurrency,
            "timeout_s": self.timeout,
            "retry": {"max_attempts": self.retry.max_attempts, "base_s": self.retry.base,
                      "cap_s": self.retry.cap},
            "selection": self.selection.as_dict(),
        })


@dataclass(frozen=True)
class RunResult:
    """Where a run is and how far it got."""

    out_dir: Path
    n_done: int
    n_expected: int
    interrupted: bool = False
    #: Questions asked in this call, and how many of them got no answer (every attempt
    #: failed, or the server refused the request): a run whose every question failed is no
    #: measurement of the model, and ``closurebench run`` exits non-zero for it.
    n_asked: int = 0
    n_failed: int = 0
    last_error: str | None = None

    @property
    def complete(self) -> bool:
        return self.n_done >= self.n_expected and not self.interrupted

    @property
    def all_failed(self) -> bool:
        """Every question asked in this call failed (and at least one was asked)."""
        return self.n_asked > 0 and self.n_failed == self.n_asked


def make_backend(settings: RunSettings, stop: threading.Event,
                 out_dir: str | os.PathLike[str] | None = None) -> Backend:
    """A chat-server backend, or the named built-in baseline for ``baseline:KIND``; in program
    mode wrapped to run each reply's program (``closurebench.run.program``)."""
    if settings.mode == "program":
        from closurebench.run.program import wrap

        return wrap(settings, stop, out_dir or ".", _make_backend)
    return _make_backend(settings, stop)


def _make_backend(settings: RunSettings, stop: threading.Event) -> Backend:
    if settings.is_baseline:
        from closurebench.run.baselines import BaselineBackend

        return BaselineBackend(settings.model.split(":", 1)[1], seed=settings.baseline_seed)
    return OpenAIBackend(
        model=settings.model, base_url=settings.base_url, mode=settings.prompt,
        temperature=settings.temperature, max_tokens=settings.max_tokens,
        timeout=settings.timeout, retry=settings.retry, extra_body=settings.extra_body,
        token_param=settings.token_param, stop_event=stop,
    )


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.replace(tmp, path)


def repair_tail(path: Path) -> int:
    """Cut a torn last line (bytes after the last newline); returns how many bytes were cut."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    keep = data.rfind(b"\n") + 1
    if keep == len(data):
        return 0
    with open(path, "r+b") as fh:
        fh.truncate(keep)
    return len(data) - keep


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold SIGINT during a line write so Ctrl-C lands between lines, never inside one."""
    can = threading.current_thread() is threading.main_thread() and hasattr(
        signal, "pthread_sigmask")
    if can:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if can:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _check_same_run(old: dict[str, Any], new: dict[str, Any], out: Path) -> None:
    diffs = [k for k in _FINGERPRINT_KEYS if old.get(k) != new.get(k)]
    selection = old.get("selection")
    old_sel = {k: v for k, v in selection.items() if k != "limit"} if isinstance(
        selection, dict) else {}
    new_sel = {k: v for k, v in new["selection"].items() if k != "limit"}
    if old_sel != new_sel:
        diffs.append("selection")
    if diffs:
        raise RunError(
            f"{out} holds a different run (differs in {', '.join(diffs)}); "
            "use another --out or the same settings"
        )


class _Progress:
    """tqdm on stderr when available (rate and ETA), else nothing."""

    def __init__(self, total: int, initial: int, enabled: bool, desc: str) -> None:
        self.bar: Any = None
        if enabled:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            self.bar = tqdm(total=total, initial=initial, unit="answer", file=sys.stderr,
                            desc=desc, dynamic_ncols=True, smoothing=0.05)

    def update(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


Item = tuple[dict[str, Any], int]


def _execute(backend: Backend, todo: list[Item], write: Callable[[Item, Completion], None],
             concurrency: int, stop: threading.Event) -> None:
    """Answer every item, calling ``write`` from this (the main) thread as answers arrive.

    Workers are daemon threads, so a Ctrl-C or a fatal error returns at once instead of
    waiting for requests still in flight (those are simply asked again on resume).
    """
    if not backend.concurrent or concurrency <= 1 or len(todo) <= 1:
        for item in todo:
            if stop.is_set():
                return
            write(item, backend.complete(*item))
        return
    inbox: queue.SimpleQueue[Item] = queue.SimpleQueue()
    for item in todo:
        inbox.put(item)
    outbox: queue.SimpleQueue[tuple[Item, Completion | None, BaseException | None]] = (
        queue.SimpleQueue())

    def worker() -> None:
        while not stop.is_set():
            try:
                item = inbox.get_nowait()
            except queue.Empty:
                return
            try:
                outbox.put((item, backend.complete(*item), None))
            except BaseException as exc:  # handed to the main thread, which raises it
                outbox.put((item, None, exc))
                return

    threads = [threading.Thread(target=worker, daemon=True, name=f"closurebench-{i}")
               for i in range(min(concurrency, len(todo)))]
    for t in threads:
        t.start()
    pending = len(todo)
    try:
        while pending:
            try:
                item, completion, exc = outbox.get(timeout=0.05)
            except queue.Empty:
                if not any(t.is_alive() for t in threads) and outbox.empty():
                    return
                continue
            pending -= 1
            if exc is not None:
                stop.set()
                _drain(outbox, write)
                raise exc
            if completion is not None:
                write(item, completion)
    except KeyboardInterrupt:
        stop.set()
        _drain(outbox, write)
        raise


def _drain(outbox: queue.SimpleQueue, write: Callable[[Item, Completion], None]) -> None:
    """Keep the answers that already arrived (whole lines) before stopping."""
    while True:
        try:
            item, completion, _exc = outbox.get_nowait()
        except queue.Empty:
            return
        if completion is not None:
            write(item, completion)


def _prepare_dir(out: Path, force: bool) -> None:
    """Create ``out``, refusing a folder of the user's own files (unless ``force``)."""
    if out.exists() and not out.is_dir():
        raise RunError(f"--out {out} exists and is not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RunError(f"--out {out}: cannot create the run directory ({exc.strerror})") from None
    if force or (out / RUN_FILE).exists():
        return
    foreign = sorted(p.name for p in out.iterdir() if p.name not in RUN_DIR_FILES
                     and not p.name.endswith(".tmp"))
    ours = sorted(p.name for p in out.iterdir() if p.name in RUN_DIR_FILES)
    if foreign or ours:
        shown = ", ".join((foreign or ours)[:3]) + (" …" if len(foreign or ours) > 3 else "")
        raise RunError(
            f"--out {out} is not a closurebench run directory but holds files ({shown}); "
            "choose a new or empty folder, or pass --force to write into it anyway")


def _read_meta(path: Path) -> dict[str, Any]:
    from closurebench.scoring.safejson import load_json_file

    return load_json_file(path, what="run.json")


def _done_rows(pred_path: Path, resume: bool) -> list[dict[str, Any]]:
    """The answers on file, validated; on resume, answers that failed in transport are
    removed from the file (atomically) so they are asked again, never duplicated."""
    if not pred_path.exists():
        return []
    rows = read_jsonl(str(pred_path))
    for i, row in enumerate(rows, 1):
        sample = row.get("sample")
        if not isinstance(row.get("id"), str) or isinstance(sample, bool) or not isinstance(
                sample, int):
            raise RunError(f"{pred_path} answer {i} has no string 'id' and integer 'sample'; "
                           "this is not a predictions file written by `closurebench run`")
    if resume and any(row.get("transient") for row in rows):
        rows = [row for row in rows if not row.get("transient")]
        _write_jsonl(pred_path, rows)
    return rows


def run(settings: RunSettings, out_dir: str | os.PathLike[str], *, resume: bool = False,
        progress: bool = True, instances: list[dict[str, Any]] | None = None,
        force: bool = False) -> RunResult:
    """Run (or resume) an evaluation into ``out_dir``; see the module docstring for the files.

    ``instances`` may be passed to skip generation (they must be ``settings.selection``'s).
    A folder holding files other than a run's is refused unless ``force``. A question whose
    every attempt failed is recorded as an error (``"transient": true``) and asked again on
    resume. Raises ``RunError`` for a run that cannot go on (bad key or model, or
    ``BREAKER_MIN`` questions in a row without any answer); a Ctrl-C returns
    ``interrupted=True``.
    """
    if not isinstance(settings, RunSettings):
        raise ConfigError(f"settings must be a RunSettings, got {settings!r}")
    if not isinstance(out_dir, (str, os.PathLike)) or not os.fspath(out_dir):
        raise ConfigError(f"out_dir must be a folder path, got {out_dir!r}")
    out = Path(out_dir)
    _prepare_dir(out, force)
    run_path, pred_path = out / RUN_FILE, out / PREDICTIONS_FILE
    meta = settings.describe()
    old: dict[str, Any] = {}
    has_predictions = pred_path.exists() and pred_path.stat().st_size > 0
    if has_predictions and not resume:
        raise RunError(f"{out} already holds predictions: pass --resume to continue that run, "
                       "or choose another --out")
    if run_path.exists() and (resume or has_predictions):
        old = _read_meta(run_path)
        _check_same_run(old, meta, out)

    records = instances if instances is not None else load_instances(settings.selection)
    _write_jsonl(out / REFERENCES_FILE, [slim(r) for r in records])
    from closurebench import __version__

    started = time.time()
    meta.update(
        closurebench_version=__version__,
        created=old.get("created", _now()),
        updated=_now(),
        status="running",
        n_instances=len(records),
        n_expected=len(records) * settings.samples,
    )
    _write_json(run_path, meta)

    repair_tail(pred_path)
    done = {(row["id"], row["sample"]) for row in _done_rows(pred_path, resume)}
    wanted = {r["id"] for r in records}
    n_done = sum(1 for key in done if key[0] in wanted and 0 <= key[1] < settings.samples)
    todo = [(rec, s) for rec in records for s in range(settings.samples)
            if (rec["id"], s) not in done]
    if settings.samples > 1 and settings.temperature == 0 and not settings.is_baseline:
        print("warning: --samples > 1 at temperature 0 asks for the same answer K times; "
              "pass --temperature > 0 for meaningful pass@k", file=sys.stderr)

    stop = threading.Event()
    backend = make_backend(settings, stop, out)
    bar = _Progress(meta["n_expected"], meta["n_expected"] - len(todo), progress,
                    settings.model)
    interrupted = False
    fh = open(pred_path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115
    breaker = max(BREAKER_MIN, 2 * settings.concurrency)
    failed_in_a_row = n_transient = n_asked = n_failed = 0
    last_error: str | None = None

    def write(item: Item, c: Completion) -> None:
        nonlocal n_done, failed_in_a_row, n_transient, n_asked, n_failed, last_error
        rec, sample = item
        row: dict[str, Any] = {
            "id": rec["id"], "sample": sample, "output": redact(c.output),
            "finish_reason": c.finish_reason, "prompt_tokens": c.prompt_tokens,
            "completion_tokens": c.completion_tokens, "latency_s": round(c.latency_s, 4),
            "attempts": c.attempts, "error": None if c.error is None else redact(c.error),
        }
        if c.transient:
            row["transient"] = True
        line = json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            with _sigint_held():
                fh.write(line)
                fh.flush()
        except OSError as exc:  # a full disk, a lost mount: the answer is not saved
            raise RunError(f"cannot write the predictions to {pred_path}: "
                           f"{exc.strerror or exc}; {n_done} answers are saved there. Free "
                           "the space, then rerun with --resume") from None
        n_done += 1
        n_asked += 1
        bar.update()
        n_transient += c.transient
        if c.error is not None:
            n_failed += 1
            last_error = row["error"]
        failed_in_a_row = failed_in_a_row + 1 if c.transient else 0
        if failed_in_a_row >= breaker:
            raise RunError(
                f"the last {failed_in_a_row} questions all failed after every retry "
                f"(last: {row['error']}); the server is not answering. Fix it, then rerun "
                "with --resume (those questions are asked again)")

    status = "failed"
    try:
        if todo:
            _preflight(backend)
        _execute(backend, todo, write, settings.concurrency, stop)
        status = "complete"
    except KeyboardInterrupt:
        interrupted, status = True, "interrupted"
    finally:
        stop.set()
        with contextlib.suppress(OSError):  # the failure that matters is raised already
            fh.close()
        bar.close()
        meta.update(status=status, updated=_now(), n_predictions=n_done,
                    elapsed_s=round(time.time() - started + _seconds(old.get("elapsed_s")), 3))
        try:
            _write_json(run_path, meta)
        except OSError as exc:
            print(f"warning: cannot update {run_path}: {exc.strerror or exc}", file=sys.stderr)
            if status == "complete":  # the answers are in, but the run's record is not
                raise RunError(f"cannot write {run_path}: {exc.strerror or exc}; free the "
                               "space, then rerun with --resume") from None
    if n_transient and status == "complete":
        print(f"note: {n_transient} questions failed after every retry and are recorded as "
              "errors (scored wrong); rerun with --resume to ask them again", file=sys.stderr)
    return RunResult(out, n_done, meta["n_expected"], interrupted, n_asked, n_failed,
                     last_error)


def _preflight(backend: Backend) -> None:
    """The chat server's pre-flight (``OpenAIBackend.preflight``), also behind program mode's
    wrapper; baselines have none."""
    check = getattr(backend, "preflight", None) or getattr(
        getattr(backend, "inner", None), "preflight", None)
    note = check() if check is not None else None
    if note:
        print(f"note: {note}", file=sys.stderr)


def _seconds(value: Any) -> float:
    import math

    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    return float(value) if ok and math.isfinite(value) and value >= 0 else 0.0
