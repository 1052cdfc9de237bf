"""The ECCO directory, read from the package's ``ecco.json``.

Each code's defining lines are turned into a *pattern*: where the line's
moves put each piece (a piece known by the square it started on). A move in
parentheses only makes the rest of the line playable (the code does not
depend on it), so it adds nothing. A game shows a pattern when each of those
pieces has stood on its square during the game's first rounds, whatever the
move order. A code marked ``exact`` is one the published classification
decides by what is played in given rounds: a game shows its lines only when
it plays their moves within as many plies as they have. A line may be exact
up to a ``|`` only: the moves before it must be played within as many
plies, the rest whenever the line allows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..notation.iccs import parse_iccs
from ..position import Position

FALLBACK = "A00"  # "other openings": what no defining line matches
EXACT_END = "|"  # in a line: the moves before it are exact

Fact = tuple[int, int]  # (square a piece started on, square it stands on)


@dataclass(frozen=True)
class Opening:
    """One ECCO code with its names (the variation, if any, after a dash)."""

    code: str
    zh: str
    en: str

    def name(self, lang: str) -> str:
        """The name for a reader of ``lang`` (Chinese for ``zh``, else English)."""
        return self.zh if lang == "zh" else self.en

    def label(self, lang: str) -> str:
        """``B05 中炮对进左马``: code and name."""
        return f"{self.code} {self.name(lang)}"


@dataclass(frozen=True)
class Pattern:
    """Where a line puts the pieces it moves; its first move's fact (a line
    belongs to the family its first move opens); its length in plies, and
    whether a game must show it within that length; the facts of its exact
    part (all of them for an exact line) and that part's length."""

    facts: frozenset[Fact]
    first: Fact
    plies: int
    exact: bool
    prefix: frozenset[Fact]
    prefix_plies: int


@dataclass(frozen=True)
class Directory:
    """The openings by code, and each defining pattern with its code."""

    openings: dict[str, Opening]
    patterns: tuple[tuple[Pattern, str], ...]


def travels(moves: Iterable[str]) -> Iterator[Fact]:
    """For each ICCS move from the start, the moving piece's first square and
    where it lands."""
    position = Position.start()
    origin = {sq: sq for sq, piece in enumerate(position.board) if piece is not None}
    for text in moves:
        move = parse_iccs(position, text)
        position.push(move)
        origin[move.to_sq] = origin.pop(move.from_sq)
        yield origin[move.to_sq], move.to_sq


def line_moves(line: str) -> list[str]:
    """The ICCS moves of a directory line, free ones included."""
    return [text.strip("()") for text in line.split() if text != EXACT_END]


def line_pattern(line: str, exact: bool = False) -> Pattern:
    """The pattern of ``line`` (ICCS moves from the start, free ones in
    parentheses, the end of its exact part marked ``|``)."""
    head, _, _ = line.partition(EXACT_END)
    texts = [text for text in line.split() if text != EXACT_END]
    facts = list(travels(line_moves(line)))
    placed = [fact for fact, text in zip(facts, texts, strict=True) if not text.startswith("(")]
    if exact:
        prefix, prefix_plies = placed, len(texts)
    else:
        prefix_plies = len(head.split()) if EXACT_END in line else 0
        prefix = [fact for fact in placed if fact in facts[:prefix_plies]]
    return Pattern(frozenset(placed), placed[0], len(texts), exact, frozenset(prefix), prefix_plies)


@cache
def directory() -> Directory:
    """The directory, parsed once."""
    raw = json.loads(resources.files(__package__).joinpath("ecco.json").read_text("utf-8"))
    openings: dict[str, Opening] = {}
    patterns: list[tuple[Pattern, str]] = []
    for code, entry in raw["codes"].items():
        openings[code] = Opening(code, entry["zh"], entry["en"])
        exact = entry.get("exact", False)
        patterns += [(line_pattern(line, exact), code) for line in entry["lines"]]
    # Most specific first: a pattern placing more pieces says more.
    patterns.sort(key=lambda item: -len(item[0].facts))
    return Directory(openings, tuple(patterns))
