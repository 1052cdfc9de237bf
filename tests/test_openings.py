"""ECCO opening names (rules.openings): the directory, transpositions, mirror
images, and agreement with master games whose codes are known."""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import pytest

from rules.openings import classify, directory, game_opening
from rules.openings.__main__ import agreement
from rules.openings.directory import line_moves
from rules.standard import StandardXiangqi
from rules.variant import find_variant

MASTER_GAMES = Path(__file__).resolve().parents[2] / "shared/data/master-games/games.jsonl"
# Measured with `python -m rules.openings check` (BENCHMARKS.md, "Opening
# names"): floors a little under the figures, so a change to the data or the
# classifier that names fewer games fails.
EXACT_FLOOR = 0.87
FAMILY_FLOOR = 0.96


def code(moves: str) -> str:
    return classify(moves.split()).code


def mirrored(moves: str) -> str:
    files = "abcdefghi"
    return " ".join(
        "".join(files[8 - files.index(c)] if c in files else c for c in m) for m in moves.split()
    )


def test_directory_names_every_code_in_both_languages_and_defines_it():
    found = directory()
    assert len(found.openings) == 260
    assert found.openings["B05"].label("zh") == "B05 中炮对进左马"
    assert found.openings["B05"].label("en") == "B05 Central Cannon vs Left Horse"
    for opening in found.openings.values():
        assert opening.zh and opening.en and opening.zh != opening.en
    defined = {candidate for _, candidate in found.patterns}
    assert defined == set(found.openings) - {"A00"}  # A00 is what nothing else is


def test_each_defining_line_is_named_by_its_own_code():
    """Played as written (free moves too), every line of the directory gets
    its code back: a line shadowed by another code's would never name a game."""
    raw = json.loads(resources.files("rules.openings").joinpath("ecco.json").read_text("utf-8"))
    wrong = [
        (want, line, got)
        for want, entry in raw["codes"].items()
        for line in entry["lines"]
        if (got := classify(line_moves(line)).code) != want
    ]
    assert not wrong


def test_a_transposition_gets_the_code_of_the_usual_order():
    usual = "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9"
    other = "h2e2 b9c7 h0g2 h9g7 i0h0 i9h9"
    assert code(usual) == code(other) == "C00"
    # 中炮过河车互进七兵对屏风马, each side's moves in another order.
    usual = "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4"
    other = "h2e2 h9g7 h0g2 b9c7 c3c4 g6g5 i0h0 i9h9 h0h6"
    assert code(usual) == code(other) == "C30"


def test_a_mirror_image_gets_the_same_code():
    for moves, want in [
        ("h2e2 h9g7 h0g2 b9c7", "C00"),
        ("h2e2 b7e7", "D50"),
        ("h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4", "C30"),
        ("g3g4 h7g7 b2e2 g9e7", "E20"),
        ("h2d2 h7e7", "A63"),
    ]:
        assert code(moves) == want
        assert code(mirrored(moves)) == want, mirrored(moves)


def test_first_moves_name_their_families():
    assert code("h2e2") == "B00"
    assert code("g3g4") == "E00"
    assert code("c0e2") == "A10"
    assert code("h2e2 h7e7") == "D00"
    assert code("e0e1") == "A00"  # nothing in the directory opens so


def test_an_exact_line_must_be_played_in_its_own_rounds():
    # B03 is Black's 鸳鸯炮 (車9进2) as Black's third move; played later it is
    # another game, named by its family.
    assert code("h2e2 b9c7 h0g2 g6g5 i0h0 i9i7") == "B03"
    assert code("h2e2 b9c7 h0g2 g6g5 i0h0 a9a8 b0c2 i9i7") != "B03"


def test_a_line_exact_up_to_a_bar_needs_only_its_head_in_its_rounds():
    # D11: 顺炮直车 with Red's chariot out on the third move (the exact head),
    # Black's chariot raised whenever it comes.
    assert code("h2e2 h7e7 h0g2 h9g7 i0h0 b9c7 c3c4 i9i8") == "D11"
    assert code("h2e2 h7e7 h0g2 h9g7 g3g4 b9c7 i0h0 i9i8") == "D00"


def test_only_standard_games_from_the_start_are_named():
    game = StandardXiangqi.start()
    assert game_opening(game) is None  # no move yet
    for text in ["h2e2", "h9g7"]:
        game.push(game.parse(text))
    opening = game_opening(game)
    assert opening is not None and opening.code == "B05"
    handicap = StandardXiangqi.start({"handicap": "horse"})
    handicap.push(handicap.parse("h2e2"))
    assert game_opening(handicap) is None
    for name in ["houji", "tuibei"]:
        variant = find_variant(name).start()
        variant.push(variant.parse("h2e2"))
        assert game_opening(variant) is None


def test_master_games_get_the_code_their_source_gives():
    # The master games are the project's test data beside the checkout, not
    # part of it: a user's clone lacks them and skips, but CI's workspace has
    # them, so there their absence fails the run rather than hiding it.
    if not MASTER_GAMES.exists() and not os.environ.get("CI"):
        pytest.skip(f"the master games are not on this machine ({MASTER_GAMES})")
    found = agreement(MASTER_GAMES)
    print(f"ECCO on master games: {found.share:.1%} exact, {found.family_share:.1%} family")
    assert found.games == 980
    assert found.share >= EXACT_FLOOR
    assert found.family_share >= FAMILY_FLOOR
