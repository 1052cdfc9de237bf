"""Turn notices (issue 12): who is told that a game waits for them, and how.

Each test reads what every member and a spectator received: the pings of
the thread's messages (SimCord records whom a message really pinged), the
thread's members, and each player's DMs.
"""

from __future__ import annotations

import pytest
import simcord.interactions

from bot import Settings, notices
from rules.match import Match
from tests.conftest import button, play, quiet_moves, restart
from tests.test_bot_views import close_dms

MOVES = quiet_moves(6, seed=12)


def pings(table, message) -> list[int]:
    """The users a message really pinged (not merely named)."""
    stored = table.env.backend.get_message(message.channel.id, message.id)
    assert not stored.mention_everyone and not stored.ping_role_ids
    return list(stored.ping_user_ids)


def pinged_in(table, thread, member) -> list:
    return [m for m in thread.history() if member.id in pings(table, m)]


class Pinged:
    """Whom each message of a thread pinged when it was posted. A board message
    loses its ping line once a newer board replaces it (and the edit pings no
    one), so the recorder must look after every step."""

    def __init__(self, table, thread) -> None:
        self.table, self.thread, self.seen = table, thread, {}

    def __call__(self, member) -> list:
        for message in self.thread.history():
            self.seen.setdefault(message.id, (message, pings(self.table, message)))
        return [message for message, users in self.seen.values() if member.id in users]


async def test_players_join_the_thread_and_the_one_to_move_is_pinged(table):
    thread = await table.start()
    members = table.env.backend.get_channel(thread.id).thread_members
    assert {table.alice.id, table.bob.id} <= set(members)
    assert thread.name == "#1 Xiangqi · alice vs bob"
    opening = thread.history()[0]
    assert pings(table, opening) == [table.alice.id]  # Red moves first
    pinged = Pinged(table, thread)
    pinged(table.alice)
    await play(table, thread, MOVES[:1])
    board = thread.last_message
    assert pings(table, board) == [table.bob.id] and "🔔" in board.content
    assert board.attachments  # the ping rides in the board message: one message per move
    pinged(table.bob)
    await table.bob.slash(thread, "move", move=MOVES[1])
    assert pings(table, thread.last_message) == [table.alice.id]
    assert pinged(table.carol) == []  # the spectator is never pinged
    assert len(pinged(table.bob)) == 1  # one notice per turn
    assert len(pinged(table.alice)) == 2
    assert len(thread.history()) == 3  # the opening and a message per move, no more


async def test_requests_and_the_end_ping_the_one_who_must_answer(table):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    await table.alice.slash(thread, "draw")
    offer = thread.last_message
    assert pings(table, offer) == [table.bob.id] and "your answer" in offer.content
    await table.bob.click(offer, custom_id=button(offer, "draw:decline"))
    assert pings(table, thread.last_message) == [table.alice.id]  # back to Alice's move
    await table.alice.slash(thread, "resign")
    end = thread.last_message
    assert "wins (resignation)" in end.content
    assert pings(table, end) == [table.bob.id]  # not the one who resigned


async def test_dm_notice_names_game_opponent_move_time_and_links_the_thread(table):
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", notify="dm", notation="wxf")
    dms = table.bob.user.dm_channel
    before = len(dms.history())
    await table.alice.slash(thread, "move", move="h2e2")
    assert pings(table, thread.last_message) == []  # Bob chose DMs only
    (notice,) = dms.history()[before:]
    text = notice.content
    assert "Your move in game #1 (Xiangqi) against alice" in text
    assert "alice played C2.5." in text  # in Bob's own notation
    assert "Time left: 23 h" in text or "Time left: 1 d" in text
    guild_id = table.guild.id
    assert f"https://discord.com/channels/{guild_id}/{thread.id}" in text
    assert notice.attachments and notice.attachments[0].filename == "board.png"


async def test_both_pings_and_dms_and_off_tells_nothing(table):
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", notify="both")
    await table.alice.slash(table.channel, "settings", notify="off")
    dms = table.bob.user.dm_channel
    before = len(dms.history())
    await play(table, thread, MOVES[:1])
    assert pings(table, thread.last_message) == [table.bob.id]
    assert "Your move in game #1" in dms.history()[before].content
    alice_dms = len(table.alice.user.dm_channel.history())
    await table.bob.slash(thread, "move", move=MOVES[1])
    assert pings(table, thread.last_message) == []
    assert len(table.alice.user.dm_channel.history()) == alice_dms
    await table.alice.slash(thread, "resign")
    assert pings(table, thread.last_message) == [table.bob.id]
    assert "Game #1 (Xiangqi) against alice is over: you won (resignation)." in (
        dms.history()[-1].content
    )
    assert len(table.alice.user.dm_channel.history()) == alice_dms  # "off": nothing


async def test_a_player_with_closed_dms_still_gets_the_thread_ping(table):
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", notify="dm")
    close_dms(table, table.bob)
    await play(table, thread, MOVES[:1])
    assert len(pinged_in(table, thread, table.bob)) == 1
    ping = pinged_in(table, thread, table.bob)[0]
    assert "your move" in ping.content and "game #1" in ping.content


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=str(tmp_path / "chuhan.sqlite3"), sweep_seconds=5)


async def test_rapid_pings_only_after_the_opponent_waited(table):
    thread = await table.start(time="rapid")
    await table.env.advance_time(10)
    await play(table, thread, MOVES[:1])  # Alice moved within 20 s: no ping for her
    assert pings(table, thread.history()[0]) == [] and pings(table, thread.last_message) == []
    await table.env.advance_time(10)
    assert pinged_in(table, thread, table.bob) == []
    await table.env.advance_time(15)  # Bob has let Alice wait over 20 s
    (ping,) = pinged_in(table, thread, table.bob)
    assert "your move" in ping.content
    await table.env.advance_time(15)
    assert len(pinged_in(table, thread, table.bob)) == 1  # once
    assert pinged_in(table, thread, table.alice) == []


async def test_a_restart_between_a_move_and_its_notice_sends_it_once(table, settings):
    thread = await table.start()
    await table.alice.slash(table.channel, "settings", notify="both")
    pinged = Pinged(table, thread)
    pinged(table.alice)
    await play(table, thread, MOVES[:1])
    manager = await table.env.bot.hub.in_channel(thread.id)
    await manager.move(table.bob.id, MOVES[1])  # committed; the bot stops before announcing
    assert len(pinged(table.alice)) == 1  # the opening's only
    await restart(table.env, settings)
    await table.env.advance_time(6)
    assert len(pinged(table.alice)) == 2
    game = Match.replay("xiangqi", {}, 0, MOVES[:1]).game
    bobs = game.notate(game.parse(MOVES[1]), "chinese")
    assert f"bob played {bobs}." in table.alice.user.dm_channel.last_message.content
    await table.env.advance_time(30)
    await restart(table.env, settings)
    await table.env.advance_time(30)
    assert len(pinged(table.alice)) == 2  # never twice
    await table.alice.slash(thread, "move", move=MOVES[2])
    assert pings(table, thread.last_message) == [table.bob.id]


async def test_a_players_language_survives_a_restart(table, settings, monkeypatch):
    base = simcord.interactions.base_payload

    def chinese_bob(*args, **kwargs):
        record, payload = base(*args, **kwargs)
        if kwargs.get("user_id") == table.bob.id:
            payload["locale"] = "zh-CN"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", chinese_bob)
    thread = await table.start()
    await table.bob.slash(table.channel, "settings", notify="dm")
    await restart(table.env, settings)
    await play(table, thread, MOVES[:1])
    assert "第 1 局" in table.bob.user.dm_channel.last_message.content


async def test_hidden_variants_dm_a_board_only_when_it_shows_more_or_was_asked(table):
    thread = await table.start(variant="jieqi")
    alice_dms, bob_dms = table.alice.user.dm_channel, table.bob.user.dm_channel
    before = len(bob_dms.history())
    await table.alice.slash(thread, "move", move="+a0")
    assert len(bob_dms.history()) == before  # his view is the public one; pings suffice
    await table.alice.slash(table.channel, "settings", notify="dm")
    alice_before = len(alice_dms.history())
    await table.bob.slash(thread, "move", move="+a9")
    (notice,) = alice_dms.history()[alice_before:]  # one DM: the notice carries her board
    assert "Your move in game #1 (Jieqi) against bob" in notice.content
    assert "bob played reveal a9." in notice.content and notice.attachments  # words


async def test_a_restart_before_the_end_was_announced_still_tells_the_other_player(table, settings):
    thread = await table.start()
    await play(table, thread, MOVES[:2])
    manager = await table.env.bot.hub.in_channel(thread.id)
    await manager.act(table.bob.id, "resign")  # committed; the bot stops before announcing
    await restart(table.env, settings)
    await table.env.advance_time(6)
    (ping,) = [m for m in pinged_in(table, thread, table.alice) if "is over" in m.content]
    assert "game #1 against bob is over: you won (resignation)" in ping.content
    assert not [m for m in pinged_in(table, thread, table.bob) if "is over" in m.content]
    await restart(table.env, settings)
    await table.env.advance_time(6)
    assert len([m for m in pinged_in(table, thread, table.alice) if "is over" in m.content]) == 1


async def test_a_restart_that_lost_its_marks_spreads_the_notices_and_sends_each_once(
    table, settings, monkeypatch
):
    games = 30
    threads = []
    for _ in range(games):
        await table.env.advance_time(10)  # within the limit of challenges a minute
        threads.append(await table.start())
    seen = {m.id for thread in threads for m in thread.history()}
    store = table.env.bot.store
    await store.set_notified_many({gid: -1 for gid in range(1, games + 1)})  # marks lost
    writes: list[str] = []
    for name in ("set_notified", "set_notified_many"):
        real = getattr(type(store), name)

        async def counted(self, *args, _real=real, _name=name):
            writes.append(_name)
            return await _real(self, *args)

        monkeypatch.setattr(type(store), name, counted)

    def new_pings() -> list:
        fresh = [m for t in threads for m in t.history() if m.id not in seen]
        return [m for m in fresh if pings(table, m)]

    await restart(table.env, settings)
    sent = [len(new_pings())]
    for _ in range(games // notices.SWEEP_NOTICES + 1):
        await table.env.advance_time(5)  # one sweep
        sent.append(len(new_pings()))
    steps = [b - a for a, b in zip([0, *sent], sent, strict=False)]
    assert max(steps) <= 10  # at most 10 a sweep of 5 s: 2 a second
    assert sent[-1] == games  # everyone told in the end
    pinged = [pings(table, m) for m in new_pings()]
    assert all(users == [table.alice.id] for users in pinged)
    assert len({m.channel.id for m in new_pings()}) == games  # once a game, never twice
    assert writes == ["set_notified_many"] * (games // notices.SWEEP_NOTICES)
