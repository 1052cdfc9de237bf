"""Moves as typed and as written: folding input so that any way of writing a
move finds it, and writing an action so that no line mixes languages."""

from __future__ import annotations

import unicodedata

from rules.actions import Action, Move, Pass, Swap
from rules.squares import square_name
from rules.variant import Game

from .i18n import LANGUAGES, t
from .variants import table_for

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
    (a reveal, a flip, a prediction) is written in words of the reader's
    language whatever their notation (``<style>@<lang>``): ``reveal a0`` or
    ``翻a0``, never its log code ``+a0``. A successor-xiangqi swap has a
    notation of its own (``帅五换后``, ``K5~Q``, ``e0~e1``), whose English
    readers get the WXF form in the Chinese style."""
    spelled = {style: game.notate(action, style) for style in STYLES}
    if isinstance(action, Move):
        return spelled
    words = _in_words(game, action)
    if words is None:
        spelled["chinese@en"] = spelled["wxf"]
        return spelled
    for style in STYLES:
        for lang in LANGUAGES:
            spelled[f"{style}@{lang}"] = words[lang]
    return spelled


def _in_words(game: Game, action: Action) -> dict[str, str] | None:
    """An action that is no board move, per language; ``None`` for a swap of
    successor xiangqi, which its notation writes. A variant's room may word
    its actions itself (a reveal of Jieqi, a flip or double flip of
    third-generation xiangqi)."""
    own = table_for(game.name).words(game, action)
    if own is not None:
        key, square = own
    elif isinstance(action, Swap):
        return None
    elif isinstance(action, Pass):
        key, square = "said.pass", None
    else:  # predictions, counters, a foul call: already words in both styles
        return {"en": game.notate(action, "wxf"), "zh": game.notate(action, "chinese")}
    where = square_name(square) if square is not None else ""
    return {lang: t(lang, key, square=where) for lang in LANGUAGES}


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
