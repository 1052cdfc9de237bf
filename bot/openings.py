"""The ECCO opening of a standard game, as the bot names it: under the move
list of /moves, in the result message, under the review's title and in
/stats. Computed from the game's moves each time, so nothing is stored."""

from __future__ import annotations

from collections import Counter

from rules.match import Match
from rules.openings import Opening, game_opening
from rules.standard import StandardXiangqi
from rules.variant import Game
from storage import Store

from .i18n import t

STATS_GAMES = 50  # how many of a player's latest finished games /stats reads
STATS_SHOWN = 3


def opening_lines(game: Game, lang: str) -> list[str]:
    """``["Opening: B05 Central Cannon vs Left Horse"]``, or no line for a
    game without one (a variant, a handicap, a set-up position, no move)."""
    opening = game_opening(game)
    return [t(lang, "opening.line", opening=opening.label(lang))] if opening else []


async def most_played_lines(store: Store, user_id: int, lang: str) -> list[str]:
    """The /stats line naming the player's most played openings with their
    counts (ties by code), or none before a first finished standard game."""
    counts: Counter[Opening] = Counter()
    for record in await store.recent_games(user_id, limit=STATS_GAMES):
        if record.variant == StandardXiangqi.name:
            # The records carry their logs, and standard xiangqi draws on no
            # seed: replayed here, without reading each game again.
            entries = [entry.text for entry in record.entries]
            match = Match.replay(record.variant, record.options, 0, entries)
            opening = game_opening(match.game)
            if opening is not None:
                counts[opening] += 1
    if not counts:
        return []
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0].code))[:STATS_SHOWN]
    shown = t(lang, "opening.separator").join(
        t(lang, "opening.count", opening=opening.label(lang), games=n) for opening, n in ranked
    )
    return [t(lang, "opening.most_played", openings=shown)]
