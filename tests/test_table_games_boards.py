"""/games as a list worth opening: the games waiting on me first, the most
urgent first, with one picture of their boards from my side."""

from __future__ import annotations

import io

from PIL import Image

from render.thumbnails import Thumb, thumbnails_png
from rules.match import Match
from rules.pieces import Color
from tests.conftest import Table, button


async def _game(table: Table, name: str, red, black, **options):
    """A game in its own channel, ``red`` challenging ``black``."""
    channel = table.guild.create_text_channel(name)
    await red.slash(channel, "challenge", opponent=black, color="red", **options)
    await black.click(channel.last_message, custom_id=button(channel.last_message, "accept"))
    return channel.threads[-1]


async def test_games_waiting_on_me_come_first_with_their_boards(table: Table):
    slow = await _game(table, "slow", table.alice, table.bob, time="3d")  # #1
    fast = await _game(table, "fast", table.alice, table.carol, time="1d")  # #2
    theirs = await _game(table, "theirs", table.carol, table.alice)  # #3: carol to move
    answer = (await table.alice.slash(table.channel, "games")).response
    assert answer.ephemeral
    lines = answer.content.splitlines()
    assert lines[0] == "Your games in progress:"
    assert lines[1].startswith("Waiting for your move: 2 ")
    assert (
        lines[2].startswith("#2 Xiangqi · vs carol · **your move**") and f"/{fast.id}" in lines[2]
    )
    assert lines[3].startswith("#1 Xiangqi · vs bob · **your move**") and f"/{slow.id}" in lines[3]
    assert lines[4].startswith("#3 Xiangqi · vs carol · their move") and f"/{theirs.id}" in lines[4]
    (picture,) = answer.attachments
    assert picture.filename == "games.png"
    start = Match.start("xiangqi", {}, 0).game.view(None)
    expected = thumbnails_png(
        [Thumb("#2 carol", start, Color.RED), Thumb("#1 bob", start, Color.RED)]
    )
    assert await picture.read() == expected


async def test_my_board_in_the_picture_is_drawn_from_my_side_and_follows_the_game(table: Table):
    thread = await _game(table, "one", table.alice, table.bob)
    await table.alice.slash(thread, "move", move="h2e2")
    answer = (await table.bob.slash(table.channel, "games")).response
    (picture,) = answer.attachments
    view = Match.replay("xiangqi", {}, 0, ["h2e2"]).game.view(None)
    assert await picture.read() == thumbnails_png([Thumb("#1 alice", view, Color.BLACK)])
    assert await picture.read() != thumbnails_png([Thumb("#1 alice", view, Color.RED)])
    nothing = (await table.alice.slash(table.channel, "games")).response
    assert not nothing.attachments and "Waiting for your move" not in nothing.content


def test_the_picture_holds_one_small_board_per_game_three_a_row():
    view = Match.start("xiangqi", {}, 0).game.view(None)
    sizes = []
    for count in (1, 3, 4):
        png = thumbnails_png([Thumb(f"#{n} 对手", view) for n in range(count)])
        sizes.append(Image.open(io.BytesIO(png)).size)
    assert sizes[0][0] < sizes[1][0] == sizes[2][0]  # a row holds three
    assert sizes[0][1] == sizes[1][1] < sizes[2][1]  # the fourth starts a second row
    assert sizes[1][0] < 725  # three small boards are narrower than one board
