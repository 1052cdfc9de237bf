"""/export shows a game to its players and to members of its server; to anyone
else it answers exactly as for a game that does not exist."""

from __future__ import annotations

from tests.conftest import Table, play, quiet_moves


async def finished_game(table: Table) -> int:
    thread = await table.start()
    await play(table, thread, quiet_moves(2))
    await table.bob.slash(thread, "resign")
    return 1


async def test_a_stranger_in_another_server_is_told_the_game_does_not_exist(table):
    game = await finished_game(table)
    elsewhere = table.env.create_guild()
    lobby = elsewhere.create_text_channel("lobby")
    stranger = elsewhere.add_member(table.env.create_user("mallory"))
    for fmt in ("pgn", "json", "gif"):
        hidden = await stranger.slash(lobby, "export", game=game, format=fmt)
        missing = await stranger.slash(lobby, "export", game=game + 1, format=fmt)
        assert hidden.ephemeral and not hidden.response.attachments
        assert hidden.response.content == f"There is no game number {game}."
        assert missing.response.content == f"There is no game number {game + 1}."


async def test_members_of_the_server_and_players_may_export(table):
    game = await finished_game(table)
    watcher = await table.carol.slash(table.channel, "export", game=game)
    assert watcher.response.attachments[0].filename == f"chuhan-{game}.pgn"
    # A player and a member of the game's server, asking from another server.
    elsewhere = table.env.create_guild()
    lobby = elsewhere.create_text_channel("lobby")
    for member in (table.bob, table.carol):
        visitor = elsewhere.add_member(member.user)
        result = await visitor.slash(lobby, "export", game=game, format="json")
        assert result.response.attachments, member
    outsider = elsewhere.add_member(table.env.create_user("mallory"))
    refused = await outsider.slash(lobby, "export", game=game, format="json")
    assert refused.response.content == f"There is no game number {game}."


async def test_from_a_dm_only_players_and_members_may_export(table):
    game = await finished_game(table)
    player = await table.bob.user.slash("export", game=game)
    assert player.response.attachments
    member = await table.carol.user.slash("export", game=game)
    assert member.response.attachments
    stranger = table.env.create_user("mallory")
    refused = await stranger.slash("export", game=game)
    assert refused.response.content == f"There is no game number {game}."


async def test_tile_menus_by_number_do_not_show_strangers_a_game_exists(table):
    await table.start(variant="tuibei")
    stranger = table.env.create_user("mallory")
    answer = await stranger.slash("predict", game=1)
    assert answer.response.content == "There is no game number 1."
    member = await table.carol.user.slash("predict", game=1)  # of the game's server
    assert member.response.content == "Only the two players of this game can do that."
