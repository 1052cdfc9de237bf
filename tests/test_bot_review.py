"""/review and the Review button after a finished standard game; refused during
one and for other variants (SimCord, with the real engines)."""

from __future__ import annotations

import io

from PIL import Image

from computer.review import CAP, review
from render.graph import HEIGHT, MARK, WIDTH, evaluation_graph
from tests.conftest import button, play
from tests.test_bot_game import QUICK_MATE


async def test_review_after_a_mate_shows_the_graph_and_the_worst_moves(table):
    thread = await table.start()
    refused = await table.alice.slash(thread, "review")
    assert "finished games" in refused.response.content and refused.ephemeral
    await play(table, thread, QUICK_MATE)
    offer = thread.last_message
    assert "wins (checkmate)" in offer.content
    result = await table.carol.slash(thread, "review")
    answer = result.followups[-1] if result.followups else result.response
    assert answer.attachments and answer.attachments[0].filename == "review.png"
    text = answer.content
    assert "Review of game #1: alice (Red) vs bob (Black)" in text
    assert "⚫ Black bob, the worst moves:" in text and "better:" in text
    clicked = await table.bob.click(offer, custom_id=button(offer, "review:1"))
    shown = clicked.followups[-1] if clicked.followups else clicked.response
    assert shown.attachments, clicked


async def test_review_is_refused_for_games_with_hidden_pieces(table):
    thread = await table.start(variant="jieqi")
    await table.alice.slash(thread, "resign")
    assert not button_ids(thread.last_message, "review")  # no Review button either
    refused = await table.alice.slash(thread, "review")
    assert "standard and successor xiangqi" in refused.response.content


def button_ids(message, part: str) -> list[str]:
    return [
        child.custom_id
        for row in message.components
        for child in row.children
        if child.custom_id and part in child.custom_id
    ]


async def test_review_finds_the_blunder_that_lost_the_game():
    # Red mates with a1a9; any other first move and Black's reply decide nothing.
    scores = {(): (50, "a1a9"), ("b8b7",): (-20, "d9e9")}

    async def analyse(knowledge):
        return scores.get(knowledge.log, (0, None))

    options = {"fen": "3k5/1R7/9/9/9/9/8p/9/R8/4K4 w - - 0 1"}
    found = await review(options, ["b8b7", "i3h3"], analyse)
    assert found.evaluations[:2] == (50, 20)
    (mistake,) = found.mistakes[0]
    assert (mistake.played, mistake.better, mistake.loss, mistake.number) == ("b8b7", "a1a9", 30, 1)


def test_graph_draws_both_sides_and_the_marks():
    png = evaluation_graph([0, 300, -200, CAP * 2, -CAP], CAP, [(2, "2")])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    assert MARK in {image.getpixel((x, y)) for x in range(WIDTH) for y in range(0, HEIGHT, 2)}
    assert png == evaluation_graph([0, 300, -200, CAP * 2, -CAP], CAP, [(2, "2")])
