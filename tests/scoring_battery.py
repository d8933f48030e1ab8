"""A pre-registered battery of raw outputs in model families' own habits, graded by hand.

Every verdict below was written down *before* any judge was run on the output, by the rules
of issue 22 (the metric card's first section): the final committed answer counts, drafts and
reasoning never do, an unreadable final answer or a hedge is no answer, a cut-off output has
none. ``right`` = parsed and strictly right, ``wrong`` = parsed and strictly wrong, ``none`` =
no committed answer. None of these styles is in the literal case tables
(``test_scoring.py``, ``test_scoring_policy.py``). ``test_scoring_battery.py`` runs it.
"""

from __future__ import annotations

SRV = ["srv-03", "srv-14", "srv-17", "srv-18", "srv-21", "srv-24", "srv-10"]
ANIMALS = ["moose", "deer", "impala", "ant", "vole", "dingo", "quail"]

REFS: dict[str, dict[str, object]] = {
    "tri4": {"category": "triangle_count", "answer": "4", "nodes": SRV, "query": "{}"},
    "reach5": {"category": "reach_then_count", "answer": "5",
               "nodes": ["D", "F", "G", "L", "V", "X", "Z"], "query": '{"x":"Z"}'},
    "scc6": {"category": "scc_then_count", "answer": "6",
             "nodes": ["A", "C", "E", "M", "R", "Z", "Q"], "query": '{"x":"C"}'},
    "cond-1": {"category": "conditional", "answer": "-1", "nodes": ["G", "W", "J", "K"],
               "query": '{"x":"G","y":"J"}'},
    "deg0": {"category": "degree_count", "answer": "0", "nodes": SRV,
             "query": '{"direction":"in","x":"srv-10"}'},
    "yes": {"category": "reachability", "answer": "true", "nodes": ANIMALS,
            "query": '{"x":"moose","y":"deer"}'},
    "no_animals": {"category": "reachability", "answer": "false", "nodes": ANIMALS,
                   "query": '{"x":"moose","y":"deer"}'},
    "no": {"category": "reachability", "answer": "false", "nodes": ["A", "B", "C", "D", "E"],
           "query": '{"x":"A","y":"B"}'},
    "cousin": {"category": "cousin", "answer": "true",
               "nodes": ["Karl", "Oscar", "Felix", "Lena", "Vera", "Igor"],
               "query": '{"x":"Lena","y":"Vera"}'},
    "srv24": {"category": "max_degree", "answer": '"srv-24"', "nodes": SRV,
              "query": '{"direction":"in"}'},
    "tariq": {"category": "ancestor", "answer": '"Tariq"',
              "nodes": ["Omar", "Karl", "Tariq", "Grace", "Chen", "Wendy"],
              "query": '{"x":"Karl"}'},
    "wasp": {"category": "path_and_compare", "answer": '"wasp"',
             "nodes": ["newt", "wasp", "goat", "owl", "ant"],
             "query": '{"x":"owl","y":"wasp","z":"newt"}'},
    "neg": {"category": "negative_reachability", "answer": '["Carol","Kofi","Ximena"]',
            "nodes": ["Jana", "Kofi", "Ivan", "Ximena", "Priya", "Carol"],
            "query": '{"x":"Ivan"}'},
    "iris": {"category": "kinship_chain", "answer": '["Iris"]',
             "nodes": ["Iris", "Karl", "Vera", "Dina", "Omar"],
             "query": '{"relation":"grandparents","x":"Karl"}'},
    "animals": {"category": "set_difference", "answer": '["crab","gecko","seal"]',
                "nodes": ["crab", "gecko", "seal", "heron", "deer", "owl"],
                "query": '{"x":"heron","y":"deer"}'},
    "empty": {"category": "set_intersection", "answer": "[]",
              "nodes": ["E", "Q", "H", "V", "A", "X"], "query": '{"x":"E","y":"X"}'},
    "QV": {"category": "set_intersection", "answer": '["Q","V"]',
           "nodes": ["E", "Q", "H", "V", "A", "X"], "query": '{"x":"E","y":"X"}'},
    "mq": {"category": "multi_query",
           "answer": '{"can_reach":false,"in_degree":5,"out_degree":1}',
           "nodes": ["srv-24", "srv-16", "srv-08", "srv-00", "srv-22", "srv-28"],
           "query": '{"x":"srv-22","y":"srv-28"}'},
    "mean233": {"category": "aggregate_over_set", "answer": "2.33",
                "nodes": ["Nina", "Felix", "Ada", "Tariq", "Rosa"], "query": '{"x":"Ada"}'},
    "mix167": {"category": "mixed_domain", "answer": "1.67",
               "nodes": ["fox", "crow", "bear", "seal", "eel", "shrew"], "query": '{"x":"crab"}'},
    "mean05": {"category": "aggregate_over_set", "answer": "0.5",
               "nodes": ["Nina", "Felix", "Ada", "Tariq", "Rosa"], "query": '{"x":"Ada"}'},
    "mean125": {"category": "aggregate_over_set", "answer": "1.25",
                "nodes": ["A", "C", "E", "M", "R", "Z"], "query": '{"x":"C"}'},
    "mean133": {"category": "mixed_domain", "answer": "1.33",
                "nodes": ["fox", "crow", "bear", "seal", "eel", "shrew"], "query": '{"x":"fox"}'},
}

THINK = "<think>\nLet me list the lanes first and check every group of three.\n</think>\n\n"
TRI = ("srv-03/srv-17/srv-24, srv-14/srv-18/srv-21, srv-03/srv-21/srv-24 and "
       "srv-17/srv-18/srv-24")

# (family, raw output, reference, finish reason, verdict)
BATTERY: list[tuple[str, str, str, str | None, str]] = [
    # ---- OpenAI chat models: markdown, bold answer lines, U+2011 in labels, ≈ --------------
    ("gpt", "To find the triangles, list each set of three mutually linked depots:\n\n"
     "1. srv‑03, srv‑17, srv‑24\n2. srv‑14, srv‑18, srv‑21\n3. srv‑03, srv‑21, srv‑24\n"
     "4. srv‑17, srv‑18, srv‑24\n\n**Answer:** 4", "tri4", None, "right"),
    ("gpt", "### Step 1: list the lanes\n…\n\n### Final Answer\n\n```json\n{ \"answer\": 4 }\n```"
     "\n\nLet me know if you'd like a diagram of the network!", "tri4", None, "right"),
    ("gpt", "The depot with the most incoming links is **srv‑24** (4 incoming links).", "srv24",
     None, "right"),
    ("gpt", "{“answer”: “srv‑24”}", "srv24", None, "right"),
    ("gpt", "**Answer:** ✅ Yes — moose can reach deer via impala.", "yes", None, "right"),
    ("gpt", "Answer: ❌ No", "no", None, "right"),
    ("gpt", "The average out-degree is ≈ 2.33.", "mean233", None, "right"),
    ("gpt", "4/3 ≈ 1.33", "mean133", None, "right"),
    ("gpt", "The mean is approximately 1.25 switches.", "mean125", None, "right"),
    ("gpt", '{"answer": "1.25 switches"}', "mean125", None, "right"),
    ("gpt", "**Final answer:** 2.33 (7 links ÷ 3 suppliers)", "mean233", None, "right"),
    ("gpt", "| Host |\n| --- |\n| Carol |\n| Kofi |\n| Ximena |", "neg", None, "right"),
    ("gpt", "Ivan cannot reach:\n\n- Carol\n- Kofi\n- Ximena", "neg", None, "right"),
    ("gpt", "Ivan cannot reach:\n\n- Carol\n- Kofi", "neg", None, "wrong"),
    ("gpt", "Answer: only Iris", "iris", None, "right"),
    ("gpt", "All of them — crab, gecko and seal.", "animals", None, "right"),
    ("gpt", "Final answer: none — E and X share no successors.", "empty", None, "right"),
    ("gpt", "Final answer: ∅", "empty", None, "right"),
    ("gpt", "out_degree: 1\nin_degree: 5\ncan_reach: false", "mq", None, "right"),
    ("gpt", "- **out_degree**: 1\n- **in_degree**: 5\n- **can_reach**: No", "mq", None, "right"),
    ("gpt", "out_degree = 1, in_degree = 5, can_reach = False", "mq", None, "right"),
    ("gpt", "out_degree = 1, in_degree = 4, can_reach = False", "mq", None, "wrong"),
    ("gpt", "| field | value |\n|---|---|\n| out_degree | 1 |\n| in_degree | 5 |\n"
     "| can_reach | false |", "mq", None, "right"),
    ("gpt", "The answer is **4**.\n\nNote that srv-03–srv-17–srv-18 is not a triangle because "
     "srv-03 and srv-18 are not linked.", "tri4", None, "right"),
    ("gpt", "Answer: **srv-24** (4 incoming links, more than srv-21 with 3)", "srv24", None,
     "right"),
    ("gpt", "There are 4 triangles. (If we also counted pairs, there would be 9 links.)", "tri4",
     None, "right"),
    # ---- reasoning models: think tags, boxes, end-of-turn tokens ----------------------------
    ("qwen", "<think>\nZ pays D… so 5 customers. Wait, let me recount: D, F, G, L, V. Yes 5.\n"
     "</think>\n\nZ can reach **5** customers.\n\n\\boxed{5}<|im_end|>", "reach5", None,
     "right"),
    ("qwen", "<think>\nMaybe 6 if Z counts? No, Z is excluded.\n</think>\n\n\\boxed{5}", "reach5",
     None, "right"),
    ("qwen", "<|im_start|>assistant\n{\"answer\": 4}<|im_end|>", "tri4", None, "right"),
    ("deepseek", "<think>\nOkay, let me count the triangles. I think 4.\n</think>\n\n"
     "There are four triangles in the network.<｜end▁of▁sentence｜>", "tri4", None, "right"),
    ("deepseek", THINK + "**Final Answer**\n\\[\n\\boxed{4}\n\\]<｜end▁of▁sentence｜>", "tri4",
     None, "right"),
    ("deepseek", THINK + "The answer is 4.<｜end▁of▁sentence｜>", "tri4", None, "right"),
    ("gemma", "There are 4 triangles.<end_of_turn>", "tri4", None, "right"),
    ("gemma", "No, moose cannot reach deer.<end_of_turn>", "yes", None, "wrong"),
    ("gemma", "<start_of_turn>model\nThe answer is 4.<end_of_turn>", "tri4", None, "right"),
    ("magistral", "[THINK]Following lanes: moose→impala→deer, so moose reaches deer.[/THINK]\n\n"
     "{\"answer\": true}", "yes", None, "right"),
    ("magistral", "[THINK]Draft {\"answer\": false}. Hmm, impala feeds deer.[/THINK]\n\n"
     "{\"answer\": true}", "yes", None, "right"),
    ("magistral", "[THINK]Let me trace moose. moose supplies impala, impala supplies", "yes",
     None, "none"),
    ("cohere", "<|START_THINKING|>Count: four triangles.<|END_THINKING|><|START_RESPONSE|>"
     "The network contains 4 triangles.<|END_RESPONSE|>", "tri4", None, "right"),
    ("cohere", "<|START_THINKING|>{\"answer\": 3}? Let me recount.<|END_THINKING|>"
     "<|START_RESPONSE|>There are four triangles.<|END_RESPONSE|>", "tri4", None, "right"),
    ("cohere", "<|START_THINKING|>Counting…<|END_THINKING|><|START_RESPONSE|>{\"answer\": 4}",
     "tri4", "MAX_TOKENS", "none"),
    ("cohere", "<|START_THINKING|>Drafting: {\"answer\": 3}. I should double check srv-17."
     "<|END_THINKING|><|START_RESPONSE|>After checking every group of three depots, I count "
     "**four** triangles.<|END_RESPONSE|>", "tri4", None, "right"),
    ("cohere", "{\"answer\": 3}\n<|START_RESPONSE|>There are 4 triangles.<|END_RESPONSE|>",
     "tri4", None, "right"),
    ("granite", "Here is my thought process:\nList the triangles: " + TRI + ".\n\n"
     "Here is my response:\nThere are 4 triangles: " + TRI + ".", "tri4", None, "right"),
    ("granite", "Here is my thought process:\nI need to find", "tri4", None, "none"),
    ("granite", "Here is my thought process:\nZ reaches D, F, G, L and V; maybe 6 with Z.\n\n"
     "Here is my response:\n{\"answer\": 5}", "reach5", None, "right"),
    ("kimi", "◁think▷Ivan reaches Jana and Priya only.◁/think▷{\"answer\": [\"Carol\", "
     "\"Kofi\", \"Ximena\"]}", "neg", None, "right"),
    ("kimi", "◁think▷Ivan reaches Jana and Priya only.◁/think▷Ivan cannot reach Carol, Kofi "
     "and Ximena.", "neg", None, "right"),
    ("seed", "<seed:think>Counting the groups gives four.</seed:think>The answer is 4.", "tri4",
     None, "right"),
    ("seed", "<seed:think>Draft 3.<seed:cot_budget_reflect>I have used 120 tokens, and there "
     "are 380 tokens remaining for use.</seed:cot_budget_reflect>One more: 4.</seed:think>"
     "{\"answer\": 4}", "tri4", None, "right"),
    ("harmony", "<|channel|>analysis<|message|>We need the count; maybe 6 with Z, but Z is "
     "excluded: 5.<|end|><|start|>assistant<|channel|>final<|message|>**5**<|return|>",
     "reach5", None, "right"),
    ("harmony", "analysisWe need the customers Z reaches: D, F, G, L, V, so 5, not 6."
     "assistantfinal5", "reach5", None, "right"),
    ("harmony", "<|channel|>analysis<|message|>count the groups<|end|><|start|>assistant"
     "<|channel|>final<|message|>There are **4** triangles.<|return|>", "tri4", None, "right"),
    ("harmony", "<|channel|>analysis<|message|>We need to check whether moose reaches", "yes",
     None, "none"),
    ("phi", THINK + "Final Answer: four (4)", "tri4", None, "right"),
    ("apriel", "Here are my reasoning steps:\nCount 3, then one more: 4.\n"
     "[BEGIN FINAL RESPONSE]\nThere are 4 triangles.\n[END FINAL RESPONSE]\n<|end|>", "tri4",
     None, "right"),
    ("openthoughts", "<|begin_of_thought|>\nMaybe 3.\n<|end_of_thought|>\n\n"
     "<|begin_of_solution|>\n\nThe final answer is \\(\\boxed{4}\\).\n\n<|end_of_solution|>",
     "tri4", None, "right"),
    ("llama", "Z reaches D, F, G, L and V.\n\nThe final answer is: $\\boxed{5}$<|eot_id|>",
     "reach5", None, "right"),
    ("llama", "{\"answer\": 4}</s>", "tri4", None, "right"),
    ("llama", "{\"answer\": 4}<|endoftext|><|endoftext|>", "tri4", None, "right"),
    ("gemini", "**Final Answer:** The final answer is $\\boxed{false}$", "no", None, "right"),
    ("gemini", "{\"answer\": 4}", "tri4", "MAX_TOKENS", "none"),
    ("gemini", "{\"answer\": 4}", "tri4", "FinishReason.MAX_TOKENS", "none"),
    ("gemini", "{\"answer\": 4}", "tri4", "<FinishReason.MAX_TOKENS: 'MAX_TOKENS'>", "none"),
    ("gemini", "{\"answer\": 4}", "tri4", "<FinishReason.LENGTH: 2>", "none"),
    ("gemini", "{\"answer\": 4}", "tri4", "STOP", "right"),
    ("gemini", "{\"answer\": 4}", "tri4", "FinishReason.STOP", "right"),
    ("openai", "{\"answer\": 4}", "tri4", "Length", "none"),
    ("openai", "{\"answer\": 4}", "tri4", "LENGTH", "none"),
    ("openai", "{\"answer\": 4}", "tri4", "max_output_tokens", "none"),
    ("openai", "{\"answer\": 4}", "tri4", "stop", "right"),
    ("anthropic", "{\"answer\": 4}", "tri4", "end_turn", "right"),
    ("anthropic", "{\"answer\": 4}", "tri4", "max_tokens", "none"),
    ("openai", "Let me think step by step. First, list the edges: srv-03 shares a lane with "
     "srv-17, srv-17 with srv-24", "tri4", "length", "none"),
    # ---- drafts before a final answer (class 1) --------------------------------------------
    ("mixed", "Initial count {\"answer\": 6}. Recounting without Z itself… **5**", "reach5",
     None, "right"),
    ("mixed", "Draft: {\"answer\": 3}\nChecking srv-14/srv-18/srv-21 again, there is one more."
     "\n<answer>4</answer>", "tri4", None, "right"),
    ("mixed", "{\"answer\": 3}\n…wait, I missed srv-17–srv-18–srv-24.\n\nFinal answer: four",
     "tri4", None, "right"),
    ("mixed", "{\"answer\": 2.5}\nRecomputing the mean: 7/3 ≈ 2.33", "mean233", None, "right"),
    ("mixed", "First pass: {\"answer\": true}. On reflection, deer only draws from impala, "
     "and impala is not reached from moose.\n\nAnswer: ❌ No", "no_animals", None, "right"),
    ("mixed", "Draft {\"answer\": 4}. Let me recount.\n\nFinal answer: I could not finish the "
     "count.", "tri4", None, "none"),
    ("mixed", "Draft: {\"answer\": 5}\n\nFinal answer: \\boxed{}", "reach5", None, "none"),
    ("mixed", "My first guess was {\"answer\": \"srv-21\"}, but srv-24 has one more incoming "
     "link.\n\n**Final answer:** srv‑24", "srv24", None, "right"),
    ("mixed", "{\"answer\": [\"Carol\", \"Kofi\"]}\nOops, Ximena is unreachable too.\n"
     "Final answer: Carol, Kofi, Ximena", "neg", None, "right"),
    # ---- alternatives after the answer (class 3) -------------------------------------------
    ("mixed", "{\"answer\": 5} (Note: if counting Z itself, it would be 6.)", "reach5", None,
     "none"),
    ("mixed", "The answer is 5 (6 if Z is counted).", "reach5", None, "none"),
    ("mixed", "{\"answer\": \"Tariq\"}\n\nP.S. If step-parents count, Wendy.", "tariq", None,
     "none"),
    ("mixed", "**Answer:** 4\n\n(If srv-03–srv-21 is counted twice, 5.)", "tri4", None, "none"),
    ("mixed", "{\"answer\": 2.33}\n\nRounded differently, it would be 2.34.", "mean233", None,
     "none"),
    ("mixed", "Yes — unless the power line from impala to deer is one-way, in which case no.",
     "yes", None, "none"),
    ("mixed", "It could be 4, but 5 is also possible.", "tri4", None, "none"),
    ("mixed", "Either srv-24 or srv-21.", "srv24", None, "none"),
    ("mixed", "{\"answer\": \"srv-24 or srv-21\"}", "srv24", None, "none"),
    ("mixed", "Answer: Yes/No", "yes", None, "none"),
    ("mixed", "The answer is 4 or 5.", "tri4", None, "none"),
    # ---- commentary after a right answer (class 4) -----------------------------------------
    ("mixed", "{\"answer\": false}\n\nI cannot find any path from A to B.", "no", None, "right"),
    ("mixed", "{\"answer\": false} I cannot find any path from A to B.", "no", None, "right"),
    ("mixed", "{\"answer\": 4}\n\nHmm, that matches the four triangles I listed.", "tri4", None,
     "right"),
    ("mixed", "{\"answer\": 4}\n\nLet me verify: " + TRI + ". Yes, 4.", "tri4", None, "right"),
    ("mixed", "{\"answer\": \"srv-24\"}\nHowever, I cannot guarantee this is correct.", "srv24",
     None, "right"),
    ("mixed", "{\"answer\": 5}\n(Format: {\"answer\": <integer>})", "reach5", None, "right"),
    ("mixed", "{\"answer\": false}\n\nNo path exists, because A has no outgoing edges.", "no",
     None, "right"),
    ("mixed", "{\"answer\": true}\n\nI double-checked the chain moose → impala → deer.", "yes",
     None, "right"),
    ("mixed", "{\"answer\": [\"Q\", \"V\"]}\n\nThese are the only stations reachable from both "
     "E and X.", "QV", None, "right"),
    ("mixed", "{\"answer\": 0}\n\nNo agent has a direct lead referral to srv-10.", "deg0", None,
     "right"),
    ("mixed", "{\"answer\": -1}\n\nG cannot reach J, so the condition is not met.", "cond-1",
     None, "right"),
    ("mixed", "{\"answer\": 1.67}\n\nI hope this helps! Let me know if anything is unclear.",
     "mix167", None, "right"),
    ("mixed", "{\"answer\": false}\n\nThere is no chain of power lines from moose to deer; I "
     "cannot find one.", "no_animals", None, "right"),
    ("mixed", "No — I cannot find any path from A to B.", "no", None, "right"),
    ("mixed", "{\"answer\": \"Tariq\"} \n\nTariq is three generations above Karl.", "tariq",
     None, "right"),
    ("mixed", "<answer>wasp</answer>\n\nwasp is reached in 1 step, newt in 2.", "wasp", None,
     "right"),
    ("mixed", "{\"answer\": 4}\n\nWait, I double counted srv-03/srv-21/srv-24.", "tri4", None,
     "none"),
    ("mixed", "{\"answer\": 4}\n\nWait, I double counted one, so the answer is 3.", "tri4", None,
     "wrong"),
    ("mixed", "{\"answer\": \"yes\"}\n\nActually no: deer has no incoming line from impala.",
     "yes", None, "wrong"),
    # ---- lists in any layout (class 5) -----------------------------------------------------
    ("mixed", "Carol\nKofi\nXimena", "neg", None, "right"),
    ("mixed", "1. Carol\n2. Kofi\n3. Ximena", "neg", None, "right"),
    ("mixed", "* Carol\n* Kofi\n* Ximena\n", "neg", None, "right"),
    ("mixed", "The hosts Ivan cannot reach are \\(\\{\\text{Carol}, \\text{Kofi}, "
     "\\text{Ximena}\\}\\).", "neg", None, "right"),
    ("mixed", "Final answer: Carol，Kofi，Ximena", "neg", None, "right"),
    ("mixed", "Answer: Carol, Kofi and Ximena.", "neg", None, "right"),
    ("mixed", "**Answer:** Iris only.", "iris", None, "right"),
    ("mixed", "Answer: all of them — crab, gecko and seal", "animals", None, "right"),
    ("mixed", "- crab\n- gecko", "animals", None, "wrong"),
    ("mixed", "Answer:\n- crab\n- gecko\n- seal\n- heron", "animals", None, "wrong"),
    ("mixed", "Final answer: [] (E and X have no common successor)", "empty", None, "right"),
    ("mixed", "Final answer: no stations", "empty", None, "right"),
    ("mixed", "Final answer: Carol, Kofi\n\nWait — Ximena is also unreachable. Final answer: "
     "Carol, Kofi, Ximena", "neg", None, "right"),
    ("mixed", "Final answer: Carol, Kofi, Ximena, Jana", "neg", None, "wrong"),
    # ---- common final forms (class 6) ------------------------------------------------------
    ("claude", "<answer>4</answer>", "tri4", None, "right"),
    ("claude", "<final_answer>\nsrv-24\n</final_answer>", "srv24", None, "right"),
    ("claude", "<answer>\n{\"answer\": [\"Q\", \"V\"]}\n</answer>", "QV", None, "right"),
    ("claude", "<reasoning>E reaches Q, H, V; X reaches Q, V, A.</reasoning>\n<answer>Q, V"
     "</answer>", "QV", None, "right"),
    ("claude", "</reasoning>\nThe answer is 5.", "reach5", None, "right"),
    ("claude", "<thinking>Z reaches D, F, G, L, V.</thinking>\n\n<answer>", "reach5", None,
     "none"),
    ("claude", "I'll trace each host Ivan can reach, then take the rest.\n\n<answer>[\"Carol\", "
     "\"Kofi\", \"Ximena\"]</answer>", "neg", None, "right"),
    ("hunyuan", "<think>D, F, G, L, V</think>\n<answer>5</answer>", "reach5", None, "right"),
    ("mixed", "{\"answer\": \"yes, it can\"}", "yes", None, "right"),
    ("mixed", "{\"answer\": \"≈ 1.67\"}", "mix167", None, "right"),
    ("mixed", "{\"answer\": \"~0.5\"}", "mean05", None, "right"),
    ("mixed", "approximately 1.25", "mean125", None, "right"),
    ("mixed", "The answer is 4/3 ≈ 1.33.", "mean133", None, "right"),
    ("mixed", "\\boxed{\\dfrac{4}{3}}", "mean133", None, "right"),
    ("mixed", "≈ 1.67", "mix167", None, "right"),
    ("mixed", "The final answer is $\\boxed{\\text{srv-24}}$.", "srv24", None, "right"),
    ("mixed", "The mean number of direct supply links is 2.33.", "mean233", None, "right"),
    ("mixed", "Mean = 7 / 3 = 2.33", "mean233", None, "right"),
    ("mixed", "ANSWER: 4", "tri4", None, "right"),
    ("mixed", "Answer - 4", "tri4", None, "right"),
    ("mixed", "```python\nanswer = 4\n```", "tri4", None, "right"),
    ("mixed", "Final Answer\n\nfalse", "no", None, "right"),
    ("mixed", "The answer: **false**", "no", None, "right"),
    ("mixed", "**Yes**, moose can reach deer.", "yes", None, "right"),
    ("mixed", "Yes, it can.", "yes", None, "right"),
    ("mixed", "{\"answer\": \"No, they are not cousins.\"}", "cousin", None, "wrong"),
    ("mixed", "The greatest-generation ancestor of Karl is Tariq.", "tariq", None, "right"),
    ("mixed", "Karl's most distant ancestor: Tariq", "tariq", None, "right"),
    ("mixed", "wasp (1 step, against 2 steps for newt)", "wasp", None, "right"),
    ("mixed", "So wasp is reached first.", "wasp", None, "right"),
    ("mixed", "So the group of C has 6 switches including C.", "scc6", None, "right"),
    ("mixed", "There are six switches in C's group.", "scc6", None, "right"),
    ("mixed", "None of the agents has a direct referral to srv-10, so the count is zero.",
     "deg0", None, "right"),
    # ---- Unicode look-alikes (class 7) -----------------------------------------------------
    ("mixed", "{\"answer\": \"srv‑24\"}", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"srv−24\"}", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"srv\u00ad-24\"}", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"ｓｒｖ－２４\"}", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"Ｔａｒｉｑ\"}", "tariq", None, "right"),
    ("mixed", "**Answer:** srv–24", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"srv-42\"}", "srv24", None, "wrong"),
    # ---- a later answer in prose (class 8) -------------------------------------------------
    ("mixed", "**Answer: 5** … Correcting: **Answer: 4**", "tri4", None, "right"),
    ("mixed", "~~5~~ **4**", "tri4", None, "right"),
    ("mixed", "it's 5. Hmm, no — 4.", "tri4", None, "right"),
    ("mixed", "No, wait — yes: moose reaches deer through impala.", "yes", None, "right"),
    ("mixed", "The answer is srv-21. Actually, no: srv-24 has one more incoming link, so the "
     "answer is srv-24.", "srv24", None, "right"),
    ("mixed", "Yes. Wait — deer draws only from impala, and moose does not supply impala. "
     "So no.", "no_animals", None, "right"),
    # ---- JSON-ish syntax (class 9) ---------------------------------------------------------
    ("small", "{answer: 'Tariq',}", "tariq", None, "right"),
    ("small", "{'answer': \"Tariq\"}", "tariq", None, "right"),
    ("small", "{\"answer\": .5}", "mean05", None, "right"),
    ("small", "\"{\\\"answer\\\": 4}\"", "tri4", None, "right"),
    ("tools", "{\"name\": \"submit_answer\", \"arguments\": \"{\\\"answer\\\": 4}\"}", "tri4",
     None, "right"),
    ("tools", "<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"answer\": [\"Q\", "
     "\"V\"]}}\n</tool_call>", "QV", None, "right"),
    ("tools", "{\"type\": \"function\", \"function\": {\"name\": \"answer\", \"arguments\": "
     "\"{\\\"answer\\\": 4}\"}}", "tri4", None, "right"),
    ("small", "{\"answer\": 5, // Z itself excluded\n}", "reach5", None, "right"),
    ("small", "{answer: true}", "yes", None, "right"),
    ("small", "{\n  answer: [Q, V],\n}", "QV", None, "right"),
    ("small", "{“answer”: [“Q”, “V”]}", "QV", None, "right"),
    ("small", "```json5\n{answer: 1.67}\n```", "mix167", None, "right"),
    ("small", "{\"answer\": [Carol, Kofi, Ximena]}", "neg", None, "right"),
    ("small", "{\"answer\": [\"Carol\", \"Kofi\", /* not Jana */ \"Ximena\"]}", "neg", None,
     "right"),
    ("small", "{'answer': {'out_degree': 1, 'in_degree': 5, 'can_reach': 'no'}}", "mq", None,
     "right"),
    ("small", "out-degree: 1, in-degree: 5, can reach: no", "mq", None, "right"),
    ("small", "```\nout_degree: 1\nin_degree: 5\ncan_reach: true\n```", "mq", None, "wrong"),
    ("small", "{\"out_degree\": 1, \"in_degree\": 5}", "mq", None, "none"),
    ("small", "{\"final_answer\": \"four\"}", "tri4", None, "right"),
    ("small", "{\"result\": 4}", "tri4", None, "right"),
    ("small", "{\"answer\": 4, \"confidence\": 0.9}", "tri4", None, "right"),
    ("small", "{\"answer\": [4, 5]}", "tri4", None, "none"),
    # ---- number words (class 10) -----------------------------------------------------------
    ("mixed", "Final answer: four", "tri4", None, "right"),
    ("mixed", "{\"answer\": \"three\"}", "tri4", None, "wrong"),
    ("mixed", "four (4)", "tri4", None, "right"),
    ("mixed", "Answer: minus one", "cond-1", None, "right"),
    ("mixed", "The answer is negative one, since G cannot reach J.", "cond-1", None, "right"),
    ("mixed", "{\"answer\": \"five\"}", "reach5", None, "right"),
    ("mixed", "zero", "deg0", None, "right"),
    # ---- controls: plain answers, refusals, cut-off attempts -------------------------------
    ("mixed", "{\"answer\": 4}", "tri4", None, "right"),
    ("mixed", "{\"answer\": 5}", "scc6", None, "wrong"),
    ("mixed", "{\"answer\": 7}", "reach5", None, "wrong"),
    ("mixed", "6", "scc6", None, "right"),
    ("mixed", "srv-24", "srv24", None, "right"),
    ("mixed", "{\"answer\": \"newt\"}", "wasp", None, "wrong"),
    ("mixed", "{\"answer\": 2.3}", "mean233", None, "wrong"),
    ("mixed", "{\"answer\": \"2.33\"}", "mean233", None, "right"),
    ("mixed", "\\boxed{2.333}", "mean233", None, "right"),
    ("mixed", "{\"answer\": {\"out_degree\": 1, \"in_degree\": 5, \"can_reach\": \"no\"}}",
     "mq", None, "right"),
    ("mixed", "{\"answer\": \"TRUE\"}", "yes", None, "right"),
    ("mixed", "{\"answer\": \"yes\"}", "cousin", None, "right"),
    ("mixed", "**Yes**", "yes", None, "right"),
    ("mixed", "Yes.", "yes", None, "right"),
    ("mixed", "True", "yes", None, "right"),
    ("mixed", "No.", "no", None, "right"),
    ("mixed", "I'm not able to determine this from the description.", "tri4", None, "none"),
    ("mixed", "<think>I count 5.</think>", "reach5", None, "none"),
    ("mixed", "<think>\nhmm\n</think>\n\n", "reach5", None, "none"),
    ("mixed", "\\boxed{", "tri4", None, "none"),
    ("mixed", "Let me think step by step. First, list the edges: srv-03 shares a lane with "
     "srv-17, srv-17 with srv-24", "tri4", None, "none"),
]
