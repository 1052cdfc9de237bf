"""Repetition verdicts (S-4): perpetual check and perpetual chase.

When a position recurs for the third time with the same side to move, the
plies since its first occurrence form the cycle. Each ply carries two facts
recorded when it was played (:class:`PlyFacts`): whether it gave check, and
which enemy pieces it chased, named by stable piece ids so that a chase
follows its target as the target moves.

1. If exactly one side gave check with every one of its moves in the cycle,
   that side loses (长将); if both did, the game is drawn.
2. Otherwise, if exactly one side chased one same enemy piece with every one
   of its moves, that side loses (长捉); otherwise the game is drawn.

What a move chases (:func:`chased_targets`) follows the Asian Xiangqi
Federation rules as Fairy-Stockfish applies them, the reference S-4 names,
with one departure where Fairy-Stockfish departs from the book: a piece that
may not legally capture its target (pinned to its king) does not chase it.

* New attacks of the moved piece. A chariot or cannon moving along a line
  attacked what lies on that line already, so only its attacks across the
  line are new; a horse, elephant or advisor attacks from a new square. Kings
  and pawns never chase.
* Attacks it discovers: a horse whose leg it freed, an elephant whose eye it
  freed, a chariot or cannon whose line it opened, a cannon it became the
  screen of.
* An attack counts against a horse or cannon by an elephant or advisor, or
  against a chariot by anything but a chariot, however the target is
  protected. Otherwise it counts when the target is unprotected: no piece of
  its side could recapture (a defender standing between its own king and an
  attacker, or alone between the two kings, does not defend), or only its
  king could, onto the file of the other king. Never chased: a king, a pawn
  still on its own side of the river, or a piece of the attacker's own kind
  that attacks it back (an offered exchange), unless that piece is pinned.
* Pins: a move that pins a defender chases every piece the defender
  protected that the mover attacks; a move that sets up a discovered check
  chases what the piece that would uncover it attacks, unless the king could
  simply take that piece back.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence

from .actions import Move
from .geometry import (
    ADVISOR_MOVES,
    DIAGONAL,
    DIAGONAL_NEIGHBOURS,
    ELEPHANT_MOVES,
    HORSE_ATTACKERS,
    HORSE_MOVES,
    JUMPS_ANYWHERE,
    KING_MOVES,
    ORTHOGONAL,
    ORTHOGONAL_NEIGHBOURS,
    PAWN_MOVES,
    RAYS,
    neighbours,
    ray_from,
)
from .outcome import Outcome, Reason
from .pieces import Color, Kind, Piece
from .position import Position
from .squares import own_half

KING, ADVISOR, ELEPHANT, HORSE = Kind.KING, Kind.ADVISOR, Kind.ELEPHANT, Kind.HORSE
CHARIOT, CANNON, PAWN, QUEEN = Kind.CHARIOT, Kind.CANNON, Kind.PAWN, Kind.QUEEN
# Pieces whose own attacks never chase: kings, pawns, and the silent queen of
# successor xiangqi (H-5), which is never chased either.
NEVER_CHASE = frozenset({KING, PAWN, QUEEN})

# What an attacker chases whatever protects it: the pieces worth more.
STRONGER = {
    HORSE: frozenset({CHARIOT}),
    CANNON: frozenset({CHARIOT}),
    ADVISOR: frozenset({CHARIOT, HORSE, CANNON}),
    ELEPHANT: frozenset({CHARIOT, HORSE, CANNON}),
}

Board = Sequence[Piece | None]
# Occupancy: which squares hold something; a board serves as one.
Occupancy = Sequence[object]


# The queen's eight lines (successor xiangqi), nearest square first.
_QUEEN_RAYS = tuple(
    tuple(line for df, dr in ORTHOGONAL + DIAGONAL if (line := ray_from(sq, df, dr)))
    for sq in range(90)
)
# Elephant leaps (JUMPS_ANYWHERE) and pawn steps ignoring the river, as
# Fairy-Stockfish reckons a defender's cover when a pin takes it away and the
# attacks a move uncovers.
_PAWN_ANYWHERE = tuple(
    tuple(neighbours(sq, ((0, 1 if c is Color.RED else -1), (1, 0), (-1, 0))) for sq in range(90))
    for c in Color
)


def attacks(
    kind: Kind, color: Color, sq: int, occupied: Occupancy, confined: bool = True
) -> list[int]:
    """Squares a ``kind`` of ``color`` on ``sq`` attacks, pieces standing where
    ``occupied`` says. ``confined=False`` lifts the palace and river limits of
    advisors, elephants and pawns."""
    if kind is CHARIOT or kind is CANNON:
        found = []
        for ray in RAYS[sq]:
            screened = False
            for t in ray:
                if occupied[t] is None:
                    if kind is CHARIOT:
                        found.append(t)
                    continue
                if kind is CHARIOT or screened:
                    found.append(t)
                    break
                screened = True
        return found
    if kind is HORSE:
        return [t for t, leg in HORSE_MOVES[sq] if occupied[leg] is None]
    if kind is ELEPHANT:
        table = ELEPHANT_MOVES[color][sq] if confined else JUMPS_ANYWHERE[sq]
        return [t for t, eye in table if occupied[eye] is None]
    if kind is ADVISOR:
        return list(ADVISOR_MOVES[color][sq] if confined else DIAGONAL_NEIGHBOURS[sq])
    if kind is PAWN:
        return list(PAWN_MOVES[color][sq] if confined else _PAWN_ANYWHERE[color][sq])
    if kind is QUEEN:  # H-1: to the first piece on each line, on its own half
        found = []
        for ray in _QUEEN_RAYS[sq]:
            for t in ray:
                if not own_half(t, color):
                    break
                found.append(t)
                if occupied[t] is not None:
                    break
        return found
    return list(KING_MOVES[color][sq])


class ChaseRules:
    """How pieces attack, defend and rank, for the chase test: standard xiangqi's.

    A variant with pieces the standard tables do not describe overrides the
    hooks for those pieces only (``exotic``), so a cycle of standard pieces
    gets the verdict it gets in standard xiangqi (F-9).
    """

    def exotic(self, board: Board, sq: int) -> bool:
        """Whether the piece on ``sq`` moves by rules of the variant's own."""
        return False

    def attacks(
        self, board: Board, sq: int, occupied: Occupancy, confined: bool = True, at: int = -1
    ) -> list[int]:
        """Squares the piece on ``board[sq]``, standing on ``at`` (default
        ``sq``), could capture on were an enemy there, pieces standing where
        ``occupied`` says."""
        piece = board[sq]
        assert piece is not None
        return attacks(piece.kind, piece.color, sq if at < 0 else at, occupied, confined)

    def protects(self, board: Board, sq: int, target: int, occupied: Occupancy) -> bool:
        """Whether the piece on ``sq`` could take back on ``target``."""
        return target in self.attacks(board, sq, occupied)

    def rank(self, kind: Kind) -> Kind:
        """The standard kind whose value ``kind`` has."""
        return kind

    def may_capture(self, board: Board, attacker_sq: int, target: int) -> bool:
        """Whether the piece on ``attacker_sq`` may legally take on ``target``: a
        pinned piece does not chase (S-4, the AXF book; Fairy-Stockfish counts it)."""
        attacker = board[attacker_sq]
        assert attacker is not None
        after = list(board)
        after[target], after[attacker_sq] = attacker, None
        return not Position(after, attacker.color).king_in_danger(attacker.color)


STANDARD_RULES = ChaseRules()


def attackers(
    board: Board,
    target: int,
    color: Color,
    occupied: Occupancy,
    rules: ChaseRules = STANDARD_RULES,
) -> set[int]:
    """Squares of the pieces of ``color`` that attack ``target``."""
    return {
        sq
        for sq, p in enumerate(board)
        if p is not None and p.color is color and rules.protects(board, sq, target, occupied)
    }


def _exotic_blockers(board: Board, king: int, enemy: Color, rules: ChaseRules) -> set[int]:
    """Pieces that alone keep a variant's own ``enemy`` piece off the king."""
    found: set[int] = set()
    for sq, p in enumerate(board):
        if p is None or p.color is not enemy or not rules.exotic(board, sq):
            continue
        if king in rules.attacks(board, sq, board):
            continue
        for s, q in enumerate(board):
            if q is None or s in (sq, king):
                continue
            lifted = list(board)
            lifted[s] = None
            if king in rules.attacks(board, sq, lifted):
                found.add(s)
    return found


def _between(a: int, b: int) -> list[int]:
    """Squares strictly between two squares on one rank or file."""
    if a % 9 == b % 9:
        step = 9 if b > a else -9
    elif a // 9 == b // 9:
        step = 1 if b > a else -1
    else:
        return []
    return list(range(a + step, b, step))


def blockers(board: Board, king: int, enemy: Color, rules: ChaseRules = STANDARD_RULES) -> set[int]:
    """Pieces of either side that alone stand between the king on ``king`` and
    an ``enemy`` chariot, horse (its leg) or cannon (one or both of the two
    pieces between), or a piece of the variant's own, so that moving one away
    would let the attack through."""
    found = _exotic_blockers(board, king, enemy, rules)
    for ray in RAYS[king]:
        standing = [t for t in ray if board[t] is not None]
        # A chariot not yet attacking the king sees through other such chariots.
        seen_through = 0
        for j, t in enumerate(standing):
            p = board[t]
            if p is None or p.color is not enemy:
                continue
            if p.kind is CHARIOT and j > 0:
                if j - seen_through == 1:
                    found.update(
                        s
                        for i, s in enumerate(standing[:j])
                        if i == 0 or not _is_chariot(board, s, enemy)
                    )
                seen_through += 1
            elif p.kind is CANNON and j == 2:
                found.update(standing[:2])
    for horse, leg in HORSE_ATTACKERS[king]:
        p = board[horse]
        if p is not None and p.color is enemy and p.kind is HORSE and board[leg] is not None:
            found.add(leg)
    return found


def _piece(board: Board, sq: int) -> Piece:
    """The piece a caller knows stands on ``sq``."""
    piece = board[sq]
    assert piece is not None, sq
    return piece


def _is_chariot(board: Board, sq: int, color: Color) -> bool:
    p = board[sq]
    return p is not None and p.kind is CHARIOT and p.color is color


def _pins(board: Board, king: int, enemy_king: int, victim_blockers: set[int]) -> set[int]:
    """Pieces of the side of ``king`` that may not be counted on to recapture:
    blockers of its king, and its one piece between the kings on a shared file."""
    victim = _piece(board, king).color
    pins = set(victim_blockers)
    if king % 9 == enemy_king % 9:
        on_file = [
            sq
            for sq in range(king % 9, 90, 9)
            if (p := board[sq]) is not None and p.color is victim and sq != king
        ]
        if len(on_file) <= 1:
            pins.update(on_file)
    return pins


def _kings(board: Board) -> dict[Color, int]:
    return {p.color: sq for sq, p in enumerate(board) if p is not None and p.kind is KING}


def _unchaseable(board: Board, sq: int) -> bool:
    """A king, a queen (H-5), or a pawn still on its own side of the river."""
    p = board[sq]
    assert p is not None
    return p.kind is KING or p.kind is QUEEN or (p.kind is PAWN and own_half(sq, p.color))


class _Chase:
    """The squares one move chases, built as Fairy-Stockfish's ``chased()`` does."""

    def __init__(
        self,
        board: Board,
        victim: Color,
        kings: dict[Color, int],
        victim_blockers: set[int],
        pinned_chase: bool,
        rules: ChaseRules,
    ) -> None:
        self.board = board
        self.rules = rules
        self.victim = victim
        self.king, self.enemy_king = kings[victim], kings[victim.other()]
        self.pinned_chase = pinned_chase
        self.pins = _pins(board, self.king, self.enemy_king, victim_blockers)
        self.squares: set[int] = set()

    def add(self, attacker_sq: int, kind: Kind, targets: Iterable[int]) -> None:
        """Targets attacked by the ``kind`` on ``attacker_sq`` that count as chased."""
        board, victim, rules = self.board, self.victim, self.rules
        targets = [
            t
            for t in targets
            if not _unchaseable(board, t)
            and (self.pinned_chase or rules.may_capture(board, attacker_sq, t))
        ]
        stronger = STRONGER.get(rules.rank(kind), frozenset())
        self.squares.update(t for t in targets if rules.rank(_piece(board, t).kind) in stronger)
        if rules.exotic(board, attacker_sq):
            # An offered exchange: the same kind of piece, attacking back.
            targets = [
                t
                for t in targets
                if _piece(board, t).kind is not kind
                or t in self.pins
                or not rules.protects(board, t, attacker_sq, board)
            ]
        elif kind is HORSE and any(board[d] is not None for d in DIAGONAL_NEIGHBOURS[attacker_sq]):
            # A horse with a leg blocked may be attacked by a horse it cannot hit back.
            targets = [
                t
                for t in targets
                if _piece(board, t).kind is not HORSE
                or attacker_sq not in attacks(HORSE, victim, t, board)
            ]
        else:
            targets = [t for t in targets if _piece(board, t).kind is not kind or t in self.pins]
        if not targets:
            return
        without = list(board)
        without[attacker_sq] = None
        for t in targets:
            roots = attackers(board, t, victim, without, rules) - self.pins
            king_only = roots == {self.king}
            if not roots or (king_only and t in attacks(CHARIOT, victim, self.enemy_king, without)):
                self.squares.add(t)


def chased_squares(
    before: Board,
    after: Board,
    move: Move,
    *,
    pinned_chase: bool = False,
    rules: ChaseRules = STANDARD_RULES,
) -> set[int]:
    """Squares of the pieces the move from ``before`` to ``after`` chases.

    ``pinned_chase=True`` reads the rules as Fairy-Stockfish does, where a
    pinned piece chases too; only the differential check asks for that, to
    tell its verdicts apart from the book's. ``rules`` says how a variant's
    own pieces attack (F-9).
    """
    mover_piece = before[move.from_sq]
    assert mover_piece is not None
    kings = _kings(after)
    if len(kings) < 2:
        return set()  # a variant removed a king: the game is over anyway
    mover, victim = mover_piece.color, mover_piece.color.other()
    capture = before[move.to_sq] is not None
    frm, to = move.from_sq, move.to_sq
    victim_king = kings[victim]
    victim_blockers = blockers(after, victim_king, mover, rules)
    chase = _Chase(after, victim, kings, victim_blockers, pinned_chase, rules)
    enemy = {sq for sq, p in enumerate(after) if p is not None and p.color is victim}

    def same_line(s: int) -> bool:
        """Whether ``s`` lies on the line the piece moved along."""
        return s % 9 == to % 9 if frm % 9 == to % 9 else s // 9 == to // 9

    moved = after[to]
    if moved is not None and moved.kind not in NEVER_CHASE:
        direct = set(rules.attacks(after, to, after)) & enemy
        if rules.exotic(after, to):
            # Along its line of movement it attacked the same pieces before.
            if frm % 9 == to % 9 or frm // 9 == to // 9:
                before_attacks = rules.attacks(after, to, before, at=frm)
                direct -= {s for s in before_attacks if same_line(s)}
        elif moved.kind in (CHARIOT, CANNON):
            direct = {s for s in direct if not same_line(s)}
        chase.add(to, moved.kind, direct)

    # Attacks the move uncovered, with the pieces that stood before (the moved
    # piece back on its square and, unless it captured, off the other).
    old: list[object] = list(after)
    old[frm] = True
    if not capture:
        old[to] = None
    lines = {s for ray in RAYS[frm] for s in ray}
    screened = {s for ray in RAYS[to] for s in ray}
    for sq in sorted(
        lines | screened | set(ORTHOGONAL_NEIGHBOURS[frm]) | set(DIAGONAL_NEIGHBOURS[frm])
    ):
        p = after[sq]
        if p is None or p.color is not mover or rules.exotic(after, sq):
            continue
        candidate = (
            (p.kind is HORSE and sq in ORTHOGONAL_NEIGHBOURS[frm])
            or (p.kind is ELEPHANT and sq in DIAGONAL_NEIGHBOURS[frm])
            or (p.kind in (CHARIOT, CANNON) and sq in lines)
            or (p.kind is CANNON and sq in screened)
        )
        if candidate:
            now = set(attacks(p.kind, mover, sq, after, confined=False))
            then = set(attacks(p.kind, mover, sq, old, confined=False))
            chase.add(sq, p.kind, (now - then) & enemy)
    for sq, p in enumerate(after):
        # A variant's own pieces may be uncovered from anywhere.
        if p is None or p.color is not mover or sq == to or p.kind in NEVER_CHASE:
            continue
        if rules.exotic(after, sq):
            now = set(rules.attacks(after, sq, after))
            then = set(rules.attacks(after, sq, old))
            chase.add(sq, p.kind, (now - then) & enemy)

    new_blockers = victim_blockers - blockers(before, victim_king, mover, rules)
    mover_blockers = blockers(after, kings[mover], victim, rules)
    for sq in new_blockers:
        p = after[sq]
        assert p is not None
        if p.color is victim:
            # A defender newly pinned: what it protected is exposed (fake roots).
            covered = set(rules.attacks(after, sq, after, confined=False)) & enemy
            for t in covered:
                if (
                    not _unchaseable(after, t)
                    and attackers(after, t, mover, after, rules) - mover_blockers
                ):
                    chase.squares.add(t)
        else:
            # A discovered check is set up: what this piece attacks it may take with check.
            steps = set(KING_MOVES[victim][victim_king])
            hits = set(rules.attacks(after, sq, after)) & enemy
            chase.squares.update(hits - steps)
            bare = list(after)
            bare[sq] = bare[victim_king] = None
            for t in hits & steps:
                if attackers(after, t, mover, bare, rules) - {sq}:
                    chase.squares.add(t)
    return chase.squares


def chased_targets(
    before: Board,
    after: Board,
    move: Move,
    ids: Sequence[int | None],
    rules: ChaseRules = STANDARD_RULES,
) -> frozenset[int]:
    """Ids of the enemy pieces ``move`` chases (see the module doc)."""
    return frozenset(
        ident
        for sq in chased_squares(before, after, move, rules=rules)
        if (ident := ids[sq]) is not None
    )


def id_drift(board: Board, ids: Sequence[int | None]) -> list[str]:
    """How a game's piece ids have drifted from its board: every piece has one
    id of its own and no empty point has any, or chases follow the wrong piece."""
    found = [
        f"ids[{sq}]: {ids[sq]} on {'a piece' if p is not None else 'an empty point'}"
        for sq, p in enumerate(board)
        if (p is None) != (ids[sq] is None)
    ]
    given = [i for i in ids if i is not None]
    if len(given) != len(set(given)):
        found.append("ids: one id on two pieces")
    return found


class PlyFacts:
    """What one ply did, for S-4: who moved, whether it gave check, and which
    enemy pieces (by id) it chased. Built :meth:`after_move`, the chase is
    worked out from a snapshot only when a repetition asks for it: most plies
    never close a cycle, and replaying a stored game should not pay for them.
    """

    __slots__ = ("_chased", "_released", "_snapshot", "check", "mover")

    def __init__(self, mover: Color, check: bool, chased: frozenset[int]) -> None:
        self.mover = mover
        self.check = check
        self._chased: frozenset[int] | None = chased
        self._snapshot: tuple[Board, Board, Move, Sequence[int | None], ChaseRules] | None = None
        self._released = False

    @classmethod
    def after_move(
        cls,
        mover: Color,
        check: bool,
        before: Board,
        after: Board,
        move: Move,
        ids: Sequence[int | None],
        rules: ChaseRules = STANDARD_RULES,
    ) -> PlyFacts:
        """The facts of ``move`` from board ``before`` to ``after``, with piece
        ``ids`` as they stand after it (all copied, so the caller may go on).
        ``rules`` must not change afterwards: it is kept with the snapshot."""
        facts = cls(mover, check, frozenset())
        facts._chased = None
        facts._snapshot = (tuple(before), tuple(after), move, tuple(ids), rules)
        return facts

    @property
    def chased(self) -> frozenset[int]:
        """The ids chased; none for a ply whose snapshot was let go (:func:`record`)."""
        if self._chased is None:
            if self._snapshot is None:
                return frozenset()
            self._chased = chased_targets(*self._snapshot)
            self._snapshot = None
        return self._chased

    def __repr__(self) -> str:
        return f"PlyFacts({self.mover!r}, check={self.check}, chased={set(self.chased)})"

    def __deepcopy__(self, memo: dict[int, object]) -> PlyFacts:
        """A copy sharing the snapshot (tuples, never changed): a copied game
        lets its own snapshots go without touching the original's."""
        copied = PlyFacts(self.mover, self.check, frozenset())
        copied._chased, copied._snapshot = self._chased, self._snapshot
        copied._released = self._released
        return copied

    def release(self) -> bool:
        """Let an unused snapshot go; False if it was already let go."""
        released, self._released, self._snapshot = self._released, True, None
        return not released


def record(facts: list[PlyFacts], new: PlyFacts, irreversible: bool) -> None:
    """Append ``new`` to a game's ``facts``. After an irreversible ply (a
    capture) no earlier position can come back, so no earlier ply can be in a
    cycle: their snapshots are let go, and a game keeps at most one quiet run
    of them (S-12 ends it after 120 quiet plies). A variant that can undo a
    capture must not call it irreversible."""
    if irreversible:
        for old in reversed(facts):
            if not old.release():
                break
    facts.append(new)


def _perpetual(cycle: Sequence[PlyFacts], test: Callable[[list[PlyFacts]], bool]) -> set[Color]:
    """The sides whose own plies in ``cycle`` all pass ``test``."""
    sides = set()
    for color in Color:
        own = [ply for ply in cycle if ply.mover is color]
        if own and test(own):
            sides.add(color)
    return sides


def verdict(cycle: Sequence[PlyFacts]) -> Outcome:
    """The S-4 outcome of a repetition whose cycle is ``cycle``."""
    checkers = _perpetual(cycle, lambda own: all(p.check for p in own))
    if len(checkers) == 1:
        return Outcome(checkers.pop().other(), Reason.PERPETUAL_CHECK)
    if len(checkers) == 2:
        return Outcome(None, Reason.REPETITION)
    chasers = _perpetual(cycle, lambda own: bool(frozenset.intersection(*(p.chased for p in own))))
    if len(chasers) == 1:
        return Outcome(chasers.pop().other(), Reason.PERPETUAL_CHASE)
    return Outcome(None, Reason.REPETITION)


class Occurrences:
    """Every position key seen in a game, indexed by ply, for threefold repetition.

    A key of ``None`` marks a ply that cannot repeat (a variant's transient state).
    """

    def __init__(self) -> None:
        self._plies: dict[Hashable, list[int]] = {}
        self._count = 0
        self.first_of_third: int | None = None

    def add(self, key: Hashable | None) -> None:
        """Record the key of the next ply; sets ``first_of_third`` to the ply of
        the key's first occurrence when this is its third, else ``None``.
        """
        ply, self._count = self._count, self._count + 1
        self.first_of_third = None
        if key is None:
            return
        plies = self._plies.setdefault(key, [])
        plies.append(ply)
        if len(plies) >= 3:
            self.first_of_third = plies[0]

    def __contains__(self, key: Hashable) -> bool:
        return key in self._plies

    def __iter__(self) -> Iterator[Hashable]:
        """Each key seen, once."""
        return iter(self._plies)

    def times(self, key: Hashable) -> int:
        """How often ``key`` has been seen: at two, one more is a repetition."""
        return len(self._plies.get(key, ()))

    def __deepcopy__(self, memo: dict[int, object]) -> Occurrences:
        """A copy sharing the keys (hashable, so never changed)."""
        copied = Occurrences()
        copied._plies = {key: list(plies) for key, plies in self._plies.items()}
        copied._count, copied.first_of_third = self._count, self.first_of_third
        return copied
