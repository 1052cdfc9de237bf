"""/review and the Review button after a finished standard game: progress
edited in place, then labels, accuracy and the winning-chance graph, kept
and shown again without the engine; refused during a game and for other
variants (SimCord, with the real engines)."""

from __future__ import annotations

import io
import re

import discord
from PIL import Image

from bot.variants.jieqi.room import JieqiTable
from computer import opponent as opponent_module
from computer.opponent import Opponent
from computer.review import winning_chance
from render.fonts import has_glyph, names_font
from render.graph import HEIGHT, WIDTH, Mark, _overlap, evaluation_graph, place_labels
from render.layout import centre
from render.palette import CHECK
from render.text import graph_words
from rules.pieces import Color
from rules.squares import parse_square
from tests.conftest import button, play
from tests.test_bot_fanbing import BLACK, GAME, RED, arrange
from tests.test_bot_game import QUICK_MATE
from tests.test_bot_tuibei import choose


async def test_review_after_a_mate_shows_progress_then_labels_accuracy_and_the_graph(
    table, monkeypatch
):
    thread = await table.start()
    refused = await table.alice.slash(thread, "review")
    assert "finished games" in refused.response.content and refused.ephemeral
    await play(table, thread, QUICK_MATE)
    offer = thread.last_message
    assert "wins (checkmate)" in offer.content
    edits = []
    edit = discord.Interaction.edit_original_response

    async def recording(self, **fields):
        edits.append(fields.get("content"))
        return await edit(self, **fields)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", recording)
    # The engine's real searches, smaller than a real review's; a busy
    # machine may take longer than SimCord's usual wait for the bot to settle.
    monkeypatch.setattr(opponent_module, "REVIEW_NODES", 4_000)
    table.env.settle_timeout = 120.0
    result = await table.carol.slash(thread, "review")
    assert not result.followups  # one message, edited in place
    answer = result.response
    assert edits[0] == "⏳ Reviewing game #1: 0 of 8 positions analysed…"
    assert any(e and e.startswith("⏳") and "7 of 8" in e for e in edits), edits
    assert answer.content == edits[-1] and answer.attachments[0].filename == "review.png"
    text = answer.content
    assert "Review of game #1: alice (Red) vs bob (Black)" in text
    assert text.splitlines()[1] == "Opening: A05 River-Crossing Cannon Opening"
    assert "🔴 Red alice: accuracy " in text and "⚫ Black bob: accuracy " in text
    assert "?? blunders" in text and "better:" in text

    # Kept: asking again shows the same review without the engine.
    async def no_engine(*args, **kwargs):
        raise AssertionError("the review was made again")

    monkeypatch.setattr(Opponent, "analyse", no_engine)
    monkeypatch.setattr(Opponent, "analyse_move", no_engine)
    edits.clear()
    clicked = await table.bob.click(offer, custom_id=button(offer, "review:1"))
    shown = clicked.response
    assert shown.content.replace("bob", "") == text.replace("bob", "")
    assert shown.attachments and len(edits) == 1  # no progress: nothing to wait for


async def test_review_is_refused_for_a_variant_whose_review_is_not_measured(table, monkeypatch):
    """A room offers the review of the variants it names ``reviewed`` only:
    one whose review has not been measured yet gets neither button nor review."""
    monkeypatch.setattr(JieqiTable, "reviewed", ("jieqi",))
    thread = await table.start(variant="jieqi-classic")
    await table.alice.slash(thread, "resign")
    assert not button_ids(thread.last_message, "review")  # no Review button either
    refused = await table.alice.slash(thread, "review")
    assert "cannot be reviewed" in refused.response.content


async def test_a_classic_jieqi_review_labels_a_real_mistake_of_a_first_move(table):
    """Under the classic rules a face-down piece's first move turns it up,
    unseen by both sides before it does: the review weighs it so, and still
    calls the corner piece stepped up (the horse's point left to the enemy
    cannon, whatever lies face-down) a mistake."""
    thread = await table.start(variant="jieqi-classic")
    played = await table.alice.slash(thread, "move", move="a0a1")
    assert played.response.content.startswith("You played")
    await table.bob.slash(thread, "resign")
    offer = thread.last_message
    assert button_ids(offer, "review")
    table.env.settle_timeout = 120.0  # searched in a worker process: no verdict reads the clock
    answer = (await table.carol.slash(thread, "review")).response
    assert "judged from what each player knew" in answer.content.splitlines()[0]
    assert answer.attachments[0].filename == "review.png"
    shown = (await table.carol.slash(thread, "review", game=1, ply=1)).response.content
    assert shown.startswith("🔎 Game #1, ply 1: 🔴 Red move 1. ")
    judged, better = shown.split("move 1. ", 1)[1].split(" · ")[:2]
    assert "?" in judged and "no chance lost" not in judged
    assert better.startswith("better: 1. ") and "车" not in better


async def test_a_jieqi_review_is_judged_from_what_each_player_knew(table):
    """Face-down pieces stay unknown in the judgement: a first reveal is no
    mistake, and the review says how it judged."""
    thread = await table.start(variant="jieqi")
    for player, move in ((table.alice, "+e3"), (table.bob, "+e6"), (table.alice, "+b2")):
        assert (await player.slash(thread, "move", move=move)).response is not None
    await table.bob.slash(thread, "resign")
    offer = thread.last_message
    assert button_ids(offer, "review")
    table.env.settle_timeout = 120.0  # searched in a worker process: no verdict reads the clock
    answer = (await table.carol.slash(thread, "review")).response
    first, *rest = answer.content.splitlines()
    assert "judged from what each player knew" in first
    assert rest[0].startswith("🔴 Red alice: accuracy ")
    assert answer.attachments[0].filename == "review.png"
    shown = (await table.carol.slash(thread, "review", game=1, ply=1)).response
    assert shown.content.startswith("🔎 Game #1, ply 1: 🔴 Red move 1. ")
    played = shown.content.split("move 1. ", 1)[1].split(" · ")[0]
    assert played.endswith("(no chance lost)") and "?" not in played  # a first reveal: no label


async def test_a_tuibei_review_is_judged_from_what_each_player_knew(table):
    """The first line says how it was judged; each side gets its accuracy and
    labels, the graph follows, and ``ply:`` words a prediction as played."""
    thread = await table.start(variant="tuibei")
    await choose(table.alice, thread, "predict", "?c")
    await table.bob.slash(thread, "move", move="h9g7")
    await table.bob.slash(thread, "resign")
    offer = thread.last_message
    assert button_ids(offer, "review")  # its result offers the review
    table.env.settle_timeout = 120.0  # searched in a worker process: no verdict reads the clock
    answer = (await table.carol.slash(thread, "review")).response
    first, *rest = answer.content.splitlines()
    assert first.startswith("📈 Review of game #1: alice (Red) vs bob (Black), judged from what")
    assert "judged from what each player knew" in first
    assert rest[0].startswith("🔴 Red alice: accuracy ") and "?? blunders" in rest[0]
    assert any(line.startswith("⚫ Black bob: accuracy ") for line in rest)
    assert answer.attachments[0].filename == "review.png"
    shown = (await table.carol.slash(thread, "review", game=1, ply=1)).response
    assert shown.content.startswith("🔎 Game #1, ply 1: 🔴 Red move 1. ")
    assert "better: 1. " in shown.content


def button_ids(message, part: str) -> list[str]:
    return [
        child.custom_id
        for row in message.components
        for child in row.children
        if child.custom_id and part in child.custom_id
    ]


def test_graph_places_crowded_labels_without_overlap_in_both_languages():
    chances = [winning_chance(30 * (i % 7) - 90) for i in range(41)]
    marks = [Mark(i, f"{(i + 1) // 2}??", "??") for i in range(1, 40)]
    english = evaluation_graph(chances, ("alice", "李雪松"), marks, "en")
    chinese = evaluation_graph(chances, ("alice", "李雪松"), marks, "zh", traditional=True)
    assert Image.open(io.BytesIO(english)).size == (WIDTH, HEIGHT) and english != chinese
    assert english == evaluation_graph(chances, ("alice", "李雪松"), marks, "en")
    font = names_font(15)
    points = [(10.0 * i + 70, 200.0) for i in range(30)]
    boxes = [b for b in place_labels(points, ["12??"] * 30, font, (64, 64, 780, 328)) if b]
    assert len(boxes) > 10
    assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    assert all(b[1] >= 64 and b[3] <= 328 and b[0] >= 64 and b[2] <= 780 for b in boxes)
    for word in graph_words("zh", True).values():
        assert all(has_glyph(char) for char in word)


async def test_review_attaches_its_critical_moments_and_shows_any_ply_with_arrows(
    table, monkeypatch
):
    """The worst moves come after the graph as boards with two arrows; ``ply:``
    draws one move that way with the texts in the reader's notation."""
    thread = await table.start()
    await play(table, thread, QUICK_MATE)
    monkeypatch.setattr(opponent_module, "REVIEW_NODES", 4_000)
    table.env.settle_timeout = 120.0
    answer = (await table.carol.slash(thread, "review")).response
    names = [a.filename for a in answer.attachments]
    red, black = answer.content.split("⚫ Black")
    worst = min(2, red.count("better:")) + min(2, black.count("better:"))
    assert worst  # the quick mate has costly moves to show
    assert names[0] == "review.png" and len(names) == 1 + worst
    assert all(n.startswith("move-") and n.endswith(".png") for n in names[1:])

    refused = await table.carol.slash(thread, "review", game=1, ply=99)
    assert refused.ephemeral and "7 plies" in refused.response.content

    shown = (await table.carol.slash(thread, "review", game=1, ply=3)).response
    assert shown.content.startswith("🔎 Game #1, ply 3: 🔴 Red move 2. 炮八进五")
    assert "better:" in shown.content and "Red arrow" in shown.content
    # The engine's better line, a few plies numbered as a game record is.
    assert re.search(r"better: 2\. \S+ \S+ 3\. \S+", shown.content), shown.content
    assert [a.filename for a in shown.attachments] == ["move-3.png"]
    drawn = Image.open(io.BytesIO(await shown.attachments[0].read())).convert("RGB")
    # b2b7 drawn from Red's side: halfway along, the arrow's red covers the board.
    (x0, y0), (x1, y1) = (
        centre(parse_square("b2"), Color.RED),
        centre(parse_square("b7"), Color.RED),
    )
    assert drawn.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == CHECK


async def test_a_third_generation_review_is_judged_from_what_each_player_knew(table):
    """After both private setups, a few moves and a resignation: the review
    says how it judged, and its ply view words a move as played."""
    thread = await table.start(variant="fanbing")
    await arrange(table, table.alice, thread, RED)
    await arrange(table, table.bob, thread, BLACK)
    for ply, move in enumerate(GAME[:4]):
        player = table.alice if ply % 2 == 0 else table.bob
        assert (await player.slash(thread, "move", move=move)).response is not None
    await table.alice.slash(thread, "resign")
    assert button_ids(thread.last_message, "review")
    table.env.settle_timeout = 120.0  # searched in a worker process: no verdict reads the clock
    answer = (await table.carol.slash(thread, "review")).response
    first, *rest = answer.content.splitlines()
    assert "judged from what each player knew" in first
    assert any(line.startswith("⚫ Black bob: accuracy ") for line in rest)
    assert answer.attachments[0].filename == "review.png"
    shown = (await table.carol.slash(thread, "review", game=1, ply=3)).response
    assert shown.content.startswith("🔎 Game #1, ply 3: 🔴 Red move 2. ")
