"""Each variant's /rules comes with its picture on the first section, drawn
in the reader's glyphs; the other sections are text alone."""

from __future__ import annotations

import pytest

from rules.variant import variants

NAMES = sorted(game.name for game in variants())


def buttons(message) -> list[str]:
    return [c["custom_id"] for row in message.components for c in row["components"]]


@pytest.mark.parametrize("variant", NAMES)
async def test_the_first_section_shows_the_variant(table, variant: str) -> None:
    answer = (await table.carol.slash(table.channel, "rules", variant=variant)).response
    (attachment,) = answer.attachments
    assert (await attachment.read()).startswith(b"\x89PNG")
    await table.carol.click(answer, custom_id=buttons(answer)[-1])  # the platform rules
    assert table.env.backend.get_message(answer.channel_id, answer.id).attachments == []
    await table.carol.click(answer, custom_id=buttons(answer)[0])  # and back
    assert len(table.env.backend.get_message(answer.channel_id, answer.id).attachments) == 1


async def test_the_picture_follows_the_readers_glyphs(table) -> None:
    simplified = (await table.carol.slash(table.channel, "rules", variant="fanbing")).response
    await table.carol.slash(table.channel, "settings", glyphs="traditional")
    traditional = (await table.carol.slash(table.channel, "rules", variant="fanbing")).response
    first = await simplified.attachments[0].read()
    assert first != await traditional.attachments[0].read()
