"""Third-generation xiangqi (fanbing): the opponent's backs drawn from what
is public, and that one draw searched with the whole budget.

A side knows its own backs, the backs shown to everyone (an invalid flip,
a double flip), and the backs that flips turned into pieces; the rest of
the opponent's setup is unknown. Pieces keep their backs as they move, so
the player follows each piece from its starting point through the public
log, reads what is known of each starting point's back from its view and
from the log (the pieces taken, which flips took and which were flipped
back), and draws a whole setup for each side that agrees: the pawns' five backs as a
permutation, each pair either way round (rules/variants/fanbing/backs.py). The
public log replayed from that setup must give exactly the view the side
has, or the draw is made again; so a sample never contradicts anything
public or anything the side was told.

One draw, not several with the budget shared: at level 6's budget one
sample searched twice as deep scored 90 % over 20 games against three
(BENCHMARKS.md). What a back turns into matters only once it flips, and
the search sees that far in any draw; depth sees the tactics on the board.

Flips and double flips are searched at the root, on a copy of the whole
game; below the root the search walks moves only, on one board in place.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Set
from typing import Final

from mypy_extensions import mypyc_attr

from rules.actions import Action, Move, parse_action
from rules.errors import RulesError
from rules.geometry import KING_MOVES
from rules.knowledge import Knowledge
from rules.pieces import OTHER, Color, Kind, Piece
from rules.position import START_FEN, Position
from rules.repetition import Occurrences
from rules.squares import mirror_rank, parse_square
from rules.standard import NO_CAPTURE_LIMIT
from rules.variants.fanbing.actions import Flip
from rules.variants.fanbing.backs import PAIRS, PAWN_BACKS, PAWN_FILES, Setup, seed_for
from rules.variants.fanbing.game import EASY_FLIPS, POINT_BACKS, Fanbing, back_label
from rules.variants.fanbing.moves import SHOWN, FanbingPosition, enemy_back_rank

from ..evaluation import (
    ATTACKERS,
    KING_FREEDOM,
    MATE,
    MOBILITY,
    VALUES,
    nearness,
    progress,
)
from ..plugin import Plugin, register, scores_after_each_action
from ..search import Searcher
from ..tables import (
    BACK_KEYS,
    BASE,
    CANNON_LETTER,
    FLAG_KEYS,
    HORSE_LETTER,
    JUST_KEYS,
    NEAR,
    QUIET_KEY,
    RULE_KEYS,
    SHOWN_KEYS,
    SIDE_KEY,
    ZOBRIST,
    exposed_squares,
    line_reach,
    occupancy,
    reach,
)
from ..tables import SLIDER_LETTERS as STANDARD_SLIDERS
from .xiangqi import XiangqiState

# What the pieces behind the backs are worth (F-5 to F-7), near the standard
# piece each resembles; the minister may win by reaching the enemy king's point.
FANBING_VALUES: Final[dict[Kind, int]] = {
    **VALUES,
    Kind.MINISTER: 300,
    Kind.CAMEL: 300,
    Kind.MULE: 300,
    Kind.ZHU: 1000,
    Kind.FU: 1000,
    Kind.FEI: 600,
    Kind.BIAO: 500,
    Kind.PAO: 500,
    Kind.SHI: 450,
}
SLIDERS: Final = frozenset({Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.FU, Kind.PAO, Kind.SHI})
FANBING_ATTACKERS: Final = ATTACKERS | {Kind.ZHU, Kind.FU, Kind.FEI, Kind.BIAO, Kind.PAO, Kind.SHI}
# The same by FEN letter, which the evaluation hashes cheaply (see computer.tables).
SLIDER_LETTERS: Final = frozenset(kind._value_ for kind in SLIDERS)
# The pieces whose reach the evaluation counts: the long-range ones and the kings.
REACHER_LETTERS: Final = SLIDER_LETTERS | {Kind.KING._value_}
ATTACKER_LETTERS: Final = frozenset(kind._value_ for kind in FANBING_ATTACKERS)
WORTHS: Final = {kind._value_: worth for kind, worth in FANBING_VALUES.items()}
PAWN_LETTER: Final = Kind.PAWN._value_
KING_LETTER: Final = Kind.KING._value_
MINISTER_LETTER: Final = Kind.MINISTER._value_
BIAO_LETTER: Final = Kind.BIAO._value_
# F-5: the point each side's minister wins on (the enemy king's starting point).
MINISTER_GOALS: Final = (mirror_rank(parse_square("e0")), parse_square("e0"))
MINISTER_STEP: Final = 25  # per step a minister stands nearer its winning point
ATTEMPTS: Final = 24  # draws of a setup before the last one that replays is taken
PAWN_DRAWS: Final = 24  # shuffles of the pawns' unknown backs to avoid the ruled-out ones
TRUE_WORDS: Final = frozenset({"1", "true", "yes", "on"})
Key = tuple[Hashable, ...]  # a position's repetition key (FanbingPosition.key)

START: Final = Position.from_fen(START_FEN).board
BACKS: Final = frozenset(
    {Kind.ADVISOR, *PAWN_BACKS, *(back for _, pair, _ in PAIRS.values() for back in pair)}
)
LABEL_KINDS: Final = {(color, back_label(color, kind)): kind for color in Color for kind in BACKS}


def public_backs(knowledge: Knowledge) -> tuple[dict[int, Kind], dict[int, set[Kind]]]:
    """What ``knowledge`` tells of each starting point's back: the backs known
    (a badge it sees; a piece no longer what started there, on the board or
    taken; a pawn flip that took, F-1), and the backs ruled out (a pawn flip
    that had to be flipped back, F-2)."""
    view = knowledge.view
    easy = knowledge.options.get(EASY_FLIPS, "false").strip().lower() in TRUE_WORDS
    log = [parse_action(text) for text in knowledge.log]
    ids: list[int | None] = [sq if p is not None else None for sq, p in enumerate(START)]
    known: dict[int, Kind] = {}
    excluded: dict[int, set[Kind]] = {}
    taken = [0, 0]
    done: set[int] = set()  # starting points whose back is spent or being flipped back
    for i, action in enumerate(log):
        if isinstance(action, Move):
            f, t = action.from_sq, action.to_sq
            victim = ids[t]
            if victim is not None:
                start = START[victim]
                assert start is not None
                gone = view.captured[start.color]
                if taken[start.color] < len(gone):
                    kind = gone[taken[start.color]].kind
                    if kind is not None and kind is not start.kind:
                        known[victim] = kind  # it had flipped into its back
                taken[start.color] += 1
            ids[t], ids[f] = ids[f], None
        elif isinstance(action, Flip):
            origin = ids[action.square]
            if origin is None or origin in done:
                continue
            done.add(origin)
            start = START[origin]
            if start is None or start.kind is not Kind.PAWN or easy or i + 2 >= len(log):
                continue  # a turn (F-5 to F-7) or an easy flip: the piece shows its back
            point = POINT_BACKS[action.square % 9]
            if log[i + 2] == action:  # F-2: flipped back, so not the point's back
                excluded.setdefault(origin, set()).add(point)
            else:
                known[origin] = point
    for sq, piece in enumerate(view.board):
        origin = ids[sq]
        if piece is None or origin is None:
            continue
        start = START[origin]
        assert start is not None
        if start.kind is Kind.KING:
            continue  # the king's back is an advisor, never a secret
        if piece.back is not None:
            known[origin] = LABEL_KINDS[(piece.color, piece.back)]
        elif piece.kind is not None and piece.kind is not start.kind:
            known[origin] = piece.kind
    return known, excluded


def draw_setup(
    color: Color,
    known: dict[int, Kind],
    rng: random.Random,
    excluded: dict[int, set[Kind]] | None = None,
) -> Setup:
    """A setup of ``color`` agreeing with ``known`` and, when it can, with
    ``excluded``; the unknown rest at random."""
    rank = 3 if color is Color.RED else 6
    squares = [rank * 9 + file for file in PAWN_FILES]
    pawns: list[Kind | None] = [None] * len(PAWN_FILES)
    for i, sq in enumerate(squares):
        back = known.get(sq)
        if back in PAWN_BACKS and back not in pawns:
            pawns[i] = back
    free = [kind for kind in PAWN_BACKS if kind not in pawns]
    ruled_out = excluded or {}
    for _ in range(PAWN_DRAWS):
        rng.shuffle(free)
        left = list(free)
        order = tuple(kind if kind is not None else left.pop() for kind in pawns)
        if all(order[i] not in ruled_out.get(sq, ()) for i, sq in enumerate(squares)):
            break
    files: dict[str, int] = {}
    for group, ((first, second), (back_a, back_b), kind) in PAIRS.items():
        row = 2 if kind is Kind.CANNON else 0
        choice = None
        for file, other in ((first, second), (second, first)):
            sq = row * 9 + file
            back = known.get(sq if color is Color.RED else mirror_rank(sq))
            if back is back_a:
                choice = file
            elif back is back_b:
                choice = other
        files[group] = choice if choice is not None else rng.choice((first, second))
    return Setup(order, **files)


def setup_choice(rng: random.Random) -> Setup:
    """The computer's own setup: a random one, so nothing in its play gives it away."""
    return Setup.random(rng)


def piece_worth(position: FanbingPosition, sq: int, piece: Piece) -> int:
    """A piece's value; a pawn on the enemy back rank is worth part of the back
    it would flip into there (F-1, F-3)."""
    color, letter = piece.color, piece.letter
    standard = BASE.get(letter)
    value = standard[color][sq] if standard is not None else WORTHS[letter]
    if letter == PAWN_LETTER:
        back = position.backs[sq]
        if (
            back is not None
            and sq // 9 == enemy_back_rank(color)
            and (position.easy or POINT_BACKS[sq % 9] is back)
        ):
            value += WORTHS[back._value_] // 2
    return value


def placed_value(
    position: FanbingPosition, sq: int, piece: Piece, kings: tuple[int | None, int | None]
) -> int:
    """What the piece on ``sq`` is worth where it stands: its value, an
    attacker's nearness to the enemy king, a minister's to its winning point
    (F-5 wins there). A move changes it only on the squares it touches (and,
    a king's step, for every enemy attacker)."""
    color, letter = piece.color, piece.letter
    value = piece_worth(position, sq, piece)
    if letter in ATTACKER_LETTERS:
        king = kings[1 - color]
        if king is not None:
            value += NEAR[sq][king]
    elif letter == MINISTER_LETTER:
        value += MINISTER_STEP * nearness(sq, MINISTER_GOALS[color])
    return value


def kings_of(position: FanbingPosition) -> tuple[int | None, int | None]:
    """Where each side's king stands."""
    return position.king_square(Color.RED), position.king_square(Color.BLACK)


def nearer(pieces: dict[int, Piece], color: Color, old: int, new: int) -> int:
    """How much nearer the attackers of ``color`` in ``pieces`` stand to the
    enemy king on ``new`` than on ``old``: :func:`placed_value`'s change
    when that king steps."""
    change = 0
    for sq, piece in pieces.items():
        if piece.color is color and piece.letter in ATTACKER_LETTERS:
            near = NEAR[sq]
            change += near[new] - near[old]
    return change


def placed_totals(
    position: FanbingPosition, pieces: dict[int, Piece], kings: tuple[int | None, int | None]
) -> tuple[int, int]:
    """:func:`placed_value` summed for each side."""
    totals = [0, 0]
    for sq, piece in pieces.items():
        totals[piece.color] += placed_value(position, sq, piece, kings)
    return totals[0], totals[1]


def reachers_of(board: list[Piece | None]) -> dict[int, Piece]:
    """The pieces on ``board`` whose reach :func:`reach_terms` counts."""
    return {sq: p for sq, p in enumerate(board) if p is not None and p.letter in REACHER_LETTERS}


def reach_terms(
    position: FanbingPosition, lines: tuple[list[int], list[int]], reachers: dict[int, Piece]
) -> int:
    """The reach of the long-range pieces and the room of each king, Red's
    minus Black's: what any move on their lines changes. ``lines`` is the
    board's :func:`~computer.tables.occupancy`, ``reachers`` its
    :func:`reachers_of`, which a state keeps as it walks."""
    board = position.board
    ranks, files = lines
    score = 0
    for sq, piece in reachers.items():
        color, letter = piece.color, piece.letter
        if letter == HORSE_LETTER:
            value = MOBILITY * reach(board, sq, color, letter)
        elif letter in STANDARD_SLIDERS:  # a chariot or cannon, moving as in xiangqi
            cannon = letter == CANNON_LETTER
            value = MOBILITY * line_reach(board, ranks, files, sq, color, cannon)
        elif letter == KING_LETTER:  # steps within its palace, as in xiangqi
            room = 0
            for t in KING_MOVES[color][sq]:
                p = board[t]
                if p is None or p.color is not color:
                    room += 1
            value = KING_FREEDOM * room
        else:  # a new piece's own rule (F-7)
            value = MOBILITY * sum(1 for _ in position.pseudo_targets(sq))
        score += value if color is Color.RED else -value
    return score


def evaluate_fanbing(position: FanbingPosition) -> int:
    """Material with the new pieces, pawns about to flip, the reach of the
    long-range pieces, attackers near the enemy king, a minister near the
    enemy king's point (F-5 wins there), and room for each king, for the
    side to move."""
    pieces = {sq: p for sq, p in enumerate(position.board) if p is not None}
    red, black = placed_totals(position, pieces, kings_of(position))
    board = position.board
    score = red - black + reach_terms(position, occupancy(board), reachers_of(board))
    return score if position.turn is Color.RED else -score


def square_keys(position: FanbingPosition, sq: int) -> tuple[int, int]:
    """The Zobrist keys of what ``sq`` holds: the public one (the piece, its
    flags, its back once shown) and the hidden one (its back as drawn)."""
    piece = position.board[sq]
    if piece is None:
        return 0, 0
    flags, back = position.flags[sq], position.backs[sq]
    public = ZOBRIST[piece.letter][piece.color][sq] ^ FLAG_KEYS[flags & ~SHOWN][sq]
    if back is None:
        return public, 0
    if flags & SHOWN:
        public ^= SHOWN_KEYS[back._value_][sq]
    return public, BACK_KEYS[back._value_][sq]


def path_hash(key: Key) -> int:
    """What :meth:`FanbingState._path_key` gives for the position whose whole
    repetition key (``FanbingPosition.key``) is ``key``. The game's past is
    hashed so once, and a position it cannot hold is told by its hash,
    without building its key."""
    public = key[91]
    assert isinstance(public, tuple)
    h = SIDE_KEY if key[0] is Color.BLACK else 0
    shown = 0
    for sq in range(90):
        piece = key[1 + sq]
        if piece is None:
            continue
        assert isinstance(piece, Piece)
        back, flags = public[shown]
        shown += 1
        h ^= ZOBRIST[piece.letter][piece.color][sq] ^ FLAG_KEYS[flags][sq]
        if back is not None:
            h ^= SHOWN_KEYS[back._value_][sq]
    if len(key) > 92:  # 骉's context, held while one stands
        last_rule, just = key[92], key[93]
        assert isinstance(last_rule, tuple) and (just is None or isinstance(just, int))
        h ^= context_hash(list(last_rule), just)
    return h


def context_hash(last_rule: list[Kind | None], just: int | None) -> int:
    """The hash of 骉's context (F-7): the rule each side moved by last and
    the square just moved to."""
    h = JUST_KEYS[just] if just is not None else 0
    for color, kind in enumerate(last_rule):
        if kind is not None:
            h ^= RULE_KEYS[color][kind._value_]
    return h


class Undo:
    """What a push changes, for its pop to put back: the move, the capture,
    both squares' flags and backs, the mover's side's last rule, the square
    just moved to, the quiet plies, whether the mover and the capture were
    in the exotic index; and the state's hashes, path key, placed totals,
    kings and ending. A compiled class, so its numbers are held unboxed
    where a tuple would make an object of each."""

    def __init__(
        self,
        move: Move,
        captured: Piece | None,
        flags: tuple[int, int],
        backs: tuple[Kind | None, Kind | None],
        rule: Kind | None,
        just: int | None,
        quiet: int,
        exotic: tuple[bool, bool],
        hashes: tuple[int, int],
        placed: tuple[int, int],
        kings: tuple[int | None, int | None],
        over: int | None,
    ) -> None:
        self.move = move
        self.captured = captured
        self.flags = flags
        self.backs = backs
        self.rule = rule
        self.just = just
        self.quiet = quiet
        self.exotic = exotic
        self.hashes = hashes
        self.path = 0  # the position's path key after the push, set once known
        self.placed = placed
        self.kings = kings
        self.over = over


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests' copying reference state
class FanbingState(XiangqiState):
    """Moves only, made on the board in place and put back by :meth:`pop`.

    The xiangqi state's generation serves (the rules' own, these pieces
    move their own ways), but not its bookkeeping: the state keeps its own
    Zobrist hashes (public, and the backs as drawn), the pieces' squares,
    and each side's :func:`placed_totals`. It knows the game's past
    (``past``: every position the game has met), so a position met before
    scores as a draw, as does the no-capture limit (S-4, S-12); a minister
    reaching the enemy king's point wins (F-5)."""

    values = WORTHS

    def __init__(self, position: FanbingPosition, past: Occurrences | None = None) -> None:
        self.position = position
        # Typed as the variant's own (a compiled class may not narrow an inherited attribute).
        self.fanbing_position = position
        self.past = past
        self.pieces = {sq: p for sq, p in enumerate(position.board) if p is not None}
        self.public = SIDE_KEY if position.turn is Color.BLACK else 0
        self.hidden = 0
        for sq in self.pieces:
            public, hidden = square_keys(position, sq)
            self.public ^= public
            self.hidden ^= hidden
        self.fanbing_kings = kings_of(position)
        self.placed = placed_totals(position, self.pieces, self.fanbing_kings)
        self.reachers = reachers_of(position.board)
        self.ranks, self.files = occupancy(position.board)
        self._biao = sum(1 for p in self.pieces.values() if p.kind is Kind.BIAO)
        self._captures = 0  # since the root: after one, no position of the past comes back
        self._path: dict[int, int] = {}  # the path's keys (see :meth:`_path_key`)
        self._in_past: dict[int, bool] = {}  # path key: whether the past holds its whole key
        self._past_hashes: set[int] | None = None  # the past's path keys, once asked
        self._undo: list[Undo] = []
        self._over: int | None = None
        self._check: tuple[int, bool] = (-1, False)  # see :meth:`in_check` (no hash is -1)
        self._scores: dict[int, int] = {}  # see :meth:`evaluate`

    def _legal(self, moves: list[Move]) -> list[Move]:
        """The legal ones among ``moves``. While the enemy has only standard
        pieces that move as in xiangqi (nothing in its exotic index: no new
        piece, no minister, no pawn-born advisor or elephant), legality is
        tested as in standard xiangqi: with no enemy minister (F-5) and no
        enemy piece whose moves hang on 骉's context (F-7), the rules' test
        comes to the standard one. Out of check, then, a move touching no
        square exposed to the own king is legal without a test."""
        position = self.fanbing_position
        turn = position.turn
        king = self.fanbing_kings[turn]
        if king is None or position.exotic[1 - turn]:
            return [m for m in moves if position.is_legal_pseudo(m)]
        if self.in_check():
            return [m for m in moves if self._safe(m, king)]
        exposed = exposed_squares(position.board, king, turn)
        return [
            m for m in moves if (m[0] not in exposed and m[1] not in exposed) or self._safe(m, king)
        ]

    def _ruled(self) -> Set[int]:
        """The new pieces and the pawn-born advisors and elephants (the
        board's exotic index): the rest move as in standard xiangqi."""
        position = self.fanbing_position
        return position.exotic[position.turn]

    def in_check(self) -> bool:
        """Whether the side to move is in check, kept for the last path key asked."""
        key = self._path_key()
        if self._check[0] != key:
            position = self.fanbing_position
            turn = position.turn
            king = self.fanbing_kings[turn]
            self._check = (key, king is not None and position.is_attacked(king, OTHER[turn]))
        return self._check[1]

    def _context(self) -> int:
        """The hash of 骉's context (F-7), which the public key holds while one stands."""
        if not self._biao:
            return 0
        position = self.fanbing_position
        return context_hash(position.last_rule, position.just_moved)

    def push(self, action: Action) -> None:
        assert isinstance(action, Move)
        position = self.fanbing_position
        board, flags, backs = position.board, position.flags, position.backs
        f, t = action[0], action[1]  # indexed: the properties cost a call compiled (see ``Move``)
        mover, captured = board[f], board[t]
        assert mover is not None
        color = mover.color
        public_f, hidden_f = square_keys(position, f)
        public_t, hidden_t = square_keys(position, t)
        kings = self.fanbing_kings
        left = placed_value(position, f, mover, kings)  # what the mover was worth on ``f``
        lost = 0 if captured is None else placed_value(position, t, captured, kings)
        undo = Undo(
            action,
            captured,
            (flags[f], flags[t]),
            (backs[f], backs[t]),
            position.last_rule[color],
            position.just_moved,
            position.quiet_plies,
            (f in position.exotic[color], captured is not None and t in position.exotic[1 - color]),
            (self.public, self.hidden),
            self.placed,
            kings,
            self._over,
        )
        self._undo.append(undo)
        position.make(action)
        self._occupy(f, t, captured is None)
        pieces, reachers = self.pieces, self.reachers
        del pieces[f]
        pieces[t] = mover
        if captured is not None and t in reachers:
            del reachers[t]
        if mover.letter in REACHER_LETTERS:
            del reachers[f]
            reachers[t] = mover
        public_moved, hidden_moved = square_keys(position, t)  # ``f`` is empty now
        self.public ^= SIDE_KEY ^ public_f ^ public_t ^ public_moved
        self.hidden ^= hidden_f ^ hidden_t ^ hidden_moved
        if captured is not None and captured.letter == KING_LETTER:
            self.fanbing_kings = kings_of(position)
            self.placed = placed_totals(position, pieces, self.fanbing_kings)  # all nearness moves
        else:
            gain = placed_value(position, t, mover, kings) - left
            if mover.letter == KING_LETTER:  # every enemy attacker's nearness moves with it
                self.fanbing_kings = (t, kings[1]) if color is Color.RED else (kings[0], t)
                lost -= nearer(pieces, OTHER[color], f, t)
            red, black = self.placed
            if color is Color.RED:
                self.placed = (red + gain, black - lost)
            else:
                self.placed = (red - lost, black + gain)
        if captured is not None:
            self._captures += 1
            if captured.letter == BIAO_LETTER:
                self._biao -= 1
        key = undo.path = self._path_key()
        path = self._path
        met = path[key] = path.get(key, 0) + 1
        seen = met > 1 or (self._captures == 0 and self._met_before(key))
        if mover.letter == MINISTER_LETTER and t == MINISTER_GOALS[color]:
            self._over = -MATE  # F-5: the side to move has lost
        elif seen or position.quiet_plies >= NO_CAPTURE_LIMIT:
            self._over = 0  # a position met before, or the no-capture limit
        else:
            self._over = None

    def _path_key(self) -> int:
        """The hash of what the position's public key (``FanbingPosition.key``) holds."""
        return self.public ^ self._context()

    def _met_before(self, key: int) -> bool:
        """Whether the game's past holds this position (its whole key is built
        once per path key, and only while no capture since the root)."""
        past = self.past
        if past is None:
            return False
        if self._past_hashes is None:
            self._past_hashes = {path_hash(whole) for whole in past if isinstance(whole, tuple)}
        if key not in self._past_hashes:
            return False
        met = self._in_past.get(key)
        if met is None:
            met = self._in_past[key] = self.fanbing_position.key() in past
        return met

    def pop(self) -> None:
        undo = self._undo.pop()
        self._path[undo.path] -= 1
        move, captured = undo.move, undo.captured
        self.public, self.hidden = undo.hashes
        self.placed, self.fanbing_kings, self._over = undo.placed, undo.kings, undo.over
        position = self.fanbing_position
        board, flags, backs = position.board, position.flags, position.backs
        f, t = move[0], move[1]
        mover = board[t]
        assert mover is not None
        color = mover.color
        board[f], board[t] = mover, captured
        flags[f], flags[t] = undo.flags
        backs[f], backs[t] = undo.backs
        position.last_rule[color], position.just_moved = undo.rule, undo.just
        position.quiet_plies, position.turn = undo.quiet, color
        moved_exotic, taken_exotic = undo.exotic
        if moved_exotic:
            position.exotic[color].discard(t)
            position.exotic[color].add(f)
        self._occupy(f, t, captured is None)
        pieces, reachers = self.pieces, self.reachers
        pieces[f] = pieces.pop(t)
        if mover.letter in REACHER_LETTERS:
            reachers[f] = reachers.pop(t)
        if captured is not None:
            pieces[t] = captured
            if captured.letter in REACHER_LETTERS:
                reachers[t] = captured
            if taken_exotic:
                position.exotic[1 - color].add(t)
            self._captures -= 1
            if captured.letter == BIAO_LETTER:
                self._biao += 1

    def terminal(self) -> int | None:
        return self._over

    def key(self) -> Hashable:
        return self.score_key()

    def null_ok(self) -> bool:
        """Never: the board's rule state (which kind's rule each side moved
        by last, 骉's context) follows the moves, and a pass has none."""
        return False

    def score_key(self) -> int:
        """The position's public key, the backs as drawn, and the quiet plies, hashed."""
        return self._path_key() ^ self.hidden ^ (self.fanbing_position.quiet_plies * QUIET_KEY)

    def _evaluate(self) -> int:
        red, black = self.placed
        lines = (self.ranks, self.files)
        score = red - black + reach_terms(self.fanbing_position, lines, self.reachers)
        if self.fanbing_position.turn is not Color.RED:
            score = -score
        return progress(score, self.fanbing_position.quiet_plies)


class FanbingSample:
    """A whole game agreeing with the knowledge; the root walks copies of it."""

    def __init__(self, game: Fanbing) -> None:
        self.game = game


def _replay(knowledge: Knowledge, seed: int) -> Fanbing:
    actions = [parse_action(text) for text in knowledge.log]
    return Fanbing.replay(actions, knowledge.options, seed)


def _redealt(
    base: Fanbing,
    knowledge: Knowledge,
    known: dict[int, Kind],
    excluded: dict[int, set[Kind]],
    rng: random.Random,
) -> Fanbing | None:
    """``base`` with the backs nobody may know drawn afresh (``None`` if the
    draw does not give the side's view)."""
    game = copy.deepcopy(base)
    position = game.position
    setups = [draw_setup(color, known, rng, excluded) for color in Color]
    for sq, piece in enumerate(position.board):
        origin = game.ids[sq]
        if piece is None or origin is None or origin in known:
            continue
        start = START[origin]
        if position.backs[sq] is None or position.flags[sq] & SHOWN or start is None:
            continue
        if start.kind is not Kind.KING:
            position.backs[sq] = setups[start.color].backs(start.color)[origin]
    return game if game.view(knowledge.side) == knowledge.view else None


@register("fanbing")
class FanbingPlugin(Plugin[FanbingSample]):
    samples = 1  # one draw searched deeper beat three (see the module's docstring)
    node_share = 0.5  # its exotic pieces move and check by the rules' own generation

    def __init__(self) -> None:
        self._replayed: tuple[Knowledge, Fanbing] | None = None

    def hides(self, knowledge: Knowledge) -> bool:
        """The opponent's backs are unknown until they flip: a review weighs
        each action over several draws even though play searches one."""
        return True

    def sample(self, knowledge: Knowledge, rng: random.Random) -> FanbingSample:
        """Draw both setups from what is known until the replay gives this
        side's view exactly (the last replay that worked if none does). Later
        samples of the same knowledge deal fresh unknown backs onto a copy of
        that replay instead of replaying the whole log again."""
        known, excluded = public_backs(knowledge)
        if self._replayed is not None and self._replayed[0] is knowledge:
            game = _redealt(self._replayed[1], knowledge, known, excluded, rng)
            if game is not None:
                return FanbingSample(game)
        found: Fanbing | None = None
        for _ in range(ATTEMPTS):
            red, black = (draw_setup(color, known, rng, excluded) for color in Color)
            try:
                game = _replay(knowledge, seed_for(red, black))
            except RulesError:
                continue
            found = game
            if game.view(knowledge.side) == knowledge.view:
                break
        if found is None:
            raise ValueError("no setup agrees with the public log")
        self._replayed = (knowledge, found)
        return FanbingSample(copy.deepcopy(found))

    def root(
        self, knowledge: Knowledge, state: FanbingSample, searcher: Searcher
    ) -> dict[str, int]:
        return scores_after_each_action(
            state.game,
            knowledge.side,
            searcher,
            lambda g: FanbingState(g.position.copy(), g.keys),
        )
