"""A UCI engine that shakes hands properly and then answers every ``go``
with garbage, for the fault tests: ``python bad_engine.py MODE``.

``nonsense``: a ``bestmove`` that is no move at all; ``illegal``: a
well-formed move the position does not allow; ``babble``: junk lines, then
one far longer than any UCI line, and never a ``bestmove``; ``chatter``:
junk lines forever, never a ``bestmove``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ANSWERS = {"nonsense": "bestmove xyzzy ponder ???", "illegal": "bestmove e1e10"}


def program(directory: Path, mode: str) -> str:
    """An executable in ``directory`` that runs this engine in ``mode``."""
    wrapper = directory / f"bad-engine-{mode}"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{__file__}" {mode}\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer_go(mode: str) -> None:
    say("info depth 1 score cp banana pv ???")
    if mode in ANSWERS:
        say(ANSWERS[mode])
    elif mode == "babble":
        say("\x00\xff garbage \x1b[31m")
        sys.stdout.write("x" * 200_000)
        sys.stdout.flush()
        time.sleep(3600)
    else:
        while True:
            say("info string the engine thinks about lunch")
            time.sleep(0.01)


def main(mode: str) -> None:
    for line in sys.stdin:
        command = line.strip()
        if command == "uci":
            say("id name Bad Engine")
            say("option name UCI_Variant type combo default chess var xiangqi")
            say("option name Skill Level type spin default 20 min -20 max 20")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command.startswith("go"):
            answer_go(mode)
        elif command == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1])
