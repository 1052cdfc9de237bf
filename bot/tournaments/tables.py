"""A tournament's table and rounds as the bot shows them: the stored records
made into ``tournaments`` values, the standings picture, the pairing lines."""

from __future__ import annotations

from collections.abc import Sequence

from render.standings import Row, score_text, standings_image
from storage import EntrantRecord, PairingRecord, TournamentRecord, TournamentStatus
from tournaments import Format, Pairing, Result, Standing, standings
from tournaments.berger import rounds_for
from tournaments.standings import TIEBREAKS

from ..i18n import t
from ..players import PlayerDirectory


def format_of(tournament: TournamentRecord) -> Format:
    return Format(tournament.format)


def pairings_of(records: Sequence[PairingRecord]) -> list[Pairing]:
    return [
        Pairing(p.round, p.board, p.red_id, p.black_id, Result(p.result) if p.result else None)
        for p in records
    ]


def seeds_of(entrants: Sequence[EntrantRecord]) -> list[int]:
    """The entrants in pairing-number order (the store lists them so)."""
    return [e.user_id for e in entrants]


def total_rounds(tournament: TournamentRecord, entrants: Sequence[EntrantRecord]) -> int | None:
    """A Swiss's rounds as chosen, a round-robin's from its field; an arena has none."""
    kind = format_of(tournament)
    if kind is Format.SWISS:
        return tournament.rounds
    if kind is Format.ROUND_ROBIN:
        return rounds_for(len(entrants))
    return None


def table(
    tournament: TournamentRecord,
    entrants: Sequence[EntrantRecord],
    records: Sequence[PairingRecord],
) -> list[Standing]:
    withdrawn = {e.user_id for e in entrants if e.withdrawn}
    return standings(format_of(tournament), seeds_of(entrants), pairings_of(records), withdrawn)


def progress(tournament: TournamentRecord, entrants: Sequence[EntrantRecord], lang: str) -> str:
    """Where it stands: not started, round n of m (an arena: its games), over."""
    if tournament.status is TournamentStatus.PENDING:
        return t(lang, "tournament.progress.pending")
    if tournament.status is TournamentStatus.CANCELLED:
        return t(lang, "tournament.progress.cancelled")
    if tournament.status is TournamentStatus.FINISHED:
        return t(lang, "tournament.progress.finished")
    total = total_rounds(tournament, entrants)
    if total is None:
        return t(lang, "tournament.progress.arena")
    return t(lang, "tournament.progress.round", round=tournament.round, total=total)


async def standings_png(
    players: PlayerDirectory,
    tournament: TournamentRecord,
    entrants: Sequence[EntrantRecord],
    records: Sequence[PairingRecord],
    lang: str,
) -> bytes:
    """The standings image in ``lang``."""
    for entrant in entrants:
        await players.recall(entrant.user_id)
    rows = [
        Row(s.rank, players.raw_name(s.player), s.points, s.tiebreaks, s.withdrawn)
        for s in table(tournament, entrants, records)
    ]
    subtitle = progress(tournament, entrants, lang)
    return standings_image(tournament.name, subtitle, rows, TIEBREAKS[format_of(tournament)], lang)


def result_text(pairing: PairingRecord, lang: str) -> str:
    """``1-0``, ``0-1``, ``½-½``, a forfeit or a bye, or that it is being played."""
    if pairing.result is None:
        return t(lang, "tournament.result.playing")
    result = Result(pairing.result)
    if result is Result.BYE:
        return t(lang, "tournament.result.bye", points=score_text(result.points[0]))
    red, black = (score_text(p) for p in result.points)
    if result.played:
        return f"{red}-{black}"
    return t(lang, "tournament.result.forfeit", score=f"{red}-{black}")


def pairing_line(
    players: PlayerDirectory, pairing: PairingRecord, lang: str, where: str | None, ping: bool
) -> str:
    """One board: ``3. alice – bob: 1-0 (link)``; players as mentions when ``ping``."""

    def name(user_id: int) -> str:
        return f"<@{user_id}>" if ping else players.name(user_id)

    if pairing.black_id is None:
        return t(lang, "tournament.pairing.bye", board=pairing.board, player=name(pairing.red_id))
    return t(
        lang,
        "tournament.pairing.game",
        board=pairing.board,
        red=name(pairing.red_id),
        black=name(pairing.black_id),
        result=result_text(pairing, lang),
        where=f" {where}" if where else "",
    )
