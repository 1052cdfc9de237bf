"""Finding and reading games (issue 12): /games, /moves, thread names, and the
end of a game (Rematch button, move list, the thread archived later)."""

from __future__ import annotations

from tests.conftest import button, play, press, quiet_moves, snapshot

MOVES = quiet_moves(6, seed=21)


async def test_games_lists_mine_with_whose_turn_and_all_for_spectators(table):
    thread = await table.start()
    await play(table, thread, MOVES[:1])
    other = table.guild.create_text_channel("jieqi")
    await table.carol.slash(other, "challenge", opponent=table.alice, variant="jieqi", color="red")
    await table.alice.click(other.last_message, custom_id=button(other.last_message, "accept"))
    second = other.threads[-1]
    assert second.name == "#2 Jieqi · carol vs alice"

    mine = (await table.alice.slash(table.channel, "games")).response
    assert mine.ephemeral
    lines = mine.content.splitlines()
    assert lines[0] == "Your games in progress:"
    link = f"https://discord.com/channels/{table.guild.id}/{thread.id}"
    assert lines[1].startswith("#1 Xiangqi · vs bob · their move · ") and lines[1].endswith(link)
    assert " · <t:" in lines[1] and ":R> left · " in lines[1]  # time left to the deadline
    assert lines[2].startswith("#2 Jieqi · vs carol · their move")
    bobs = (await table.bob.slash(table.channel, "games")).response.content
    assert "#1 Xiangqi · vs alice · **your move**" in bobs and "#2" not in bobs
    watcher = table.guild.add_member(table.env.create_user("dave"))
    assert "no game in progress" in (await watcher.slash(table.channel, "games")).response.content
    everyone = (await watcher.slash(table.channel, "games", all=True)).response.content
    assert "#1 Xiangqi · alice vs bob · bob to move" in everyone
    assert "#2 Jieqi · carol vs alice · carol to move" in everyone


async def test_moves_in_the_readers_notation_and_in_a_finished_thread(table):
    thread = await table.start()
    none = await table.carol.slash(thread, "moves")
    assert "No move yet in game #1" in none.response.content
    await table.alice.slash(thread, "move", move="h2e2")
    await table.bob.slash(thread, "move", move="h9g7")
    await table.alice.slash(thread, "move", move="h0g2")
    mine = (await table.carol.slash(thread, "moves")).response
    assert mine.ephemeral
    assert mine.content.splitlines()[1:] == [
        "Opening: B05 Central Cannon vs Left Horse",
        "1. 炮二平五 马8进7",
        "2. 马二进三",
    ]
    await table.bob.slash(table.channel, "settings", notation="wxf")
    wxf = (await table.bob.slash(thread, "moves")).response.content
    assert wxf.splitlines()[2:] == ["1. C2.5 H8+7", "2. H2+3"]
    await table.bob.slash(thread, "resign")
    after = (await table.carol.slash(thread, "moves")).response.content
    assert "Moves of game #1:" in after and "1. 炮二平五 马8进7" in after


async def test_the_end_has_a_move_list_a_rematch_button_and_archives_the_thread(table):
    thread = await table.start(time="3d", rated=False)
    await table.alice.slash(thread, "move", move="h2e2")
    await table.bob.slash(thread, "resign")
    end = thread.last_message
    assert "alice wins (resignation)" in end.content
    assert "Moves of game #1:\n1. 炮二平五" in end.content
    rematch = button(end, "rematch")
    refused = await table.carol.click(end, custom_id=rematch)
    assert "Only the two players" in refused.response.content

    shown = snapshot(table.env, end)
    asked = await table.bob.click(end, custom_id=rematch)
    assert asked.response.ephemeral and "Rematch offered" in asked.response.content
    assert not table.refreshed_in(thread, end).components  # one rematch per game
    again = await press(table.alice, shown, rematch)  # a client that still shows it
    assert "already been offered" in again.response.content
    offer = table.channel.last_message
    assert "Rematch of game #1" in offer.content and "3 days per move" in offer.content
    stored = table.env.backend.get_message(offer.channel.id, offer.id)
    assert stored.ping_user_ids == [table.alice.id]
    await table.alice.click(offer, custom_id=button(offer, "accept"))
    second = table.channel.threads[-1]
    assert second.name == "#2 Xiangqi · bob vs alice"  # colours swapped: Bob plays Red
    assert "bob (🔴 Red) vs alice (⚫ Black)" in second.history()[0].content

    backend = table.env.backend
    assert not backend.get_channel(thread.id).thread_metadata.archived
    await table.env.advance_time(16 * 60)
    assert backend.get_channel(thread.id).thread_metadata.archived
    assert not backend.get_channel(second.id).thread_metadata.archived
