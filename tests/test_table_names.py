"""Player names in any script (issue 12): readable on the image, never ``?`` boxes."""

from __future__ import annotations

import pytest

from render import Players, render_png, samples
from render.fonts import has_glyph, readable_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Alice", "Alice"),
        ("张三丰", "张三丰"),  # in the shipped font: drawn as they are
        ("すずき", "すずき"),
        ("김철수", "김철수"),  # the 2,350 common Hangul syllables are in the font
        ("똠방", "Ttom방"),  # a rarer one is written in Latin letters, never a box
        ("สมชาย", "smchay"),  # a script the font lacks (Thai)
        ("محمد", "mhmd"),
        ("𠀋", "Jo"),  # a hanzi beyond the shipped subset
        ("🔥龍🔥 Dragon", "龍 Dragon"),  # emoji beside letters are dropped
        ("🍀🍀", "four leaf clover four leaf clover"),  # a name of emoji alone is spelled
        ("👍", "thumbsup"),
    ],
)
def test_names_are_readable_in_any_script(name: str, shown: str) -> None:
    assert readable_name(name) == shown
    assert "?" not in shown and all(has_glyph(char) for char in shown)


def test_a_thai_name_is_drawn_unlike_question_marks() -> None:
    def image(red: str) -> bytes:
        return render_png(samples.start(), players=Players(red, "bob"))

    assert image("สมชาย") == image("smchay") != image("?????")
    assert image("김철수") != image("???")


async def test_a_korean_player_is_named_readably_on_the_public_board(table) -> None:
    import io

    from bot.pictures import board_png
    from rules.match import Match
    from storage import Prefs

    kim = table.guild.add_member(table.env.create_user("kim"), nick="김똠수")
    await kim.slash(table.channel, "challenge", opponent=table.bob, color="red", time="none")
    offer = table.channel.last_message
    await table.bob.click(offer, custom_id=offer.components[0].children[0].custom_id)
    thread = table.channel.threads[-1]
    buffer = io.BytesIO()
    await thread.history()[0].attachments[0].save(buffer)
    view = Match.start("xiangqi").game.view(None)
    expected = board_png(view, ("김Ttom수", "bob"), (None, None), Prefs(), "en", None)
    assert buffer.getvalue() == expected
