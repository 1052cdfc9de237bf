"""The computer is given a Knowledge, never the match: no module of
``computer`` may import ``rules.match`` (the game it must not read)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, ``from rules import match`` as ``rules.match``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_computer_module_imports_the_match():
    paths = sorted((ROOT / "computer").rglob("*.py"))
    assert paths
    for path in paths:
        wrong = {
            name for name in imported_modules(path) if name.split(".")[:2] == ["rules", "match"]
        }
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"
