"""``python -m puzzles export``: every shipped puzzle as one JSON line in the
exchange format, which the catalogue reads back."""

from __future__ import annotations

import json

from puzzles.__main__ import main
from puzzles.catalogue import Puzzle, read_puzzles, shipped
from puzzles.export import KEYS, VARIANTS, export_line

PUZZLE = Puzzle(
    id="xq-test",
    variant="xiangqi",
    fen="3aka3/R8/9/6pN1/9/9/9/8r/8r/3K5 w - - 0 1",
    solution=("h6g8",),
    goal="mate",
    rating=700,
    themes=("卧槽马",),
)


def test_an_exported_line_has_exactly_the_exchange_keys():
    data = json.loads(export_line(PUZZLE))
    assert tuple(data) == KEYS
    assert data == {
        "id": "xq-test",
        "fen": PUZZLE.fen,
        "solution": ["h6g8"],
        "goal": "mate",
        "rating": 700,
        "themes": ["卧槽马"],
    }
    assert "卧槽马" in export_line(PUZZLE)  # written as it is, not escaped


def test_the_export_command_writes_every_shipped_puzzle(tmp_path):
    out = tmp_path / "puzzles.jsonl"
    main(["export", "--out", str(out)])
    lines = out.read_text(encoding="utf-8").splitlines()
    everything = [p for variant in VARIANTS for p in shipped(variant)]
    assert len(lines) == len(everything) > 0
    assert [json.loads(line)["id"] for line in lines] == [p.id for p in everything]
    assert all(tuple(json.loads(line)) == KEYS for line in lines)
    again = read_puzzles(out)
    assert [p.solution for p in again] == [p.solution for p in everything]
