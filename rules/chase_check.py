"""Differential check of repetition verdicts (S-4) against Fairy-Stockfish.

From random middlegame positions (random playouts), random reversible
cycles are played twice, so that the start position occurs a third time:
each side moves one piece out and back, or two pieces out and back, or a
chariot or cannon round three points of a line. Half the moves are picked
among those that check or attack something, so chases and checks are
common. Our verdict after the cycles is compared with what pyffish's
``is_optional_game_end`` says after the same move list.

Our game follows the book where Fairy-Stockfish departs from it (a pinned
piece does not chase), so each cycle is also judged with our rules read as
Fairy-Stockfish reads them. That reading must always agree with pyffish; the
cycles where the book's verdict differs from it are reported apart.

The cycles start at the position that repeats: Fairy-Stockfish also weighs
the move that first led into that position, which lies outside the cycle
S-4 looks at.

A variant that judges repetition by the same algorithm with pieces of its own
plugged in must give the standard game's verdicts on cycles of standard
pieces: :func:`compare_variant` checks that for any such game.

Used by tests/test_repetition_oracle.py (a short run) and by
``python -m rules chase-check`` (as long a run as one likes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .actions import Move
from .pieces import Color, Kind
from .position import Position
from .repetition import PlyFacts, attacks, chased_squares, verdict
from .standard import StandardXiangqi
from .variant import Game

ATTACKING = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.PAWN})


@dataclass(frozen=True, slots=True)
class Cycle:
    """A start position and the moves that bring it back twice (ICCS)."""

    fen: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who wins a repetition: ``red``, ``black`` or ``draw`` (``none`` if none).

    ``ours`` is the game's (the book's) verdict, ``fairy`` ours read as
    Fairy-Stockfish does (pinned pieces chase too), ``theirs`` pyffish's.
    """

    ours: str
    fairy: str
    theirs: str

    @property
    def departs(self) -> bool:
        """Whether the book and Fairy-Stockfish's reading disagree here."""
        return self.ours != self.fairy


def to_ffish(iccs: str) -> str:
    """``h2h9`` (ICCS, ranks 0-9) -> ``h3h10`` (Fairy-Stockfish, ranks 1-10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def middlegame(rng: random.Random, start: Position) -> Position | None:
    """A position 16 to 60 random plies after ``start``, with attackers left."""
    position = start.copy()
    for _ in range(rng.randint(16, 60)):
        moves = position.legal_moves()
        if not moves:
            return None
        position.push_unchecked(rng.choice(moves))
    if not position.legal_moves():
        return None
    if not any(p is not None and p.kind in ATTACKING for p in position.board):
        return None
    return Position(list(position.board), position.turn)  # S-12 count from zero


def _lively(position: Position, moves: list[Move]) -> list[Move]:
    """Moves that give check or attack an enemy piece from their new square."""
    found = []
    for move in moves:
        piece = position.board[move.from_sq]
        assert piece is not None
        position.push_unchecked(move)
        board = position.board
        hits = attacks(piece.kind, piece.color, move.to_sq, board)
        if position.is_check() or any(
            (target := board[t]) is not None and target.color is not piece.color for t in hits
        ):
            found.append(move)
        position.pop()
    return found


def _pick(position: Position, rng: random.Random, exclude: set[int]) -> Move | None:
    """A random quiet legal move of a piece not on ``exclude``, lively half the time."""
    moves = [
        m
        for m in position.legal_moves()
        if position.board[m.to_sq] is None and m.from_sq not in exclude
    ]
    if not moves:
        return None
    if rng.random() < 0.5:
        moves = _lively(position, moves) or moves
    return rng.choice(moves)


def _line_tour(position: Position, rng: random.Random) -> list[Move] | None:
    """A chariot or cannon going a -> b -> c -> a along one line, if one can."""
    pieces = [
        sq
        for sq, p in enumerate(position.board)
        if p is not None and p.color is position.turn and p.kind in (Kind.CHARIOT, Kind.CANNON)
    ]
    rng.shuffle(pieces)
    for a in pieces:
        stops = [m.to_sq for m in position.legal_moves() if m.from_sq == a]
        stops = [s for s in stops if position.board[s] is None]
        pairs = [
            (b, c) for b in stops for c in stops if b != c and (b % 9 == c % 9 or b // 9 == c // 9)
        ]
        if pairs:
            b, c = rng.choice(pairs)
            return [Move(a, b), Move(b, c), Move(c, a)]
    return None


def _follow(start: Position, rng: random.Random) -> list[Move] | None:
    """A piece of the side to move steps away from an attacker, the attacker
    follows it, and both step back: the shape of most chases."""
    position = start.copy()
    board = position.board
    hunter = position.turn.other()
    legal = [m for m in position.legal_moves() if board[m.to_sq] is None]
    rng.shuffle(legal)
    for flee in legal:
        hunters = [
            sq
            for sq, p in enumerate(board)
            if p is not None
            and p.color is hunter
            and flee.from_sq in attacks(p.kind, hunter, sq, board)
        ]
        if not hunters:
            continue
        position.push_unchecked(flee)
        follows = [
            m
            for m in position.legal_moves()
            if m.from_sq in hunters
            and board[m.to_sq] is None
            and (chaser := board[m.from_sq]) is not None
            and flee.to_sq in attacks(chaser.kind, hunter, m.to_sq, board)
        ]
        position.pop()
        if follows:
            follow = rng.choice(follows)
            return [
                flee,
                follow,
                Move(flee.to_sq, flee.from_sq),
                Move(follow.to_sq, follow.from_sq),
            ]
    return None


def random_cycle(start: Position, rng: random.Random) -> Cycle | None:
    """Moves from ``start`` that return to it, played twice; ``None`` when the
    random choices run into an illegal move or an earlier repetition."""
    shape = rng.choice(("shuffle", "two", "tour", "follow", "follow", "follow"))
    first, second = start.turn, start.turn.other()
    tours: dict[Color, list[Move]] = {}
    if shape == "follow":
        chase = _follow(start, rng)
        if chase is None:
            return None
        tours = {first: chase[0::2], second: chase[1::2]}
    elif shape == "tour":
        for color in (first, second):
            probe = start.copy()
            probe.turn = color
            tour = _line_tour(probe, rng)
            if tour is None:
                return None
            tours[color] = tour
    outs = {"shuffle": 1, "two": 2}.get(shape, 0)
    length = {"two": 8, "tour": 6}.get(shape, 4)
    sent: dict[Color, list[Move]] = {first: [], second: []}
    flip = {first: rng.random() < 0.5, second: rng.random() < 0.5}
    position = start.copy()
    seen = {position.key()}
    plies: list[Move] = []
    for ply in range(length):
        side, turn = position.turn, ply // 2
        if tours:
            move: Move | None = tours[side][turn]
        elif turn < outs:
            move = _pick(position, rng, {m.to_sq for m in sent[side]})
            if move is not None:
                sent[side].append(move)
        else:
            order = sent[side][::-1] if flip[side] else sent[side]
            back = order[turn - outs]
            move = Move(back.to_sq, back.from_sq)
        if move is None or position.board[move.to_sq] is not None or not position.is_legal(move):
            return None
        position.push_unchecked(move)
        plies.append(move)
        if position.key() in seen and ply < length - 1:
            return None
        seen.add(position.key())
    if position.key() != start.key():
        return None
    return Cycle(start.fen(), tuple(m.text for m in plies) * 2)


def _winner(color: Color | None) -> str:
    return "draw" if color is None else color.name.lower()


def _fairy_reading(cycle: Cycle) -> str:
    """Our verdict with pinned pieces chasing, as Fairy-Stockfish has it; the
    cycle's start is the repeated position, so every ply is in the cycle."""
    position = Position.from_fen(cycle.fen)
    ids: list[int | None] = list(range(90))
    facts = []
    for text in cycle.moves:
        move = Move.from_iccs(text)
        mover, before = position.turn, list(position.board)
        position.push_unchecked(move)
        ids[move.to_sq], ids[move.from_sq] = ids[move.from_sq], None
        chased = chased_squares(before, position.board, move, pinned_chase=True)
        targets = frozenset(ident for sq in chased if (ident := ids[sq]) is not None)
        facts.append(PlyFacts(mover, position.is_check(), targets))
    return _winner(verdict(facts).winner)


def _game_verdict(game: Game, cycle: Cycle) -> str:
    """The verdict of ``game`` after the cycle's moves (``none`` if it goes on)."""
    for text in cycle.moves:
        assert game.outcome() is None, (cycle, game.outcome())
        game.push(Move.from_iccs(text))
    outcome = game.outcome()
    return "none" if outcome is None else _winner(outcome.winner)


def judge(cycle: Cycle) -> Verdict:
    """Our verdicts and Fairy-Stockfish's after the cycle's moves."""
    import pyffish

    game = StandardXiangqi.start({"fen": cycle.fen})
    ours = _game_verdict(game, cycle)
    ended, value = pyffish.is_optional_game_end(
        "xiangqi", cycle.fen, [to_ffish(m) for m in cycle.moves]
    )
    if not ended:
        theirs = "none"
    elif value == 0:
        theirs = "draw"
    else:
        to_move = game.turn
        theirs = _winner(to_move if value > 0 else to_move.other())
    return Verdict(ours, _fairy_reading(cycle), theirs)


def cycles(count: int, seed: int, start: Position | None = None) -> Iterator[Cycle]:
    """``count`` random cycles, the same ones for the same seed."""
    rng = random.Random(seed)
    start = start or Position.start()
    made = 0
    while made < count:
        root = middlegame(rng, start)
        if root is None:
            continue
        for _ in range(5):
            cycle = random_cycle(root, rng)
            if cycle is not None and made < count:
                made += 1
                yield cycle


def compare(
    count: int, seed: int, start: Position | None = None
) -> tuple[Counter[str], list[tuple[Cycle, Verdict]], list[tuple[Cycle, Verdict]]]:
    """Verdict counts (ours); the cycles where our Fairy-Stockfish reading
    differs from pyffish (a bug); the cycles where the book departs from it."""
    tally: Counter[str] = Counter()
    differences, departures = [], []
    for cycle in cycles(count, seed, start):
        verdict = judge(cycle)
        tally[verdict.ours] += 1
        if verdict.fairy != verdict.theirs:
            differences.append((cycle, verdict))
        elif verdict.departs:
            departures.append((cycle, verdict))
    return tally, differences, departures


def compare_variant(
    at: Callable[[str], Game], count: int, seed: int, start: Position | None = None
) -> tuple[Counter[str], list[tuple[Cycle, str, str]]]:
    """The verdicts of the game that ``at`` sets up at a FEN, on cycles of
    standard pieces, against the standard game's: its counts, and each cycle
    where the two differ with (cycle, standard verdict, its verdict)."""
    tally: Counter[str] = Counter()
    differences = []
    for cycle in cycles(count, seed, start):
        standard = _game_verdict(StandardXiangqi.start({"fen": cycle.fen}), cycle)
        theirs = _game_verdict(at(cycle.fen), cycle)
        tally[theirs] += 1
        if theirs != standard:
            differences.append((cycle, standard, theirs))
    return tally, differences
