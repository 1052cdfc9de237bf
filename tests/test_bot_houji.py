"""Successor xiangqi 后继象棋 through Discord: queen moves, swaps and the
private foul call (H-6), and what the offender and a spectator see.

Alice plays Red and Bob Black; Carol watches. Red's queen walks to h4, from
where it pins Black's elephant on c9; Bob moves that elephant anyway. Only
Alice is told (a DM with a button, and ``foul`` among her suggestions); she
calls the foul, and later Red's queen takes Black's queen across the river.
"""

from __future__ import annotations

import simcord

from rules.variants.houji.moves import HoujiPosition
from tests.conftest import Table, restart
from tests.table_helpers import whole_rules

# Chinese notation as each side writes it; the queen takes ICCS and WXF too.
TO_THE_PIN = ["后五进一", "车9进1", "后五斜进三", "车9退1", "后三平二"]
FOUL = "象3进5"  # c9e7: the elephant on c9 shares the open diagonal c9-h4 with Red's queen
AFTER_THE_CALL = ["车一进一", "后5进1", "Q2/+5"]  # the last: h4e7, queen takes queen (H-3)


def private(result) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral, message
    return message.content


async def move(actor, thread, text: str) -> str:
    return private(await actor.slash(thread, "move", move=text))


async def content(message) -> tuple[str, bytes, list]:
    files = [await a.read() for a in message.attachments]
    return message.content, b"".join(files), [repr(row) for row in message.components]


async def seen(channel: simcord.ChannelHandle) -> list:
    return [await content(m) for m in channel.history()]


def foul_button(message) -> str:
    for row in message.components:
        for child in row.children:
            if child.custom_id and child.custom_id.endswith(":foul"):
                return child.custom_id
    raise AssertionError(f"no foul button in {message.content!r}")


async def test_a_whole_game_through_a_foul_call_and_a_queen_capture(table: Table, settings):
    thread = await table.start(variant="houji")
    assert "Successor xiangqi (houji)" in thread.history()[0].content
    alice_dms, bob_dms = table.alice.user.dm_channel, table.bob.user.dm_channel
    for ply, text in enumerate(TO_THE_PIN):
        player = table.alice if ply % 2 == 0 else table.bob
        assert (await move(player, thread, text)).startswith("You played "), text
    dms_before = len(alice_dms.history()), len(bob_dms.history())
    assert await move(table.bob, thread, FOUL) == "You played 象3进5."
    assert "象3进5" in thread.last_message.content

    # Alice alone is told, privately, with a button; Bob hears nothing.
    assert len(bob_dms.history()) == dms_before[1]
    assert len(alice_dms.history()) == dms_before[0] + 1
    notice = alice_dms.last_message
    assert notice.content.startswith("Only you are told") and "c9" in notice.content
    offered = await table.alice.autocomplete(thread, "move", "move", "foul")
    assert [choice["value"] for choice in offered] == ["foul"]
    assert await table.bob.autocomplete(thread, "move", "move", "") == []

    # Bob cannot call anything; Alice calls with the button, which outlives a restart.
    assert "not your turn" in (await move(table.bob, thread, "foul")).lower()
    await restart(table.env, settings)
    called = await table.alice.user.click(notice, custom_id=foul_button(notice))
    assert private(called).startswith("Foul called")
    public = thread.history()[-1].content
    assert "calls a foul" in public and "c9" in public
    # The window is closed: a second press and /move foul are refused.
    again = await table.alice.user.click(notice, custom_id=foul_button(notice))
    assert private(again).startswith("There is no foul to call")
    assert (await move(table.alice, thread, "犯规")).startswith("There is no foul to call")

    # Alice moves (the call did not spend her turn), Black's queen steps onto
    # the diagonal of Red's queen, which takes it across the river: Red wins.
    for ply, text in enumerate(AFTER_THE_CALL):
        player = table.alice if ply % 2 == 0 else table.bob
        assert (await move(player, thread, text)).startswith("You played "), text
    assert "wins (queen captured)" in thread.last_message.content
    everything = " ".join(m.content for m in thread.history()).lower()
    assert "check" not in everything and "queen attacks" not in everything


async def test_offender_and_spectator_see_the_same_whether_or_not_the_elephant_was_pinned(
    table: Table, monkeypatch
):
    second = Table(
        table.env,
        table.guild,
        table.guild.create_text_channel("twin"),
        table.alice,
        table.bob,
        table.carol,
    )
    threads = [await table.start(variant="houji"), await second.start(variant="houji")]
    managers = [table.env.bot.hub.here(thread.id) for thread in threads]
    twin = managers[1].match.game.position
    pinned = HoujiPosition.pinned_elephant
    # The twin's rules never find a pin: its elephant move is not a foul.
    monkeypatch.setattr(
        HoujiPosition,
        "pinned_elephant",
        lambda self, sq: False if self is twin else pinned(self, sq),
    )
    bob_dms, alice_dms = table.bob.user.dm_channel, table.alice.user.dm_channel

    async def both(actor, text: str) -> list[str]:
        return [await move(actor, thread, text) for thread in threads]

    async def offender_and_spectator() -> list:
        """Everything Bob and Carol can see or be told, in each game."""
        views = []
        for thread in threads:
            asked = [
                await move(table.bob, thread, text) for text in ("foul", "犯规", "c9e7", "hello")
            ]
            asked += [await move(table.carol, thread, "foul")]
            boards = []
            for actor in (table.bob, table.carol):
                board = await actor.slash(thread, "board", private=True)
                shown = board.followups[-1] if board.followups else board.response
                boards.append((shown.content, [await a.read() for a in shown.attachments]))
            views.append(
                (
                    await seen(thread),
                    asked,
                    [
                        await actor.autocomplete(thread, "move", "move", typed)
                        for actor in (table.bob, table.carol)
                        for typed in ("", "foul", "犯")
                    ],
                    boards,
                )
            )
        return views

    for ply, text in enumerate(TO_THE_PIN):
        player = table.alice if ply % 2 == 0 else table.bob
        replies = await both(player, text)
        assert replies[0] == replies[1] and replies[0].startswith("You played ")
    bob_before, alice_before = len(bob_dms.history()), len(alice_dms.history())
    assert await both(table.bob, FOUL) == ["You played 象3进5."] * 2
    assert managers[0].match.game.foul is not None and managers[1].match.game.foul is None

    first, twin_seen = await offender_and_spectator()
    assert first == twin_seen
    assert len(bob_dms.history()) == bob_before  # Bob is told nothing in either game
    assert len(alice_dms.history()) == alice_before + 1  # Alice, once: in the pinned game
    offers = [await table.alice.autocomplete(t, "move", "move", "foul") for t in threads]
    assert [[c["value"] for c in offer] for offer in offers] == [["foul"], []]
    # Until the call, Alice's public move texts are alike too; then they differ.
    assert [await move(table.alice, thread, "foul") for thread in threads] == [
        "Foul called: the elephant is back. Now make your move.",
        "There is no foul to call now. A foul can be called only right after your "
        "opponent's elephant moved away from an open diagonal with your queen, and only "
        "before your own move.",
    ]
    called, uncalled = await seen(threads[0]), await seen(threads[1])
    assert called[:-2] == uncalled[:-1]
    # The call's board is the live one: the board before it keeps its move as text.
    assert called[-2][0] == uncalled[-1][0].partition("\n")[0] and not called[-2][1]
    # The window is closed: the notice has lost its button.
    notice = alice_dms.last_message
    assert notice.content.startswith("Only you are told") and not notice.components


async def test_rules_page_swaps_and_refusals_in_both_languages(table: Table):
    rules = await whole_rules(table, table.carol, "houji")
    assert rules.startswith("**Successor xiangqi (houji)**")
    assert "silent" in rules and "宫廷炮" in rules
    thread = await table.start(variant="houji")
    assert (await move(table.alice, thread, "犯规")).startswith("There is no foul to call")
    assert (await move(table.alice, thread, "A4~Q")) == "You played A4~Q."
    assert "**A4~Q**" in thread.last_message.content  # words, so English readers get WXF
    await table.bob.slash(table.channel, "settings", language="zh")
    zh_rules = await whole_rules(table, table.bob, "后继")
    assert "后继象棋" in zh_rules and "菱形士线" in zh_rules
    assert (await move(table.bob, thread, "foul")).startswith("现在没有可以提示的犯规")
    assert (await move(table.bob, thread, "e9~e7")).startswith("现在不能这样换位")
    assert (await move(table.bob, thread, "后5斜进4")) == "你走了 后5斜进4。"
    assert "后五斜进四" not in thread.last_message.content  # Black writes digits
    assert "后5斜进4" in thread.last_message.content
