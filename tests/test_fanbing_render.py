"""Images of third-generation xiangqi: new glyphs in both sets, badges only
for backs the viewer may see, public images blind to the secret setups."""

from __future__ import annotations

from render import RenderOptions, render_png
from render.text import board_glyphs
from render.variants.fanbing import PLAYERS, RED_SETUP, gallery, write_samples
from rules import Color
from rules.actions import parse_action
from rules.pieces import THIRD_GEN_KINDS, Piece, chinese_name
from rules.variants.fanbing.backs import Setup, seed_for
from rules.variants.fanbing.game import Fanbing

MOVES = ("h2e2", "h9g7", "g3g4", "i9h9", "g4g5", "g6g5")


def _game(red: Setup, black: Setup) -> Fanbing:
    game = Fanbing.start({}, seed_for(red, black))
    for text in MOVES:
        game.push(parse_action(text))
    return game


def test_new_pieces_have_their_own_glyphs_in_both_sets():
    for traditional in (False, True):
        names = {
            chinese_name(Piece(Color.RED, k), traditional=traditional) for k in THIRD_GEN_KINDS
        }
        assert len(names) == 9 and names <= board_glyphs()
    simplified = render_png(gallery().view(None), PLAYERS)
    traditional = render_png(gallery().view(None), PLAYERS, RenderOptions(traditional=True))
    assert simplified != traditional  # 驼骡辅抛 become 駝騾輔拋


def test_public_and_opponent_images_ignore_a_players_setup():
    other = Setup.from_index(Setup().index + 777)
    a, b = _game(RED_SETUP, Setup()), _game(RED_SETUP, other)
    for viewer in (None, Color.RED):
        assert render_png(a.view(viewer), PLAYERS) == render_png(b.view(viewer), PLAYERS)
    # Black's own image shows Black's badges, which differ.
    assert render_png(a.view(Color.BLACK), PLAYERS) != render_png(b.view(Color.BLACK), PLAYERS)


def test_badges_are_drawn_for_the_owner_only():
    game = _game(RED_SETUP, Setup())
    assert render_png(game.view(Color.RED), PLAYERS) != render_png(game.view(None), PLAYERS)


def test_samples_are_written(tmp_path):
    write_samples(tmp_path)
    assert len(list(tmp_path.glob("fanbing-*.png"))) == 6
