"""The shipped set of endgames, read from ``data/endgames.json``, with the
verdict ``python -m endgames build`` wrote beside each one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, cast

from rules.pieces import Color
from rules.standard import StandardXiangqi

DATA = Path(__file__).with_name("data") / "endgames.json"

Goal = Literal["win", "draw"]
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
GOALS: tuple[Goal, ...] = ("win", "draw")


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's result with best play for the player's side (``win``,
    ``draw`` or ``loss``), the mate it found (the player's moves to mate,
    ``None`` when it found none) or its score in centipawns, and the budget
    it searched with, so the check can be run again the same way."""

    result: str
    mate: int | None
    score: int | None
    depth: int
    nodes: int

    def to_data(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "mate": self.mate,
            "score": self.score,
            "depth": self.depth,
            "nodes": self.nodes,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Verdict:
        mate, score = data.get("mate"), data.get("score")
        return cls(
            result=str(data["result"]),
            mate=None if mate is None else int(mate),
            score=None if score is None else int(score),
            depth=int(data["depth"]),
            nodes=int(data["nodes"]),
        )


@dataclass(frozen=True, slots=True)
class Endgame:
    """One endgame: the position, the side the player takes (the side to
    move; the other is the engine's), what the player must do (``win``, or hold the ``draw``) and in
    how many of their own moves at most."""

    id: str
    zh: str
    en: str
    fen: str
    side: Color
    goal: Goal
    limit: int
    level: str
    verdict: Verdict | None = None

    def name(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "zh": self.zh,
            "en": self.en,
            "fen": self.fen,
            "side": "red" if self.side is Color.RED else "black",
            "goal": self.goal,
            "limit": self.limit,
            "level": self.level,
        }
        if self.verdict is not None:
            data["verdict"] = self.verdict.to_data()
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Endgame:
        """:raises ValueError: for an entry that cannot be played as written."""
        goal, level, side = data["goal"], data["level"], data["side"]
        if goal not in GOALS or level not in LEVELS or side not in ("red", "black"):
            raise ValueError(f"endgame {data.get('id')!r}: bad goal, level or side")
        limit = int(data["limit"])
        if limit < 1:
            raise ValueError(f"endgame {data['id']!r}: the move limit must be positive")
        fen = str(data["fen"])
        game = StandardXiangqi.start({"fen": fen})
        if game.outcome() is not None or game.position.king_in_danger(game.turn.other()):
            raise ValueError(f"endgame {data['id']!r}: not a position to start from")
        if game.turn.code != side[0]:
            raise ValueError(f"endgame {data['id']!r}: the player moves first")
        verdict = data.get("verdict")
        return cls(
            id=str(data["id"]),
            zh=str(data["zh"]),
            en=str(data["en"]),
            fen=fen,
            side=Color.RED if side == "red" else Color.BLACK,
            goal=cast(Goal, goal),
            limit=limit,
            level=str(level),
            verdict=None if verdict is None else Verdict.from_data(verdict),
        )


def read_endgames(path: Path) -> tuple[Endgame, ...]:
    """Every endgame of a data file, in file order. :raises ValueError: for a
    bad entry or an id given twice."""
    entries = json.loads(path.read_text(encoding="utf-8"))
    endgames = tuple(Endgame.from_data(entry) for entry in entries)
    ids = [endgame.id for endgame in endgames]
    if len(set(ids)) != len(ids):
        raise ValueError("an endgame id is given twice")
    return endgames


def write_endgames(path: Path, endgames: tuple[Endgame, ...]) -> None:
    text = json.dumps([e.to_data() for e in endgames], ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


@cache
def shipped() -> tuple[Endgame, ...]:
    """The shipped set, easy ones first."""
    return tuple(sorted(read_endgames(DATA), key=lambda e: LEVELS.index(e.level)))


def find(endgame_id: str) -> Endgame | None:
    return next((e for e in shipped() if e.id == endgame_id), None)


def of_level(level: str) -> tuple[Endgame, ...]:
    return tuple(e for e in shipped() if e.level == level)
