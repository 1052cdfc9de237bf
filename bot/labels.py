"""Actions as /move's autocomplete offers them, and every spelling typing finds.

A move is labelled in the reader's notation with its ICCS value beside it
(``炮二平五 (h2e2)``). An action that is not a board move is labelled in words
of the reader's language whatever their notation (``reveal a0`` / ``翻a0``,
``predict chariot`` / ``预测 箭``: a Tuibei tile never by its Chinese
mahjong name to a reader of English), and is found by its words in every
language, its log code, and the other verbs a player may type (``揭`` for a
reveal, as ``翻``)."""

from __future__ import annotations

from rules.actions import Action
from rules.squares import square_name
from rules.variant import Game
from rules.variants.jieqi.actions import Reveal

from .typed import written

_ALSO = {Reveal: ("揭{square}", "flip{square}", "翻{square}")}  # other ways to say it


def label(game: Game, action: Action, style: str, lang: str) -> tuple[str, list[str]]:
    """``action`` as offered to a reader, and the spellings typing may look for."""
    value = action.text
    spelled = written(game, action)
    worded = f"{style}@{lang}" in spelled
    if not worded:  # a board move, or a swap that has a notation of its own
        shown = spelled.get(f"{style}@{lang}") or spelled[style]
        return (shown if shown == value else f"{shown} ({value})"), [*spelled.values(), value]
    extra = [
        form.format(square=square_name(action.square))  # type: ignore[attr-defined]
        for form in _ALSO.get(type(action), ())
    ]
    return spelled[f"{style}@{lang}"], [*spelled.values(), *extra, value]
