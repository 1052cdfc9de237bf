"""Plain results of game changes: what to say publicly and privately, not yet in words.

A :class:`Line` is a catalogue key with parameters; parameters that need the
reader's language or notation are :class:`Term`, :class:`Title` and
:class:`Moves`, resolved only when the line is shown (see ``bot.presenter``),
so one report serves readers of every language and notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.match import Pending
from rules.pieces import Color


@dataclass(frozen=True, slots=True)
class Term:
    """A catalogue key used as a parameter (a colour, a piece, a reason)."""

    key: str


@dataclass(frozen=True, slots=True)
class Title:
    """A name its owner gives in each language (a variant's title)."""

    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class Moves:
    """One move written in every notation style, so each reader gets their own.
    A ``<style>@<lang>`` entry is that style for readers of ``lang`` (an action
    written in words, not a board notation, in their language)."""

    by_style: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Line:
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Panel:
    """What a live board in one message shows beside its picture (a server's
    ``board: modern``), as public as the picture and taken when the entry was
    committed: the latest actions (their round, side and notation per style,
    ``None`` while secret), the players' names and both clock faces per
    language, and the side to move."""

    recent: tuple[tuple[int, Color, Mapping[str, str] | None], ...]
    names: tuple[str, str]
    faces: Mapping[str, tuple[str | None, str | None]]
    turn: Color


@dataclass(slots=True, weakref_slot=True)
class Report:
    """What one accepted entry (or a game start) changed.

    ``lines`` and ``board`` are public, written for ``reader_id`` (the
    actor, or Red for the bot's own entries such as timeouts); ``private``
    and ``private_boards`` go to one player each (by user id); ``note`` is for
    the actor alone; ``request`` is a pending draw or undo request that needs
    answer buttons; ``over`` says the entry ended the game. ``record`` is
    the part of ``lines`` that stays in the thread once a newer board replaces
    this one (what happened, not whose turn it was or the deadline).
    ``then`` is the report of a conditional answer played right after.
    ``panel`` is what a live board in one message adds (``bot/layout.py``).
    The publisher holds reports weakly, to publish a game's reports in the
    order of their commits.
    """

    game_id: int
    channel_id: int
    reader_id: int
    lines: list[Line]
    board: bytes | None = None
    private: dict[int, list[Line]] = field(default_factory=dict)
    private_boards: dict[int, bytes] = field(default_factory=dict)
    note: Line | None = None
    request: Pending | None = None
    over: bool = False  # the entry ended the game
    record: list[Line] = field(default_factory=list)
    # The queued answer played right after this entry (bot/premoves.py), published after it.
    then: Report | None = None
    panel: Panel | None = None
