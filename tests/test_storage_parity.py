"""One ``Store``, two databases. Both stores satisfy the ``Store`` Protocol the
bot types against: every member it lists, with a signature that takes every
call the Protocol allows. Every storage test runs on both databases (the
``store`` fixture of ``tests/postgres_server.py``), these among them: the
methods added after the PostgreSQL store, and the choice of the store."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

import pytest

from rules.match import platform_entry
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from storage import (
    GameNotActive,
    GameNotFound,
    NewGame,
    PostgresStore,
    Secret,
    SqliteStore,
    Store,
)

RED, BLACK = 1001, 1002
RED_WINS = Outcome(Color.RED, Reason.CHECKMATE)
STORES = {"sqlite": SqliteStore, "postgresql": PostgresStore}
# Context-manager methods are members although their names start with "_".
DUNDERS = {"__aenter__", "__aexit__"}


def protocol_members() -> list[str]:
    return sorted(
        name
        for name, member in vars(Store).items()
        if inspect.isfunction(member) and (not name.startswith("_") or name in DUNDERS)
    )


def incompatibilities(wanted: Callable[..., object], given: Callable[..., object]) -> list[str]:
    """What keeps ``given`` from taking every call ``wanted`` allows, as
    ``wanted`` types it: the same parameters in the same order, kinds,
    defaults and types, then only parameters with a default; the same
    return type; both coroutines or neither."""
    problems = []
    if inspect.iscoroutinefunction(wanted) != inspect.iscoroutinefunction(given):
        problems.append("coroutine or not")
    types, given_types = typing.get_type_hints(wanted), typing.get_type_hints(given)
    ours = list(inspect.signature(wanted).parameters.values())
    theirs = list(inspect.signature(given).parameters.values())
    for p, q in zip(ours, theirs, strict=False):
        if (p.name, p.kind, p.default) != (q.name, q.kind, q.default):
            problems.append(f"{q} for {p}")
        elif p.name != "self" and types.get(p.name) != given_types.get(q.name):
            problems.append(f"{q.name}: {given_types.get(q.name)} for {types.get(p.name)}")
    problems += [f"{p.name} missing" for p in ours[len(theirs) :]]
    problems += [f"{q.name} without a default" for q in theirs[len(ours) :] if q.default is q.empty]
    if types.get("return") != given_types.get("return"):
        problems.append(f"returns {given_types.get('return')} for {types.get('return')}")
    return problems


def test_the_protocol_lists_the_bots_methods():
    assert {"append", "claim_due", "rebuild", "watch", "__aenter__"} <= set(protocol_members())
    assert "open" not in protocol_members()  # a file path against a URL and a pool's size


@pytest.mark.parametrize("cls", STORES.values(), ids=STORES.keys())
def test_each_store_takes_every_call_the_protocol_allows(cls):
    assert issubclass(cls, Store)
    problems = {
        name: incompatibilities(getattr(Store, name), getattr(cls, name))
        for name in protocol_members()
    }
    assert {name: found for name, found in problems.items() if found} == {}


@pytest.mark.parametrize("cls", STORES.values(), ids=STORES.keys())
def test_both_stores_open_with_a_clock(cls):
    clock = inspect.signature(cls.open).parameters["clock"]
    assert clock.kind is clock.KEYWORD_ONLY and clock.default is not clock.empty


async def append(self, game_id: int, seq: int, text: str = "") -> None: ...
async def append_more(
    self, game_id: int, seq: int, text: str = "", *, lease: float = 1
) -> None: ...
async def append_required(
    self, game_id: int, seq: int, text: str = "", at: float = 0, *, x: int
) -> None: ...
async def append_renamed(self, game_id: int, number: int, text: str = "") -> None: ...
async def append_retyped(self, game_id: int, seq: str, text: str = "") -> None: ...
async def append_no_default(self, game_id: int, seq: int, text: str) -> None: ...
async def append_returning(self, game_id: int, seq: int, text: str = "") -> int: ...
def append_at_once(self, game_id: int, seq: int, text: str = "") -> None: ...


def test_the_check_sees_a_parameter_missing_renamed_or_retyped():
    assert incompatibilities(append, append) == []
    assert incompatibilities(append, append_more) == []  # a knob with a default on top
    assert incompatibilities(append_more, append) == ["lease missing"]
    assert incompatibilities(append, append_required) == ["x without a default"]
    for changed in (
        append_renamed,
        append_retyped,
        append_no_default,
        append_returning,
        append_at_once,
    ):
        assert incompatibilities(append, changed), changed.__name__


async def test_chuhan_db_chooses_the_store(store, store_kind):
    assert type(store) is STORES[store_kind]


# -- behaviour of the methods added since the PostgreSQL store, on both --------


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


async def test_notice_marks_many_at_once(store):
    first = await store.create_game(new_game())
    second = await store.create_game(new_game(channel_id=501))
    untouched = await store.create_game(new_game(channel_id=502))
    await store.set_notified_many({})  # nothing to mark, nothing written
    await store.set_notified_many({first: 3, second: 0})
    assert await store.notified(first) == 3 and await store.notified(second) == 0
    assert await store.notified(untouched) is None
    await store.set_notified_many({second: 2, first + 999: 1})  # an unknown game is skipped
    assert await store.notified(second) == 2 and await store.notified(first) == 3
