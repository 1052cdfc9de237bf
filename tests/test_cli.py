"""``python -m rules`` run as users run it: in a separate process.

In-process calls would miss what only a real run shows: ``__main__`` wiring,
exit statuses, what goes to stdout versus stderr, tracebacks, encoding.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.position import START_FEN, Position

ROOT = Path(__file__).resolve().parent.parent
MATED = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1"  # Black is in check with no move.
BLACK_TO_MOVE = START_FEN.replace(" w ", " b ")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def ok(*args: str) -> list[str]:
    """Run a command that must succeed; its stdout lines."""
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


def fails(*args: str) -> str:
    """Run a command that must be refused cleanly; its one stderr line."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_moves_from_the_start() -> None:
    lines = ok("moves")
    assert len(lines) == 44
    assert lines == sorted(lines)
    assert lines == sorted(m.text for m in Position.start().legal_moves())
    assert "h2e2" in lines


def test_moves_of_a_given_position() -> None:
    assert "h7e7" in ok("moves", "--fen", BLACK_TO_MOVE)
    assert ok("moves", "--fen", MATED) == []


def test_perft_divides_and_totals_last() -> None:
    lines = ok("perft", "--depth", "3")
    assert lines[-1] == "nodes: 79666"
    divide = dict(line.split(": ") for line in lines[:-1])
    assert len(divide) == 44
    assert sum(int(nodes) for nodes in divide.values()) == 79666
    assert list(divide) == sorted(divide)


def test_perft_of_a_given_position() -> None:
    fen = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"
    assert ok("perft", "--fen", fen, "--depth", "2")[-1] == "nodes: 281"
    assert ok("perft", "--fen", MATED, "--depth", "2") == ["nodes: 0"]
    assert ok("perft", "--depth", "0") == ["nodes: 1"]


@pytest.mark.parametrize(
    "fen",
    [
        "not a fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w - - 0 1",
        "rnbazabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB w - - 0 1",
    ],
)
def test_bad_fen_is_one_line_and_status_2(fen: str) -> None:
    assert "FEN" in fails("moves", "--fen", fen)


def test_every_command_refuses_a_bad_fen() -> None:
    fails("perft", "--fen", "not a fen", "--depth", "1")
    fails("notate", "--fen", "not a fen", "--move", "h2e2")


def test_usage_errors_exit_2() -> None:
    assert run().returncode == 2
    assert run("perft").returncode == 2  # --depth is required
    assert run("perft", "--depth", "-1").returncode == 2
    assert run("notate", "--move", "h2e2", "--format", "pgn").returncode == 2


@pytest.mark.parametrize(
    ("move", "style", "expected"),
    [
        ("炮二平五", "iccs", "h2e2"),
        ("C2.5", "iccs", "h2e2"),
        ("h2e2", "wxf", "C2.5"),
        ("H2-E2", "chinese", "炮二平五"),
        ("h0g2", "chinese", "马二进三"),
        ("h0g2", "wxf", "H2+3"),
    ],
)
def test_notate_converts_between_notations(move: str, style: str, expected: str) -> None:
    assert ok("notate", "--move", move, "--format", style) == [expected]


def test_notate_black_and_traditional_glyphs() -> None:
    assert ok("notate", "--fen", BLACK_TO_MOVE, "--move", "h7e7", "--format", "chinese") == [
        "炮8平5"
    ]
    assert ok("notate", "--move", "h0g2", "--format", "chinese", "--traditional") == ["傌二進三"]


@pytest.mark.parametrize("move", ["e0e2", "xyz", "炮二平九", "e0e1e2"])
def test_notate_rejects_bad_moves(move: str) -> None:
    assert move in fails("notate", "--move", move)


def test_formats_are_the_notation_styles() -> None:
    from rules.cli import FORMATS
    from rules.notation import STYLES

    assert FORMATS == STYLES
