"""Third held-out set of answer styles: ``python -m benchmarks.heldout_styles3 [--styles a,b]
[--per-category N] [--json FILE]``.

The machinery of ``benchmarks.heldout_styles`` (same records, seed, wrong values, reasoning
preludes naming the other value, strict verdicts, same table) over 24 styles in one group,
``third``. They imitate how chat and reasoning models end an answer (markdown headings,
``\boxed{}`` after ``</think>``, JSON with extra keys, XML tags, an answer first and then its
explanation, notes after the answer, other languages). An outside auditor wrote them and
decided every verdict before the first run, without reading the judge's code or tests; none
is in the first two sets. Two renderings with no honest form are not counted (``EXCLUDED``).

On the first run (2026-12-07, 0.3.8's judge) 19 of the 24 were read in full: 1,136 of 1,244
right values credited, 108 missed, none wrong credited. The five misread styles were then
fixed, so from that commit on these are regression styles, not held out: a contrary-to-fact
note after the answer ("Note: if the edges were read as undirected, the answer would be 5
instead."), an explanation naming a rejected yes/no ("it is tempting to say No, but …") or
object, a parenthetical rejection ("(not No, which is what I first got)") and a struck value
("Answer: ~~5~~ 3"); and an object's fields said with "is" and joined by "and"
("Therefore, can_reach is false, in_degree is 2 and out_degree is 1.").
"""

from __future__ import annotations

import json
import sys
from typing import Any

from benchmarks.heldout_styles import Style, _text
from benchmarks.heldout_styles import main as _main


def _json(k: str, v: Any) -> str:
    return json.dumps(v)


def _tex(k: str, v: Any) -> str:
    if k == "boolean":
        return rf"\text{{{_text(k, v)}}}"
    if k == "labels":
        return rf"\{{{_text(k, v)}\}}" if v else r"\varnothing"
    if k == "label":
        return rf"\text{{{v}}}"
    return _text(k, v)


def _restated(k: str, v: Any) -> str:
    if k == "boolean":
        return "Therefore, yes, the condition asked about holds." if v else \
            "Therefore, no, the condition asked about does not hold."
    if k == "integer":
        return f"Therefore, there are {v} of them in total."
    if k == "number":
        return f"Therefore, the average comes to {v}."
    if k == "label":
        return f"Therefore, {v} is the node we are looking for."
    if k == "labels":
        return f"Therefore, the nodes are {_text(k, v)}." if v else \
            "Therefore, there are no such nodes."
    parts = [f"{key} is {str(val).lower()}" for key, val in v.items()]
    return "Therefore, " + ", ".join(parts[:-1]) + f" and {parts[-1]}."


def _dash(k: str, v: Any) -> str:
    if k == "boolean":
        return ("Yes — that holds for the two nodes in the question." if v
                else "No — that does not hold for the two nodes in the question.")
    tail = {"integer": "that is how many there are", "number": "that is the average",
            "label": "that is the node asked for", "labels": "those are the nodes asked for",
            "object": "those are the three values asked for"}[k]
    return f"{_text(k, v)} — {tail}."


def _summary_table(k: str, v: Any, o: Any) -> str:
    return ("| Step | Result |\n|---|---|\n"
            f"| First pass | {_text(k, o)} |\n"
            f"| After re-check | {_text(k, v)} |\n"
            f"| **Final answer** | **{_text(k, v)}** |")


_THIRD: dict[str, Style] = {
    # GPT-4o / Claude markdown heading
    "md h3 heading": lambda k, v, o: f"### Answer\n\n**{_text(k, v)}**",
    # DeepSeek-R1: output holds only the closing tag (the template opened <think>)
    "r1 think boxed": lambda k, v, o: (
        f"Wait, could it be {_text(k, o)}? No — recounting the edges changes it.\n</think>\n\n"
        f"**Final Answer**\n\\[\n\\boxed{{{_tex(k, v)}}}\n\\]"),
    # Llama 3 instruct's math habit
    "llama final boxed": lambda k, v, o: f"The final answer is: $\\boxed{{{_tex(k, v)}}}$",
    # inline LaTeX (object excluded: a dict in $...$ is not a real style)
    "latex inline": lambda k, v, o: f"Hence the answer is ${_tex(k, v)}$.",
    # "Therefore, ..." restating the value in a sentence, no "answer" cue
    "therefore restated": lambda k, v, o: _restated(k, v),
    "bold colon outside": lambda k, v, o: f"**Answer**: {_text(k, v)}",
    # structured output with extra keys, reasoning key naming the other value
    "json extra keys": lambda k, v, o: (
        "```json\n" + json.dumps({
            "reasoning": f"A first pass gave {_text(k, o)}; re-checking the edges changed it.",
            "answer": v, "confidence": 0.85}, indent=2) + "\n```"),
    "xml answer tag": lambda k, v, o: (
        f"<reasoning>\nA first pass gave {_text(k, o)}, but one edge was missed.\n"
        f"</reasoning>\n<answer>{_text(k, v)}</answer>"),
    # answer first, then an explanation that names (and rejects) the other value
    "answer first explain": lambda k, v, o: (
        f"**Answer: {_text(k, v)}**\n\nExplanation: it is tempting to say {_text(k, o)}, "
        "but that overlooks one edge."),
    "yes-dash restated": lambda k, v, o: _dash(k, v),
    "curly quotes": lambda k, v, o: f"Final answer: “{_text(k, v)}”",
    "hope this helps": lambda k, v, o: (
        f"The answer is **{_text(k, v)}**. Hope this helps! 😊"),
    # Qwen 2.5 in Chinese
    "qwen chinese boxed": lambda k, v, o: (
        f"因此，答案是 $\\boxed{{{_text(k, v, '是', '否')}}}$。"),
    "french final": lambda k, v, o: f"Réponse finale : {_text(k, v, 'oui', 'non')}",
    # all caps (object excluded: upper-cased keys are not the schema's keys)
    "all caps colon": lambda k, v, o: f"FINAL ANSWER: {_text(k, v).upper()}",
    "bullet final": lambda k, v, o: (
        f"- Candidate from the first pass: {_text(k, o)} (rejected)\n"
        f"- Final: {_text(k, v)}"),
    "result equals": lambda k, v, o: f"Result = {_text(k, v)}",
    "double arrow": lambda k, v, o: f"Counting again carefully => {_text(k, v)}",
    "strikethrough fix": lambda k, v, o: f"Answer: ~~{_text(k, o)}~~ {_text(k, v)}",
    "summary table": _summary_table,
    # small models leaking their end-of-turn token
    "eot token leak": lambda k, v, o: f"The answer is {_text(k, v)}.<|eot_id|>",
    "parenthetical not-other": lambda k, v, o: (
        f"Final answer: {_text(k, v)} (not {_text(k, o)}, which is what I first got)"),
    "numbered conclusion": lambda k, v, o: (
        f"1. List every edge.\n2. First pass: {_text(k, o)}.\n"
        f"3. Re-check: one edge was missed.\n4. **Conclusion:** {_text(k, v)}"),
    # Claude-style counterfactual note after a committed answer
    "counterfactual note": lambda k, v, o: (
        f"Answer: {_text(k, v)}\n\nNote: if the edges were read as undirected, the answer "
        f"would be {_text(k, o)} instead."),
}
"""24 styles written before the first run, without reading the judge."""

EXCLUDED: dict[str, set[str]] = {
    "latex inline": {"object"},
    "all caps colon": {"object"},
}
"""(style -> answer kinds) left out as genuinely ambiguous renderings."""


def _without(name: str, style: Style) -> Style:
    skip = EXCLUDED.get(name, set())
    return lambda k, v, o: None if k in skip else style(k, v, o)


THIRD: dict[str, Style] = {name: _without(name, fn) for name, fn in _THIRD.items()}
STYLES: dict[str, tuple[str, Style]] = {name: ("third", fn) for name, fn in THIRD.items()}


def main(argv: list[str] | None = None) -> int:
    return _main(argv, catalogue=STYLES, prog="python -m benchmarks.heldout_styles3",
                 doc=__doc__)


if __name__ == "__main__":
    sys.exit(main())
