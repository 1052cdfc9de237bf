"""The engine's check of the set: each endgame searched by Fairy-Stockfish
for a fixed depth and number of nodes (never a time, so that any machine
reaches the same verdict), its result with best play for the player's side,
and whether that result is what the endgame asks of the player."""

from __future__ import annotations

from computer.fairy import engine_path
from computer.uci import Limit, ManagedEngine
from rules.position import Position

from .catalogue import Endgame, Verdict

# Seven or fewer pieces mostly: a deep search is quick, and the set is built
# rarely, so the budget is generous.
BUILD_LIMIT = Limit(depth=30, nodes=3_000_000)
# Fairy-Stockfish's nodes per move when the computer plays a try: the same
# moves on any machine, and strong enough that no endgame of the set is
# given away.
DEFENCE_NODES = 300_000
WIN_SCORE = 400  # centipawns at least for a win the search did not see to mate
DRAW_SCORE = 300  # centipawns at most either way for a draw
GRACE = 600.0  # seconds a search may take on a busy machine before it is given up


def open_engine(path: str | None = None) -> ManagedEngine:
    """Fairy-Stockfish for checking endgames. :raises RuntimeError: when it is
    not installed."""
    found = engine_path(path)
    if found is None:
        raise RuntimeError("Fairy-Stockfish not found (install it or set CHUHAN_ENGINE)")
    return ManagedEngine(found, {"UCI_Variant": "xiangqi", "Hash": 64}, grace=GRACE)


async def judge(engine: ManagedEngine, endgame: Endgame, limit: Limit = BUILD_LIMIT) -> Verdict:
    """The result with best play for the player's side, searched for ``limit``
    from an empty hash table."""
    assert limit.depth is not None and limit.nodes is not None
    result = await engine.play(endgame.fen, [], limit, new_game=True)
    found = result.info.get("score", ("cp", 0))
    assert isinstance(found, tuple) and len(found) == 2, found
    kind, value = str(found[0]), int(found[1])
    players_turn = Position.from_fen(endgame.fen).turn is endgame.side
    if kind == "mate":  # the mating side's moves: the player's, when the player mates
        won = (value > 0) == players_turn
        return Verdict("win" if won else "loss", abs(value), None, limit.depth, limit.nodes)
    score = value if players_turn else -value
    outcome = "win" if score >= WIN_SCORE else "loss" if score <= -WIN_SCORE else "draw"
    if outcome == "draw" and abs(score) > DRAW_SCORE:
        outcome = "unclear"
    return Verdict(outcome, None, score, limit.depth, limit.nodes)


def disagreement(endgame: Endgame, verdict: Verdict) -> str | None:
    """Why ``verdict`` does not fit what ``endgame`` asks, or ``None`` when it does."""
    if verdict.result != endgame.goal:
        return f"the goal is a {endgame.goal} but best play gives a {verdict.result}"
    if verdict.mate is not None and verdict.mate > endgame.limit:
        return f"the mate takes {verdict.mate} moves, more than the limit of {endgame.limit}"
    return None
