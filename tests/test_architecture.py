"""The layers import one way: bot -> everything below; render, storage,
computer, tournaments -> rules; puzzles and endgames -> rules, computer."""

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
    "puzzles": {"rules", "computer"},
    "endgames": {"rules", "computer"},
    "tournaments": {"rules"},
    "bot": {"rules", "render", "storage", "computer", "puzzles", "endgames", "tournaments"},
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


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def bot_imports(path: Path) -> set[str]:
    """The ``bot`` modules a module of ``bot`` imports, type-checking imports included
    (a circle drawn only for the type checker still ties the modules together)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            stem = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("bot.")}


def test_no_import_cycles_inside_bot():
    paths = {module_name(path): path for path in (ROOT / "bot").rglob("*.py")}
    graph = {name: bot_imports(path) & set(paths) - {name} for name, path in paths.items()}
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                cycle = [*trail[trail.index(target) :], target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, [*trail, target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
