"""Sides, piece kinds and pieces: the vocabulary every other module shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Any, Final, Self


class Color(IntEnum):
    """A side. Red moves first (S-1); ``~`` is not used, call :meth:`other`."""

    RED = 0
    BLACK = 1

    def other(self) -> Color:
        return OTHER[self]

    @property
    def code(self) -> str:
        """``r`` or ``b``: how logs and event parameters name a side."""
        return "r" if self is Color.RED else "b"

    @property
    def letter(self) -> str:
        """FEN side letter: ``w`` for Red (xqbase convention), ``b`` for Black."""
        return "w" if self is Color.RED else "b"


# The other side of each: compiled hot paths index this rather than call
# :meth:`Color.other` (a Python call per attack test and per move made).
OTHER: Final[tuple[Color, Color]] = (Color.BLACK, Color.RED)


class Kind(Enum):
    """A kind of piece, valued by its FEN letter (xqbase: K A B N R C P)."""

    KING = "k"
    ADVISOR = "a"
    ELEPHANT = "b"
    HORSE = "n"
    CHARIOT = "r"
    CANNON = "c"
    PAWN = "p"
    QUEEN = "q"
    # Third-generation xiangqi (F-5 to F-7): the pieces behind the backs.
    MINISTER = "m"  # 臣
    CAMEL = "u"  # 驼
    MULE = "l"  # 骡
    ZHU = "z"  # 助
    FU = "f"  # 辅
    FEI = "v"  # 妃
    BIAO = "o"  # 骉
    PAO = "t"  # 抛
    SHI = "s"  # 石

    @property
    def wxf(self) -> str:
        """The WXF letter, which differs from FEN for elephant and horse."""
        return _WXF[self]


_WXF = {
    Kind.KING: "K",
    Kind.ADVISOR: "A",
    Kind.ELEPHANT: "E",
    Kind.HORSE: "H",
    Kind.CHARIOT: "R",
    Kind.CANNON: "C",
    Kind.PAWN: "P",
    Kind.QUEEN: "Q",
    Kind.MINISTER: "M",
    Kind.CAMEL: "U",
    Kind.MULE: "L",
    Kind.ZHU: "Y",
    Kind.FU: "F",
    Kind.FEI: "V",
    Kind.BIAO: "W",
    Kind.PAO: "T",
    Kind.SHI: "S",
}

# FEN letters other programs write for the same kinds.
FEN_ALIASES = {"e": Kind.ELEPHANT, "h": Kind.HORSE}

STANDARD_KINDS = (
    Kind.KING,
    Kind.ADVISOR,
    Kind.ELEPHANT,
    Kind.HORSE,
    Kind.CHARIOT,
    Kind.CANNON,
    Kind.PAWN,
)

# The nine pieces of third-generation xiangqi, in the order the rulings name them.
THIRD_GEN_KINDS = (
    Kind.MINISTER,
    Kind.CAMEL,
    Kind.MULE,
    Kind.ZHU,
    Kind.FU,
    Kind.FEI,
    Kind.BIAO,
    Kind.PAO,
    Kind.SHI,
)


@dataclass(frozen=True)
class Piece:
    """A face-up piece. Hidden pieces are a matter of views, not of this type.

    Compiled, its fields are read straight from the object by the compiled
    search, which reads a piece's side and letter at nearly every square it
    looks at; ``letter`` saves it the enum's generic ``kind.value``."""

    color: Color
    kind: Kind
    letter: str = field(init=False, repr=False, compare=False)  # the kind's FEN letter
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "letter", self.kind._value_)
        # Repetition keys hash whole boards of pieces: hash each piece once.
        object.__setattr__(self, "_hash", hash((self.color, self.kind)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (Piece, (self.color, self.kind))

    def __copy__(self) -> Self:
        return self  # frozen: shared, as rules.frozen explains

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    @property
    def symbol(self) -> str:
        """FEN letter: upper case for Red."""
        letter = self.kind.value
        return letter.upper() if self.color is Color.RED else letter

    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        """Parse a FEN letter (``e``/``h`` accepted for elephant/horse).

        :raises ValueError: for any other character.
        """
        lower = symbol.lower()
        kind = FEN_ALIASES.get(lower)
        if kind is None:
            try:
                kind = Kind(lower)
            except ValueError:
                raise ValueError(f"not a piece letter: {symbol!r}") from None
        return cls(Color.RED if symbol.isupper() else Color.BLACK, kind)


# Chinese names: (Red, Black) glyphs in traditional and simplified script.
TRADITIONAL_NAMES = {
    Kind.KING: ("帥", "將"),
    Kind.ADVISOR: ("仕", "士"),
    Kind.ELEPHANT: ("相", "象"),
    Kind.HORSE: ("傌", "馬"),
    Kind.CHARIOT: ("俥", "車"),
    Kind.CANNON: ("炮", "砲"),
    Kind.PAWN: ("兵", "卒"),
    Kind.QUEEN: ("后", "后"),
    **{
        kind: (name, name) for kind, name in zip(THIRD_GEN_KINDS, "臣駝騾助輔妃骉拋石", strict=True)
    },
}
SIMPLIFIED_NAMES = {
    Kind.KING: ("帅", "将"),
    Kind.ADVISOR: ("仕", "士"),
    Kind.ELEPHANT: ("相", "象"),
    Kind.HORSE: ("马", "马"),
    Kind.CHARIOT: ("车", "车"),
    Kind.CANNON: ("炮", "炮"),
    Kind.PAWN: ("兵", "卒"),
    Kind.QUEEN: ("后", "后"),
    **{
        kind: (name, name) for kind, name in zip(THIRD_GEN_KINDS, "臣驼骡助辅妃骉抛石", strict=True)
    },
}


def chinese_name(piece: Piece, *, traditional: bool = False) -> str:
    """The glyph players expect on the disc for this piece."""
    table = TRADITIONAL_NAMES if traditional else SIMPLIFIED_NAMES
    return table[piece.kind][piece.color]
