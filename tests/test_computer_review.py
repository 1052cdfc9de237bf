"""Reviews by winning chances: the curve, the labels, accuracy, each move
judged from its own position, the kept JSON, and the real engines' verdicts
(node limits: the same every time, and the same for a mirror image)."""

from __future__ import annotations

import pytest

from benchmarks.bench_review import mirrored_fen
from computer.fairy import engine_path
from computer.mirror import mirror_fen, mirror_uci
from computer.opponent import Opponent
from computer.pool import SearchPool
from computer.review import (
    LINE,
    Judgement,
    Review,
    from_json,
    label_of,
    move_accuracy,
    review,
    to_json,
    winning_chance,
)
from rules.actions import Move
from rules.knowledge import knowledge_along
from rules.pieces import Color
from rules.position import Position
from tests.system_tools import require

MATE_IN_ONE = {"fen": "3k5/1R7/9/9/9/9/8p/9/R8/4K4 w - - 0 1"}


class Scripted:
    """An analyst with fixed answers: ``best[log]`` for a position, ``moves[(log,
    move)]`` for one move played there."""

    def __init__(self, best, moves) -> None:
        self.best, self.moves, self.asked = best, moves, []

    async def analyse(self, knowledge, scale=1):
        score, move = self.best.get(knowledge.log, (0, None))
        return score, () if move is None else (move,)

    async def analyse_move(self, knowledge, move, after, scale=1):
        self.asked.append((knowledge.log, move))
        return self.moves[(knowledge.log, move)]


def test_the_winning_chance_curve_is_lichess_s():
    assert winning_chance(0) == 0
    assert winning_chance(300) == pytest.approx(-winning_chance(-300))
    assert 0.5 < winning_chance(300) < 0.55  # +3 pawns: about a 76 % chance
    assert winning_chance(5_000) == winning_chance(1_000) < 1  # capped
    assert [label_of(d) for d in (0.05, 0.1, 0.2, 0.3)] == [None, "?!", "?", "??"]
    assert move_accuracy(0) == pytest.approx(100, abs=0.01) and move_accuracy(0.6) < 30


async def test_a_move_is_judged_against_the_best_move_of_the_same_position():
    # Red's a1a9 mates; b8b7 gives it away. After b8b7 the engine's bonus for
    # the side to move makes Black's position look better than Red's was,
    # but Black's reply, the best, is never blamed for that.
    analyst = Scripted(
        {(): (900, "a1a9"), ("b8b7",): (60, "d9d8"), ("b8b7", "d9d8"): (50, "b7b9")},
        {((), "b8b7"): -40},
    )
    found = await review(MATE_IN_ONE, ["b8b7", "d9d8"], analyst)
    assert analyst.asked == [((), "b8b7")]  # the best move is not searched twice
    first, second = found.judgements
    assert (first.side, first.number, first.better, first.label) == (Color.RED, 1, "a1a9", "??")
    assert second.label is None and second.drop == 0
    assert found.evaluations == (900, -60, 50)
    assert found.counts(Color.RED) == {"??": 1, "?": 0, "?!": 0}
    assert found.worst(Color.RED) == [first] and found.worst(Color.BLACK) == []
    assert found.accuracy(Color.BLACK) == pytest.approx(100, abs=0.01)
    assert found.accuracy(Color.RED) < 10


async def test_progress_is_heard_after_every_position_and_a_mate_ends_the_review():
    heard = []

    async def progress(done, total):
        heard.append((done, total))

    analyst = Scripted({(): (10_000, "a1a9")}, {})
    found = await review(MATE_IN_ONE, ["a1a9"], analyst, progress=progress)
    assert heard == [(1, 2)]  # the mated position needs no search
    assert found.evaluations == (1_000, 1_000) and found.judgements[0].label is None


def test_the_graph_s_curve_cancels_the_bonus_of_the_side_to_move():
    # Every position looks 50 better for its side to move, by both measures.
    moves = tuple(
        Judgement(ply, Color(ply % 2), ply // 2 + 1, "x", ("x",), 50, 50) for ply in range(4)
    )
    found = Review((50, -50, 50, -50, 50), moves)
    assert found.chances == (winning_chance(50), 0, 0, 0, 0)


def test_mirror_images_swap_the_files():
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert (
        mirror_fen(fen) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1"
    )
    assert mirror_fen(mirror_fen(fen)) == fen
    assert mirror_uci("h3e3") == "b3e3" and mirror_uci("a10a9") == "i10i9"


def test_a_kept_review_reads_back_the_same_and_another_layout_is_made_again():
    found = Review(
        (30, -20, 400),
        (
            Judgement(0, Color.RED, 1, "h2e2", ("h2e2", "h9g7"), 30, 30),
            Judgement(1, Color.BLACK, 1, "a6a5", ("h7e7", "h0g2", "b9c7"), 20, -400),
        ),
    )
    again = from_json(to_json(found))
    assert again == found and again.worst(Color.BLACK)[0].label == "??"
    assert again.judgements[1].better == "h7e7"
    assert from_json('{"format": 0}') is None


def test_a_review_kept_before_the_better_lines_reads_with_its_better_move_alone():
    kept = '{"format": 1, "evaluations": [30, -20, 400], "moves": ['
    kept += '[0, 1, "h2e2", "h2e2", 30, 30, true], [1, 1, "a6a5", "h7e7", 20, -400, false]]}'
    found = from_json(kept)
    assert found is not None
    assert [j.line for j in found.judgements] == [("h2e2",), ("h7e7",)]
    assert found.judgements[0].book and found.worst(Color.BLACK)[0].better == "h7e7"


async def test_the_engine_s_better_line_is_a_legal_line_of_a_few_plies(opponent):
    # After Red's cannon takes a pawn in the centre, the line goes on past
    # the first move, every ply of it legal in turn.
    knowledge = list(knowledge_along("xiangqi", {}, 0, ["h2e2", "h9g7", "e2e6"]))[-1]
    first = await opponent.analyse(knowledge)
    assert await opponent.analyse(knowledge) == first  # the same line every time
    line = first[1]
    position = Position.start()
    for text in ["h2e2", "h9g7", "e2e6", *line]:
        move = Move.from_iccs(text)
        assert position.is_legal(move), (text, line)
        position.push(move)
    if opponent.fairy is not None:
        assert len(line) >= 3  # the principal variation, not just its move
    found = await review({}, ["h2e2", "h9g7", "e2e6", "g7e6"], opponent)
    assert all(1 <= len(j.line) <= LINE for j in found.judgements)


@pytest.fixture(params=["fairy-stockfish", "built-in"])
async def opponent(request):
    path = engine_path() if request.param == "fairy-stockfish" else None
    if request.param == "fairy-stockfish":
        require(path, "fairy-stockfish")
    found = Opponent(path, SearchPool(1))
    yield found
    await found.close()


OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]


@pytest.mark.parametrize("plies", [0, 2, 4, 6])
async def test_a_mirror_image_gets_the_same_evaluation_within_20_centipawns(opponent, plies):
    scores = []
    for fen in mirrored_fen(OPENING[:plies]):
        (knowledge,) = knowledge_along("xiangqi", {"fen": fen}, 0, [])
        scores.append((await opponent.analyse(knowledge))[0])
    assert abs(scores[0] - scores[1]) <= 20, scores


async def test_the_engine_s_review_is_the_same_every_time_and_calls_a_blunder_one(opponent):
    # Red's first move throws a cannon away (h2h9 takes the horse, and the
    # chariot takes back); the rest is ordinary opening play.
    moves = ["h2h9", "i9h9", "b2e2", "b9c7"]
    first = await review({}, moves, opponent)
    assert first == await review({}, moves, opponent)
    blunder = first.judgements[0]
    assert blunder.label in ("?", "??") and blunder.better != "h2h9"
    assert first.judgements[1].label is None  # taking back is the best move


async def test_a_move_of_a_well_known_opening_line_is_never_labelled():
    # 炮二平五 马8进7 马二进三 车9平8, then Red's 兵一进一 leaves the book
    # (the lines of the opening directory, mirror images and transpositions
    # included). The analyst calls every move a blunder.
    moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i3i4"]
    best = {tuple(moves[:ply]): (300, "zzzz") for ply in range(len(moves) + 1)}
    blunders = {(tuple(moves[:ply]), move): -300 for ply, move in enumerate(moves)}
    found = await review({}, moves, Scripted(best, blunders))
    assert [j.label for j in found.judgements] == [None, None, None, None, "??"]
    assert found.accuracy(Color.BLACK) == pytest.approx(100, abs=0.01)

    mirrored = ["b2e2", "b9c7"]  # the same opening on the other wing
    found = await review(
        {}, mirrored, Scripted(best, {(tuple(mirrored[:1]), "b9c7"): -300, ((), "b2e2"): -300})
    )
    assert [j.label for j in found.judgements] == [None, None]

    handicap = await review({"handicap": "chariot"}, ["h2e2"], Scripted({}, {((), "h2e2"): -300}))
    assert [j.label for j in handicap.judgements] == ["??"]  # no book off the standard start
