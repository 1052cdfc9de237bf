"""Jieqi 揭棋 on Discord, end to end: whole games of both variants, the capturer's
DM in jieqi-classic, the final full reveal, a restart, refusals, autocomplete.

The bot draws each game's seed with ``secrets.randbits``; the ``seeds``
fixture hands it chosen ones, so a test knows the true layout (from the rules,
as storage replays it) and can check what is told and what is not.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import sys
from types import SimpleNamespace

import pytest

from bot.i18n import catalogue, t
from bot.pictures import board_png
from rules.actions import Move
from rules.match import Match
from rules.pieces import Color, Kind
from rules.squares import parse_square
from rules.view import View
from storage import Prefs
from tests.conftest import Table, restart
from tests.table_helpers import whole_rules

PIECES = {"k": "king", "a": "advisor", "b": "elephant", "n": "horse", "r": "chariot"}
PIECES |= {"c": "cannon", "p": "pawn"}
OWNERS = {"r": "🔴 Red alice", "b": "⚫ Black bob"}
REVEALS = ("翻 {}", "reveal {}", "+{}", "揭{}")  # ways a player may write a reveal


def seed_queue(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Seeds the next games get, in order: ``bot.opening`` draws them with
    ``secrets.randbits``, so its ``secrets`` is replaced (discord.py's is not)."""
    queue: list[int] = []
    chosen = SimpleNamespace(randbits=lambda bits: queue.pop(0), randbelow=secrets.randbelow)
    monkeypatch.setattr(sys.modules["bot.opening"], "secrets", chosen)
    return queue


@pytest.fixture
def seeds(env, monkeypatch) -> list[int]:
    return seed_queue(monkeypatch)


def greedy_game(variant: str, seed: int, rng_seed: int = 1) -> list[str]:
    """A whole game played from the true layout (which no player knows): take the
    king when possible, else a face-down piece, else any piece, else anything."""
    match = Match.start(variant, {}, seed)
    rng = random.Random(rng_seed)
    texts: list[str] = []
    while match.outcome is None:
        game = match.game
        board, down = game.board.board, game.board.down
        legal = game.legal_actions()
        taking = [a for a in legal if isinstance(a, Move) and board[a.to_sq] is not None]
        king = [a for a in taking if board[a.to_sq].kind is Kind.KING]
        hidden = [a for a in taking if down[a.to_sq]]
        action = rng.choice(king or hidden or taking or legal)
        texts.append(action.text)
        match.apply(action.text)
    return texts


def face_down_captures(variant: str, seed: int, texts: list[str]) -> int:
    """How many of ``texts`` capture a face-down piece."""
    match, found = Match.start(variant, {}, seed), 0
    for text in texts:
        board = match.game.board
        move = Move.from_iccs(text) if not text.startswith(("+", "p")) else None
        found += move is not None and board.board[move.to_sq] is not None and board.down[move.to_sq]
        match.apply(text)
    return found


def written(text: str, ply: int) -> str:
    """An action as a player might type it: reveals in turn in each accepted form."""
    return REVEALS[ply % len(REVEALS)].format(text[1:]) if text.startswith("+") else text


def private(result) -> str:
    """The text of a private answer, whether it came first or after a deferral."""
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


async def png(message) -> bytes:
    (attachment,) = message.attachments
    return await attachment.read()


def drawn(view: View, side: Color | None) -> bytes:
    """``view`` as the bot draws it for a player with default settings."""
    return board_png(view, ("alice", "bob"), (None, None), Prefs(), "en", side)


async def play_through(table: Table, thread, variant: str, seed: int) -> Match:
    """Play ``greedy_game`` through /move, checking each public announcement
    against the rules' events, and the capturer's private DM in the classic rules.
    Returns the match as the rules played it."""
    match = Match.start(variant, {}, seed)
    players = {Color.RED: table.alice, Color.BLACK: table.bob}
    for ply, text in enumerate(greedy_game(variant, seed)):
        mover = players[match.game.turn]
        dms = {side: len(p.user.dm_channel.history()) for side, p in players.items()}
        result = await mover.slash(thread, "move", move=written(text, ply))
        assert private(result).startswith("You played"), (text, private(result))
        public = thread.last_message.content
        told: set[Color] = set()
        for event in match.apply(text):
            params = event.params
            piece = PIECES.get(params.get("kind", ""))
            if event.code == "revealed":
                assert f"reveals {params['square']}: {piece}." in public
            elif event.code == "capture":
                assert f"loses a piece: {piece}." in public
            elif event.code == "capture_hidden":
                assert "loses a face-down piece" in public
            elif event.code == "check":
                assert "Check!" in public
            elif event.code == "capture_learned":
                said = f"captured from {OWNERS[params['side']]} was: {piece}."
                capturer, victim = event.audience, event.audience.other()
                told.add(capturer)
                assert said in players[capturer].user.dm_channel.history()[-1].content
                since = players[victim].user.dm_channel.history()[dms[victim] :]
                assert all("Only you" not in m.content for m in since)
                assert "Only you" not in public
        for side, player in players.items():  # a board by DM only with news for them
            since = player.user.dm_channel.history()[dms[side] :]
            news = [m for m in since if m.content != t("en", "hint.pass")]  # how to pass
            assert len(news) == (side in told), (text, side, [m.content for m in since])
            assert all(m.attachments for m in since)
    return match


async def test_a_whole_jieqi_game_with_reveals_captures_and_the_final_reveal(table, seeds):
    seeds.append(2)
    thread = await table.start(variant="jieqi")
    opening = thread.history()[0].content
    assert "Jieqi" in opening and "/move reveal e3" in opening
    match = await play_through(table, thread, "jieqi", 2)
    assert match.outcome is not None and match.outcome.winner is Color.RED
    assert sum(e.startswith("+") for e in match.entries) >= 5
    assert face_down_captures("jieqi", 2, match.entries) >= 1
    last = thread.last_message
    assert "🏁 🔴 Red alice wins (king captured)." in last.content
    # The final image shows everything (J-1: hidden only while the game goes on).
    final = match.game.view(None)
    assert all(p.kind is not None for p in final.board if p is not None)
    assert await png(last) == drawn(final, None)  # the public board keeps Red at the bottom
    after = (await table.carol.slash(thread, "board")).response  # the finished game's board
    assert after.content.startswith("🏁") and await png(after) == drawn(final, None)


async def test_a_whole_classic_game_tells_the_capturer_alone(table, seeds):
    seeds.append(5)
    thread = await table.start(variant="jieqi-classic")
    assert "/move 炮二平五" in thread.history()[0].content  # the standard opening moves work
    match = await play_through(table, thread, "jieqi-classic", 5)
    assert match.outcome is not None and match.outcome.winner is Color.BLACK
    assert face_down_captures("jieqi-classic", 5, match.entries) >= 1
    last = thread.last_message
    assert "🏁 ⚫ Black bob wins (checkmate)." in last.content
    final = match.game.view(None)
    assert all(p.kind is not None for p in final.board if p is not None)
    assert all(p.kind is not None for side in final.captured for p in side)
    assert await png(last) == drawn(final, None)


async def test_the_capturers_private_board_shows_what_they_learned(table, seeds):
    seeds.append(5)
    thread = await table.start(variant="jieqi-classic", time="none")  # no clock face
    moves = greedy_game("jieqi-classic", 5)
    match = Match.start("jieqi-classic", {}, 5)
    for ply, text in enumerate(moves):
        player = table.alice if ply % 2 == 0 else table.bob
        await player.slash(thread, "move", move=text)
        if any(e.code == "capture_learned" for e in match.apply(text)):
            break
    capturer = match.game.turn.other()
    mine = match.game.view(capturer)
    assert any(p.learned for side in mine.captured for p in side)
    forgotten = dataclasses.replace(
        mine,
        captured=tuple(
            tuple(
                dataclasses.replace(p, kind=None, learned=False) if p.learned else p for p in side
            )
            for side in mine.captured
        ),
    )
    players = {Color.RED: table.alice, Color.BLACK: table.bob}
    board = await players[capturer].slash(thread, "board", private=True)
    assert board.response.ephemeral
    assert await png(board.response) == drawn(mine, capturer)
    assert drawn(mine, capturer) != drawn(forgotten, capturer)  # the marker is drawn
    dm = players[capturer].user.dm_channel.history()[-1]
    assert "Only you are told" in dm.content and await png(dm) == drawn(mine, capturer)
    victim = capturer.other()
    theirs = await players[victim].slash(thread, "board", private=True)
    assert await png(theirs.response) == drawn(match.game.view(victim), victim)
    assert not any(p.learned for side in match.game.view(victim).captured for p in side)


async def test_a_restart_keeps_the_hidden_pieces(table, settings, seeds):
    seed = 0x1D_2C3B_4A59
    seeds.append(seed)
    thread = await table.start(variant="jieqi")
    truth = Match.start("jieqi", {}, seed).game.initial

    def revealed(square: str) -> str:
        piece = truth[parse_square(square)]
        assert piece is not None
        return f"reveals {square}: {PIECES[piece.kind.value]}."

    await table.alice.slash(thread, "move", move="翻 a0")
    await table.bob.slash(thread, "move", move="reveal a9")
    assert revealed("a9") in thread.last_message.content
    bot = await restart(table.env, settings)
    assert (await bot.store.load_secret(1)).seed == seed
    for player, square in ((table.alice, "i0"), (table.bob, "i9"), (table.alice, "e3")):
        await player.slash(thread, "move", move=f"reveal {square}")
        assert revealed(square) in thread.last_message.content


async def test_bad_input_gets_a_clear_private_answer_and_changes_nothing(table, seeds):
    seeds.append(2)
    thread = await table.start(variant="jieqi")
    await table.alice.slash(thread, "move", move="翻 e0")
    before = len(thread.history())
    cases = [
        (table.bob, "a9a8", "face-down pieces never move"),  # a face-down piece
        (table.bob, "reveal a0", "reveals one of your own face-down pieces"),  # an enemy one
        (table.bob, "翻 e0", "is not possible now"),  # already face up
        (table.bob, "车9进1", "is not possible now"),
        (table.bob, "hello", "I cannot read “hello”"),
        (table.bob, "pass", "is not possible now"),
        (table.alice, "+a0", "not your turn"),
        (table.carol, "+a9", "Only the two players"),
    ]
    for actor, text, expected in cases:
        assert expected in private(await actor.slash(thread, "move", move=text)), text
    assert "has no undo" in private(await table.alice.slash(thread, "undo"))
    assert len(thread.history()) == before
    await table.bob.slash(table.channel, "settings", language="zh")
    assert "暗子不能走动" in private(await table.bob.slash(thread, "move", move="a9a8"))
    await table.bob.slash(thread, "move", move="翻 a9")  # the game is intact
    assert "reveals a9" in thread.last_message.content  # the thread keeps the server's language


async def test_classic_refusals_and_handicaps(table):
    thread = await table.start(variant="jieqi-classic")
    for text in ("reveal e3", "b0b1", "a0a4"):
        answer = private(await table.alice.slash(thread, "move", move=text))
        assert "moves as the piece whose starting point it stands on" in answer, text
    king = private(await table.alice.slash(thread, "move", move="e0e2"))  # face up: the reason
    assert "that piece cannot move there now" in king and "face-down" not in king
    for variant in ("jieqi", "jieqi-classic"):
        result = await table.alice.slash(
            table.channel, "challenge", variant=variant, handicap="horse"
        )
        assert "has no handicap games" in private(result), variant
    await table.alice.slash(table.channel, "settings", language="zh")
    result = await table.alice.slash(table.channel, "challenge", variant="jieqi", handicap="horse")
    assert private(result) == "揭棋 没有让子对局：棋子本来就是随机摆放的。"


async def test_autocomplete_offers_reveals_beside_moves(table, seeds):
    seeds.append(2)
    thread = await table.start(variant="jieqi")
    offered = await table.alice.autocomplete(thread, "move", "move", "")
    assert len(offered) == 16 and offered[0] == {"name": "reveal a0", "value": "+a0"}
    for typed in ("reveal e0", "翻e0", "+e0", "E0"):
        found = await table.alice.autocomplete(thread, "move", "move", typed)
        assert [c["value"] for c in found] == ["+e0"], typed
    await table.alice.slash(thread, "move", move="+e0")  # an elephant
    await table.bob.slash(thread, "move", move="+e6")  # a cannon
    await table.alice.slash(thread, "move", move="+h0")
    await table.bob.slash(table.channel, "settings", language="zh")
    offered = await table.bob.autocomplete(thread, "move", "move", "")
    assert offered[0] == {"name": "炮5退1 (e6e7)", "value": "e6e7"}  # a move, then a reveal
    assert offered[1] == {"name": "翻a6", "value": "+a6"}
    assert {"+a9", "e6e0"} <= {c["value"] for c in offered}
    assert await table.alice.autocomplete(thread, "move", "move", "") == []  # not her turn


async def test_rules_and_variant_choices(table):
    for variant, words in (("jieqi", "/move reveal e3"), ("jieqi-classic", "only the capturer")):
        text = await whole_rules(table, table.carol, variant)
        assert words in text and "No undo in this variant" in text and "at most 3" not in text
    offered = await table.alice.autocomplete(table.channel, "challenge", "variant", "揭")
    assert {c["value"] for c in offered} == {"jieqi", "jieqi-classic"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_every_jieqi_event_has_words(lang, variant):
    codes = ("move", "revealed", "capture", "capture_hidden", "capture_learned", "pass", "check")
    tables = catalogue()
    for code in codes:
        assert tables.get(lang, f"event.{variant}.{code}") or tables.get(lang, f"event.{code}")
