"""``python -m rules chase-check`` in a separate process, as a user runs it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyffish")

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "chase-check", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


COUNTS = r"cycles: 12 \(red (\d+), black (\d+), draw (\d+), none (\d+)\); "


def summary(*args: str) -> re.Match[str]:
    """The closing line of a successful run of 12 cycles, matched by ``COUNTS``."""
    result = run("--cycles", "12", "--seed", "5", *args)
    assert result.returncode == 0, result.stderr
    line = result.stdout.splitlines()[-1]
    match = re.match(COUNTS, line)
    assert match and sum(int(n) for n in match.groups()) == 12, line
    return match


def test_short_run_reports_counts_and_no_difference() -> None:
    match = summary()
    assert match.string[match.end() :] == "differences: 0; book departures (pinned attackers): 0"


def test_bad_count_is_a_usage_error() -> None:
    result = run("--cycles", "0")
    assert result.returncode == 2
    assert "must be at least 1" in result.stderr
    assert "Traceback" not in result.stderr


def test_without_pyffish_one_error_line(monkeypatch, capsys) -> None:
    from rules.cli import main

    monkeypatch.setitem(sys.modules, "pyffish", None)  # import pyffish now fails
    assert main(["chase-check", "--cycles", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: chase-check needs pyffish") and err.count("\n") == 1
