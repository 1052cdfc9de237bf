"""The layers import one way: bot -> rules, render, storage, computer;
render, storage, computer -> rules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    "rules": set(),
    "render": {"rules"},
    "storage": {"rules"},
    "computer": {"rules"},
    "bot": {"rules", "render", "storage", "computer"},
}
LAYERS = set(ALLOWED)


def imported_layers(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found.update(name.split(".")[0] for name in names if name.split(".")[0] in LAYERS)
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str):
    for path in (ROOT / layer).rglob("*.py"):
        wrong = imported_layers(path) - ALLOWED[layer] - {layer}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_rules_do_no_io():
    forbidden = {"asyncio", "discord", "aiosqlite", "sqlite3", "PIL", "socket", "logging"}
    for path in (ROOT / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = {node.module.split(".")[0]}
            else:
                continue
            assert not names & forbidden, f"{path.relative_to(ROOT)} imports {names & forbidden}"
