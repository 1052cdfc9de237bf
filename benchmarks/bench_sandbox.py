"""How long ``python -m bot --sandbox`` takes to start, as a user starts it.

Measured from launching the process to the line that says Ctrl-C stops it,
printed once the three members' addresses answer: Python's start-up and
imports, the database, the bot's start in SimCord, the preview and the doors.
Once on a fresh database, once on the database of the first run (a second
start continues its games). Target: under 5 s.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks import Figure

ROOT = Path(__file__).resolve().parent.parent


def _start_seconds(db: Path) -> float:
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--db", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("Ctrl-C"):
            break
    elapsed = time.perf_counter() - started
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=30)
    assert process.returncode == 0
    return elapsed


def run() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "sandbox.sqlite3"
        yield "sandbox.first_start_s", _start_seconds(db), "s"
        yield "sandbox.second_start_s", _start_seconds(db), "s"
