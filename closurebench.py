"""ClosureBench loading script for ``datasets`` < 4 (``trust_remote_code=True``).

Deliberately thin: the builder lives in the installed package (``pip install closurebench``),
so this script and ``closurebench.load_dataset`` give the same rows. ``datasets`` >= 4 refuses
loading scripts; there, use ``closurebench.load_dataset(...)`` or the Parquet files.

A clone of the repository is often a folder named ``closurebench``; run from its parent, that
folder shadows the installed package as a namespace package. The import below skips such
folders so ``closurebench`` is always the real package.
"""

import importlib
import os
import sys


def _is_shadow(entry: str) -> bool:
    folder = os.path.join(entry or os.curdir, "closurebench")
    return os.path.isdir(folder) and not os.path.isfile(os.path.join(folder, "__init__.py"))


def _builder_module():
    try:
        return importlib.import_module("closurebench.hf.builder")
    except ImportError:
        if getattr(sys.modules.get("closurebench"), "__file__", None) is not None:
            raise
    saved = sys.path[:]
    sys.modules.pop("closurebench", None)
    sys.path[:] = [p for p in sys.path if not _is_shadow(p)]
    try:
        return importlib.import_module("closurebench.hf.builder")
    except ImportError as exc:
        raise ImportError("this script needs the closurebench package: "
                          "pip install 'closurebench[hf]'") from exc
    finally:
        sys.path[:] = saved


_builder = _builder_module()


class Closurebench(_builder.ClosureBench):
    """The package's builder under this script's name (``datasets`` names the cache after it)."""
