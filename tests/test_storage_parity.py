"""The two stores are one interface: ``Store`` (SQLite) and ``PostgresStore``
have the same public methods with the same signatures, and the methods added
after the PostgreSQL store behave alike on both (secrets set before the first
move, open challenges, a channel's last game, locales, notice marks)."""

from __future__ import annotations

import inspect

import pytest

from rules.match import platform_entry
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import GameNotActive, GameNotFound, NewGame, PostgresStore, Secret, Store, open_store

RED, BLACK = 1001, 1002
RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)

# Opening differs by nature (a file path against a URL and a pool's size);
# open_store hides it, and both take the ``clock`` tests pass.
OPENED_APART = {"open"}


def public_methods(cls: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(cls, callable)
        if not name.startswith("_")
    }


def shared_part(store: inspect.Signature, postgres: inspect.Signature) -> inspect.Signature:
    """``postgres`` cut to ``store``'s parameters, provided that whatever it
    takes on top has a default (a tuning knob only PostgreSQL has, such as the
    lease of a claimed deadline): every caller of ``Store`` is then served."""
    extra = list(postgres.parameters.values())[len(store.parameters) :]
    assert all(p.default is not p.empty for p in extra), (postgres, extra)
    return postgres.replace(parameters=list(postgres.parameters.values())[: len(store.parameters)])


def test_both_stores_have_the_same_public_methods():
    assert set(public_methods(Store)) == set(public_methods(PostgresStore))


@pytest.mark.parametrize("name", sorted(set(public_methods(Store)) - OPENED_APART))
def test_each_method_has_the_same_signature_on_both_stores(name):
    store, postgres = public_methods(Store)[name], public_methods(PostgresStore)[name]
    assert shared_part(store, postgres) == store
    sqlite_method, postgres_method = getattr(Store, name), getattr(PostgresStore, name)
    assert inspect.iscoroutinefunction(sqlite_method) == inspect.iscoroutinefunction(
        postgres_method
    )


def test_both_stores_open_with_a_clock():
    for cls in (Store, PostgresStore):
        clock = inspect.signature(cls.open).parameters["clock"]
        assert clock.kind is clock.KEYWORD_ONLY and clock.default is not clock.empty


def test_the_signature_check_sees_a_missing_or_changed_parameter():
    async def append(self, game_id: int, seq: int) -> None: ...
    async def append_more(self, game_id: int, seq: int, text: str) -> None: ...
    async def append_knob(self, game_id: int, seq: int, lease: float = 1.0) -> None: ...

    base, more, knob = map(inspect.signature, (append, append_more, append_knob))
    with pytest.raises(AssertionError):
        shared_part(base, more)  # a required parameter on top
    assert shared_part(base, knob) == base
    assert shared_part(more, knob) != more  # a parameter renamed


# -- behaviour of the methods added since the PostgreSQL store, on both --------


@pytest.fixture
async def store(store_target):
    async with await open_store(store_target, clock=lambda: 1_800_000_000.0) as s:
        yield s


def new_game(channel_id: int = 500, variant: str = "xiangqi") -> NewGame:
    return NewGame(77, channel_id, variant, RED, BLACK, {}, False, 5, {"setup": [1, 2]})


async def test_a_secret_is_set_until_the_first_entry(store):
    gid = await store.create_game(new_game())
    await store.set_secret(gid, Secret(99, {"setup": [2, 1]}))
    assert await store.load_secret(gid) == Secret(99, {"setup": [2, 1]})
    await store.append(gid, 0, RED, "h2e2")
    with pytest.raises(GameNotActive):
        await store.set_secret(gid, Secret(5, {}))
    assert (await store.load_secret(gid)).seed == 99
    with pytest.raises(GameNotFound):
        await store.set_secret(gid + 1, Secret(5, {}))


async def test_a_secret_is_not_set_on_a_finished_game(store):
    gid = await store.create_game(new_game())
    assert await store.finish_game(gid, Outcome(None, Reason.ABORTED), False)
    with pytest.raises(GameNotActive):
        await store.set_secret(gid, Secret(99, {}))


async def test_open_challenges_are_the_pending_unexpired_ones_oldest_first(store):
    later = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=RED, variant="xiangqi", expires_at=300.0
    )
    sooner = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=RED, variant="jieqi", expires_at=200.0
    )
    gone = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=RED, variant="xiangqi", expires_at=400.0
    )
    await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=BLACK, variant="xiangqi", expires_at=400.0
    )
    assert await store.set_challenge_status(gone.id, "cancelled")
    assert [c.id for c in await store.open_challenges(RED, 100.0)] == [sooner.id, later.id]
    assert [c.id for c in await store.open_challenges(RED, 200.0)] == [later.id]
    assert await store.open_challenges(RED, 300.0) == []


async def test_the_latest_game_of_a_channel_over_or_not(store):
    assert await store.latest_game_in_channel(500) is None
    first = await store.create_game(new_game())
    assert await store.finish_game(first, RED_WINS, True)
    assert (await store.latest_game_in_channel(500)).id == first
    second = await store.create_game(new_game())
    await store.create_game(new_game(channel_id=501))
    assert (await store.latest_game_in_channel(500)).id == second


async def test_locale_and_turn_notices_preference(store):
    assert await store.player_locale(RED) is None
    await store.set_locale(RED, "zh-CN")
    await store.set_locale(RED, "en-GB")
    assert await store.player_locale(RED) == "en-GB"
    assert (await store.get_prefs(RED)).notify == "thread"
    assert (await store.set_prefs(RED, notify="both")).notify == "both"
    assert (await store.get_prefs(RED)).notify == "both"
    with pytest.raises(ValueError):
        await store.set_prefs(RED, notify="loud")


async def test_private_boards_preference(store):
    assert (await store.get_prefs(RED)).boards == "news"
    assert (await store.set_prefs(RED, boards="every")).boards == "every"
    assert (await store.get_prefs(RED)).boards == "every"
    with pytest.raises(ValueError):
        await store.set_prefs(RED, boards="some")
    assert (await store.get_prefs(RED)).boards == "every"


async def test_notice_marks_and_unannounced_endings(store):
    gid = await store.create_game(new_game())
    assert await store.notified(gid) is None  # not even the start announced
    assert await store.notified(gid + 1) is None
    await store.set_notified(gid, 0)
    await store.append(gid, 0, RED, "h2e2")
    await store.set_notified(gid, 1)
    assert await store.notified(gid) == 1
    resigns = Outcome(Color.RED, Reason.RESIGNATION)
    await store.append(gid, 1, BLACK, platform_entry(Color.BLACK, "resign"), outcome=resigns)
    other = await store.create_game(new_game(channel_id=501))
    assert await store.finish_game(other, Outcome(None, Reason.ABORTED), False)
    assert [r.id for r in await store.unnotified_endings(0.0)] == [gid, other]
    assert await store.unnotified_endings(1_800_000_001.0) == []  # ended before ``since``
    await store.set_notified(gid, 2)
    assert [r.id for r in await store.unnotified_endings(0.0)] == [other]


async def test_the_last_finished_game_of_a_channel_and_results_between_two_players(store):
    assert await store.last_finished_in_channel(500) is None
    first = await store.create_game(new_game())
    assert await store.finish_game(first, RED_WINS, True)
    running = await store.create_game(new_game())
    assert (await store.last_finished_in_channel(500)).id == first  # not the running one
    assert await store.finish_game(running, Outcome(None, Reason.DRAW_AGREED), True)
    assert (await store.last_finished_in_channel(500)).id == running
    assert await store.results_between(RED, BLACK) == [
        ({}, Color.RED, "1-0"),
        ({}, Color.RED, "1/2-1/2"),
    ]
    assert await store.results_between(BLACK, RED) == [
        ({}, Color.BLACK, "1-0"),
        ({}, Color.BLACK, "1/2-1/2"),
    ]
    assert await store.results_between(RED, 9999) == []
