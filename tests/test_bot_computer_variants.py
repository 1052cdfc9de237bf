"""Games against the computer in successor xiangqi and third-generation
xiangqi, end to end with SimCord: the computer plays its turns (and in
third-generation xiangqi its setup) through the path a player uses, and
nothing it alone may know goes public."""

from __future__ import annotations

import random
import sys
from types import SimpleNamespace

import pytest

from rules.pieces import Color
from rules.variants.fanbing.backs import Setup
from tests.test_bot_computer import (
    WHOLE_GAME_LEVEL,
    manager_of,
    play_to_the_end,
    public_texts,
)
from tests.test_bot_fanbing import arrange

# A whole game, then its review, searched in worker processes: on a busy
# machine the review alone can outlast SimCord's default 5 s to settle. No
# verdict reads the clock; this only keeps the harness from giving up early.
pytestmark = pytest.mark.simcord(settle_timeout=60)


async def test_a_whole_houji_game_against_the_computer(table):
    result = await table.alice.slash(
        table.channel, "play computer", variant="houji", level=WHOLE_GAME_LEVEL, color="black"
    )
    assert f"plays the computer at level {WHOLE_GAME_LEVEL}" in result.response.content
    thread = table.channel.threads[-1]
    assert "TestBot (🔴 Red) vs alice (⚫ Black)" in thread.history()[0].content
    await play_to_the_end(table, thread)
    result = await table.alice.slash(thread, "review")  # successor xiangqi is reviewed
    answer = result.followups[-1] if result.followups else result.response
    assert answer.attachments and "Review of game" in answer.content


@pytest.fixture
def fixed_dice(env, monkeypatch) -> None:
    """The deal, the computer's backs and its noise drawn from one seeded
    generator, so the game is the same in every run (with its own dice, a
    level-3 game against a random mover now and then outlasts the test)."""
    rng = random.Random(3)
    dice = SimpleNamespace(randbits=rng.getrandbits, randbelow=rng.randrange)
    for name in ("bot.opening", "bot.cogs.computer", "computer.opponent"):
        monkeypatch.setattr(sys.modules[name], "secrets", dice)


@pytest.mark.usefixtures("fixed_dice")
async def test_a_whole_fanbing_game_against_the_computer_setup_included(table):
    """The computer arranges its backs at once; the game starts when Alice is
    done, and the computer (Red) then moves first."""
    await table.alice.slash(
        table.channel, "play computer", variant="fanbing", level=WHOLE_GAME_LEVEL, color="black"
    )
    thread = table.channel.threads[-1]
    manager = manager_of(table, thread)
    await table.env.bot.get_cog("Computer").settled()
    assert manager.setup_phase is not None and manager.setup_phase.done == [True, False]
    assert manager.seq == 0  # no move before Alice is done
    moved = await table.alice.slash(thread, "move", move="h7e7")
    assert "still arranging" in moved.response.content
    await arrange(table, table.alice, thread, Setup.random(random.Random(4)))
    await table.env.bot.get_cog("Computer").settled()
    assert manager.setup_phase is None and manager.looks_like_turn(table.alice.id)
    assert manager.match.actors == [Color.RED]
    await play_to_the_end(table, thread)
    # Setup lines are private: none, Alice's or the computer's, went public.
    assert not any("Your backs" in text for text in public_texts(thread))
