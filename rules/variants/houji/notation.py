"""Notation of successor xiangqi 后继象棋 (H-9): the queen, swaps and foul calls.

Queen moves name the queen (there is one per side) and its file, then the
direction and a number, as the rule document writes them:

=========================  ==============  ============  ======
move                       Chinese         WXF           ICCS
=========================  ==============  ============  ======
straight forward 3 ranks   ``后五进三``    ``Q5+3``      e1e4
sideways to file 4         ``后五平四``    ``Q5.4``      e1f1
diagonal forward, file 4   ``后五斜进四``  ``Q5/+4``     e1f2
diagonal backward, file 6  ``后五斜退六``  ``Q5/-6``     f2e1
=========================  ==============  ============  ======

After a diagonal (斜, WXF ``/``) the number is the file the queen lands on,
as for an advisor; after a straight move forward or backward it counts
ranks. Black writes digits (``后5斜进4``). Since 后 followed by a file
number always names the queen here, the rear of two like pieces on a file
is written with its kind (``后车进一``), as the standard formatter does.

Swaps (H-7) name the king or advisor that trades places with the queen:
``帅五换后`` / ``K5~Q``, ``仕四换后`` / ``A4~Q`` (``前仕换后`` / ``A+~Q``
when both advisors of a file could swap); ICCS writes the two squares,
``e0~e1``. A foul call (H-6) is ``犯规`` in Chinese and ``foul`` otherwise.
The advisor's sideways step on its back rank (H-2) is written like any
sideways move, ``仕六平五`` / ``A6.5``, which standard notation never reads.
"""

from __future__ import annotations

import re

from ...actions import Action, Move, Swap
from ...errors import AmbiguousMove, IllegalAction
from ...notation import format_move, parse_move
from ...notation.chinese import NUMBERS, NUMERALS
from ...notation.common import BACKWARD, FORWARD, SIDEWAYS, clean, file_number, invalid
from ...pieces import Color, Kind
from ...squares import parse_square
from .moves import QUEEN, HoujiPosition, diagonal

_DIRECTIONS = {"进": FORWARD, "進": FORWARD, "退": BACKWARD, "平": SIDEWAYS}
_WXF_DIRECTIONS = {"+": FORWARD, "-": BACKWARD, ".": SIDEWAYS, "=": SIDEWAYS}
_FILE = "[一二三四五六七八九1-9]"
_CHINESE_QUEEN = re.compile(
    rf"后({_FILE})(斜)?([进進退平])({_FILE})(?:[将將][军軍]?|绝杀|絕殺|[+#!?])*"
)
_WXF_QUEEN = re.compile(r"Q([1-9])(/)?([-+.=])([1-9])[+#!?]*", re.IGNORECASE)
# H-2: the advisor's sideways step on its back rank, which standard notation refuses.
_CHINESE_SIDEWAYS = re.compile(rf"[仕士]({_FILE})平({_FILE})(?:[将將][军軍]?|[+#!?])*")
_WXF_SIDEWAYS = re.compile(r"A([1-9])[.=]([1-9])[+#!?]*", re.IGNORECASE)
_ICCS_SWAP = re.compile(r"(?:swap)?([a-i][0-9])~([a-i][0-9])|swap([a-i][0-9])-?([a-i][0-9])")
_WXF_SWAP = re.compile(r"([KA])([1-9+-])?~Q", re.IGNORECASE)
_CHINESE_SWAP = re.compile(r"([前后後]?)([帅帥将將仕士])([前后後]?)(" + _FILE + r")?[换換]后")
_SWAP_KINDS = (
    {"K": Kind.KING, "A": Kind.ADVISOR}
    | {ch: Kind.KING for ch in "帅帥将將"}
    | {ch: Kind.ADVISOR for ch in "仕士"}
)
_PLACES = {"+": "front", "-": "rear", "前": "front", "后": "rear", "後": "rear"}


def _ahead(sq: int, color: Color) -> int:
    return sq // 9 if color is Color.RED else 9 - sq // 9


def queen_motion(move: Move, color: Color) -> tuple[bool, str, int]:
    """(diagonal, direction, number) of a queen move of ``color``, as H-9 writes it."""
    steps = _ahead(move.to_sq, color) - _ahead(move.from_sq, color)
    action = FORWARD if steps > 0 else BACKWARD if steps < 0 else SIDEWAYS
    slanted = diagonal(move)
    if slanted or action == SIDEWAYS:
        return slanted, action, file_number(move.to_sq, color)
    return slanted, action, abs(steps)


def _number(n: int, color: Color) -> str:
    return NUMERALS[n - 1] if color is Color.RED else str(n)


def format_houji(
    position: HoujiPosition,
    swaps: list[Swap],
    action: Action,
    style: str = "iccs",
    *,
    traditional: bool = False,
) -> str:
    """A legal move or swap (one of ``swaps``) of ``position`` in ``style``."""
    if isinstance(action, Swap):
        return _format_swap(position, swaps, action, style)
    if not isinstance(action, Move):
        return action.text
    piece = position.board[action.from_sq]
    if piece is None or piece.kind is not QUEEN or style == "iccs":
        return format_move(position, action, style, traditional=traditional)
    if not position.is_legal(action):
        raise IllegalAction(f"{action.text} is not a legal move here", move=action.text)
    color = piece.color
    slanted, way, number = queen_motion(action, color)
    origin = file_number(action.from_sq, color)
    if style == "wxf":
        return f"Q{origin}{'/' if slanted else ''}{way}{number}"
    verb = {FORWARD: "進" if traditional else "进", BACKWARD: "退", SIDEWAYS: "平"}[way]
    return f"后{_number(origin, color)}{'斜' if slanted else ''}{verb}{_number(number, color)}"


def _swap_place(position: HoujiPosition, swap: Swap, swaps: list[Swap]) -> str | None:
    """``front``/``rear`` when another swap's piece shares this piece's file, else ``None``."""
    piece = position.board[swap.first]
    assert piece is not None
    twins = [
        s.first for s in swaps if s.first % 9 == swap.first % 9 and position.board[s.first] == piece
    ]
    if len(twins) < 2:
        return None
    front = max(twins, key=lambda sq: _ahead(sq, piece.color))
    return "front" if swap.first == front else "rear"


def _format_swap(position: HoujiPosition, swaps: list[Swap], swap: Swap, style: str) -> str:
    if style == "iccs":
        return swap.text
    piece = position.board[swap.first]
    assert piece is not None
    color = piece.color
    place = _swap_place(position, swap, swaps)
    file = file_number(swap.first, color)
    if style == "wxf":
        where = {"front": "+", "rear": "-", None: str(file)}[place]
        return f"{piece.kind.wxf}{where}~Q"
    glyph = {Kind.KING: "帅将", Kind.ADVISOR: "仕士"}[piece.kind][color]
    if place is None:
        return f"{glyph}{_number(file, color)}换后"
    return f"{'前' if place == 'front' else '后'}{glyph}换后"


def parse_houji(position: HoujiPosition, swaps: list[Swap], text: str) -> Action:
    """The legal move or swap ``text`` names, in any notation.

    :raises InvalidNotation, AmbiguousMove, IllegalAction: naming the input.
    """
    cleaned = clean(text)
    if not cleaned:
        raise invalid(text, "empty move", "empty")
    lowered = cleaned.lower()
    if (m := _ICCS_SWAP.fullmatch(lowered)) is not None:
        a, b = (parse_square(s) for s in (m[1] or m[3], m[2] or m[4]))
        for swap in (Swap(a, b), Swap(b, a)):
            if swap in swaps:
                return swap
        raise IllegalAction(
            f"{text!r}: no legal swap of those squares", text=text, reason="no_swap"
        )
    if (m := _WXF_SWAP.fullmatch(cleaned.upper())) is not None:
        return _pick_swap(position, swaps, text, _SWAP_KINDS[m[1]], m[2])
    if (m := _CHINESE_SWAP.fullmatch(cleaned)) is not None:
        place = m[1] or m[3]
        where = place if place else (str(NUMBERS[m[4]]) if m[4] else None)
        return _pick_swap(position, swaps, text, _SWAP_KINDS[m[2]], where)
    if (m := _CHINESE_QUEEN.fullmatch(cleaned)) is not None:
        return _pick_queen(
            position, text, NUMBERS[m[1]], bool(m[2]), _DIRECTIONS[m[3]], NUMBERS[m[4]]
        )
    if (m := _WXF_QUEEN.fullmatch(cleaned)) is not None:
        return _pick_queen(position, text, int(m[1]), bool(m[2]), _WXF_DIRECTIONS[m[3]], int(m[4]))
    if (m := _CHINESE_SIDEWAYS.fullmatch(cleaned)) is not None:
        return _pick_sideways(position, text, NUMBERS[m[1]], NUMBERS[m[2]])
    if (m := _WXF_SIDEWAYS.fullmatch(cleaned)) is not None:
        return _pick_sideways(position, text, int(m[1]), int(m[2]))
    return parse_move(position, text)


def _pick_sideways(position: HoujiPosition, text: str, origin: int, target: int) -> Move:
    """The advisor's sideways step from file ``origin`` to file ``target`` (H-2)."""
    color = position.turn
    for move in position.legal_moves():
        piece = position.board[move.from_sq]
        if (
            piece is not None
            and piece.kind is Kind.ADVISOR
            and move.from_sq // 9 == move.to_sq // 9
            and file_number(move.from_sq, color) == origin
            and file_number(move.to_sq, color) == target
        ):
            return move
    raise IllegalAction(f"{text!r}: no legal sideways advisor step fits", text=text)


def _pick_swap(
    position: HoujiPosition, swaps: list[Swap], text: str, kind: Kind, where: str | None
) -> Swap:
    color = position.turn
    fitting = []
    for swap in swaps:
        piece = position.board[swap.first]
        if piece is None or piece.kind is not kind:
            continue
        if where in _PLACES:
            if _swap_place(position, swap, swaps) != _PLACES[where]:
                continue
        elif where is not None and file_number(swap.first, color) != int(where):
            continue
        fitting.append(swap)
    if len(fitting) == 1:
        return fitting[0]
    if not fitting:
        raise IllegalAction(f"{text!r}: no legal swap fits", text=text, reason="no_swap")
    names = ", ".join(s.text for s in fitting)
    raise AmbiguousMove(f"{text!r} fits {len(fitting)} swaps: {names}", text=text, moves=names)


def _pick_queen(
    position: HoujiPosition, text: str, file: int, slanted: bool, way: str, number: int
) -> Move:
    color = position.turn
    for move in position.legal_moves():
        piece = position.board[move.from_sq]
        if (
            piece is not None
            and piece.kind is QUEEN
            and file_number(move.from_sq, color) == file
            and queen_motion(move, color) == (slanted, way, number)
        ):
            return move
    raise IllegalAction(f"{text!r}: no legal queen move fits", text=text)
