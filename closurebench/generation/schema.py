"""The record schema, once, in three forms: JSON Schema, Arrow, and ``datasets`` Features.

Structured values (answer, answer_schema, query) travel as JSON strings so the features are
the same for every category and config. Lists use ``Sequence`` so files written by any
``datasets`` version read on 3.6 too.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GRALGO_RECORD_SCHEMA", "RECORD_SCHEMA", "arrow_schema", "features"]

_STR = {"type": "string"}
_INT = {"type": "integer"}
_PAIRS = {"type": "array", "items": {"type": "array", "items": _STR, "minItems": 2,
                                     "maxItems": 2}}

#: JSON Schema (Draft 2020-12) of one record.
RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": [
        "id", "category", "level", "n", "density", "edge_density", "depth", "hops",
        "structural_seed", "surface_seed", "domain", "label_pool", "style", "encoding",
        "question", "answer", "answer_schema", "tolerance", "nodes", "edges", "edges_after",
        "query", "program", "program_tl",
    ],
    "properties": {
        "id": _STR, "category": _STR, "level": {"enum": [1, 2, 3]},
        "n": {"type": "integer", "minimum": 2, "maximum": 2000},
        "density": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "edge_density": {"type": "number", "minimum": 0, "maximum": 1},
        "depth": {"enum": [1, 2, 3]},
        "hops": {"type": ["integer", "null"], "minimum": 1},
        "structural_seed": _INT, "surface_seed": _INT,
        "domain": _STR, "label_pool": _STR, "style": _STR, "encoding": _STR,
        "question": _STR, "answer": _STR, "answer_schema": _STR,
        "tolerance": {"enum": ["none", "count", "set"]},
        "nodes": {"type": "array", "items": _STR}, "edges": _PAIRS, "edges_after": _PAIRS,
        "query": _STR, "program": _STR, "program_tl": _STR,
    },
}

_WEIGHTS = {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1,
                                                  "maximum": 99}}

#: A GrAlgoBench task record: the same, plus ``node_weights`` / ``edge_weights`` after
#: ``edges`` (aligned with ``nodes`` / ``edges``; null when the task is unweighted).
GRALGO_RECORD_SCHEMA: dict[str, Any] = {
    **RECORD_SCHEMA,
    "required": [*RECORD_SCHEMA["required"], "node_weights", "edge_weights"],
    "properties": {**RECORD_SCHEMA["properties"], "node_weights": _WEIGHTS,
                   "edge_weights": _WEIGHTS},
}

_TYPES = {
    "id": "string", "category": "string", "level": "int64", "n": "int64", "density": "float64",
    "edge_density": "float64", "depth": "int64", "hops": "int64", "structural_seed": "int64",
    "surface_seed": "int64", "domain": "string",
    "label_pool": "string", "style": "string", "encoding": "string", "question": "string",
    "answer": "string", "answer_schema": "string", "tolerance": "string", "nodes": "list",
    "edges": "pairs", "edges_after": "pairs", "query": "string", "program": "string",
    "program_tl": "string",
}


def _types(weighted: bool) -> dict[str, str]:
    """Field -> kind, in record order (a GrAlgoBench record's weights after ``edges``)."""
    if not weighted:
        return _TYPES
    out: dict[str, str] = {}
    for k, t in _TYPES.items():
        out[k] = t
        if k == "edges":
            out |= {"node_weights": "ints", "edge_weights": "ints"}
    return out


def arrow_schema(weighted: bool = False) -> Any:
    """The pyarrow schema of a record (field order = record order); ``weighted``: a
    GrAlgoBench task record's (null weight lists where a task is unweighted)."""
    import pyarrow as pa

    kinds = {"string": pa.string(), "int64": pa.int64(), "float64": pa.float64(),
             "list": pa.list_(pa.string()), "pairs": pa.list_(pa.list_(pa.string())),
             "ints": pa.list_(pa.int64())}
    return pa.schema([(k, kinds[t]) for k, t in _types(weighted).items()])


def features(weighted: bool = False) -> Any:
    """The ``datasets.Features`` of a record (``weighted``: a GrAlgoBench task record's)."""
    from datasets import Features, Sequence, Value

    kinds = {"string": Value("string"), "int64": Value("int64"), "float64": Value("float64"),
             "list": Sequence(Value("string")), "pairs": Sequence(Sequence(Value("string"))),
             "ints": Sequence(Value("int64"))}
    return Features({k: kinds[t] for k, t in _types(weighted).items()})
