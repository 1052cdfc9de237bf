"""Puzzles on Discord: /puzzle gives one near the member's rating, privately,
/solve answers each move with the reply and the next board, a wrong move
ends the try with the solution, and the puzzle rating moves (/stats,
/leaderboard variant:puzzles). The test set is checked by the rules first."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.puzzles.positions import played, start
from bot.puzzles.source import PuzzleSource
from puzzles.catalogue import Puzzle, read_puzzles
from rules.outcome import Reason
from tests.conftest import Table, restart

SET = Path(__file__).with_name("data") / "puzzles_bot.jsonl"


def puzzle_set() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for puzzle in read_puzzles(SET)}


def give_set(env: simcord.Env) -> dict[str, Puzzle]:
    """The bot serves the test set (``Services.puzzles``), not the shipped one."""
    found = puzzle_set()
    env.bot.services.puzzles = PuzzleSource(found.values())
    return found


def spelled(puzzle: Puzzle, ply: int, style: str) -> str:
    """The solution's move at ``ply`` as the rules write it in ``style``."""
    game = played(puzzle, ply)
    return game.notate(game.parse(puzzle.solution[ply]), style)


def answer_of(result):
    return result.followups[-1] if result.followups else result.response


async def solve(actor: simcord.MemberActor, channel, move: str):
    return answer_of(await actor.slash(channel, "solve", move=move))


@pytest.fixture
def puzzles(table: Table) -> dict[str, Puzzle]:
    return give_set(table.env)


@pytest.mark.parametrize("puzzle", puzzle_set().values(), ids=lambda p: p.id)
def test_every_test_puzzle_ends_in_mate_and_its_first_move_alone_wins(puzzle: Puzzle):
    end = played(puzzle, len(puzzle.solution))
    outcome = end.outcome()
    assert outcome is not None and outcome.reason is Reason.CHECKMATE
    assert outcome.winner is start(puzzle).turn
    if len(puzzle.solution) == 1:  # a mate in one: no other first move mates
        game = start(puzzle)
        mates = []
        for action in game.legal_actions():
            trial = start(puzzle)
            trial.push(action)
            if (ended := trial.outcome()) is not None and ended.winner is game.turn:
                mates.append(action.text)
        assert mates == list(puzzle.solution)


async def test_a_two_move_puzzle_solved_in_two_notations(table: Table, puzzles):
    mate2 = puzzles["t-mate2"]
    given = await table.alice.slash(table.channel, "puzzle")
    shown = answer_of(given)
    assert given.ephemeral and shown.attachments
    assert "🧩 Puzzle t-mate2 · rated 1500" in shown.content
    assert "🔴 Red to move and mate in 2." in shown.content
    offered = await table.alice.autocomplete(table.channel, "solve", "move", "g8")
    assert "g8g9" in [choice["value"] for choice in offered]
    assert await table.bob.autocomplete(table.channel, "solve", "move", "") == []  # no puzzle
    first = await solve(table.alice, table.channel, "g8g9")
    reply = spelled(mate2, 1, "chinese")
    assert first.content.startswith(f"✅ {spelled(mate2, 0, 'chinese')} is right.")
    assert f"⚫ Black answers {reply}." in first.content
    assert "Your move: one more to find." in first.content and first.attachments
    last = await solve(table.alice, table.channel, spelled(mate2, 2, "wxf"))
    assert last.content.startswith(f"🎉 {spelled(mate2, 2, 'chinese')}: solved!")
    standing = await table.env.bot.store.puzzle_standing(table.alice.user.id)
    assert standing is not None and standing.rating > 1500 and standing.streak == 1
    assert f"Puzzle rating: {round(standing.rating)} (+{round(standing.rating - 1500)})" in (
        last.content
    )
    again = await solve(table.alice, table.channel, "g9f9")
    assert "You are not solving a puzzle" in again.content  # the try is over
    stats = await table.alice.slash(table.channel, "stats")
    assert f"🧩 Puzzles: {round(standing.rating)} ±" in stats.response.content
    assert "solved 1, failed 0 · streak 1 (best 1)" in stats.response.content


async def test_a_wrong_move_fails_and_shows_the_solution(table: Table, puzzles):
    mate2 = puzzles["t-mate2"]
    await table.bob.slash(table.channel, "settings", notation="wxf")
    await table.bob.slash(table.channel, "puzzle")
    refused = await solve(table.bob, table.channel, "e9e8")  # Black's piece: not legal
    assert "not a legal move" in refused.content
    assert (await table.env.bot.store.open_puzzle(table.bob.user.id)).plies == 0  # unchanged
    failed = await solve(table.bob, table.channel, "d0d1")
    assert failed.content.startswith("❌ ")
    moves = [spelled(mate2, ply, "wxf") for ply in range(3)]
    assert f"The solution:\n1. {moves[0]} {moves[1]}\n2. {moves[2]}" in failed.content
    standing = await table.env.bot.store.puzzle_standing(table.bob.user.id)
    assert standing is not None and standing.rating < 1500 and standing.streak == 0
    assert f"({round(standing.rating - 1500):+d}) · streak 0" in failed.content
    following = answer_of(await table.bob.slash(table.channel, "puzzle"))
    assert "t-black1" in following.content  # never the failed one again
    assert "⚫ Black to move and mate in 1." in following.content
    await table.bob.slash(table.channel, "settings", language="zh")
    shown = answer_of(await table.bob.slash(table.channel, "puzzle"))
    assert "这道题你还没做完" in shown.content and "⚫ 黑方走，一步杀。" in shown.content


async def test_a_jieqi_puzzle_wins_whatever_lies_beneath(table: Table, puzzles):
    shown = answer_of(await table.carol.slash(table.channel, "puzzle", variant="jieqi"))
    assert "🔴 Red to move and mate in 1." in shown.content
    assert "whatever lies beneath" in shown.content and shown.attachments
    offered = await table.carol.autocomplete(table.channel, "solve", "move", "b2")
    assert [choice["name"] for choice in offered] == ["reveal b2"]
    solved = await solve(table.carol, table.channel, "a7e7")
    assert "solved!" in solved.content
    refused = answer_of(await table.carol.slash(table.channel, "puzzle", variant="jieqi"))
    assert "You have had every puzzle of that variant" in refused.content
    none = answer_of(await table.carol.slash(table.channel, "puzzle", variant="tuibei"))
    assert "There are no Tuibei (prophecy xiangqi) puzzles yet." in none.content


async def test_the_puzzle_leaderboard_ranks_ratings_with_streaks(table: Table, puzzles):
    await table.alice.slash(table.channel, "puzzle")
    for move in ("g8g9", "g9f9"):
        await solve(table.alice, table.channel, move)
    await table.bob.slash(table.channel, "puzzle")
    await solve(table.bob, table.channel, "d0d1")
    offered = await table.alice.autocomplete(table.channel, "leaderboard", "variant", "puzz")
    assert [choice["value"] for choice in offered] == ["puzzles"]
    board = (await table.carol.slash(table.channel, "leaderboard", variant="puzzles")).response
    lines = board.content.split("\n")
    assert lines[0] == "🏆 Leaderboard: puzzles"
    assert lines[1].startswith("1. alice: ") and "streak 1 (best 1) · solved 1" in lines[1]
    assert lines[2].startswith("2. bob: ") and "streak 0 (best 0) · solved 0" in lines[2]


async def test_a_try_goes_on_after_a_restart_and_a_repeated_answer_moves_nothing(
    table: Table, puzzles, settings
):
    mate2 = puzzles["t-mate2"]
    await table.alice.slash(table.channel, "puzzle")
    await solve(table.alice, table.channel, spelled(mate2, 0, "chinese"))
    await restart(table.env, settings)
    give_set(table.env)
    stale = await solve(table.alice, table.channel, "g8g9")  # the first move again: gone
    assert "not a legal move" in stale.content
    offered = await table.alice.autocomplete(table.channel, "solve", "move", "g9")
    assert "g9f9" in [choice["value"] for choice in offered]
    assert "solved!" in (await solve(table.alice, table.channel, "g9f9")).content
