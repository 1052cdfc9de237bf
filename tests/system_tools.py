"""Finding the real programs some tests need (Fairy-Stockfish, PostgreSQL,
Chromium). Outside CI a missing one skips its tests; with ``CI`` set it fails
them, so a green CI always means they really ran.
"""

from __future__ import annotations

import glob
import os
import shutil
from typing import NoReturn

import pytest


def require(found: str | None, what: str) -> str:
    """``found`` (a path), or skip / fail the test naming ``what``."""
    if found:
        return found
    unavailable(f"{what} is not installed (scripts/install-system-deps.sh installs it)")


def unavailable(message: str) -> NoReturn:
    """Skip the test for a missing part of the machine; with ``CI`` set, fail it."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def program(name: str) -> str:
    """The path of ``name`` on PATH, or skip / fail."""
    return require(shutil.which(name), name)


def postgres_bindir() -> str:
    """The directory holding ``initdb`` and ``pg_ctl`` of Debian's PostgreSQL."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return require(os.path.dirname(found[-1]) if found else None, "PostgreSQL (initdb)")
