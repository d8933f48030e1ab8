"""Gradio widget for the ClosureBench metric, as on Hugging Face metric Spaces."""

import sys
from pathlib import Path

import evaluate
from evaluate.utils import launch_gradio_widget

HERE = Path(__file__).resolve().parent

# The metric script is named closurebench.py, like the package it wraps, and this folder is
# sys.path[0] (the widget reads README.md from there). Import the real package first, with
# this folder hidden, so `import closurebench` inside the metric finds the package.
_saved = list(sys.path)
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
import closurebench.scoring  # noqa: E402, F401

sys.path[:] = _saved

module = evaluate.load(str(HERE))
launch_gradio_widget(module)
