"""``python -m computer.worker``: a search process for :class:`computer.pool.SearchPool`.

Reads requests from stdin and writes answers to stdout, each a pickled
object behind a 4-byte big-endian length: a request is
``(module, task, arguments)`` (``module`` registers the variant, ``task``
names one of :data:`TASKS`: ``choose`` with ``(knowledge, level, seed,
budget)``, ``budget`` ``None`` for the level's; ``weigh`` with
``(knowledge, scale)``), an answer what the task returns (a
:class:`~computer.player.Choice`, a review's weighing) or the text of the
error that stopped the search. Its first frame, before
any request, is :data:`READY`. Only its parent writes to it, so unpickling
its requests is safe.
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any, BinaryIO

from .hidden_review import weigh
from .player import choose

HEADER = struct.Struct(">I")
READY = b"ready"  # the payload of a worker's first frame: it can search now
# Searches yield the processor to the bot: a player's /move must not wait
# behind the computer's thinking.
NICENESS = 10
TASKS: dict[str, Callable[..., Any]] = {"choose": choose, "weigh": weigh}


def read_frame(stream: BinaryIO) -> bytes | None:
    """One frame's payload, or ``None`` at the end of the stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    return stream.read(size)


def frame(payload: bytes) -> bytes:
    return HEADER.pack(len(payload)) + payload


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    while (payload := read_frame(requests)) is not None:
        home, task, arguments = pickle.loads(payload)
        try:
            import_module(home)
            answer: object = TASKS[task](*arguments)
        except Exception as exc:  # reported to the parent, which logs it
            answer = f"{type(exc).__name__}: {exc}"
        answers.write(frame(pickle.dumps(answer)))
        answers.flush()


if __name__ == "__main__":
    os.nice(NICENESS)
    sys.stdout.buffer.write(frame(READY))
    sys.stdout.buffer.flush()
    serve(sys.stdin.buffer, sys.stdout.buffer)
