"""A restart in the middle of a game: buttons, the game and its clock carry on."""

from __future__ import annotations

from tests.conftest import button, play, quiet_moves, restart

MOVES = quiet_moves(6, seed=11)


async def test_game_buttons_and_clock_survive_a_restart(table, settings):
    pending = await table.challenge(opponent=table.carol)
    thread = await table.start(time="rapid")
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message

    await restart(table.env, settings)

    await table.bob.click(offer, custom_id=button(offer, "draw:decline"))
    assert "bob declines the draw" in thread.last_message.content
    await play(table, thread, MOVES[2:4])
    assert "**" in thread.last_message.content
    board = await table.carol.slash(thread, "board")
    assert board.response.attachments and not board.ephemeral
    await table.carol.click(pending, custom_id=button(pending, "accept"))
    assert "carol accepted" in table.refreshed(pending).content
    await table.env.advance_time(61)
    assert "alice ran out of time" in thread.last_message.content


async def test_history_after_a_restart_names_the_opponent(table, settings):
    thread = await table.start()
    await table.bob.slash(thread, "resign")
    await restart(table.env, settings)
    history = await table.carol.slash(table.channel, "history", user=table.bob)
    assert "#1 Xiangqi vs alice: loss (resignation)" in history.response.content


async def test_a_challenge_accepted_after_a_restart_names_the_challenger(table, settings):
    message = await table.challenge()
    await restart(table.env, settings)
    thread = await table.start_from(message)
    assert thread.name == "#1 Xiangqi · alice vs bob"
    assert "alice (🔴 Red) vs bob (⚫ Black)" in thread.history()[0].content


async def test_start_up_reads_each_game_once_and_replays_its_log_once(table, settings, monkeypatch):
    import bot.hub
    from storage.replays import LogReplays
    from storage.store import SqlStore

    thread = await table.start()
    await play(table, thread, MOVES[:4])
    counts = {"load_game": 0, "rebuild": 0, "replay": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(SqlStore, "load_game", counted("load_game", SqlStore.load_game))
    monkeypatch.setattr(LogReplays, "rebuild", counted("rebuild", LogReplays.rebuild))
    monkeypatch.setattr(bot.hub, "replay", counted("replay", bot.hub.replay))
    new = await restart(table.env, settings)

    assert counts == {"load_game": 0, "rebuild": 0, "replay": 1}
    assert len(new.hub.here(thread.id).match.entries) == 4  # and the game is all there
    await play(table, thread, MOVES[4:5])
