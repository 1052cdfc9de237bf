"""Third-generation xiangqi (fanbing) through Discord: the private /setup, flips
and double flips by /move, the end; and the secrecy of a player's setup.

Alice plays Red and Bob Black. The game below was found by a biased random
search over the rules (flips and new-piece captures preferred) with the two
setups the players choose here; it holds an invalid flip and its forced flip
back, valid flips, a double flip, new pieces capturing, and ends in mate. (Its
pawn on a9, its back public once flipped back, may not flip there again: F-2.)
"""

from __future__ import annotations

import re

import simcord

from bot.variants.fanbing.arranging import SetupPhase
from rules.actions import Move, parse_action
from rules.pieces import THIRD_GEN_KINDS, Kind
from rules.variants.fanbing.backs import Setup, seed_for
from rules.variants.fanbing.game import Fanbing
from tests.conftest import Table, restart
from tests.table_helpers import whole_rules

K = Kind
RED = Setup((K.HORSE, K.ADVISOR, K.CANNON, K.CHARIOT, K.ELEPHANT), 5, 2, 0, 1, 1)
BLACK = Setup((K.CHARIOT, K.HORSE, K.CANNON, K.ELEPHANT, K.ADVISOR), 3, 6, 8, 7, 7)
GAME = str.split(
    "c3c4 c6c5 g3g4 h7c7 a0a2 g6g5 e3e4 b7b5 e4e5 c5c4 i3i4 c9e7 e5d5 c4d4 h2i2 i6i5 "
    "d5d6 b5b3 i2i1 b3f3 d6c6 a6a5 c6b6 d4e4 b2e2 h9g7 g4g5 e6e5 g5f5 c7d7 f5e5 d7d4 "
    "b0c2 e4f4 i4i5 f4e4 i5i6 e4e3 i6i7 d4d3 a3a4 i9i7 i1f1 a5a4 e5e6 a4a3 b6c6 a3b3 "
    "e0e1 b3a3 i0i1 a3a2 ^i1 a2b2 e6e7 ^g9 c6c7 e3e2 c0e2 d3d7 ^f1 b2a2 f1f3 ^d7 "
    "c7b7 a2a1 i1i4 a1b1 f3h3 i7i4 e7e8 e9~d9 e8d8 e9d8 b7a7 b1a1 h3i3 a1b1 h0g2 b1b0 "
    "a7a8 b0a0 a8a9 ^a0 ^a9 d7d4 ^a9 i4e4 e1d1 g7h5 d1d2 a0b0 c2b4 b0d0"
)
MENU_FILES = "aceg"


def _new_piece_captures() -> list[int]:
    """The plies of GAME where one of the nine new pieces captures."""
    game = Fanbing.start({}, seed_for(RED, BLACK))
    plies = []
    for ply, text in enumerate(GAME):
        action = parse_action(text)
        if isinstance(action, Move):
            board = game.position.board
            mover, target = board[action.from_sq], board[action.to_sq]
            if target is not None and mover is not None and mover.kind in THIRD_GEN_KINDS:
                plies.append(ply)
        game.push(action)
    return plies


NEW_PIECE_CAPTURES = _new_piece_captures()


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


def game_id(table: Table) -> int:
    (manager,) = [m for m in table.env.bot.hub.active() if m.variant == "fanbing"]
    return manager.id


async def arrange(table: Table, player: simcord.MemberActor, thread, setup: Setup) -> None:
    """Choose every group of ``setup`` through the /setup menus, then Done."""
    shown = await player.slash(thread, "setup")
    assert shown.response.ephemeral and shown.followups[0].ephemeral
    gid = game_id(table)
    for file, back in zip(MENU_FILES, setup.pawns, strict=False):
        await player.select(shown.response, [back.value], custom_id=f"chuhan:fb:{gid}:pawn-{file}")
    pairs = shown.followups[0]
    right = [group for group, first in (("advisor", 5), ("elephant", 6), ("chariot", 8),
             ("horse", 7), ("cannon", 7)) if getattr(setup, group) == first]  # fmt: skip
    await player.select(pairs, right, custom_id=f"chuhan:fb:{gid}:pairs")
    done = await player.click(pairs, custom_id=f"chuhan:fb:{gid}:done")
    assert not done.followups, private(done)


async def test_a_whole_fanbing_game_on_discord(table: Table):
    thread = await table.start(variant="fanbing")
    opening = thread.history()[0].content
    assert "/setup" in opening
    early = await table.alice.slash(thread, "move", move="c3c4")
    assert "still arranging" in private(early)

    before = len(thread.history())
    await arrange(table, table.alice, thread, RED)
    assert len(thread.history()) == before  # nothing public yet
    again = await table.alice.slash(thread, "setup")
    assert "finished your setup" in private(again)
    await arrange(table, table.bob, thread, BLACK)
    assert "Both setups are done" in thread.last_message.content
    phase_over = table.env.bot.hub.here(thread.id).setup_phase is None
    assert phase_over

    gid = game_id(table)
    seen = []
    for ply, text in enumerate(GAME):
        player = table.alice if ply % 2 == 0 else table.bob
        if text.startswith("^") or "~" in text:  # autocomplete offers flips and double flips
            offered = await player.autocomplete(thread, "move", "move", text[-2:])
            assert text in [choice["value"] for choice in offered], (text, offered)
        result = await player.slash(thread, "move", move=text)
        assert private(result).startswith("You played"), (ply, text, private(result))
        seen.append(thread.last_message.content)
    public = "\n".join(seen)
    assert "flips the pawn on i1: its back is" not in public  # i1 was Red's chariot's flip
    assert "must flip back next turn" in public
    assert "flips the pawn on a9 back" in public
    assert "double-flips: the advisor on d9 is the king now" in public
    assert "turns the piece on" in public
    assert NEW_PIECE_CAPTURES  # the game has new pieces capturing
    assert "wins (checkmate)" in thread.last_message.content
    for ply in NEW_PIECE_CAPTURES:
        assert "captures a piece" in seen[ply], (ply, GAME[ply], seen[ply])
    exported = await table.carol.slash(table.channel, "export", game=gid, format="pgn")
    pgn = (await exported.response.attachments[0].read()).decode()
    assert "^i1 {翻i1}" in pgn and "e9~d9 {双翻d9}" in pgn
    as_json = await table.carol.slash(table.channel, "export", game=gid, format="json")
    assert '"seed"' in (await as_json.response.attachments[0].read()).decode()
    # The finished game, rebuilt from storage, shows every back to everyone.
    final = await table.env.bot.store.rebuild(gid)
    badges = [pv.back for pv in final.game.view(None).board if pv is not None and pv.back]
    assert len(badges) > 5


async def test_refusals_during_setup_and_flip_words(table: Table):
    thread = await table.start(variant="fanbing")
    draw = await table.bob.slash(thread, "draw")
    assert "still arranging" in private(draw)
    assert await table.alice.autocomplete(thread, "move", "move", "") == []  # nothing yet
    other = await table.carol.slash(thread, "setup")
    assert "Only the two players" in private(other)
    await arrange(table, table.alice, thread, RED)
    await arrange(table, table.bob, thread, BLACK)
    late = await table.alice.slash(thread, "setup")
    assert "only before the first move" in private(late)
    flip = await table.alice.slash(thread, "move", move="翻a3")
    assert "Nothing of yours can flip" in private(flip)


async def test_a_player_out_of_setup_time_gets_a_random_setup_not_a_loss(table: Table):
    thread = await table.start(variant="fanbing", time="rapid")
    await arrange(table, table.alice, thread, RED)
    await table.env.advance_time(65)
    text = thread.last_message.content
    assert "bob did not finish the setup in time" in text
    assert "Both setups are done" in text and "wins" not in text
    result = await table.alice.slash(thread, "move", move="c3c4")
    assert private(result).startswith("You played")


async def _twin(table: Table, red: Setup) -> tuple[list[str], list[bytes], list[object]]:
    """A game with Alice's setup ``red`` and Bob's fixed, a few moves in: the
    thread's texts and images and Bob's DMs (texts and images), as seen from outside."""
    thread = await table.start(variant="fanbing")
    await table.bob.slash(table.channel, "settings", boards="every")  # his board after each move
    await arrange(table, table.alice, thread, red)
    await arrange(table, table.bob, thread, BLACK)
    # Bob's DMs from here on (his hello DM showed his own backs before he chose).
    known = len(table.bob.user.dm_channel.history())
    images: list[bytes] = []
    for ply, text in enumerate(GAME[:12]):
        player = table.alice if ply % 2 == 0 else table.bob
        await player.slash(thread, "move", move=text)
        images += [await a.read() for a in thread.last_message.attachments]  # the live board
    bob_dms: list[object] = []
    for message in table.bob.user.dm_channel.history()[known:]:
        bob_dms.append(re.sub(r"<#\d+>", "<#thread>", message.content))
        bob_dms += [await a.read() for a in message.attachments]
    await table.alice.slash(thread, "resign")  # the end shows every back: not compared
    texts = [m.content for m in thread.history()]
    return texts, images, bob_dms


async def test_the_thread_and_opponent_are_blind_to_a_setup(table: Table):
    first = await _twin(table, RED)
    other = Setup((K.ADVISOR, K.HORSE, K.CHARIOT, K.CANNON, K.ELEPHANT), 3, 6, 8, 7, 7)
    second = await _twin(table, other)
    # Until the game ends (the last message shows every back) all is identical.
    assert first[0][:-1] == second[0][:-1]
    assert first[1] == second[1]
    assert first[2] == second[2] and len(first[2]) > 12


async def test_rules_summary_in_both_languages(table: Table):
    text = await whole_rules(table, table.carol, "fanbing")
    assert "secret backs" in text and "双翻" in text
    text = await whole_rules(table, table.carol, "番兵")
    assert "secret backs" in text


def test_phase_state_round_trips():
    phase = SetupPhase([RED, BLACK], [True, False], salt=5)
    back = SetupPhase.from_secret(phase.secret())
    assert back is not None and back.setups == [RED, BLACK] and back.done == [True, False]
    assert back.salt == 5 and SetupPhase.from_secret(phase.secret(over=True)) is None


async def test_easy_flips_is_a_challenge_option_of_fanbing_only(table: Table):
    refused = await table.alice.slash(
        table.channel, "challenge", opponent=table.bob, variant="xiangqi", easy_flips=True
    )
    assert "only" in private(refused)
    thread = await table.start(variant="fanbing", easy_flips=True)
    assert "easy flips" in thread.history()[0].content
    assert table.env.bot.hub.here(thread.id).match.game.easy


async def test_setup_from_the_dm_with_the_bot(table: Table):
    thread = await table.start(variant="fanbing")
    alice = table.alice.user
    shown = await alice.slash("setup")
    assert shown.response.ephemeral and shown.followups
    gid = game_id(table)
    await alice.click(shown.followups[0], custom_id=f"chuhan:fb:{gid}:random-all")
    await alice.click(shown.followups[0], custom_id=f"chuhan:fb:{gid}:done")
    await arrange(table, table.bob, thread, BLACK)
    assert "Both setups are done" in thread.last_message.content
    assert "no third-generation game being set up" in private(await alice.slash("setup"))


async def test_a_setup_survives_a_restart(table: Table, settings):
    thread = await table.start(variant="fanbing")
    await arrange(table, table.alice, thread, RED)
    await restart(table.env, settings)
    refused = await table.alice.slash(thread, "move", move="c3c4")
    assert "still arranging" in private(refused)
    await arrange(table, table.bob, thread, BLACK)
    assert "Both setups are done" in thread.last_message.content
    manager = table.env.bot.hub.here(thread.id)
    assert manager.match.game.setups == (RED, BLACK)  # Alice's choice was kept
