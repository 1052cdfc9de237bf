"""Forced wins in Jieqi that hold whatever lies beneath the face-down pieces.

Under the document's rules what a player may do depends only on public
facts (whether a piece is face-down, never what it is: J-3, J-6), so the
hidden pieces matter only when one is turned up (a reveal) or taken (J-4:
shown to all; a king taken ends the game). The search therefore deals the
hidden pieces at exactly those moments: each reveal or capture of a
face-down piece branches into every kind still unseen among that side's
face-down pieces. An action "wins for every assignment" when every branch
of every reply leads to a win: that is the same as enumerating every way of
dealing the unseen pieces over the face-down points, without enumerating
the deals that differ only in pieces nobody ever looks at.

A win is a king taken, or a side in check with nothing to do (J-7; a side
not in check with nothing to do passes, which loses nothing).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import closing, contextmanager

from rules.actions import Action, Move, Pass
from rules.pieces import Color, Kind, Piece
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.moves import DOCUMENT_RULES, HiddenBoard


def new_board(board: list[Piece | None], down: list[bool], turn: Color) -> HiddenBoard:
    return HiddenBoard(list(board), list(down), turn, DOCUMENT_RULES)


def actions(hb: HiddenBoard) -> list[Action]:
    """The side to move's actions (J-2, J-6, J-7), moves first."""
    found: list[Action] = list(hb.legal_moves())
    if not hb.in_danger(hb.turn):
        found += [
            Reveal(sq)
            for sq, p in enumerate(hb.board)
            if p is not None and hb.down[sq] and p.color is hb.turn
        ]
        if not found:
            return [Pass()]
    return found


def unseen(hb: HiddenBoard, color: Color) -> list[Kind]:
    """The kinds still face-down for ``color``, each once."""
    kinds = {
        p.kind
        for sq, p in enumerate(hb.board)
        if p is not None and hb.down[sq] and p.color is color
    }
    return sorted(kinds, key=lambda kind: kind.value)


def dealt_square(hb: HiddenBoard, action: Action) -> int | None:
    """The face-down square whose piece ``action`` shows (revealed or taken)."""
    if isinstance(action, Reveal):
        return action.square
    if isinstance(action, Move) and hb.down[action.to_sq]:
        return action.to_sq
    return None


@contextmanager
def dealt(hb: HiddenBoard, sq: int, kind: Kind) -> Iterator[None]:
    """The face-down piece on ``sq`` made a ``kind`` by swapping it with a
    face-down piece of that kind of the same side (they are alike until seen)."""
    piece = hb.board[sq]
    assert piece is not None
    other = next(
        t
        for t, p in enumerate(hb.board)
        if p is not None and hb.down[t] and p.color is piece.color and p.kind is kind
    )
    board = hb.board
    board[sq], board[other] = board[other], board[sq]
    try:
        yield
    finally:
        board[sq], board[other] = board[other], board[sq]


@contextmanager
def played(hb: HiddenBoard, action: Action) -> Iterator[Piece | None]:
    """``action`` applied for the block's length; yields the piece it took."""
    board, down = hb.board, hb.down
    taken: Piece | None = None
    if isinstance(action, Move):
        f, t = action.from_sq, action.to_sq
        taken, taken_down = board[t], down[t]
        board[t], board[f] = board[f], None
        down[t] = down[f] = False
    elif isinstance(action, Reveal):
        down[action.square] = False
    hb.turn = hb.turn.other()
    try:
        yield taken
    finally:
        hb.turn = hb.turn.other()
        if isinstance(action, Move):
            board[f], board[t] = board[t], taken
            down[f], down[t] = False, taken_down
        elif isinstance(action, Reveal):
            down[action.square] = True


def outcomes(hb: HiddenBoard, action: Action) -> Generator[Piece | None, None, None]:
    """Plays ``action`` once for every kind the piece it shows may be (once
    when it shows none), yielding inside each what it took."""
    sq = dealt_square(hb, action)
    if sq is None:
        with played(hb, action) as taken:
            yield taken
        return
    owner = hb.board[sq]
    assert owner is not None
    for kind in unseen(hb, owner.color):
        with dealt(hb, sq, kind), played(hb, action) as taken:
            yield taken


def wins_with(hb: HiddenBoard, action: Action, moves: int) -> bool:
    """Whether ``action`` by the side to move wins with at most ``moves`` of
    its own (1: at once), for every deal of the unseen pieces."""
    with closing(outcomes(hb, action)) as each:
        for taken in each:
            if taken is not None and taken.kind is Kind.KING:
                continue
            if not _opponent_loses(hb, moves - 1):
                return False
    return True


def _opponent_loses(hb: HiddenBoard, moves: int) -> bool:
    """The side to move loses whatever it does, its opponent having ``moves`` left."""
    if moves == 0 and not hb.in_danger(hb.turn):
        return False  # not in check: it has a reveal, a move or a pass
    replies = actions(hb)
    if not replies:
        return True
    if moves == 0:
        return False
    for reply in replies:
        with closing(outcomes(hb, reply)) as each:
            for taken in each:
                if taken is not None and taken.kind is Kind.KING:
                    return False
                if not any(wins_with(hb, a, moves) for a in _tries(hb, moves)):
                    return False
    return True


def _tries(hb: HiddenBoard, moves: int) -> list[Action]:
    """The actions worth trying for a win with ``moves`` left (for the last:
    those that give check or show a piece, as nothing else can end a game)."""
    found = actions(hb)
    if moves > 1:
        return found
    enemy = hb.turn.other()
    tries: list[Action] = []
    for action in found:
        if dealt_square(hb, action) is not None:
            tries.append(action)
            continue
        with played(hb, action):
            if hb.in_danger(enemy):
                tries.append(action)
    return tries


def winning_actions(hb: HiddenBoard, moves: int) -> list[Action]:
    """Every action of the side to move that wins with at most ``moves`` of
    its own for every deal."""
    return [a for a in _tries(hb, moves) if wins_with(hb, a, moves)]
