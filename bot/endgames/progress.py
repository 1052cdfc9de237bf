"""A member's endgame progress in words: the line of ``/stats`` and the
lists of ``/endgame list``."""

from __future__ import annotations

from endgames.catalogue import LEVELS, Endgame, of_level, shipped
from storage import Store
from storage.records import EndgameProgress

from ..i18n import t


async def stats_lines(store: Store, user_id: int, lang: str) -> list[str]:
    """How many endgames the member has solved, once they have tried one."""
    progress = await store.endgame_progress(user_id)
    if not progress:
        return []
    solved = sum(p.solved for p in progress.values())
    return [t(lang, "endgame.stats", solved=solved, total=len(shipped()))]


def level_summary(progress: dict[str, EndgameProgress], lang: str) -> list[str]:
    """One line per level: how many of its endgames are solved."""
    return [
        t(
            lang,
            "endgame.level_line",
            level=t(lang, f"endgame.level.{level}"),
            solved=sum(1 for e in of_level(level) if solved(progress, e)),
            total=len(of_level(level)),
        )
        for level in LEVELS
    ]


def level_list(progress: dict[str, EndgameProgress], level: str, lang: str) -> list[str]:
    """Every endgame of ``level``: solved or not, its goal and limit, and for
    a win the fewest moves a solution took."""
    lines = []
    for endgame in of_level(level):
        mine = progress.get(endgame.id)
        best = mine.best_moves if mine is not None and endgame.goal == "win" else None
        lines.append(
            t(
                lang,
                "endgame.row" if best is None else "endgame.row_best",
                mark="✅" if solved(progress, endgame) else "▫️",
                name=endgame.name(lang),
                id=endgame.id,
                goal=goal_text(endgame, lang),
                tries=0 if mine is None else mine.tries,
                best=best,
            )
        )
    return lines


def goal_text(endgame: Endgame, lang: str) -> str:
    """The goal in ``lang``: "win within 6 moves", "hold the draw for 10 moves"."""
    return t(lang, f"endgame.goal.{endgame.goal}", limit=endgame.limit)


def solved(progress: dict[str, EndgameProgress], endgame: Endgame) -> bool:
    mine = progress.get(endgame.id)
    return mine is not None and mine.solved
