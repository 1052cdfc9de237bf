"""Exports (S-11): PGN in xqbase style, JSON that keeps secrets until the game ends."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules.outcome import Outcome, Reason
from rules.position import START_FEN
from rules.standard import StandardXiangqi, handicap_fen
from storage import GameStatus, NewGame, Store
from storage.export import pgn
from tests.postgres_server import Clock

SEED = 86_753_091_234_567_891  # distinctive: must never show in a mid-game export
RED, BLACK = 1001, 1002


@pytest.fixture
def clock() -> Clock:
    return Clock(1_780_000_000.0)


@pytest.fixture
async def store(store: Store) -> Store:
    await store.upsert_player(RED, "Xiang Yu")
    await store.upsert_player(BLACK, 'Liu "Ji" Bang')
    return store


async def game_with(store: Store, entries: list[str], **changes) -> int:
    fields = dict(
        guild_id=77,
        channel_id=500,
        variant="xiangqi",
        red_id=RED,
        black_id=BLACK,
        options={},
        rated=True,
        seed=SEED,
        secret={"shuffle": [3, 1, 2]},
    )
    fields.update(changes)
    gid = await store.create_game(NewGame(**fields))
    for seq, text in enumerate(entries):
        await store.append(gid, seq, RED if seq % 2 == 0 else BLACK, text)
    return gid


async def test_pgn_of_a_game_in_progress(store):
    gid = await game_with(store, ["h2e2", "h9g7", "h0g2", "@b:draw-offer"])
    assert await store.export_pgn(gid) == "\n".join(
        [
            '[Game "Chinese Chess"]',
            '[Variant "xiangqi"]',
            '[Event "Rated xiangqi game #1"]',
            '[Site "Discord"]',
            '[Date "2026.05.28"]',
            '[Red "Xiang Yu"]',
            '[Black "Liu \\"Ji\\" Bang"]',
            '[Result "*"]',
            '[ECCO "B05"]',
            '[Opening "中炮对进左马"]',
            '[Format "ICCS"]',
            "",
            "1. h2e2 {炮二平五} h9g7 {马8进7}",
            "2. h0g2 {马二进三}",
            "*",
            "",
        ]
    )


async def test_pgn_leaves_out_undone_moves_and_ends_with_the_result(store):
    entries = ["h2e2", "h9g7", "h0g2", "@b:undo-request", "@r:undo-accept", "@b:resign"]
    gid = await game_with(store, entries)
    match = await store.rebuild(gid)
    await store.finish_game(gid, match.outcome, match.effective)
    text = await store.export_pgn(gid)
    assert '[Result "1-0"]' in text
    assert text.endswith("\n\n1. h2e2 {炮二平五}\n1-0\n")


async def test_pgn_of_a_handicap_game_has_its_start_fen(store):
    gid = await game_with(store, ["h2e2"], options={"handicap": "horse"}, rated=False)
    text = await store.export_pgn(gid)
    assert f'[FEN "{handicap_fen("horse")}"]' in text
    assert "[ECCO" not in text and "[Opening" not in text  # ECCO names full-army games
    assert '[Event "Casual xiangqi game #1"]' in text


async def test_pgn_numbers_a_start_with_black_to_move(store):
    fen = START_FEN.replace(" w ", " b ")
    gid = await game_with(store, ["h7e7", "h2e2", "b9c7"], options={"fen": fen})
    moves = (await store.export_pgn(gid)).split("\n\n")[1].splitlines()
    assert [line.split(" {")[0] for line in moves] == ["1... h7e7", "2. h2e2", "*"]
    assert moves[1].endswith("b9c7 {马2进3}")


async def test_pgn_names_a_transposed_opening_like_its_usual_order(store):
    usual = await game_with(store, ["h2e2", "h9g7", "h0g2", "b9c7"])
    other = await game_with(store, ["h2e2", "b9c7", "h0g2", "h9g7"], channel_id=501)
    for gid in (usual, other):
        text = await store.export_pgn(gid)
        assert '[ECCO "C00"]' in text and '[Opening "中炮对屏风马"]' in text


async def test_pgn_gives_the_variation_of_an_opening_apart(store):
    moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5", "h0h6", "b9c7", "c3c4", "g7f5", "b0c2"]
    text = await store.export_pgn(await game_with(store, moves))
    assert '[ECCO "C36"]' in text
    assert '[Opening "中炮过河车互进七兵对屏风马左马盘河"]\n[Variation "红七路马"]' in text


class HiddenXiangqi(StandardXiangqi):
    """Standard rules flagged as hidden-information, as Jieqi will be."""

    hidden_information = True


async def test_pgn_hides_a_secret_start_until_the_game_ends(store):
    fen = handicap_fen("chariot")
    gid = await game_with(store, [], options={"fen": fen})
    record = await store.load_game(gid)
    game = HiddenXiangqi.start({"fen": fen}, SEED)
    assert "[FEN" not in pgn(record, game, "r", "b")
    over = dataclasses.replace(record, status=GameStatus.FINISHED, result="1/2-1/2")
    assert f'[FEN "{fen}"]' in pgn(over, game, "r", "b")


async def test_json_export_hides_secrets_until_the_game_ends(store):
    gid = await game_with(store, ["h2e2", "@b:draw-offer"], red_ms=1000, deadline=5.0)
    during = await store.export_json(gid)
    assert str(SEED) not in during and "shuffle" not in during
    document = json.loads(during)
    assert "secret" not in document
    assert document["players"] == {
        "red": {"id": RED, "name": "Xiang Yu"},
        "black": {"id": BLACK, "name": 'Liu "Ji" Bang'},
    }
    assert [e["text"] for e in document["entries"]] == ["h2e2", "@b:draw-offer"]
    assert document["clock"] == {"red_ms": 1000, "black_ms": None, "deadline": 5.0}

    await store.finish_game(gid, Outcome(None, Reason.DRAW_AGREED), effective=False)
    after = json.loads(await store.export_json(gid))
    assert after["secret"] == {"seed": SEED, "setup": {"shuffle": [3, 1, 2]}}
    assert (after["status"], after["result"], after["reason"]) == (
        "finished",
        "1/2-1/2",
        "draw_agreed",
    )


async def test_an_export_reads_one_state_of_a_game_that_moves_on(store, monkeypatch):
    """Another coroutine's move can commit between an export's reads; the log
    it writes and the replay it masks must still be the same game."""
    gid = await game_with(store, ["h2e2"])
    player_name = store.player_name

    async def interleaved(user_id: int) -> str | None:
        if user_id == RED:  # Black's move commits while the export reads the names
            await store.append(gid, 1, BLACK, "h9g7")
        return await player_name(user_id)

    monkeypatch.setattr(store, "player_name", interleaved)
    document = json.loads(await store.export_json(gid))
    assert [e["text"] for e in document["entries"]] == ["h2e2"]


async def test_unnamed_players_export_by_id(store):
    gid = await game_with(store, [], red_id=5, black_id=6, channel_id=1)
    document = json.loads(await store.export_json(gid))
    assert document["players"]["red"] == {"id": 5, "name": "5"}
    assert '[Red "5"]' in await store.export_pgn(gid)
