"""Gradio widget for the ClosureBench metric (the Space's ``app_file``).

Works in a folder of any name: the metric script is the one other ``.py`` file beside this one
(``closurebench.py`` in the repository, ``<space name>.py`` on a Space, see ``closurebench
publish --metric-space``). evaluate's own ``launch_gradio_widget`` uses gradio 3's
``gr.inputs``, which current gradio removed, so the widget is built here with today's API.

Each table row is one prediction: the raw model output, the reference, and the category.
The reference is either the reference answer as canonical JSON (``3``, ``true``,
``["A","C"]``), with the category in the third column, or a whole ClosureBench record as JSON
(then the category may stay empty).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
HEADERS = ["prediction", "reference", "category"]
EXAMPLE = [
    ['{"answer": 3}', "3", "triangle_count"],
    ['Reasoning... so {"answer": ["A", "C"]}', '["A","C"]', "set_intersection"],
    ["I am not sure.", "true", "reachability"],
]


def metric_script(folder: Path = HERE) -> Path:
    """The metric script beside ``app.py`` (exactly one other ``.py`` file)."""
    scripts = sorted(p for p in folder.glob("*.py") if p.name != Path(__file__).name)
    if len(scripts) != 1:
        raise FileNotFoundError(f"expected one metric script beside app.py in {folder}, "
                                f"found {[p.name for p in scripts]}")
    return scripts[0]


def _import_package() -> None:
    """Import the real ``closurebench`` package before the metric does.

    Run as ``python app.py``, this folder is ``sys.path[0]``; a script named
    ``closurebench.py`` there would shadow the package, so hide the folder for this import.
    """
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
    try:
        import closurebench.scoring  # noqa: F401
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] != "closurebench":
            raise
        raise ModuleNotFoundError(
            "the metric needs the closurebench package: pip install 'closurebench[hf]' (until "
            "it is on PyPI, from a clone: pip install -e './closurebench[hf]'; see "
            "requirements.txt)", name="closurebench") from None
    finally:
        sys.path[:] = saved


def load_metric() -> Any:
    """The evaluate module of the script beside this file (a file path: any folder name)."""
    import evaluate

    _import_package()
    return evaluate.load(str(metric_script()))


def compute(metric: Any, rows: Any) -> dict[str, Any]:
    """Score the table's rows; a problem is returned as ``{"error": ...}``, never raised."""
    if hasattr(rows, "values") and hasattr(rows, "columns"):  # a pandas DataFrame
        rows = rows.values.tolist()
    table = [[("" if c is None else str(c)) for c in row] + [""] * (3 - len(row))
             for row in rows or []]
    table = [r for r in table if any(c.strip() for c in r[:3])]
    if not table:
        return {"error": "add at least one row: prediction, reference, category"}
    predictions = [r[0] for r in table]
    refs: list[Any] = []
    for i, r in enumerate(table):
        text = r[1].strip()
        try:
            value = json.loads(text)
        except ValueError:
            return {"error": f"row {i + 1}: the reference must be JSON (an answer such as 3, "
                             f"true or [\"A\",\"C\"], or a whole record), got {text!r}"}
        refs.append(value if isinstance(value, dict) and "answer" in value else text)
    records = [isinstance(x, dict) for x in refs]
    categories = [r[2].strip() for r in table]
    if any(records) and not all(records):
        return {"error": "give either records or bare answers as references, not both"}
    kwargs: dict[str, Any] = {}
    if not all(records):
        missing = [i + 1 for i, c in enumerate(categories) if not c]
        if missing:
            return {"error": f"row {missing[0]}: a bare reference answer needs its category"}
        kwargs["categories"] = categories
    try:
        return metric.compute(predictions=predictions, references=refs, **kwargs)
    except (ValueError, TypeError) as exc:
        return {"error": str(exc)}


def build_demo(metric: Any) -> Any:
    """The widget: a three-column table in, the metric's report (JSON) out."""
    import gradio as gr

    readme = HERE / "README.md"
    article = readme.read_text(encoding="utf-8").split("\n---\n", 1)[-1] if readme.is_file() else ""
    with gr.Blocks(title=f"Metric: {metric.name}") as demo:
        gr.Markdown(f"# Metric: {metric.name}\n\n{metric.info.description}\n\n"
                    "One row per prediction: the raw model output, the reference (the answer "
                    "as JSON with its category, or a whole ClosureBench record as JSON).")
        table = gr.Dataframe(headers=HEADERS, value=EXAMPLE, datatype=["str", "str", "str"],
                             interactive=True, label="predictions")
        button = gr.Button("Compute")
        result = gr.JSON(label=metric.name)
        button.click(lambda rows: compute(metric, rows), inputs=table, outputs=result,
                     api_name="compute")
        gr.Markdown(article)
    return demo


if __name__ == "__main__":
    build_demo(load_metric()).launch()
