"""The layout: one folder per concern, imports one way, old module paths still working."""

from __future__ import annotations

import argparse
import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import closurebench
from closurebench.cli import build_parser, main

PKG = Path(closurebench.__file__).parent

#: The rooms in the order data flows through them: each may import only from earlier ones.
LAYERS = ("graph", "surface", "categories", "tl", "generation", "scoring", "audit", "diagnose",
          "hf", "run", "train")
#: The front door: all that stands at the package root.
FRONT_DOOR = {"__init__.py", "__main__.py", "api.py", "cli.py", "errors.py", "py.typed"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in PKG.rglob("*.py"):
        parts = path.relative_to(PKG.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(imported closurebench module or name, at module level?) for every import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if node.module != "closurebench" else [
                f"closurebench.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out += [(n, id(node) in top) for n in names if n.startswith("closurebench.")]
    return out


def _layer(module: str) -> int | None:
    room = module.split(".")[1]
    return LAYERS.index(room) if room in LAYERS else None


def test_the_package_root_holds_only_the_front_door() -> None:
    files = {p.name for p in PKG.iterdir() if p.is_file() and not p.name.endswith(".pyc")}
    assert files <= FRONT_DOOR, sorted(files - FRONT_DOOR)
    rooms = {p.name for p in PKG.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert rooms == set(LAYERS), sorted(rooms ^ set(LAYERS))


def test_imports_run_one_way_from_later_rooms_to_earlier_ones() -> None:
    backwards = []
    for name, path in _modules().items():
        mine = _layer(name) if name != "closurebench" else None
        if mine is None:
            continue
        for target, _ in _imports(path):
            theirs = _layer(target)
            if theirs is not None and theirs > mine:
                backwards.append(f"{name} -> {target}")
    assert not backwards, backwards


def test_no_module_level_import_cycle() -> None:
    import networkx as nx

    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        for target, top in _imports(path):
            while target not in modules and "." in target:  # from pkg.mod import name
                target = target.rsplit(".", 1)[0]
            # a package importing its own submodules (re-exports) is not a cycle
            if top and target != name and not target.startswith(name + "."):
                graph.add_edge(name, target)
    assert list(nx.simple_cycles(graph)) == []


@pytest.mark.parametrize("old", sorted(closurebench.MOVED))
def test_every_old_module_path_imports_as_its_new_module(old: str) -> None:
    homes = closurebench.MOVED[old]
    homes = (homes,) if isinstance(homes, str) else homes
    module = importlib.import_module(old)
    first = importlib.import_module(homes[0])
    if len(homes) == 1:
        assert module is first
        assert module.__spec__.name == homes[0]  # the import system did not rename it
    for home in homes:
        for name in getattr(importlib.import_module(home), "__all__", ()):
            assert getattr(module, name) is getattr(importlib.import_module(home), name)


def test_an_old_path_does_not_hide_the_public_function_of_its_name() -> None:
    code = ("import closurebench, closurebench.solve\n"
            "from closurebench.solve import solve\n"
            "assert callable(closurebench.solve) and closurebench.solve is not solve.__module__\n"
            "print(closurebench.solve('reachability', [('A', 'B')], {'x': 'A', 'y': 'B'}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
              ) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    out = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out[(*prefix, name)] = sub
                out.update(_commands(sub, (*prefix, name)))
    return out


def _takes_config(parser: argparse.ArgumentParser) -> bool:
    return any(a.dest == "config_alias" for a in parser._actions)


def test_every_command_that_takes_a_config_spells_it_config_positional_or_alias() -> None:
    commands = _commands(build_parser())
    with_config = {c for c, p in commands.items() if _takes_config(p)}
    assert {("generate",), ("audit",), ("run",), ("score",), ("export", "sft")} <= with_config
    for command in with_config:
        parser = commands[command]
        assert not any("--config" in a.option_strings and a.dest != "config_alias"
                       for a in parser._actions), command
        extra = {("run",): ["--model", "baseline:random"], ("score",): ["p.jsonl"],
                 ("export", "sft"): ["--target", "tl", "--out", "x.jsonl"]}.get(command, [])
        pos = build_parser().parse_args([*command, *extra[:1], "l2", *extra[1:]]
                                        if command == ("score",) else [*command, "l2", *extra])
        alias = build_parser().parse_args([*command, *extra, "--config", "l2"])
        assert pos.config == alias.config == "l2", command
        assert not hasattr(pos, "config_alias")


def test_config_given_twice_differently_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["generate", "l1", "--config", "l2"])
    assert exc.value.code == 2
    assert "CONFIG given twice" in capsys.readouterr().err


def test_a_mistyped_option_is_matched_only_against_its_own_command(capsys) -> None:
    """For every command and the options of other commands that it lacks (every third, the
    offset moving with the command, so each option is tried on some commands: parsing a
    command line for all of them took 13 s), a did-you-mean never names an option the
    command does not have."""
    commands = _commands(build_parser())
    leaves = {c: p for c, p in commands.items()
              if not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)}
    everything = {o for p in leaves.values() for a in p._actions for o in a.option_strings}
    needs = {("generate",): ["l1"], ("audit",): ["l1"], ("score",): ["p.jsonl"],
             ("run",): ["--model", "baseline:random"], ("report",): ["d"], ("gap",): ["a", "b"],
             ("compare",): ["a", "b"],
             ("card",): ["r.json"], ("export", "sft"): ["l1", "--target", "tl", "--out", "x"]}
    for i, (command, parser) in enumerate(leaves.items()):
        own = {o for a in parser._actions for o in a.option_strings}
        for option in sorted(everything - own)[i % 3 :: 3]:
            with pytest.raises(SystemExit):
                main([*command, *needs.get(command, []), option + "x"])
            err = capsys.readouterr().err
            assert "unrecognized arguments" in err, (command, err)
            if "did you mean" in err:
                suggested = err.split("did you mean ", 1)[1].split("?")[0]
                assert suggested in own, (command, option, suggested)


def test_a_mistyped_option_still_gets_its_command_s_suggestion(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["generate", "l1", "--n-mx", "5"])
    assert "did you mean --n-max?" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["score", "p.jsonl", "--limit", "2"])  # run's --limit is not score's
    assert "did you mean" not in capsys.readouterr().err


def test_category_knowledge_stays_in_the_category_modules() -> None:
    """Shared machinery names no category's query fields: a category's own readers and
    counterfactuals live in its module (``Category.shortcuts``, ``Category.counterfactuals``)."""
    shared = [PKG / "diagnose" / "counterfactuals.py", PKG / "audit" / "readers.py"]
    for path in shared:
        text = path.read_text(encoding="utf-8")
        for field_name in ('["direction"]', 'get("direction"', '"out_degree"', '"in_degree"',
                           '"can_reach"'):
            assert field_name not in text, (path.name, field_name)
    owners = {c for c, cat in closurebench.CATEGORIES.items() if cat.counterfactuals}
    assert owners == {"degree_count", "max_degree", "multi_query"}
