"""The secret backs of third-generation xiangqi: one side's setup, and the seed.

Before the first move each player arranges their backs (the F rulings'
preamble): the five pawns carry chariot, horse, cannon, elephant and advisor,
one each; one advisor carries the king (the other the minister 臣), one
elephant the camel 驼 (the other the mule 骡), one chariot 助 (the other 辅),
one horse 妃 (the other 骉), one cannon 抛 (the other 石).

A setup has 120 x 2^5 = 3,840 forms, numbered by :meth:`Setup.index`. The
game's seed *is* its secret setup: :func:`seed_for` packs both sides' numbers
into one integer and :func:`setups_from_seed` unpacks them, so
``start(options, seed)`` plus the public log rebuilds the game as for every
other variant, and a random seed is a random setup for both sides.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations
from random import Random

from ...pieces import Color, Kind
from ...squares import FILES, mirror_rank, parse_square

# What a pawn's back may be, in the order pawns are listed.
PAWN_BACKS = (Kind.CHARIOT, Kind.HORSE, Kind.CANNON, Kind.ELEPHANT, Kind.ADVISOR)
_ORDERS = tuple(permutations(PAWN_BACKS))
_ORDER_INDEX = {order: i for i, order in enumerate(_ORDERS)}
SETUPS = len(_ORDERS) * 32  # 3,840 setups per side

# Files of the pawns (Red's left to right in ICCS letters, for both sides).
PAWN_FILES = (0, 2, 4, 6, 8)
# The pairs: (file of the piece carrying the first back, file of the other),
# with the first back and the second back each carries.
PAIRS: dict[str, tuple[tuple[int, int], tuple[Kind, Kind], Kind]] = {
    "advisor": ((3, 5), (Kind.KING, Kind.MINISTER), Kind.ADVISOR),
    "elephant": ((2, 6), (Kind.CAMEL, Kind.MULE), Kind.ELEPHANT),
    "chariot": ((0, 8), (Kind.ZHU, Kind.FU), Kind.CHARIOT),
    "horse": ((1, 7), (Kind.FEI, Kind.BIAO), Kind.HORSE),
    "cannon": ((1, 7), (Kind.PAO, Kind.SHI), Kind.CANNON),
}
GROUPS = ("pawns", *PAIRS)


@dataclass(frozen=True, slots=True)
class Setup:
    """One side's backs.

    ``pawns`` is the back of each pawn from file a to file i (ICCS letters,
    for Black too); each pair field is the file (0-8) of the piece carrying
    the pair's first back: the king for advisors, the camel for elephants,
    助 for chariots, 妃 for horses, 抛 for cannons.
    """

    pawns: tuple[Kind, ...] = PAWN_BACKS
    advisor: int = 3
    elephant: int = 2
    chariot: int = 0
    horse: int = 1
    cannon: int = 1

    def __post_init__(self) -> None:
        if tuple(self.pawns) not in _ORDER_INDEX:
            raise ValueError("the pawns' backs must be chariot, horse, cannon, elephant, advisor")
        for group, ((first, second), _, _) in PAIRS.items():
            if getattr(self, group) not in (first, second):
                raise ValueError(f"the {group} pair stands on files {FILES[first]}/{FILES[second]}")

    @property
    def index(self) -> int:
        """The setup's number, 0 .. SETUPS - 1."""
        bits = 0
        for i, (group, ((_, second), _, _)) in enumerate(PAIRS.items()):
            if getattr(self, group) == second:
                bits |= 1 << i
        return _ORDER_INDEX[tuple(self.pawns)] * 32 + bits

    @classmethod
    def from_index(cls, index: int) -> Setup:
        order, bits = divmod(index % SETUPS, 32)
        files = {
            group: pair[1] if bits >> i & 1 else pair[0]
            for i, (group, (pair, _, _)) in enumerate(PAIRS.items())
        }
        return cls(_ORDERS[order], **files)

    @classmethod
    def random(cls, rng: Random) -> Setup:
        return cls.from_index(rng.randrange(SETUPS))

    def randomised(self, group: str, rng: Random) -> Setup:
        """This setup with one group (``pawns`` or a pair name) drawn at random."""
        return replace(self, **{group: getattr(Setup.random(rng), group)})

    def backs(self, color: Color) -> dict[int, Kind]:
        """The back on each starting square of ``color``'s pieces."""
        out: dict[int, Kind] = {}
        pawn_rank = 3 if color is Color.RED else 6
        for file, back in zip(PAWN_FILES, self.pawns, strict=True):
            out[pawn_rank * 9 + file] = back
        for group, ((first, second), (back_a, back_b), kind) in PAIRS.items():
            rank = 2 if kind is Kind.CANNON else 0
            chosen = getattr(self, group)
            for file in (first, second):
                sq = rank * 9 + file
                out[sq if color is Color.RED else mirror_rank(sq)] = (
                    back_a if file == chosen else back_b
                )
        king = parse_square("e0")
        out[king if color is Color.RED else mirror_rank(king)] = Kind.ADVISOR
        return out


def seed_for(red: Setup, black: Setup, salt: int = 0) -> int:
    """The seed of a game with these setups; ``salt`` keeps seeds unguessable."""
    return red.index + SETUPS * black.index + SETUPS * SETUPS * salt


def setups_from_seed(seed: int) -> tuple[Setup, Setup]:
    """Red's and Black's setups packed in ``seed`` (any integer is some pair)."""
    return Setup.from_index(seed % SETUPS), Setup.from_index(seed // SETUPS % SETUPS)
