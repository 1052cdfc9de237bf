"""The shipped set of endgames: what every entry must hold, the verdicts the
build wrote, the engine's check of a sample again, and a try replayed from
its log like any game."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest

from bot.endgames.tries import start_options, succeeded
from computer.fairy import engine_path
from computer.uci import Limit
from endgames.__main__ import main
from endgames.catalogue import DATA, GOALS, LEVELS, Endgame, Verdict, read_endgames, shipped
from endgames.check import disagreement, judge, open_engine
from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color
from tests.system_tools import require

# The sample the engine checks again: the first endgame of each level and
# goal, searched with less work than the build (a verdict that only a
# deeper search reaches would be too fragile to ship).
SAMPLE_LIMIT = Limit(depth=20, nodes=400_000)


def sample() -> list[Endgame]:
    firsts: dict[tuple[str, str], Endgame] = {}
    for endgame in shipped():
        firsts.setdefault((endgame.level, endgame.goal), endgame)
    return list(firsts.values())


def test_the_set_spans_three_levels_and_both_goals():
    endgames = shipped()
    assert len(endgames) >= 30
    counts = Counter((e.level, e.goal) for e in endgames)
    assert all(counts[(level, goal)] >= 3 for level in LEVELS for goal in GOALS), counts
    assert [e.level for e in endgames] == sorted((e.level for e in endgames), key=LEVELS.index)
    assert all(e.zh and e.en and e.name("zh") == e.zh and e.name("en") == e.en for e in endgames)


def test_every_verdict_the_build_wrote_fits_its_endgame():
    for endgame in shipped():
        assert endgame.verdict is not None, f"{endgame.id} was never checked"
        assert disagreement(endgame, endgame.verdict) is None, endgame.id
        if endgame.goal == "win":  # a mate the player has moves to spare for
            assert endgame.verdict.mate is not None and endgame.verdict.mate <= endgame.limit


def test_entries_that_cannot_be_played_are_refused(tmp_path):
    good = json.loads(DATA.read_text(encoding="utf-8"))[0]
    bad = [
        {**good, "goal": "mate"},
        {**good, "limit": 0},
        {**good, "side": "black"},  # Red is to move: the player must move first
        {**good, "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},  # the kings face each other
    ]
    for entry in bad:
        path = tmp_path / "endgames.json"
        path.write_text(json.dumps([entry]), encoding="utf-8")
        with pytest.raises(ValueError):
            read_endgames(path)
    path.write_text(json.dumps([good, good]), encoding="utf-8")
    with pytest.raises(ValueError, match="twice"):
        read_endgames(path)


def test_the_engine_agrees_with_a_sample_again():
    path = require(engine_path(), "fairy-stockfish")

    async def verdicts() -> list[tuple[Endgame, Verdict]]:
        engine = open_engine(path)
        try:
            return [(e, await judge(engine, e, SAMPLE_LIMIT)) for e in sample()]
        finally:
            await engine.quit()

    for endgame, verdict in asyncio.run(verdicts()):
        assert disagreement(endgame, verdict) is None, (endgame.id, verdict)


def test_the_build_refuses_a_goal_the_engine_disagrees_with(tmp_path, capsys):
    require(engine_path(), "fairy-stockfish")
    entries = json.loads(DATA.read_text(encoding="utf-8"))
    held = next(e for e in entries if e["goal"] == "draw")
    path = tmp_path / "endgames.json"
    path.write_text(json.dumps([{**held, "goal": "win"}]), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert main(["build", "--data", str(path)]) == 1
    assert "refused" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == before  # nothing written


def test_a_try_is_replayed_from_its_log():
    endgame = shipped()[0]
    match = Match.start("xiangqi", start_options(endgame), 7)
    for text in ("a1e1", "e9f9"):
        match.apply(text)
    again = Match.replay("xiangqi", match.options, 7, match.entries)
    assert again.game.position.fen() == match.game.position.fen()
    assert again.game.moves_by_side(endgame.side) == 1


def test_what_counts_as_done():
    win = next(e for e in shipped() if e.goal == "win")
    hold = next(e for e in shipped() if e.goal == "draw")
    me, other = Color.RED, Color.BLACK
    agreed = Outcome(None, Reason.DRAW_AGREED)
    assert succeeded(win, Outcome(me, Reason.CHECKMATE), me, 2)
    assert not succeeded(win, Outcome(other, Reason.RESIGNATION), me, win.limit)
    assert not succeeded(win, agreed, me, 1)
    assert succeeded(hold, agreed, me, hold.limit)  # held to the limit
    assert not succeeded(hold, agreed, me, hold.limit - 1)  # taken early: not held
    assert succeeded(hold, Outcome(None, Reason.REPETITION), me, 3)
    assert not succeeded(hold, Outcome(other, Reason.CHECKMATE), me, 3)
    assert not succeeded(hold, Outcome(None, Reason.ABORTED), me, 0)
