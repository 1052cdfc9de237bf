"""Practical endgames through Discord, end to end with SimCord and the real
engine: an endgame won against the computer's best defence, one lost on
the move limit, a draw held to the limit, the progress in /endgame list and /stats, a restart in the
middle of a try, and refusals that change nothing."""

from __future__ import annotations

from dataclasses import replace

import bot.cogs.endgame
import bot.endgames.tries
from computer.fairy import engine_path
from endgames.catalogue import find, shipped
from rules.outcome import Reason
from rules.pieces import Color
from rules.standard import StandardXiangqi
from tests.conftest import Table, restart
from tests.system_tools import require

# 车对单士: Red to move mates in two (the build's verdict) and has three moves.
MATE_IN_TWO = "chariot-vs-advisor"
FIRST_MOVE = "a1e1"  # the chariot takes the king's file: every defence is mated next
# Three chariot moves up the a-file, none a mate: the limit comes first.
AIMLESS = ("a1a2", "a2a3", "a3a4")


def manager_of(table: Table, thread):
    return table.env.bot.hub.here(thread.id)


def winning(game) -> list[str]:
    """The moves of the side to move that win at once (a mate, or a stalemate,
    which loses in xiangqi), by the rules' own judgement."""
    found = []
    for move in game.legal_actions():
        after = StandardXiangqi.start({"fen": game.position.fen()})
        after.push(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner is game.turn:
            found.append(move.text)
    return found


def mates(manager) -> list[str]:
    return winning(manager.match.game)


def safe(manager) -> str:
    """A move of the player after which the computer cannot win at once."""
    game = manager.match.game
    for move in game.legal_actions():
        after = StandardXiangqi.start({"fen": game.position.fen()})
        after.push(move)
        if after.outcome() is None and not winning(after):
            return move.text
    raise AssertionError("every move loses at once")


async def start(table: Table, endgame_id: str):
    result = await table.alice.slash(table.channel, "endgame play", id=endgame_id)
    assert "takes on the endgame" in (result.followups or [result.response])[-1].content
    thread = table.channel.threads[-1]
    manager = manager_of(table, thread)
    assert manager is not None and manager.options["endgame"] == endgame_id
    assert not manager.rated
    return thread, manager


async def settle(table: Table) -> None:
    await table.env.bot.get_cog("Computer").settled()
    await table.env.bot.get_cog("Endgames").settled()


def texts(thread) -> str:
    return "\n".join(message.content for message in thread.history())


async def test_an_endgame_is_won_against_the_best_defence(table):
    require(engine_path(), "fairy-stockfish")
    endgame = find(MATE_IN_TWO)
    assert endgame is not None and endgame.verdict is not None and endgame.verdict.mate == 2
    thread, manager = await start(table, MATE_IN_TWO)
    assert manager.ids[Color.RED] == table.alice.id
    assert "alice (🔴 Red) vs TestBot (⚫ Black)" in thread.history()[0].content
    await table.alice.slash(thread, "move", move=FIRST_MOVE)
    await settle(table)
    assert manager.looks_like_turn(table.alice.id), "the computer did not answer"
    finishing = mates(manager)
    assert finishing, "the computer escaped the mate in two"
    await table.alice.slash(thread, "move", move=finishing[0])
    await settle(table)
    assert manager.finished and manager.match.outcome.winner is Color.RED
    assert "Endgame Chariot against one advisor solved, in 2 moves." in texts(thread)
    listing = await table.alice.slash(table.channel, "endgame list", level="easy")
    assert "✅ Chariot against one advisor (chariot-vs-advisor)" in listing.response.content
    assert "best: 2 moves" in listing.response.content
    stats = await table.alice.slash(table.channel, "stats")
    assert f"Endgames solved: 1 of {len(shipped())}" in stats.response.content
    ratings = await table.env.bot.store.player_stats(table.alice.id)
    assert all(row.rated_games == 0 for row in ratings)  # tries are never rated


async def test_an_endgame_is_lost_on_the_move_limit(table):
    require(engine_path(), "fairy-stockfish")
    thread, manager = await start(table, MATE_IN_TWO)
    for move in AIMLESS[:-1]:
        await table.alice.slash(thread, "move", move=move)
        await settle(table)
        assert not manager.finished and manager.looks_like_turn(table.alice.id)
    await table.alice.slash(thread, "move", move=AIMLESS[-1])
    await settle(table)
    assert manager.finished and manager.match.outcome.winner is Color.BLACK
    shown = texts(thread)
    assert "The move limit is reached: 3 moves." in shown
    assert "Endgame Chariot against one advisor not solved this time." in shown
    progress = await table.env.bot.store.endgame_progress(table.alice.id)
    assert progress[MATE_IN_TWO].tries == 1 and not progress[MATE_IN_TWO].solved
    stats = await table.alice.slash(table.channel, "stats")
    assert f"Endgames solved: 0 of {len(shipped())}" in stats.response.content
    summary = await table.alice.slash(table.channel, "endgame list")
    assert "easy: 0 of" in summary.response.content


async def test_a_restart_in_the_middle_keeps_the_try(table, settings):
    require(engine_path(), "fairy-stockfish")
    thread, _ = await start(table, MATE_IN_TWO)
    await table.alice.slash(thread, "move", move=FIRST_MOVE)
    await settle(table)
    await restart(table.env, settings)
    manager = manager_of(table, thread)
    assert manager is not None and manager.looks_like_turn(table.alice.id)
    await table.alice.slash(thread, "move", move=mates(manager)[0])
    await settle(table)
    progress = await table.env.bot.store.endgame_progress(table.alice.id)
    assert progress[MATE_IN_TWO].solved and progress[MATE_IN_TWO].best_moves == 2


async def test_the_first_unsolved_endgame_is_offered_and_junk_is_refused(table):
    require(engine_path(), "fairy-stockfish")
    refused = await table.alice.slash(table.channel, "endgame play", id="no-such-endgame")
    assert "There is no endgame no-such-endgame" in refused.response.content
    wrong_level = await table.alice.slash(
        table.channel, "endgame play", level="hard", id=MATE_IN_TWO
    )
    assert "There is no endgame" in wrong_level.response.content
    assert table.channel.threads == []
    choices = await table.alice.autocomplete(table.channel, "endgame play", "id", "advisor")
    assert any(choice["value"] == MATE_IN_TWO for choice in choices)
    await table.alice.slash(table.channel, "endgame play", level="medium")
    manager = manager_of(table, table.channel.threads[-1])
    first = next(e for e in shipped() if e.level == "medium")
    assert manager.options["endgame"] == first.id


async def test_a_draw_held_to_the_limit_is_agreed(table, monkeypatch):
    """马对双士 with its limit cut to two moves, so the test is short: the
    player defends twice, and the try ends as a draw, held."""
    require(engine_path(), "fairy-stockfish")
    held = find("horse-vs-two-advisors")
    assert held is not None and held.goal == "draw"
    short = replace(held, limit=2)

    def found(endgame_id: str):
        return short if endgame_id == short.id else find(endgame_id)

    monkeypatch.setattr(bot.endgames.tries, "find", found)
    monkeypatch.setattr(bot.cogs.endgame, "find", found)
    thread, manager = await start(table, short.id)
    assert manager.ids[Color.BLACK] == table.alice.id
    for _ in range(short.limit):
        assert not manager.finished
        await table.alice.slash(thread, "move", move=safe(manager))
        await settle(table)
    outcome = manager.match.outcome
    assert outcome is not None and outcome.winner is None
    assert outcome.reason is Reason.DRAW_AGREED
    shown = texts(thread)
    assert "The move limit is reached: 2 moves." in shown
    assert "Endgame Horse against two advisors solved, in 2 moves." in shown
    progress = await table.env.bot.store.endgame_progress(table.alice.id)
    assert progress[short.id].solved
