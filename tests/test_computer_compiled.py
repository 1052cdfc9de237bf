"""The search's compiled core (``setup.py`` builds it with mypyc) is really
in use where it should be, and searches exactly as its pure-Python sources
do: the same scores for every root action, with the same node count."""

from __future__ import annotations

import ast
import copy
import importlib
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from importlib.machinery import ExtensionFileLoader
from pathlib import Path

from computer.plugin import plugin_for
from computer.search import Budget, Searcher
from rules.knowledge import knowledge_of
from rules.match import Match

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("xiangqi", "tuibei", "fanbing", "houji", "jieqi", "jieqi-classic")
PLIES = (0, 10, 24)  # where each variant's seeded random game is stopped
NODES = 2_000


def compiled_modules() -> list[str]:
    """The modules ``setup.py`` compiles, read from its ``COMPILED`` list."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "COMPILED":
            paths = ast.literal_eval(node.value)
            return [path.removesuffix(".py").replace("/", ".") for path in paths]
    raise AssertionError("setup.py lists no COMPILED modules")


def searches() -> list[list[object]]:
    """Every root action's score and the node count of a fixed-node search
    from a few positions of each variant (run here and in the pure copy)."""
    found: list[list[object]] = []
    for variant in VARIANTS:
        plugin = plugin_for(variant)
        for stop in PLIES:
            rng = random.Random(stop)
            match = Match.start(variant, {}, stop)
            while match.game.ply < stop and match.outcome is None:
                match.apply(rng.choice(match.game.legal_actions()).text)
            knowledge = knowledge_of(match, match.game.turn)
            searcher = Searcher(Budget(nodes=NODES))
            scores = plugin.root(knowledge, plugin.sample(knowledge, random.Random(1)), searcher)
            found.append([variant, stop, sorted(scores.items()), searcher.nodes])
    return found


def test_the_hot_modules_are_all_compiled_or_none_and_all_in_ci():
    """A build that silently fell back to pure Python would still pass every
    other test, only slower: under ``CI`` the compiled modules must be loaded.
    Elsewhere the install compiles all of them or none (they share one
    library), so a pure install loads none."""
    names = compiled_modules()
    loaded = {name: importlib.import_module(name) for name in names}
    compiled = [
        name
        for name, module in loaded.items()
        if isinstance(module.__loader__, ExtensionFileLoader)
    ]
    required = os.environ.get("CI") and os.environ.get("CHUHAN_PURE_PYTHON") != "1"
    assert compiled in (names, [])  # all or none
    if required:
        assert compiled == names


def test_the_pure_sources_search_as_the_compiled_core(tmp_path):
    """The same searches from a copy of the sources without the extensions."""
    for package in ("rules", "computer"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.so", "__pycache__")
        )
    shutil.copy(__file__, tmp_path / "probe.py")
    script = (
        "import json, probe, computer.search as s; "
        "print(json.dumps([s.__file__, probe.searches()]))"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    source, pure = json.loads(done.stdout)
    assert source == str(tmp_path / "computer" / "search.py")
    assert pure == json.loads(json.dumps(searches()))


def test_a_budget_crosses_to_a_worker_and_copies():
    """Budgets go to search workers by pickle; compiled, a frozen class needs
    its own way to be rebuilt."""
    budget = Budget(depth=3, nodes=1_500, seconds=2.5)
    assert pickle.loads(pickle.dumps(budget)) == budget
    assert copy.copy(budget) == budget and copy.deepcopy(budget) == budget
