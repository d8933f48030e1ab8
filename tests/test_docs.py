"""README.md is a short guide, docs/ holds one page per concern, and every link between them
resolves: a newcomer reaches any page from the README in one step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from closurebench.hf.card import CARD_FILE

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
#: Every Markdown file whose relative links must resolve.
LINKED = [README, *PAGES, ROOT / CARD_FILE]
#: The two fresh-machine commands of the README's QUICKSTART block, exactly.
QUICKSTART = (
    "bash .ci/setup && .venv/bin/closurebench run --model baseline:majority --config all "
    "--split held_out --out runs/baseline",
    "bash .ci/setup && .venv/bin/python -m pytest -q -n 2",
)

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.DOTALL | re.MULTILINE)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_DEFINITION = re.compile(r"^\[[^\]]+\]:[ \t]*(\S+)", re.MULTILINE)  # [name]: target


def _prose(text: str) -> str:
    """``text`` without code blocks and inline code, where brackets are not links."""
    return _CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE):
        base = slug(heading)
        name, k = base, 0
        while name in out:  # GitHub numbers repeated headings
            k += 1
            name = f"{base}-{k}"
        out.add(name)
    return out


def links(path: Path) -> list[str]:
    """Relative link targets: inline ``[text](target)`` and reference definitions."""
    prose = _prose(path.read_text(encoding="utf-8"))
    return [t for t in _LINK.findall(prose) + _DEFINITION.findall(prose)
            if not re.match(r"[a-z]+:", t)]


def test_slug_follows_github():
    assert slug("What is ours, not the paper's") == "what-is-ours-not-the-papers"
    assert slug("Shortcut floors and hop depth (release audit)") == (
        "shortcut-floors-and-hop-depth-release-audit")
    assert slug("Earlier module paths: the `MOVED` table") == "earlier-module-paths-the-moved-table"


def test_readme_is_a_short_guide_without_front_matter():
    text = README.read_text(encoding="utf-8")
    assert not text.startswith("---")
    assert len(text.splitlines()) <= 400
    assert "<!-- BEGIN GENERATED" not in text  # the card's tables live in the card


def test_readme_keeps_the_two_fresh_machine_commands():
    text = README.read_text(encoding="utf-8")
    block = text.split("<!-- BEGIN QUICKSTART", 1)[1].split("<!-- END QUICKSTART -->", 1)[0]
    commands = tuple(ln for ln in block.splitlines() if ln.startswith("bash .ci/setup"))
    assert commands == QUICKSTART


def test_every_docs_page_is_linked_from_the_readme():
    assert len(PAGES) >= 10
    linked = {(README.parent / t.split("#")[0]).resolve() for t in links(README)}
    assert [p.name for p in PAGES if p.resolve() not in linked] == []


def test_the_readme_reaches_every_room_in_one_step():
    """One tour line per room: a link to its folder and to a docs page."""
    import closurebench

    rooms = sorted(p.name for p in Path(closurebench.__file__).parent.iterdir()
                   if p.is_dir() and p.name != "__pycache__")
    assert len(rooms) >= 11
    lines = README.read_text(encoding="utf-8").splitlines()
    for room in rooms:
        (line,) = [ln for ln in lines if ln.startswith(f"| [`closurebench/{room}/`]")]
        assert f"](closurebench/{room}/)" in line and "](docs/" in line, room


@pytest.mark.parametrize("path", LINKED, ids=[p.relative_to(ROOT).as_posix() for p in LINKED])
def test_every_relative_link_resolves(path):
    broken = []
    for target in links(path):
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in anchors(dest)):
            broken.append(target)
    assert broken == []


def test_the_card_s_repository_links_name_files_that_exist():
    """The card is read on the Hub, so it links the repository by URL; each must resolve."""
    from closurebench.hf.builder import HOMEPAGE

    text = (ROOT / CARD_FILE).read_text(encoding="utf-8")
    paths = re.findall(re.escape(HOMEPAGE) + r"/blob/main/([^)\s#]+)", text)
    assert paths and [p for p in paths if not (ROOT / p).exists()] == []


def test_the_scoring_page_keeps_the_metric_maintainers_block():
    text = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    assert text.count("<!-- BEGIN METRIC") == 1 and text.count("<!-- END METRIC -->") == 1
