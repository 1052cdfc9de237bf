"""Every ruling id the project cites (S-4, F-2, …) is defined in docs/rulings.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "rulings.md"
CITED = re.compile(r"\b([SJTFH]-\d+)\b")
DEFINED = re.compile(r"^- \*\*([SJTFH]-\d+)\*\*", re.MULTILINE)
SOURCES = ("rules", "render", "storage", "computer", "bot", "benchmarks", "tests", "docs")


def defined(text: str) -> set[str]:
    return set(DEFINED.findall(text))


def cited() -> dict[str, set[str]]:
    """Each cited id with the files that cite it."""
    found: dict[str, set[str]] = {}
    files = [ROOT / "README.md"]
    for folder in SOURCES:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".toml")]
    for path in files:
        if path in (REFERENCE, Path(__file__).resolve()):
            continue  # the reference itself, and this test's own examples
        for ruling in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(ruling, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_cited_ruling_is_defined() -> None:
    known = defined(REFERENCE.read_text(encoding="utf-8"))
    missing = {ruling: sorted(files) for ruling, files in cited().items() if ruling not in known}
    assert missing == {}


def test_the_check_sees_an_undefined_id() -> None:
    assert defined("- **F-2** a pawn flips") == {"F-2"}
    assert "F-10" not in defined(REFERENCE.read_text(encoding="utf-8"))
    assert CITED.findall("# F-10: a rule nobody wrote") == ["F-10"]


def test_each_id_is_defined_once() -> None:
    ids = DEFINED.findall(REFERENCE.read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids)) >= 40
