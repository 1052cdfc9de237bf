"""Moves as typed and as written: folding input so that any way of writing a
move finds it, and writing an action so that no line mixes languages."""

from __future__ import annotations

import unicodedata

from rules.actions import Action, Move
from rules.variant import Game

STYLES = ("chinese", "wxf", "iccs")

# Chinese numerals and traditional forms, as typed for the simplified notation.
_FOLD = str.maketrans(
    "一二三四五六七八九進馬車砲帥將仕相傌俥炮",
    "123456789进马车炮帅将士相马车炮",
)


def folded(text: str) -> str:
    """``text`` without spaces, in lower case, full-width forms made plain
    (``Ｃ２．５`` is ``c2.5``) and numerals as digits (``炮二平五`` is ``炮2平5``)."""
    plain = unicodedata.normalize("NFKC", text)
    return "".join(plain.split()).lower().translate(_FOLD)


def written(game: Game, action: Action) -> dict[str, str]:
    """``action`` in every notation style. An action that is not a board move
    (a reveal, a prediction) is written in Chinese words in the Chinese style;
    English readers get its Latin spelling instead (``chinese@en``)."""
    spelled = {style: game.notate(action, style) for style in STYLES}
    if not isinstance(action, Move):
        spelled["chinese@en"] = spelled["wxf"]
    return spelled


# The ruling a refusal of the rules cites, and how the bot words it.
_REFUSALS = (
    ("(J-3)", "face_down_still"),
    ("(J-6)", "leaves_king_in_check"),
    (" cannot move to ", "cannot_reach"),
)


def refusal_reason(message: str) -> str | None:
    """Why the rules refused a move, as a catalogue reason, when they say: a
    variant's summary of its moves must not answer a refusal with another
    cause (a face-up cannon is not told about face-down pieces)."""
    for mark, reason in _REFUSALS:
        if mark in message:
            return reason
    return None
