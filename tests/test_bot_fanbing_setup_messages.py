"""The two /setup messages of third-generation xiangqi always show the current
setup: a click on one redraws the other through the /setup interaction, while
its token lives; after a restart or once it expired each still redraws itself."""

from __future__ import annotations

import simcord

from bot.variants.fanbing.cog import MENU_FILES, pairs_text, summary
from rules.pieces import Color, Kind
from rules.squares import FILES
from rules.variants.fanbing.backs import PAIRS, PAWN_FILES, Setup
from tests.conftest import Table, restart
from tests.test_bot_fanbing import game_id

SELECTS = [f"pawn-{FILES[file]}" for file in MENU_FILES]


def current(table: Table, message) -> simcord.backend.models.Message:
    """The message as the user's client shows it now."""
    return table.env.backend.get_message(message.channel_id, message.id)


def defaults(message, suffix: str) -> list[str]:
    """The values a select of ``message`` shows as chosen."""
    for row in message.components:
        for child in row["components"]:
            if child.get("custom_id", "").endswith(suffix):
                return [o["value"] for o in child["options"] if o.get("default")]
    raise AssertionError(f"no select {suffix} in {message.content!r}")


def setup_of(table: Table, thread, side: Color = Color.RED) -> Setup:
    phase = table.env.bot.hub.here(thread.id).setup_phase
    assert phase is not None
    return phase.setups[side]


def assert_shows(table: Table, pawns, pairs, setup: Setup) -> None:
    """Both messages show ``setup``: menus, and the same summary."""
    pawn_message, pairs_message = current(table, pawns), current(table, pairs)
    shown = [defaults(pawn_message, what) for what in SELECTS]
    assert shown == [[back.value] for back in setup.pawns[: len(MENU_FILES)]]
    right = [group for group, (files, _, _) in PAIRS.items() if getattr(setup, group) == files[1]]
    assert defaults(pairs_message, ":pairs") == right
    assert pairs_message.content == pairs_text(setup, Color.RED, "en")
    assert pawn_message.content.splitlines()[-1] == summary(setup, Color.RED, "en")


async def open_setup(table: Table, thread):
    shown = await table.alice.slash(thread, "setup")
    return shown.response, shown.followups[0]


async def test_random_everything_redraws_the_pawn_menus(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    assert_shows(table, pawns, pairs, setup_of(table, thread))  # the first answer agrees
    gid = game_id(table)
    before = setup_of(table, thread)
    for _ in range(8):  # a random draw may keep some pawns: draw until they all moved
        await table.alice.click(pairs, custom_id=f"chuhan:fb:{gid}:random-all")
        if setup_of(table, thread).pawns[:4] != before.pawns[:4]:
            break
    assert setup_of(table, thread).pawns[:4] != before.pawns[:4]
    assert_shows(table, pawns, pairs, setup_of(table, thread))


async def test_a_pawn_choice_redraws_the_pairs_message(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    gid = game_id(table)
    await table.alice.select(pairs, ["chariot"], custom_id=f"chuhan:fb:{gid}:pairs")
    chosen = setup_of(table, thread)
    back = next(k for k in chosen.pawns if k is not chosen.pawns[0])
    await table.alice.select(pawns, [back.value], custom_id=f"chuhan:fb:{gid}:pawn-a")
    setup = setup_of(table, thread)
    assert setup.pawns[0] is back and setup.chariot == PAIRS["chariot"][0][1]
    assert_shows(table, pawns, pairs, setup)
    await table.alice.click(pawns, custom_id=f"chuhan:fb:{gid}:random-pawns")
    assert_shows(table, pawns, pairs, setup_of(table, thread))


async def test_done_closes_the_pawn_menus_too(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    gid = game_id(table)
    setup = setup_of(table, thread)
    await table.alice.click(pairs, custom_id=f"chuhan:fb:{gid}:done")
    for message in (current(table, pawns), current(table, pairs)):
        assert message.components == []
        assert message.content.startswith("Your backs are set: a random setup")
        assert message.content.endswith(summary(setup, Color.RED, "en"))
    assert len(table.env.bot.get_cog("Fanbing").messages) == 0


async def test_a_newer_setup_answer_is_the_one_kept_up_to_date(table: Table):
    thread = await table.start(variant="fanbing")
    old_pawns, old_pairs = await open_setup(table, thread)
    pawns, pairs = await open_setup(table, thread)
    gid = game_id(table)
    # A click on the older pawn message redraws itself and both newer messages.
    await table.alice.click(old_pawns, custom_id=f"chuhan:fb:{gid}:random-pawns")
    setup = setup_of(table, thread)
    assert_shows(table, pawns, pairs, setup)
    assert defaults(current(table, old_pawns), "pawn-a") == [setup.pawns[0].value]
    await table.alice.select(old_pairs, [], custom_id=f"chuhan:fb:{gid}:pairs")
    assert_shows(table, pawns, pairs, setup_of(table, thread))


async def test_after_the_token_expires_or_a_restart_each_message_redraws_itself(
    table: Table, settings
):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    gid = game_id(table)
    shown_pairs = current(table, pairs).content
    await table.env.advance_time(16 * 60)  # the /setup token is dead
    await table.alice.click(pawns, custom_id=f"chuhan:fb:{gid}:random-pawns")
    setup = setup_of(table, thread)
    assert current(table, pawns).content.endswith(summary(setup, Color.RED, "en"))
    assert current(table, pairs).content == shown_pairs  # out of reach, and no error
    assert len(table.env.bot.get_cog("Fanbing").messages) == 0

    pawns, pairs = await open_setup(table, thread)
    await restart(table.env, settings)
    assert len(table.env.bot.get_cog("Fanbing").messages) == 0
    await table.alice.select(pawns, [Kind.CANNON.value], custom_id=f"chuhan:fb:{gid}:pawn-c")
    setup = setup_of(table, thread)
    assert setup.pawns[PAWN_FILES.index(FILES.index("c"))] is Kind.CANNON
    assert current(table, pawns).content.endswith(summary(setup, Color.RED, "en"))


async def test_a_game_ended_during_the_setup_leaves_nothing_behind(table: Table):
    thread = await table.start(variant="fanbing")
    await open_setup(table, thread)
    cog = table.env.bot.get_cog("Fanbing")
    assert len(cog.messages) == 1
    await table.bob.slash(thread, "resign")
    assert table.env.bot.hub.here(thread.id) is None
    await open_setup(table, await table.start(variant="fanbing"))
    assert len(cog.messages) == 1  # the new game's only


async def test_a_dismissed_message_does_not_stop_the_other(table: Table):
    thread = await table.start(variant="fanbing")
    pawns, pairs = await open_setup(table, thread)
    gid = game_id(table)
    table.env.backend.delete_message(pairs.channel_id, pairs.id)  # the user dismissed it
    await table.alice.click(pawns, custom_id=f"chuhan:fb:{gid}:random-pawns")
    setup = setup_of(table, thread)
    assert current(table, pawns).content.endswith(summary(setup, Color.RED, "en"))
