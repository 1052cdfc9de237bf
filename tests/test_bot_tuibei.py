"""Tuibei 推背象棋 through Discord: /predict and /counter menus, announcements, refusals.

Alice plays Red and Bob Black; Carol watches. A tile is chosen in an
ephemeral select menu and played through the same manager path as /move.
"""

from __future__ import annotations

import copy
import secrets

import simcord

from bot.choices import playable
from storage import NewGame
from tests.conftest import Table, button, restart
from tests.table_helpers import server_settings, whole_rules

ALL_PREDICTIONS = ["?r", "?n", "?c", "?k", "?a", "?b", "?p"]


def private(result) -> str:
    """The text of a private answer, whether it came first or after a deferral."""
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


def offered(result, field: str = "value") -> list[str]:
    """The options (their values, or another field) of the menu in an ephemeral answer."""
    assert result.response.ephemeral
    return [
        option[field]
        for row in result.response.components
        for item in row["components"]
        for option in item.get("options", [])
    ]


async def choose(actor, channel, verb: str, value: str) -> str:
    """Open the /predict or /counter menu and choose ``value``; the menu message
    then reads as the private note that replaced it."""
    shown = await actor.slash(channel, verb)
    assert value in offered(shown), (value, private(shown))
    chosen = await actor.select(shown.response, [value])
    assert not chosen.followups, private(chosen)  # no refusal
    assert not shown.response.components
    return shown.response.content


async def moves(table: Table, thread: simcord.ChannelHandle, texts: list[str]) -> None:
    """Alice and Bob move in turn; in Tuibei each is told their own move privately."""
    for ply, text in enumerate(texts):
        player = table.alice if ply % 2 == 0 else table.bob
        result = await player.slash(thread, "move", move=text)
        assert private(result).startswith("You played"), (text, private(result))


async def resend(actor, shown, value: str):
    """Submit a menu as a client showed it earlier: a double submit, or a forged one."""
    from simcord.actors import _component_interaction
    from simcord.enums import ComponentType

    menu = next(item for row in shown.components for item in row["components"])
    data = {
        "custom_id": menu["custom_id"],
        "component_type": ComponentType.STRING_SELECT,
        "values": [value],
    }
    return await _component_interaction(actor, shown, data)


def snapshot_of(env: simcord.Env, result) -> object:
    """The menu message as the client shows it now."""
    response = result.response
    return copy.deepcopy(env.backend.get_message(response.channel_id, response.id))


def texts(channel: simcord.ChannelHandle) -> list[str]:
    return [message.content for message in channel.history()]


async def images(channel: simcord.ChannelHandle) -> list[bytes]:
    return [await a.read() for message in channel.history() for a in message.attachments]


async def _game_in(
    table: Table, channel: simcord.ChannelHandle, opponent: simcord.MemberActor
) -> simcord.ChannelHandle:
    """Alice (Red) against ``opponent`` in a thread of ``channel``."""
    await table.alice.slash(channel, "challenge", opponent=opponent, variant="tuibei", color="red")
    message = channel.last_message
    await opponent.click(message, custom_id=button(message, "accept"))
    return channel.threads[-1]


# -- a whole game -----------------------------------------------------------------


async def test_predictions_and_counters_through_the_menus(table: Table):
    thread = await table.start(variant="tuibei")
    alice_dms, bob_dms = table.alice.user.dm_channel, table.bob.user.dm_channel
    assert "Tuibei (prophecy xiangqi)" in thread.history()[0].content

    # Alice predicts a cannon; the channel learns only that a tile lies face down.
    shown = await table.alice.slash(thread, "predict")
    assert shown.response.ephemeral and "predicts the kind of piece" in shown.response.content
    assert offered(shown) == ALL_PREDICTIONS
    assert offered(shown, "label")[0] == "箭 dragon · chariot"
    before, bob_before = len(thread.history()), len(bob_dms.history())
    await table.alice.select(shown.response, ["?c"])
    assert shown.response.content == "You played predict cannon." and not shown.response.components
    assert len(thread.history()) == before + 1
    public = thread.last_message
    assert public.content.startswith("🔴 Red alice places a prediction tile face down.")
    assert public.attachments
    assert "Your prediction: cannon." in alice_dms.last_message.content
    assert alice_dms.last_message.attachments  # her own view, with her tile
    # Bob is told, privately, that he may counter now (the first time in the game),
    # with nothing of the tile; his own view shows only what is public.
    assert len(bob_dms.history()) == bob_before + 1
    hint = bob_dms.last_message.content
    assert hint.startswith("Your opponent's prediction tile lies in their pool")
    assert "/counter" in hint
    assert "cannon" not in hint

    # Bob moves a cannon: the tile is revealed and the cannon removed.
    moved = await table.bob.slash(thread, "move", move="h7e7")
    assert moved.response.content == "You played 炮8平5."
    assert "The prediction of 🔴 Red alice (cannon) hits: the piece on e7 is removed." in (
        thread.last_message.content
    )

    # Alice's turn again; she predicts a chariot, Bob moves a horse: a miss, Bob moves on.
    assert await choose(table.alice, thread, "predict", "?r") == "You played predict chariot."
    await table.bob.slash(thread, "move", move="h9g7")
    assert "(chariot) misses; the tile returns." in thread.last_message.content
    assert "bob to move" in thread.last_message.content

    # Bob predicts a pawn and Alice counters with a pawn: Bob loses the pawn tile.
    await choose(table.bob, thread, "predict", "?p")
    assert "Your prediction: pawn." in bob_dms.last_message.content
    await choose(table.alice, thread, "counter", "!p")
    text = thread.last_message.content
    assert "🔴 Red alice counters with pawn; the tile was pawn." in text
    assert "⚫ Black bob loses the pawn tile." in text
    # A lost kind is never offered again; the counter was Alice's turn.
    again = await table.bob.slash(thread, "predict")
    assert offered(again) == [v for v in ALL_PREDICTIONS if v != "?p"]

    # Bob predicts a horse, Alice counters with a chariot: she loses it and must move.
    await table.bob.select(again.response, ["?n"])
    await choose(table.alice, thread, "counter", "!r")
    text = thread.last_message.content
    assert "counters with chariot; the tile was horse." in text
    assert "🔴 Red alice loses the chariot tile." in text
    owed = await table.alice.slash(thread, "predict")
    assert private(owed) == "After a failed counter you must move a piece."
    await table.alice.slash(thread, "move", move="h0g2")
    mine = await table.alice.slash(thread, "board", private=True)
    assert mine.response.ephemeral and mine.response.attachments
    # Bob predicts; Alice's counter menu no longer offers the chariot she lost.
    await choose(table.bob, thread, "predict", "?a")
    counters = await table.alice.slash(thread, "counter")
    assert offered(counters) == ["!n", "!c", "!k", "!a", "!b", "!p"]


async def test_the_menus_work_from_the_dm_with_the_bot(table: Table):
    thread = await table.start(variant="tuibei")
    alice = table.alice.user
    shown = await alice.slash("predict")
    assert offered(shown) == ALL_PREDICTIONS
    await alice.select(shown.response, ["?k"])
    assert thread.last_message.content.startswith("🔴 Red alice places a prediction tile")
    assert "Your prediction: king." in alice.dm_channel.last_message.content
    # Bob moves his king: it is removed, and Alice wins.
    await table.bob.slash(thread, "move", move="e9e8")
    text = thread.last_message.content
    assert "(king) hits: the piece on e8 is removed." in text
    assert "🏁 🔴 Red alice wins (king captured)." in text
    assert "The predicted piece was the king" in text
    assert "no running Tuibei game" in private(await alice.slash("predict"))


async def test_several_games_in_a_dm_need_the_game_number(table: Table):
    first = await table.start(variant="tuibei")
    second = await _game_in(table, table.guild.create_text_channel("second"), table.carol)
    alice = table.alice.user
    answer = private(await alice.slash("predict"))
    assert "several Tuibei games (#1, #2)" in answer
    games = await alice.autocomplete("predict", "game", "")
    assert [g["value"] for g in games] == [1, 2]
    shown = await alice.slash("predict", game=2)
    await alice.select(shown.response, ["?r"])
    assert "places a prediction tile" in second.last_message.content
    assert "places a prediction tile" not in first.last_message.content
    # Game 1 is now the only one where it is Alice's turn.
    assert offered(await alice.slash("predict")) == ALL_PREDICTIONS
    assert "no game number 99" in private(await alice.slash("predict", game=99))
    assert "Only the two players" in private(await table.bob.user.slash("predict", game=2))


async def test_a_menu_still_works_after_a_restart(table: Table, settings):
    thread = await table.start(variant="tuibei")
    shown = await table.alice.slash(thread, "predict")
    await restart(table.env, settings)
    await table.alice.select(shown.response, ["?n"])
    assert shown.response.content == "You played predict horse."
    assert thread.last_message.content.startswith("🔴 Red alice places a prediction tile")


# -- refusals ---------------------------------------------------------------------


async def test_refusals_answer_privately_and_change_nothing(table: Table):
    thread = await table.start(variant="tuibei")
    alice_dms = table.alice.user.dm_channel

    def state() -> tuple[int, int, int]:
        """Public messages, Alice's DMs, and entries in the game's log."""
        manager = table.env.bot.hub.here(thread.id)
        return len(thread.history()), len(alice_dms.history()), len(manager.match.entries)

    start = state()
    cases = [
        (table.bob, "predict", "It is not your turn."),
        (table.alice, "counter", "There is no prediction to counter."),
        (table.carol, "predict", "Only the two players of this game can do that."),
    ]
    for actor, verb, expected in cases:
        assert private(await actor.slash(thread, verb)) == expected, (actor, verb)
    assert "no game in this channel" in private(await table.alice.slash(table.channel, "predict"))
    for text, expected in [
        ("predict", "name the tile too"),
        ("predict dragonfly", "that names no tile"),
        ("counter horse", "no prediction to counter"),
    ]:
        assert expected in private(await table.alice.slash(thread, "move", move=text)), text
    assert state() == start

    # Alice opens a menu; Carol forges a choice on it, then Alice chooses twice.
    shown = await table.alice.slash(thread, "predict")
    menu = snapshot_of(table.env, shown)
    forged = await resend(table.carol, menu, "?r")
    assert private(forged) == "Only the two players of this game can do that."
    assert state() == start
    await table.alice.select(shown.response, ["?r"])
    after = state()
    assert after == (start[0] + 1, start[1] + 1, start[2] + 1)  # announced, DM, logged
    double = await resend(table.alice, menu, "?n")
    assert private(double) == "It is not your turn."
    not_a_tile = await resend(table.alice, menu, "h0g2")
    assert private(not_a_tile) == "I could not understand that input."
    # Bob may not predict while Alice's prediction is pending.
    pending = await table.bob.slash(thread, "predict")
    assert "while your opponent's prediction lies in their pool" in private(pending)
    typed = await table.bob.slash(thread, "move", move="预测 车")
    assert "while your opponent's prediction lies in their pool" in private(typed)
    assert state() == after


async def test_no_prediction_in_check(table: Table):
    thread = await table.start(variant="tuibei")
    await moves(table, thread, ["a0a1", "c9e7", "b2b9"])  # the cannon takes the horse: check
    before = len(thread.history())
    refused = await table.bob.slash(thread, "predict")
    assert private(refused) == "You cannot predict while in check: answer the check with a move."
    await table.bob.slash(table.channel, "settings", language="zh")
    refused = await table.bob.slash(thread, "predict")
    assert private(refused) == "被将军时不能预测：请走棋应将。"
    assert len(thread.history()) == before


async def test_tile_commands_in_a_standard_game(table: Table):
    thread = await table.start()
    answer = private(await table.alice.slash(thread, "predict"))
    assert answer.startswith("This game has no prediction tiles")


async def test_move_autocomplete_never_shows_tile_actions_to_the_other_player(table: Table):
    thread = await table.start(variant="tuibei")
    own = await table.alice.autocomplete(thread, "move", "move", "预测")
    assert [c["value"] for c in own] == ALL_PREDICTIONS
    assert await table.bob.autocomplete(thread, "move", "move", "") == []
    await choose(table.alice, thread, "predict", "?b")
    for actor in (table.alice, table.carol):
        assert await actor.autocomplete(thread, "move", "move", "") == []
    seen = await table.bob.autocomplete(thread, "move", "move", "测")
    assert [c["value"] for c in seen] == [v.replace("?", "!") for v in ALL_PREDICTIONS]
    everything = await table.bob.autocomplete(thread, "move", "move", "")
    assert not any(c["value"].startswith("?") for c in everything)


# -- secrecy ----------------------------------------------------------------------


async def _seen_by_others(table: Table, thread: simcord.ChannelHandle, bob_from: int) -> list:
    """Everything Bob and Carol can see of a game: public messages and images,
    Bob's DMs since ``bob_from``, his private board, menus, autocomplete and errors."""
    bob_dms = table.bob.user.dm_channel
    dms = bob_dms.history()[bob_from:]
    board = await table.carol.slash(thread, "board")
    private_board = await table.bob.slash(thread, "board", private=True)
    return [
        texts(thread),
        await images(thread),
        [m.content for m in dms],
        [await a.read() for m in dms for a in m.attachments],
        board.response.content,
        await board.response.attachments[0].read(),
        await private_board.response.attachments[0].read(),
        offered(await table.bob.slash(thread, "counter")),
        private(await table.bob.slash(thread, "predict")),
        await table.bob.autocomplete(thread, "move", "move", ""),
        await table.carol.autocomplete(thread, "move", "move", ""),
    ]


async def test_games_differing_only_in_the_hidden_tile_look_alike_until_the_reveal(
    table: Table, caplog
):
    caplog.set_level("INFO")
    bob_dms = table.bob.user.dm_channel
    seen = []
    threads = []
    for number, tile in enumerate(("?c", "?r")):
        thread = await _game_in(table, table.guild.create_text_channel(f"game-{number}"), table.bob)
        start = len(bob_dms.history())  # the DM greeting names the thread: it differs
        await choose(table.alice, thread, "predict", tile)
        seen.append(await _seen_by_others(table, thread, start))
        threads.append(thread)
    assert seen[0] == seen[1]
    for message in ("cannon", "chariot", "筒", "箭", "?c", "?r"):
        assert not any(message in record.getMessage() for record in caplog.records), message
    # The reveal: Bob moves a horse in both games, both predictions miss, differently.
    for thread in threads:
        await table.bob.slash(thread, "move", move="h9g7")
    revealed = [thread.last_message.content for thread in threads]
    assert "(cannon) misses" in revealed[0] and "(chariot) misses" in revealed[1]


async def test_exports_of_a_running_game_keep_the_tile_secret(table: Table):
    thread = await table.start(variant="tuibei")
    await choose(table.alice, thread, "predict", "?c")
    for fmt in ("pgn", "json"):
        result = await table.carol.slash(thread, "export", format=fmt)
        text = (await result.response.attachments[0].read()).decode()
        assert "?c" not in text and "筒" not in text and "cannon" not in text
        if fmt == "json":
            assert '"text": "hidden"' in text
    gif = await table.carol.slash(thread, "export", format="gif")
    assert (await gif.response.attachments[0].read()).startswith(b"GIF8")
    await table.bob.slash(thread, "resign")
    over = await table.carol.slash(table.channel, "export", game=1, format="pgn")
    assert "?c {预测 筒}" in (await over.response.attachments[0].read()).decode()


# -- endings, languages, rules -------------------------------------------------------


async def _from_fen(table: Table, fen: str) -> simcord.ChannelHandle:
    """A Tuibei game from a position, in a channel of its own (no challenge offers FENs)."""
    bot = table.env.bot
    channel = table.guild.create_text_channel("position")
    await bot.hub.create(
        NewGame(
            guild_id=table.guild.id,
            channel_id=channel.id,
            variant="tuibei",
            red_id=table.alice.id,
            black_id=table.bob.id,
            options={"fen": fen},
            rated=False,
            seed=secrets.randbits(62),
        )
    )
    return channel


async def test_endings_by_prediction_are_explained(table: Table):
    cases = [
        # The black chariot checks on e5 after a wrong prediction (T-4).
        (
            "3k5/9/9/9/r8/9/9/9/8R/4K4 w",
            "?n",
            "a5e5",
            "🏁 ⚫ Black bob wins (checkmate).",
            "withdrawing the tile was the turn of 🔴 Red alice: the check stands unanswered.",
        ),
        # Removing the pawn leaves the black king attacked by the cannon.
        (
            "4k4/4a4/9/9/4p4/9/9/4C4/9/3K5 w",
            "?p",
            "e5e4",
            "🏁 🔴 Red alice wins (checkmate).",
            "the opponent's king stands attacked and it is the turn of 🔴 Red alice",
        ),
        # Removing the horse uncovers a mate on the red king.
        (
            "3k5/3r1r3/4r4/9/4n4/9/9/9/9/4K4 w",
            "?n",
            "e5c4",
            "🏁 ⚫ Black bob wins (checkmate).",
            "uncovers a check on the king of 🔴 Red alice, who cannot answer it.",
        ),
    ]
    for fen, tile, move, result, why in cases:
        channel = await _from_fen(table, fen)
        await choose(table.alice, channel, "predict", tile)
        await table.bob.slash(channel, "move", move=move)
        text = channel.last_message.content
        assert result in text and why in text, text
        assert text.index(result) < text.index(why)


async def test_announcements_in_chinese(table: Table):
    await server_settings(table, language="zh")  # the threads speak Chinese here
    await table.alice.slash(table.channel, "settings", language="zh")
    await table.bob.slash(table.channel, "settings", language="zh")
    channel = await _from_fen(table, "3k5/9/9/9/r8/9/9/9/8R/4K4 w")
    shown = await table.alice.slash(channel, "predict")
    assert "预测对手下一步走哪一种棋子" in shown.response.content
    assert offered(shown, "label")[0] == "箭 · 车"
    await table.alice.select(shown.response, ["?n"])
    assert channel.last_message.content.startswith("🔴 红方 alice 扣下一张预测牌。")
    await table.bob.slash(channel, "move", move="a5e5")
    text = channel.last_message.content
    assert "🔴 红方 alice 的预测（马）未中，牌收回。" in text
    assert "收回预测牌用掉了 🔴 红方 alice 的回合" in text


async def test_challenge_and_rules(table: Table):
    assert "tuibei" in playable()
    offered_variants = await table.alice.autocomplete(table.channel, "challenge", "variant", "推背")
    assert [choice["value"] for choice in offered_variants] == ["tuibei"]
    text = await whole_rules(table, table.carol, "tuibei")
    assert text.startswith("**Tuibei (prophecy xiangqi)**")
    assert "箭 dragon = chariot" in text and "/predict" in text and "Undo" not in text
    await table.carol.slash(table.channel, "settings", language="zh")
    text = await whole_rules(table, table.carol, "推背")
    assert text.startswith("**推背象棋**") and "/预测" in text
