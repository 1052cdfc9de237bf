"""Compiles the built-in search's hot modules with mypyc where it can.

Everything else about the package is in ``pyproject.toml``. The modules
below are plain, mypy-strict Python; compiled, the search walks more nodes a
second (BENCHMARKS.md). Without mypyc or a C compiler, or with
``CHUHAN_PURE_PYTHON=1`` set at install, the package installs as pure Python
and the same modules run from their sources.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "computer/evaluation.py",
    "computer/movegen.py",
    "computer/search.py",
    "computer/tables.py",
    "computer/variants/fanbing.py",
    "computer/variants/houji.py",
    "computer/variants/jieqi/state.py",
    "computer/variants/tuibei.py",
    "computer/variants/xiangqi.py",
    "rules/geometry.py",
    "rules/pieces.py",
    "rules/position.py",
    "rules/squares.py",
    "rules/variants/fanbing/moves.py",
    "rules/variants/houji/moves.py",
    "rules/variants/jieqi/moves.py",
]


def pure(reason: object) -> None:
    print(f"chuhan: the search stays pure Python ({reason})", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """All the extensions or none: the compiled modules share one library, so
    when any fails to build (no compiler, no Python headers) the ones built
    are removed and the sources are imported instead."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            pure(exc)


def extensions() -> list[Extension]:
    if os.environ.get("CHUHAN_PURE_PYTHON") == "1":
        pure("CHUHAN_PURE_PYTHON=1")
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify(COMPILED, opt_level="3"))
    except (Exception, SystemExit) as exc:  # no mypyc; or it exits on a type error
        pure(exc)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
