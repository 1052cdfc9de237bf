"""Finished games to mine: master games, PGN files (Chuhan's own exports
among them) and the engine's self-play.

Master games are read where they lie at generation time; nothing of them is
kept but the positions that become puzzles.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from computer.evaluation import VALUES
from rules.actions import Move
from rules.errors import InvalidFen
from rules.position import START_FEN, Position

from .engine import Analyser

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")
_ICCS = re.compile(r"^[a-i][0-9]-?[a-i][0-9]$")
SELF_PLAY_NODES = 1_000  # each self-play move: quick
SELF_PLAY_BLUNDERS = 0.25  # how often a self-play move is a careless one
SELF_PLAY_PLIES = 40  # plies played past the opening
HANGING = 400  # a piece worth this much left to be taken is a blunder (a horse)


@dataclass(frozen=True, slots=True)
class SourceGame:
    """A game to mine: where it comes from, its start and its ICCS moves;
    ``blunders``: the plies known to be careless (self-play's random moves),
    the only ones worth mining in such a game (none: look at its end)."""

    name: str
    fen: str
    moves: tuple[str, ...]
    blunders: tuple[int, ...] = ()


def master_games(path: Path) -> Iterator[SourceGame]:
    """The games of a master-games JSON-lines file (``id``, ``moves``, ICCS)."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                data = json.loads(line)
                yield SourceGame(str(data["id"]), START_FEN, tuple(data["moves"]))


def pgn_games(path: Path) -> Iterator[SourceGame]:
    """The standard-xiangqi games of a PGN file with ICCS moves, as Chuhan
    exports them (a ``FEN`` tag for a set start; other variants are skipped)."""
    text = path.read_text(encoding="utf-8")
    for number, block in enumerate(re.split(r"\n\s*\n(?=\[)", text.strip())):
        tags: dict[str, str] = {}
        body: list[str] = []
        for line in block.splitlines():
            match = _TAG.match(line.strip())
            if match:
                tags[match[1]] = match[2].replace('\\"', '"').replace("\\\\", "\\")
            else:
                body.append(line)
        if tags.get("Variant", "xiangqi") != "xiangqi":
            continue
        words = _COMMENT.sub(" ", "\n".join(body)).split()
        moves = tuple(w.replace("-", "") for w in words if _ICCS.match(w))
        if moves:
            yield SourceGame(f"{path.name}#{number + 1}", tags.get("FEN", START_FEN), moves)


def positions(game: SourceGame) -> list[Position]:
    """The positions of ``game`` after each ply, its start first, up to its
    first move that is not legal (a damaged record keeps its sound part)."""
    try:
        position = Position.from_fen(game.fen)
    except InvalidFen:
        return []
    found = [position.copy()]
    for text in game.moves:
        move = Move.from_text(text)
        if move is None or not position.is_legal(move):
            break
        position.push_unchecked(move)
        found.append(position.copy())
    return found


async def self_play(analyser: Analyser, seed: int, opening: SourceGame | None) -> SourceGame:
    """A game the engine plays against itself from ``opening``'s first moves
    (a random number of them), now and then making a careless move, so that
    the game has blunders to punish. Its moves are quick searches that keep
    the engine's memory of the game's earlier ones (as a player's thinking
    does), so a game depends on what the engine searched before."""
    rng = random.Random(seed)
    prefix: tuple[str, ...] = ()
    fen = START_FEN
    if opening is not None:
        fen = opening.fen
        prefix = opening.moves[: rng.randint(10, max(10, min(60, len(opening.moves) - 10)))]
    opened = positions(SourceGame("", fen, prefix))
    position = opened[-1]
    moves = list(prefix[: len(opened) - 1])
    blunders: list[int] = []
    end = len(moves) + SELF_PLAY_PLIES
    while len(moves) < end and position.has_legal_move():
        if rng.random() < SELF_PLAY_BLUNDERS:
            move = careless(position, rng).text
            blunders.append(len(moves))
        else:
            lines = await analyser.lines(fen, moves, nodes=SELF_PLAY_NODES, forget=False)
            if not lines:
                break
            move = lines[0].move
        moves.append(move)
        position.push(Move.from_iccs(move))
    return SourceGame(f"self-play#{seed}", fen, tuple(moves), tuple(blunders))


def careless(position: Position, rng: random.Random) -> Move:
    """A move a careless player makes: one that leaves a piece worth a horse or
    more to be taken for nothing when there is one, else any."""
    moves = sorted(position.legal_moves(), key=lambda m: m.text)
    hanging = [m for m in moves if _hangs(position, m)]
    return rng.choice(hanging or moves)


def _hangs(position: Position, move: Move) -> bool:
    """After ``move`` the opponent can take a piece worth :data:`HANGING` or
    more on a square the mover does not defend."""
    mover = position.turn
    position.push_unchecked(move)
    try:
        for reply in position.legal_moves():
            target = position.board[reply.to_sq]
            if target is None or VALUES.get(target.kind, 0) < HANGING:
                continue
            position.push_unchecked(reply)
            defended = position.is_attacked(reply.to_sq, mover)
            position.pop()
            if not defended:
                return True
        return False
    finally:
        position.pop()
