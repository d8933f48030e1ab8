"""An eighth held-out battery: ``python -m benchmarks.heldout_styles8 [--styles a,b]
[--per-category N] [--json FILE] [--examples N]``.

Written by an outside auditor (an assistant session briefed to audit the judge) who had not
read the judge (``closurebench/scoring/``), its tests, ``docs/scoring.md`` or the bodies of the
second to seventh batteries: only ``benchmarks/heldout_styles.py`` (whose records, seed, wrong
values, preludes and ``_text`` this reuses), ``benchmarks/README.md``, the earlier batteries'
docstrings and style names (to go elsewhere), the seventh battery's ``--help`` and smoke test
(as a model for this one's interface) and the public ``judge_outputs`` signature and
``Verdict`` fields (``answer``, ``parsed``, ``strict``). Every style, every excluded answer type
and every expected verdict (a comment per style) was written down and committed unrun before
the first run, and nothing was tuned after it. A style gets the record too, so it can name the
graph's own nodes, edges and question.

Theme: text-level noise and encodings that real pipelines produce, and answer cues of
languages no earlier battery used.

Part A, 25 styles that must be credited with the right value and never with the wrong one:
Windows line endings (every ``\\n`` of the output, prelude included, as ``\\r\\n``) and a tab
after the cue; non-breaking and zero-width characters around the value (U+00A0, U+200B,
U+2060, and U+00A0 after the commas of a set or object); right-to-left and left-to-right marks
(U+200F, U+200E) around the cue and the value; HTML entities (``I&#39;ve``, ``&amp;``) with
every newline as ``<br>`` and the cue in ``<b>``; the JSON answer HTML-escaped
(``{&quot;answer&quot;: 3}``, the whole output); markdown escapes (``\\# Result``,
``\\*\\*Final answer:\\*\\*``, ``can\\_reach``); full-width forms (``３``, ``１．２９``,
``Ｙｅｓ``, ``Ｖ``, ``ｓｒｖ－０１``; an object's digits only); Arabic-Indic digits after an
Arabic cue (``٣``, ``١٫٢٩``); Korean ``최종 답: X`` (예 / 아니요); Arabic ``الإجابة: X``
(نعم / لا, sets joined with the Arabic comma ``،``); Hindi ``उत्तर: X।`` (हाँ / नहीं, the danda
right after the value); Turkish ``Cevap: X`` (Evet / Hayır, sets "A, B ve C"); Polish
``Odpowiedź: X`` (Tak / Nie, sets "A, B i C", a decimal comma: ``1,29``); Vietnamese
``Đáp án: X`` (Có / Không, sets "A, B và C"); a reasoning trace of more than 10,000
characters (edge checks with running counts and the other value as a tentative result) before
one short final line; several code blocks and markdown tables (degrees, an ``Output:`` with a
count, a comment with the other value) before ``**Answer:** X``; the answer line repeated in a
blockquote reply chain (``> > Answer: X``, ``> Answer: X — same here.``, then ``Answer: X``);
the value as a markdown link's text (``**Final answer:** [X](https://…)``); an emoji-heavy chat
closing (``**Final answer: X**🎉🎉🎉``, the emoji right after the bold); trailing whitespace
lines and a signature (``-- \\nBest regards,\\nGraph Assistant v2.0``); a streaming artefact
(``data: `` and ``data: [DONE]`` lines after the answer line); JSON lines (one object per
line, the last ``{"answer": X}``, the whole output); the answer split over lines
(``Final answer:\\n\\n\\n  X``); newlines as literal backslash-n (every ``\\n`` of the output
as the two characters ``\\\\n``, a double-encoded log line); ANSI colour codes around cue and
value (``\\x1b[1mFinal answer:\\x1b[0m \\x1b[32mX\\x1b[0m``).

Judgement calls decided up front (Part A): a full-width ``３`` or Arabic-Indic ``٣`` is the
digit 3 (compatibility forms: credit), and a full-width ``Ｖ`` or ``ｓｒｖ－０１`` is the node
``V`` or ``srv-01`` (credit); a Polish decimal comma ``1,29`` for a *number* answer is 1.29
(credit: a list of two numbers is no answer to a number question, so there is nothing else it
could mean); a native yes/no word inside an object (``can_reach: hayır``, ``can_reach:
아니요``) answers ``can_reach`` (credit); a value that is a markdown link's text is the value
(credit); a value in the last line of JSON lines is the answer even though earlier lines hold
other numbers (credit); HTML entities and ``<br>`` are markup to decode, not content (credit);
the value repeated at every level of a reply chain and at the top level is one answer (credit).

Part B, 10 styles that must never be credited strictly, whatever value is shown (right or
wrong), and whose verdicts should ideally be unparsed (``parsed`` is counted, not required):
the prompt echoed back verbatim, its own "Answer with a single JSON object of the form …"
line included, and nothing else (the whole output; the right and the wrong rendering are the
same text, both counted); an output of whitespace and zero-width characters only (likewise);
mojibake in place of the answer (``Final answer: Ã¢â‚¬â€œ``, after a prelude that may name the
other value); the value given, in Spanish, as the answer to a different (earlier) question;
``Answer: ???``; a stream cut inside a UTF-8 sequence right after ``Answer: `` (the bytes of
``“`` cut after two, decoded with ``errors="replace"`` to U+FFFD, or, for about half the
records, with ``errors="surrogateescape"`` to lone surrogates); the value only in an HTML
comment, ``<!-- answer: X -->``, with no visible answer (decided: not credited — a comment is
hidden markup, invisible in a rendered reply, like the sixth battery's value in a code
comment); "Possible answers: X, Z, Y" (the shown value first, the other value last, a third
between; for yes/no "Yes, No"); a stream whose ``data: [DONE]`` comes right after
"Final answer:" (the answer never arrived); JSON lines whose last object is an error with
``"answer": null`` after a ``{"draft": X}`` line (decided: a draft then a failed final is no
answer).

Excluded before the first run (``EXCLUDED``): yes/no, labels and sets for Arabic-Indic digits
(they have no digits to write; a set of ``srv-`` names would test the names, not the digits).
Nothing is excluded in Part B (``EXCLUDED_B`` is empty): every must-not style has an honest
rendering of every type, and the two whole-output styles with no value (prompt echo, invisible
characters) render the same text for the right and the wrong value.

Preludes: the first battery's (none, or reasoning naming the other value), except for whole
outputs that cannot have one (the escaped JSON, JSON lines, the 10,000-character trace, the
prompt echo, the invisible characters): ``WHOLE`` lists them; the trace and the JSON lines name
the other value themselves. ``TRANSFORM`` styles rewrite the whole output (prelude included)
after it is assembled: line endings, ``<br>``, literal ``\\n``.

Before the styles were committed, only their renderings were printed (no verdict asked of the
judge) to check this code.

First run (seed 20240611, 2 per category, on the judge of commit 89a1f74; the styles were
committed unrun as e2103f7 first, and nothing was changed after). Part A: 833 credited, 439
missed, 1 wrongly credited (1,272 right renderings; 10 of 25 styles read in full: CRLF and tab,
NBSP and zero-width, full-width forms, the 10,000-character trace, code blocks and tables, the
reply chain, the signature, ``data: [DONE]`` after the answer, JSON lines, the split answer).
85 of the 439 misses were read as some other answer, 354 unparsed. Misses: ``rtl/ltr marks``
52 (every one, unparsed), ``html-escaped json`` 52 (every one, unparsed), ``ansi colour codes``
52 (every one, unparsed), ``markdown escapes`` 38 (every type but the set, unparsed; sets
credited), ``markdown link text`` 36 (every yes/no, count, label and number, unparsed; sets and
objects credited), ``html entities and <br>`` 34 (yes/no 8 and labels 6, unparsed; sets 14, 8
of them read without their last element, "<b>Final answer:</b> Ada, Hugo, Karl<br>" as
``['Ada', 'Hugo']``; counts 4 and numbers 2, unparsed, only after the prelude "… but I still
have to check the remaining edges." that the ``<br>`` puts on the answer's line), ``hindi उत्तर
with danda`` 30 (yes/no 8, labels 6, objects 2, unparsed; sets 14, 13 read without their last
element, "उत्तर: Gus, Omar।" as ``['Gus']``), ``polish odpowiedź`` 27 (yes/no 8 and objects 2,
unparsed; sets 13, read as the last element alone or without it, "Odpowiedź: Gus i Omar" as
``['Omar']``; every number read as the digits after the decimal comma, "1,29" as 29.0, "1,0" as
0.0), ``arabic الإجابة`` 23 (yes/no 8 and objects 2, unparsed; sets 13: 5 read as their last
element alone, "Bea، Gus، Vic" as ``['Vic']``, 8 unparsed), ``turkish cevap`` 23 and
``vietnamese đáp án`` 23 (each: yes/no 8 and objects 2, unparsed; sets 13, every one read without
its last element, "Ada, Hugo ve Karl" as ``['Ada', 'Hugo']``), ``emoji-heavy closing`` 20
(labels 6 unparsed, "**Final answer: V**🎉🎉🎉"; sets 14, 13 read without their last element, a
one-node set unparsed), ``literal \n escapes`` 14 (every output after the prelude "… but I still
have to check the remaining edges.", now on the answer's line; unparsed), ``korean 최종 답`` 10
(yes/no 8, objects 2, unparsed), ``arabic-indic digits`` 5 (numbers 3, read as the integer part:
"١٫٢٩" as 1.0; objects 2, unparsed). The one over-credit: ``arabic-indic digits``, a number
shown wrong, "الإجابة النهائية: ١٫٥" (1.5), read as 1.0, the right answer.

Part B: 149 of 1,040 outputs over-credited (117 showing the right value, 32 the wrong one); 336
of 1,040 parsed. Over-credits: ``other question, in spanish`` 52 (every right value: "Respuesta
a la pregunta anterior (la del grafo de ayer): 4. Para esta pregunta todavía no he terminado el
análisis." read as 4; all 104 parsed), ``value in an html comment`` 52 (every right value:
``<!-- answer: 1 -->`` read as 1; all 104 parsed), ``possible answers list`` 45 (yes/no,
counts and numbers read as the last value listed, so every wrong-value rendering was credited,
30, and every right-value one read as the wrong value; sets read as one of the listed sets, 13
right-value and 2 wrong-value renderings credited; 88 parsed, labels and objects never).
Parsed without over-credit: ``[DONE] before the answer`` 40 (every label and set, read as
``'data'`` / ``['data']``). Never parsed: the prompt echo, the invisible characters, the
mojibake, ``Answer: ???``, the UTF-8 cut (neither decoding crashed the judge), the JSON lines
ending in an error.

Fixed in the next commit (docs/scoring.md: a stage 0 that undoes transport's encodings, six
languages' cues and yes/no words, digits of every script), each as a rule over every answer
type: Part A 1,272 credited, 0 missed, 0 wrong; Part B 0 of 1,040 credited, 0 parsed.
"""

from __future__ import annotations

import json
import sys
import zlib
from collections.abc import Callable
from typing import Any

from benchmarks import _battery
from benchmarks._battery import types as _types
from benchmarks.heldout_styles import PER_CATEGORY, SEED, _text
from benchmarks.heldout_styles import records as _records

Style = Callable[[dict[str, Any], str, Any, Any], "str | None"]
"""(record, answer type, value shown, other value) -> the output's ending (or, for ``WHOLE``
styles, the whole output); None where the style has no honest rendering of that type."""


# ---------------------------------------------------------------------------------------------
# Renderings shared by several styles
# ---------------------------------------------------------------------------------------------

def _join(items: list[str], sep: str = ", ", last: str | None = None) -> str:
    if last is None or len(items) < 2:
        return sep.join(items)
    return sep.join(items[:-1]) + last + items[-1]


_LANG = {
    # language: (yes, no, last separator of a set, empty set, item separator)
    "ko": ("예", "아니요", None, "없음", ", "),
    "ar": ("نعم", "لا", None, "لا شيء", "، "),
    "hi": ("हाँ", "नहीं", None, "कोई नहीं", ", "),
    "tr": ("Evet", "Hayır", " ve ", "hiçbiri", ", "),
    "pl": ("Tak", "Nie", " i ", "żaden", ", "),
    "vi": ("Có", "Không", " và ", "không có", ", "),
}


def _lang_text(lang: str, kind: str, value: Any, decimal: str = ".",
               digits: Callable[[str], str] = str) -> str:
    """A value as a speaker of ``lang`` writes it: native yes/no (also inside an object, in
    lower case), the language's set separators, its decimal separator."""
    yes, no, last, empty, sep = _LANG[lang]
    if kind == "boolean":
        return yes if value else no
    if kind == "labels":
        return _join(list(value), sep, last) if value else empty
    if kind == "integer":
        return digits(str(value))
    if kind == "number":
        return digits(str(value).replace(".", decimal))
    if kind == "object":
        parts = []
        for k, v in value.items():
            if isinstance(v, bool):
                parts.append(f"{k}: {(yes if v else no).lower()}")
            else:
                parts.append(f"{k}: {digits(str(v))}")
        return sep.join(parts)
    return str(value)


def _fullwidth(s: str) -> str:
    """Every printable ASCII character as its full-width form (U+FF01 … U+FF5E)."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


_ARABIC_INDIC = str.maketrans("0123456789.", "٠١٢٣٤٥٦٧٨٩٫")


def _arabic_digits(s: str) -> str:
    return s.translate(_ARABIC_INDIC)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# Part A: must credit the right value, never the wrong one
# ---------------------------------------------------------------------------------------------

def _crlf_tabs(rec, kind, v, o):
    # Expected: credit. The whole output's "\n" become "\r\n" (TRANSFORM); a tab after the cue.
    return f"Final answer:\t{_text(kind, v)}\n"


def _nbsp_zero_width(rec, kind, v, o):
    # Expected: credit. NBSP after the cue and after every comma, zero-width space and word
    # joiner around the value.
    t = _text(kind, v).replace(", ", ",\u00a0")
    return f"Final answer:\u00a0\u200b{t}\u200b\u2060"


def _rtl_marks(rec, kind, v, o):
    # Expected: credit. A right-to-left mark before the cue and after the value, a
    # left-to-right mark around the value (what an RTL chat UI's copy puts there).
    return f"\u200f**Final answer:** \u200e{_text(kind, v)}\u200e\u200f"


def _html_entities_br(rec, kind, v, o):
    # Expected: credit. Entities in the prose, the cue in <b>, every newline (prelude too) as
    # <br> (TRANSFORM), a trailing <br>.
    return ("I&#39;ve checked every edge &amp; every path &quot;in their direction&quot;.\n\n"
            f"<b>Final answer:</b> {_text(kind, v)}\n")


def _html_escaped_json(rec, kind, v, o):
    # Expected: credit. The whole output is the requested JSON object, HTML-escaped.
    return _json({"answer": v}).replace('"', "&quot;")


def _markdown_escapes(rec, kind, v, o):
    # Expected: credit. A markdown escaper's output: escaped heading, bold and underscores.
    t = _text(kind, v).replace("_", "\\_")
    return f"\\# Result\n\n\\*\\*Final answer:\\*\\* {t}"


def _fullwidth_forms(rec, kind, v, o):
    # Expected: credit. Full-width digits, point, minus and letters (an object: its digits
    # only, the keys and true/false stay ASCII).
    if kind == "object":
        t = ", ".join(f"{k}: {str(x).lower() if isinstance(x, bool) else _fullwidth(str(x))}"
                      for k, x in v.items())
    elif kind == "labels":
        t = ", ".join(_fullwidth(x) for x in v) if v else "none"
    elif kind == "number":
        t = _fullwidth(str(v))  # "." -> "．"
    else:
        t = _fullwidth(_text(kind, v))
    return f"Final answer: {t}"


def _arabic_indic_digits(rec, kind, v, o):
    # Expected: credit. Arabic cue, Arabic-Indic digits, the Arabic decimal separator.
    # Excluded: boolean, label, labels (no digits to write).
    if kind not in ("integer", "number", "object"):
        return None
    return f"الإجابة النهائية: {_lang_text('ar', kind, v, digits=_arabic_digits)}"


def _korean(rec, kind, v, o):
    # Expected: credit.
    return f"최종 답: {_lang_text('ko', kind, v)}"


def _arabic(rec, kind, v, o):
    # Expected: credit. ASCII digits, the Arabic comma between elements and fields.
    return f"الإجابة: {_lang_text('ar', kind, v)}"


def _hindi(rec, kind, v, o):
    # Expected: credit. The danda (।) right after the value ends the sentence.
    return f"उत्तर: {_lang_text('hi', kind, v)}।"


def _turkish(rec, kind, v, o):
    # Expected: credit.
    return f"Sonuç olarak doğru cevap şu. Cevap: {_lang_text('tr', kind, v)}"


def _polish(rec, kind, v, o):
    # Expected: credit. A number with the decimal comma ("1,29") is 1.29.
    return f"Odpowiedź: {_lang_text('pl', kind, v, decimal=',')}"


def _vietnamese(rec, kind, v, o):
    # Expected: credit.
    return f"Vậy, đáp án cuối cùng. Đáp án: {_lang_text('vi', kind, v)}"


def _long_trace(rec, kind, v, o):
    # Expected: credit. WHOLE: > 10,000 characters of edge checks with running counts and the
    # other value as a tentative result, then one short final line.
    edges = rec["edges"] or [[rec["nodes"][0], rec["nodes"][-1]]]
    lines = ["Let me check every edge carefully, several times, before answering."]
    n, p = 0, 0
    while sum(len(x) + 1 for x in lines) < 10_500:
        p += 1
        lines.append(f"\nPass {p}:")
        for i, (a, b) in enumerate(edges):
            n += 1
            lines.append(f"- edge {i + 1}: {a} -> {b} checked (running count {n}).")
        lines.append(f"Tentatively, after pass {p}, it looks like {_text(kind, o)}, but I will "
                     "go over the edges once more.")
    lines.append("\nOn the last pass I found the edge I had read backwards.")
    return "\n".join(lines) + f"\n\nFinal answer: {_text(kind, v)}"


def _code_and_tables(rec, kind, v, o):
    # Expected: credit. Code blocks and tables with other numbers (and the other value in a
    # comment) before the answer line.
    edges = rec["edges"][:4]
    deg: dict[str, list[int]] = {}
    for a, b in rec["edges"]:
        deg.setdefault(a, [0, 0])[1] += 1
        deg.setdefault(b, [0, 0])[0] += 1
    rows = "\n".join(f"| {n} | {deg.get(n, [0, 0])[0]} | {deg.get(n, [0, 0])[1]} |"
                     for n in rec["nodes"][:5])
    return ("```python\n"
            f"edges = {edges!r}\n"
            "print(len(edges))\n"
            "```\n"
            "Output:\n"
            "```\n"
            f"{len(edges)}\n"
            "```\n\n"
            "| node | in | out |\n|---|---|---|\n"
            f"{rows}\n\n"
            "```python\n"
            f"# first guess: {_text(kind, o)} (superseded below)\n"
            "seen = set()\n"
            "```\n\n"
            f"| check | result |\n|---|---|\n| edges listed | {len(rec['edges'])} |\n"
            "| direction | as stated |\n\n"
            f"**Answer:** {_text(kind, v)}")


def _reply_chain(rec, kind, v, o):
    # Expected: credit. The same answer at every level of a quoted reply chain and at the top.
    t = _text(kind, v)
    return (f"> > **Reviewer 1:** I worked it out.\n> > Answer: {t}\n>\n"
            f"> Answer: {t} — same here.\n\n"
            f"Agreed with both reviews. Answer: {t}")


def _markdown_link(rec, kind, v, o):
    # Expected: credit. The value is a link's text.
    return f"**Final answer:** [{_text(kind, v)}](https://closurebench.example/answer)"


def _emoji_closing(rec, kind, v, o):
    # Expected: credit. Emoji everywhere, right after the bold value too.
    return ("Alright!! 🧠💡 After all that… 🥁🥁🥁\n\n"
            f"**Final answer: {_text(kind, v)}**🎉🎉🎉\n\n"
            "Let me know if you want the working! 😄🙏💯✨")


def _signature(rec, kind, v, o):
    # Expected: credit. Trailing spaces and blank lines, then an e-mail signature.
    return (f"Answer: {_text(kind, v)}   \n   \n\t\n\n\n"
            "-- \nBest regards,\nGraph Assistant v2.0\n   \n")


def _sse_done(rec, kind, v, o):
    # Expected: credit. Server-sent-events lines leaked after the answer line.
    return f"Final answer: {_text(kind, v)}\n\ndata: \n\ndata: [DONE]\n\n"


def _json_lines(rec, kind, v, o):
    # Expected: credit. WHOLE: one JSON object per line, the last one the answer.
    lines = [
        {"step": 1, "note": f"listed {len(rec['edges'])} edges over {len(rec['nodes'])} nodes"},
        {"step": 2, "note": f"a first pass suggested {_text(kind, o)}"},
        {"step": 3, "note": "re-checked the directions; the first pass was wrong"},
        {"answer": v},
    ]
    return "\n".join(_json(x) for x in lines)


def _split_lines(rec, kind, v, o):
    # Expected: credit. The cue, three newlines, the indented value.
    return f"Final answer:\n\n\n  {_text(kind, v)}\n"


def _literal_newlines(rec, kind, v, o):
    # Expected: credit. Every "\n" of the output (prelude too) is the two characters "\\n"
    # (TRANSFORM): a double-encoded log line.
    return f"\nFinal answer: {_text(kind, v)}"


def _ansi(rec, kind, v, o):
    # Expected: credit. Terminal colour codes around the cue and the value.
    return f"\x1b[1mFinal answer:\x1b[0m \x1b[32m{_text(kind, v)}\x1b[0m\n"


SHOULD_CREDIT: dict[str, Style] = {
    "crlf and tab": _crlf_tabs,
    "nbsp and zero-width": _nbsp_zero_width,
    "rtl/ltr marks": _rtl_marks,
    "html entities and <br>": _html_entities_br,
    "html-escaped json": _html_escaped_json,
    "markdown escapes": _markdown_escapes,
    "full-width forms": _fullwidth_forms,
    "arabic-indic digits": _arabic_indic_digits,
    "korean 최종 답": _korean,
    "arabic الإجابة": _arabic,
    "hindi उत्तर with danda": _hindi,
    "turkish cevap": _turkish,
    "polish odpowiedź": _polish,
    "vietnamese đáp án": _vietnamese,
    "10k-char trace": _long_trace,
    "code blocks and tables first": _code_and_tables,
    "blockquote reply chain": _reply_chain,
    "markdown link text": _markdown_link,
    "emoji-heavy closing": _emoji_closing,
    "trailing blanks and signature": _signature,
    "sse [DONE] after answer": _sse_done,
    "json lines, last the answer": _json_lines,
    "answer split over lines": _split_lines,
    "literal \\n escapes": _literal_newlines,
    "ansi colour codes": _ansi,
}

EXCLUDED: dict[str, tuple[str, ...]] = {
    "arabic-indic digits": ("boolean", "label", "labels"),
}
"""Types a Part A style does not render (decided before the first run): no digits to write."""


# ---------------------------------------------------------------------------------------------
# Part B: must never credit, whatever value is shown
# ---------------------------------------------------------------------------------------------

def _prompt_echo(rec, kind, v, o):
    # Expected: no credit, unparsed. WHOLE: the question verbatim, its answer-format line too.
    return rec["question"]


def _only_invisible(rec, kind, v, o):
    # Expected: no credit, unparsed. WHOLE: whitespace and zero-width characters only.
    return "\u200b\u200b \n\t\u00a0\ufeff\u200d\n  \u2060\r\n"


def _mojibake(rec, kind, v, o):
    # Expected: no credit, unparsed. Garbage where the answer should be (the prelude may name
    # the other value).
    return "Final answer: Ã¢â‚¬â€œ Ã‚Â"


def _other_question_spanish(rec, kind, v, o):
    # Expected: no credit. The value, in Spanish, as the answer to an earlier question.
    yes_no = {"boolean": ("sí", "no")}
    if kind == "boolean":
        t = yes_no["boolean"][0] if v else yes_no["boolean"][1]
    elif kind == "labels":
        t = _join(list(v), ", ", " y ") if v else "ninguno"
    elif kind == "object":
        t = ", ".join(f"{k}: {str(x).lower()}" for k, x in v.items())
    else:
        t = str(v)
    return (f"Respuesta a la pregunta anterior (la del grafo de ayer): {t}. "
            "Para esta pregunta todavía no he terminado el análisis.")


def _question_marks(rec, kind, v, o):
    # Expected: no credit, unparsed.
    return "Answer: ???"


def _truncated_utf8(rec, kind, v, o):
    # Expected: no credit, unparsed. The stream cut inside the bytes of "“" after the cue;
    # decoded with errors="replace" (U+FFFD) or, for about half the records,
    # errors="surrogateescape" (lone surrogates).
    raw = b"Answer: " + "“".encode()[:2]
    errors = "surrogateescape" if zlib.crc32(rec["id"].encode()) % 2 else "replace"
    return raw.decode("utf-8", errors=errors)


def _html_comment(rec, kind, v, o):
    # Expected: no credit (decided: a hidden comment is no visible answer).
    return f"<!-- answer: {_text(kind, v)} -->"


def _possible_answers(rec, kind, v, o):
    # Expected: no credit. The shown value first, a third between, the other value last.
    if kind == "boolean":
        return f"Possible answers: {_text(kind, v)}, {_text(kind, o)}."
    if kind == "integer":
        third = max(v, o) + 1
    elif kind == "number":
        third = round(max(v, o) + 1, 2)
    elif kind == "label":
        third = next((n for n in rec["nodes"] if n not in (v, o)), None)
        if third is None:
            return f"Possible answers: {v}, {o}."
    elif kind == "labels":
        extra = next((n for n in rec["nodes"] if n not in v), None)
        mid = v[:1] if len(v) > 1 else v + ([extra] if extra else [])
        return (f"Possible answers: {{{_text(kind, v)}}}, {{{_text(kind, mid)}}}, "
                f"{{{_text(kind, o)}}}.")
    else:
        third = {**v, "in_degree": v["in_degree"] + 1}
        return ("Possible answers: " + "; ".join(f"({_text(kind, x)})" for x in (v, third, o))
                + ".")
    return f"Possible answers: {_text(kind, v)}, {_text(kind, third)}, {_text(kind, o)}."


def _done_before_answer(rec, kind, v, o):
    # Expected: no credit, unparsed. The stream ended right after the cue.
    return "Final answer:\n\ndata: [DONE]\n\n"


def _json_lines_error(rec, kind, v, o):
    # Expected: no credit. WHOLE: a draft, then a failed final with a null answer.
    lines = [
        {"step": 1, "note": "listing the edges"},
        {"draft": v},
        {"error": "context length exceeded", "answer": None},
    ]
    return "\n".join(_json(x) for x in lines)


MUST_NOT_CREDIT: dict[str, Style] = {
    "prompt echoed": _prompt_echo,
    "only invisible characters": _only_invisible,
    "mojibake only": _mojibake,
    "other question, in spanish": _other_question_spanish,
    "Answer: ???": _question_marks,
    "utf-8 cut after the cue": _truncated_utf8,
    "value in an html comment": _html_comment,
    "possible answers list": _possible_answers,
    "[DONE] before the answer": _done_before_answer,
    "json lines ending in error": _json_lines_error,
}

EXCLUDED_B: dict[str, tuple[str, ...]] = {}
"""Part B excludes nothing (decided before the first run)."""

EIGHTH: dict[str, Style] = {**SHOULD_CREDIT, **MUST_NOT_CREDIT}

WHOLE = frozenset({"html-escaped json", "10k-char trace", "json lines, last the answer",
                   "prompt echoed", "only invisible characters", "json lines ending in error"})
"""Styles whose rendering is the whole output (no prelude)."""

TRANSFORM: dict[str, Callable[[str], str]] = {
    "crlf and tab": lambda s: s.replace("\n", "\r\n"),
    "html entities and <br>": lambda s: s.replace("\n", "<br>"),
    "literal \\n escapes": lambda s: s.replace("\n", "\\n"),
}
"""Rewrites of the whole assembled output (prelude included)."""


# ---------------------------------------------------------------------------------------------
# Runner
# ---------------------------------------------------------------------------------------------

def _render(name: str, style: Style, rec: dict[str, Any], kind: str, value: Any, other: Any,
            prelude: str) -> str | None:
    ending = style(rec, kind, value, other)
    if ending is None:
        return None
    out = ending if name in WHOLE else prelude.format(o=_text(kind, other)) + ending
    transform = TRANSFORM.get(name)
    return transform(out) if transform else out


def _outputs(name: str, style: Style, recs: list[dict[str, Any]], seed: int):
    """(output, record, kind, right?, value shown) for every record and both values."""
    for rec, kind, answer, wrong, prelude in _battery.cases(name, recs, seed):
        for right, value, other in ((True, answer, wrong), (False, wrong, answer)):
            out = _render(name, style, rec, kind, value, other, prelude)
            if out is not None:
                yield out, rec, kind, right, value


def _short(text: str, limit: int = 600) -> str:
    if len(text) <= limit:
        return text
    return text[:200] + f" …[{len(text) - 400} characters]… " + text[-200:]


def run_a(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """One row per Part A style: renderings, right credited / missed, wrong credited."""
    from closurebench.scoring import judge_outputs

    recs = _records(per_category, seed)
    rows = []
    for name in styles or list(SHOULD_CREDIT):
        items = list(_outputs(name, SHOULD_CREDIT[name], recs, seed))
        verdicts = judge_outputs([i[0] for i in items], [i[1] for i in items])
        row: dict[str, Any] = {"style": name, "renderings": 0, "credited": 0, "missed": 0,
                               "missed_parsed": 0, "wrong_credited": 0, "missed_types": {},
                               "over_types": {}, "examples": []}
        for (out, _rec, kind, right, value), verdict in zip(items, verdicts, strict=True):
            if right:
                row["renderings"] += 1
            if right and verdict.strict:
                row["credited"] += 1
                continue
            if right:
                row["missed"] += 1
                row["missed_parsed"] += bool(verdict.parsed)
                row["missed_types"][kind] = row["missed_types"].get(kind, 0) + 1
                what = "missed"
            elif verdict.strict:
                row["wrong_credited"] += 1
                row["over_types"][kind] = row["over_types"].get(kind, 0) + 1
                what = "wrong credited"
            else:
                continue
            row["examples"].append({"what": what, "kind": kind, "output": out,
                                    "expected": value, "read": verdict.answer,
                                    "parsed": bool(verdict.parsed)})
        rows.append(row)
    return rows


def run_b(styles: list[str] | None = None, per_category: int = PER_CATEGORY,
          seed: int = SEED) -> list[dict[str, Any]]:
    """One row per Part B style: outputs, strictly credited (right / wrong value shown),
    parsed at all."""
    from closurebench.scoring import judge_outputs

    recs = _records(per_category, seed)
    rows = []
    for name in styles or list(MUST_NOT_CREDIT):
        items = list(_outputs(name, MUST_NOT_CREDIT[name], recs, seed))
        verdicts = judge_outputs([i[0] for i in items], [i[1] for i in items])
        row: dict[str, Any] = {"style": name, "outputs": 0, "over": 0, "over_right": 0,
                               "over_wrong": 0, "parsed": 0, "over_types": {},
                               "parsed_types": {}, "examples": []}
        for (out, _rec, kind, right, value), verdict in zip(items, verdicts, strict=True):
            row["outputs"] += 1
            _battery.tally_b(row, kind, right, verdict)
            if verdict.strict or verdict.parsed:
                row["examples"].append({
                    "what": "over-credited" if verdict.strict else "parsed", "kind": kind,
                    "output": out, "expected": "no strict credit (ideally unparsed)",
                    "shown": value, "right_shown": right, "read": verdict.answer})
        rows.append(row)
    return rows


def table_a(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [len("total credit")])
    lines = [f"Part A: must credit\n{'style':<{width}}  {'renders':>7}  {'credited':>8}  "
             f"{'missed':>6}  {'(parsed)':>8}  {'wrong cr.':>9}  missed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['renderings']:>7}  {r['credited']:>8}  "
                     f"{r['missed']:>6}  {r['missed_parsed']:>8}  {r['wrong_credited']:>9}  "
                     f"{_types(r['missed_types'])}")
    tot = {c: sum(r[c] for r in rows) for c in ("renderings", "credited", "missed",
                                                "missed_parsed", "wrong_credited")}
    lines.append(f"{'total credit':<{width}}  {tot['renderings']:>7}  {tot['credited']:>8}  "
                 f"{tot['missed']:>6}  {tot['missed_parsed']:>8}  {tot['wrong_credited']:>9}  "
                 f"({sum(1 for r in rows if not r['missed'] and not r['wrong_credited'])} of "
                 f"{len(rows)} styles read in full)")
    return "\n".join(lines)


def table_b(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["style"]) for r in rows] + [len("total must-not")])
    lines = [f"Part B: must not credit\n{'style':<{width}}  {'outputs':>7}  {'over':>4}  "
             f"{'(right)':>7}  {'(wrong)':>7}  {'parsed':>6}  over by type; parsed by type"]
    for r in rows:
        lines.append(f"{r['style']:<{width}}  {r['outputs']:>7}  {r['over']:>4}  "
                     f"{r['over_right']:>7}  {r['over_wrong']:>7}  {r['parsed']:>6}  "
                     f"{_types(r['over_types'])}; {_types(r['parsed_types'])}")
    tot = {c: sum(r[c] for r in rows) for c in ("outputs", "over", "over_right", "over_wrong",
                                                "parsed")}
    lines.append(f"{'total must-not':<{width}}  {tot['outputs']:>7}  {tot['over']:>4}  "
                 f"{tot['over_right']:>7}  {tot['over_wrong']:>7}  {tot['parsed']:>6}")
    return "\n".join(lines)


def examples(rows: list[dict[str, Any]], n: int) -> str:
    lines = []
    for r in rows:
        for ex in r["examples"][:n]:
            shown = ex.get("shown", ex["expected"])
            lines.append(f"[{r['style']}] {ex['what']} ({ex['kind']}; shown {shown!r}; read "
                         f"{ex['read']!r}):\n    {_short(ex['output'])!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = _battery.parser("python -m benchmarks.heldout_styles8", __doc__.splitlines()[0],
                             PER_CATEGORY, examples=True)
    args = parser.parse_args(argv)
    a_names, b_names = _battery.parts(parser, _battery.plain_names(args.styles),
                                      SHOULD_CREDIT, MUST_NOT_CREDIT)
    print(_battery.header(SEED, args.per_category))
    rows_a = run_a(a_names, args.per_category) if a_names else []
    rows_b = run_b(b_names, args.per_category) if b_names else []
    if rows_a:
        print(table_a(rows_a))
    if rows_b:
        print(table_b(rows_b))
    if args.examples:
        text = examples(rows_a + rows_b, args.examples)
        if text:
            print("examples:\n" + text)
    if args.json:
        _battery.write_json(args.json, {"a": rows_a, "b": rows_b}, ensure_ascii=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
