"""What a user typed, folded so that any way of writing a move finds it."""

from __future__ import annotations

import unicodedata

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
