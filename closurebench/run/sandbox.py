"""Run an untrusted Python program (a model's answer) with no way out and bounded cost.

Two layers, always both where the machine allows:

* **bubblewrap** (``bwrap``, the OS package used by Flatpak), when it is installed and works
  here: new user, PID, network, IPC and UTS namespaces (so no network at all), a read-only view
  of only the system and Python directories, a private writable ``/sandbox`` as the working
  directory, an empty environment, and everything killed with the sandbox.
* the **rlimit + isolated-subprocess fallback**, used as the inner layer of bubblewrap too:
  ``python -I`` (no user site, no ``PYTHON*`` variables), an empty environment, a private temp
  directory as cwd, resource limits on CPU seconds, address space, file size (which caps the
  output: stdout goes to a size-limited file), open files and processes (binding for an
  ordinary user, not for root); a wall-clock timeout that kills the whole process group; and a
  Python audit hook, installed before the program runs, that refuses process
  creation (fork, exec, spawn, ``subprocess``), sockets, ``ctypes`` and file access outside the
  working directory and Python's own directories.

The fallback alone is not an OS-level sandbox (an audit hook is defence in depth, not a
boundary); ``isolation()`` says which layer ran and every ``Execution`` records it.
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["Execution", "SandboxLimits", "isolation", "run_python"]

_NOBODY = 65534


@dataclass(frozen=True)
class SandboxLimits:
    """Bounds for one program: generous for a graph of 2,000 nodes, tight for an attack."""

    cpu_seconds: int = 10
    wall_seconds: float = 20.0
    memory_mb: int = 1024
    output_bytes: int = 64_000
    processes: int = 16
    open_files: int = 64


@dataclass
class Execution:
    """What one run of a program did."""

    stdout: str
    stderr: str
    returncode: int | None
    timed_out: bool
    output_truncated: bool
    isolation: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# The program runs under this bootstrap (``python -I -c BOOT prog.py``): the hook is in place
# before the program's first line, and audit hooks cannot be removed once added.
_BOOT = r'''
import json, os, runpy, sys
import networkx  # preloaded before the hook: its own imports need no exemption
def _guard(home, readable):
    blocked_modules = frozenset({
        "ctypes", "_ctypes", "subprocess", "_posixsubprocess", "multiprocessing", "pty",
        "socket", "_socket", "ssl", "mmap", "signal", "resource", "fcntl", "asyncio",
        "threading", "_thread", "concurrent", "gc", "inspect"})
    blocked_events = ("os.fork", "os.exec", "os.posix_spawn", "os.spawn", "os.system",
                      "os.kill", "os.killpg", "os.setuid", "os.chdir", "os.chroot",
                      "socket.", "subprocess.", "ctypes.", "os.putenv", "os.unsetenv",
                      "os.symlink", "os.link", "os.chmod", "os.chown", "os.remove",
                      "os.rename", "os.rmdir", "os.truncate", "shutil.", "sys._getframe",
                      "sys.settrace", "sys.setprofile", "sys._current_frames", "gc.")
    def inside(path, roots):
        try:
            real = os.path.realpath(os.fsdecode(path))
        except Exception:
            return False
        return any(real == r or real.startswith(r.rstrip("/") + "/") for r in roots)
    def hook(event, args):
        if event == "import" and str(args[0]).split(".")[0] in blocked_modules:
            raise PermissionError(f"sandbox: import of {args[0]} is not allowed")
        if event.startswith(blocked_events):
            raise PermissionError(f"sandbox: {event} is not allowed")
        if event in ("os.listdir", "os.scandir") and args and args[0] is not None and not (
                isinstance(args[0], int) or inside(args[0], (home, *readable))):
            raise PermissionError("sandbox: listing outside the sandbox")
        if event in ("os.mkdir", "os.utime") and not inside(args[0], (home,)):
            raise PermissionError("sandbox: writing outside the working directory")
        if event == "open" and not isinstance(args[0], int):
            writing = any(c in str(args[1] or "r") for c in "wax+")
            if writing and not inside(args[0], (home,)):
                raise PermissionError("sandbox: writing outside the working directory")
            if not writing and not inside(args[0], (home, *readable)):
                raise PermissionError("sandbox: reading outside the sandbox")
    return hook
with open(sys.argv[1], encoding="utf-8") as _fh:
    _code = compile(_fh.read(), "program.py", "exec")
sys.addaudithook(_guard(os.getcwd(), tuple(p for p in sys.argv[2].split(os.pathsep) if p)))
del _guard, _fh
sys.argv = ["program.py"]
exec(_code, {"__name__": "__main__", "__builtins__": __builtins__})
'''


def _python_roots() -> list[str]:
    """Directories the program may read: Python's own (stdlib, site-packages) and nothing else."""
    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, *sysconfig.get_paths().values()}
    real = {os.path.realpath(p) for p in paths if p}
    real.add(os.path.realpath(os.path.dirname(sys.executable)))
    return sorted(p for p in real if os.path.isdir(p))


@cache
def _bwrap() -> str | None:
    """The bubblewrap binary if it is installed and can create its namespaces here."""
    exe = shutil.which("bwrap")
    if exe is None:
        return None
    try:
        res = subprocess.run([exe, *_bwrap_args(tempfile.gettempdir()), "/bin/true"],
                             capture_output=True, timeout=10, env={})
    except (OSError, subprocess.SubprocessError):
        return None
    return exe if res.returncode == 0 else None


def isolation() -> str:
    """``"bwrap"`` when bubblewrap runs on this machine, else ``"rlimit"`` (the fallback)."""
    return "bwrap" if _bwrap() else "rlimit"


def _bwrap_args(workdir: str) -> list[str]:
    args = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--uid", str(_NOBODY), "--gid", str(_NOBODY), "--proc", "/proc", "--dev", "/dev",
            "--tmpfs", "/tmp"]
    for d in ("/usr", "/bin", "/lib", "/lib64", "/etc/alternatives", "/etc/ld.so.cache"):
        args += ["--ro-bind-try", d, d]
    for d in _python_roots():
        args += ["--ro-bind", d, d]
    return [*args, "--bind", workdir, "/sandbox", "--chdir", "/sandbox", "--clearenv"]


def _limits(lim: SandboxLimits) -> Any:
    def apply() -> None:
        mb = 1024 * 1024
        resource.setrlimit(resource.RLIMIT_CPU, (lim.cpu_seconds, lim.cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_AS, (lim.memory_mb * mb, lim.memory_mb * mb))
        resource.setrlimit(resource.RLIMIT_FSIZE, (lim.output_bytes, lim.output_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (lim.open_files, lim.open_files))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # binding for an ordinary user; root (and so bwrap's mapped user, when run by root)
        # is exempt, which is why the hook refuses process creation as well
        resource.setrlimit(resource.RLIMIT_NPROC, (lim.processes, lim.processes))

    return apply


def run_python(source: str, limits: SandboxLimits | None = None, *,
               use_bwrap: bool | None = None) -> Execution:
    """Run ``source`` as a Python program in the sandbox; never raises for what it does.

    ``use_bwrap`` forces a layer (``None``: bubblewrap when available).
    """
    lim = limits or SandboxLimits()
    bwrap = _bwrap() if use_bwrap is not False else None
    if use_bwrap and bwrap is None:
        raise RuntimeError("bubblewrap (bwrap) is not available on this machine")
    env = {"PATH": "/usr/bin:/bin", "HOME": "/sandbox" if bwrap else "", "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1",
           "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    with tempfile.TemporaryDirectory(prefix="cb-sandbox-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        prog = work / "program.py"
        prog.write_text(source, encoding="utf-8")
        out_path, err_path = Path(tmp) / "stdout", Path(tmp) / "stderr"
        roots = os.pathsep.join(_python_roots())
        env["HOME"] = env["HOME"] or str(work)
        cwd = "/sandbox" if bwrap else str(work)
        cmd = [sys.executable, "-I", "-c", _BOOT, f"{cwd}/program.py", roots]
        if bwrap:
            cmd = [bwrap, *_bwrap_args(str(work)),
                   *(a for k, v in env.items() for a in ("--setenv", k, v)), *cmd]
        start = time.monotonic()
        timed_out = False
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                    cwd=str(work), env=env, start_new_session=True,
                                    preexec_fn=_limits(lim))
            try:
                proc.wait(timeout=lim.wall_seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        seconds = time.monotonic() - start
        raw = out_path.read_bytes()
        stderr = err_path.read_bytes()[-4000:].decode("utf-8", "replace")
    truncated = len(raw) >= lim.output_bytes or proc.returncode == -signal.SIGXFSZ
    return Execution(
        stdout=raw[: lim.output_bytes].decode("utf-8", "replace"), stderr=stderr,
        returncode=proc.returncode, timed_out=timed_out, output_truncated=truncated,
        isolation="bwrap" if bwrap else "rlimit", seconds=round(seconds, 3),
    )
