"""The rendered images: what stands where, orientation, secrecy, caching, replays."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render import Players, RenderOptions, render_gif, render_png, samples
from render.layout import HEIGHT, RADIUS, WIDTH, centre
from render.palette import BLACK, IVORY, RED, SIDE_BACK, WOOD
from rules.pieces import Color, Kind
from rules.squares import parse_square
from rules.variant import find_variant
from rules.view import PieceView

REFERENCE = Path(__file__).parent / "data" / "render_start.png"


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def probe(image: Image.Image, name: str, bottom: Color = Color.RED) -> tuple[int, int, int]:
    """A pixel inside a disc's face, away from the glyph and from every grid line."""
    x, y = centre(parse_square(name), bottom)
    return image.getpixel((x + 24, y + 3))


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def ink_counts(image: Image.Image, name: str, bottom: Color = Color.RED) -> tuple[int, int]:
    """How many pixels of red ink and of black ink lie within a disc's glyph area."""
    x, y = centre(parse_square(name), bottom)
    area = image.crop((x - 18, y - 18, x + 18, y + 18)).get_flattened_data()
    return sum(close(p, RED, 30) for p in area), sum(close(p, BLACK, 30) for p in area)


def region(image: Image.Image, name: str, bottom: Color = Color.RED) -> bytes:
    """The pixels of the square inscribed in a disc: nothing of the board shows."""
    x, y = centre(parse_square(name), bottom)
    half = int(RADIUS * 0.7)
    return image.crop((x - half, y - half, x + half, y + half)).tobytes()


def test_png_size_and_mode() -> None:
    image = Image.open(io.BytesIO(render_png(samples.start())))
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT)
    assert 700 <= WIDTH <= 800
    assert image.mode == "P"


def test_pieces_stand_on_their_points() -> None:
    image = rgb(render_png(samples.start()))
    for name in ("a0", "e0", "b2", "c3", "e9", "h7", "i6"):
        assert close(probe(image, name), IVORY), name
    for name in ("e1", "b1", "a4", "e5", "d8", "h8"):
        assert close(probe(image, name), WOOD), name


def test_red_and_black_inks() -> None:
    image = rgb(render_png(samples.start()))
    red, black = ink_counts(image, "e0")
    assert red > 40 and black == 0
    red, black = ink_counts(image, "e9")
    assert black > 40 and red == 0


def test_black_perspective_turns_the_board() -> None:
    view = samples.middlegame()
    red_bottom = rgb(render_png(view))
    black_bottom = rgb(render_png(view, options=RenderOptions(perspective=Color.BLACK)))
    # Red's king is at the bottom in one image and at the top in the other.
    assert centre(parse_square("e0"), Color.RED)[1] > HEIGHT / 2
    assert centre(parse_square("e0"), Color.BLACK)[1] < HEIGHT / 2
    for sq, pv in enumerate(view.board):
        name = f"{'abcdefghi'[sq % 9]}{sq // 9}"
        expected = IVORY if pv else WOOD
        assert close(probe(black_bottom, name, Color.BLACK), expected), name
    assert ink_counts(black_bottom, "e0", Color.BLACK)[0] > 40
    assert red_bottom.tobytes() != black_bottom.tobytes()


def test_default_perspective_is_the_viewer() -> None:
    view = replace(samples.backs(), viewer=Color.BLACK)
    assert render_png(view) == render_png(view, options=RenderOptions(perspective=Color.BLACK))
    public = replace(view, viewer=None)
    assert render_png(public) == render_png(public, options=RenderOptions(perspective=Color.RED))


def test_labels_and_glyph_style_change_the_image() -> None:
    view = samples.start()
    plain = render_png(view)
    assert render_png(view, options=RenderOptions(labels=True)) != plain
    assert render_png(view, options=RenderOptions(traditional=True)) != plain


def test_face_down_pieces_share_one_back() -> None:
    image = rgb(render_png(samples.jieqi()))
    red_hidden = ["a0", "b0", "c0", "i0", "b2", "a3", "e3", "i3"]
    backs = {region(image, name) for name in red_hidden}
    assert len(backs) == 1
    assert close(probe(image, "a0"), SIDE_BACK[Color.RED])
    assert close(probe(image, "a9"), SIDE_BACK[Color.BLACK])
    assert region(image, "a9") != region(image, "a0")


def test_public_images_hold_no_secret() -> None:
    # Two Jieqi games shuffled with different seeds: what lies under the backs
    # differs, their public pictures do not, because the renderer only ever
    # sees the view. The learned piece of a private view does show.
    games = [find_variant("jieqi").start({}, seed) for seed in (1, 2)]
    pictures = {render_png(game.view(None), samples.PLAYERS) for game in games}
    assert len(pictures) == 1
    private = samples.jieqi(Color.RED)
    assert render_png(private, samples.PLAYERS) != render_png(samples.jieqi(), samples.PLAYERS)


def test_learned_piece_differs_from_back_and_from_face() -> None:
    image = rgb(render_png(samples.jieqi(Color.RED)))
    learned = region(image, "a3")
    assert learned != region(image, "i3")  # a plain back
    board = list(samples.jieqi(Color.RED).board)
    board[parse_square("a3")] = PieceView(Color.RED, Kind.CHARIOT)
    face_up = rgb(render_png(replace(samples.jieqi(Color.RED), board=tuple(board))))
    assert learned != region(face_up, "a3")


def test_secret_backs_show_as_badges() -> None:
    view = samples.backs()
    board = list(view.board)
    board[parse_square("a3")] = replace(board[parse_square("a3")], back="马")
    other = replace(view, board=tuple(board))
    assert render_png(view) != render_png(other)
    plain = replace(view, board=tuple(replace(p, back=None) if p else None for p in view.board))
    assert region(rgb(render_png(view)), "a3") != region(rgb(render_png(plain)), "a3")


def test_badges_never_draw_a_missing_glyph() -> None:
    view = samples.backs()
    board = list(view.board)
    for name, label in (("a3", "🍀"), ("c3", "ก"), ("e3", "龍王国")):
        board[parse_square(name)] = replace(board[parse_square(name)], back=label)
    odd = rgb(render_png(replace(view, board=tuple(board))))
    assert region(odd, "a3") == region(odd, "c3")  # both a "?"
    plain = rgb(
        render_png(replace(view, board=tuple(replace(p, back=None) if p else None for p in board)))
    )
    assert region(odd, "e3") != region(plain, "e3")


def test_last_move_and_check_are_marked() -> None:
    view = samples.middlegame()
    marked = rgb(render_png(view))
    bare = rgb(render_png(replace(view, last_move=None, check=None)))
    diff = ImageChops.difference(marked, bare).getbbox()
    assert diff is not None
    for name in ("h2", "e2", "e9"):
        x, y = centre(parse_square(name), Color.RED)
        ring = (x - RADIUS - 7, y - RADIUS - 7, x + RADIUS + 7, y + RADIUS + 7)
        assert ImageChops.difference(marked.crop(ring), bare.crop(ring)).getbbox(), name


def test_pools_outcome_and_players_reach_the_panel() -> None:
    view = samples.middlegame()
    plain = render_png(view)
    assert render_png(samples.tuibei()) != render_png(replace(samples.tuibei(), pools=None))
    assert render_png(replace(view, outcome=samples.finished().outcome)) != plain
    assert render_png(view, Players("a", "b")) != render_png(view, Players("a", "c"))
    assert render_png(view, Players("a", "b", "1:00")) != render_png(view, Players("a", "b"))
    english = render_png(samples.finished(), options=RenderOptions(lang="en"))
    assert english != render_png(samples.finished())


def test_hidden_tile_is_secret_in_the_public_view() -> None:
    # Black predicts a chariot in one game and a horse in the other: the public
    # pictures are the same, Black's own are not.
    games = []
    for tile in ("r", "n"):
        game = find_variant("tuibei").start({}, 0)
        game.push(game.parse("h2e2"))
        game.push(game.parse(f"?{tile}"))
        games.append(game)
    public = {render_png(game.view(None)) for game in games}
    assert len(public) == 1
    assert len({render_png(game.view(Color.BLACK)) for game in games}) == 2
    assert render_png(samples.tuibei()) != render_png(samples.tuibei(Color.RED))


def test_cache_returns_the_same_bytes_object() -> None:
    first = render_png(samples.middlegame(), samples.PLAYERS)
    again = render_png(samples.middlegame(), samples.PLAYERS)
    assert first is again


def test_start_position_matches_the_reference() -> None:
    image = rgb(render_png(samples.start()))
    reference = Image.open(REFERENCE).convert("RGB")
    assert image.size == reference.size
    diff = ImageChops.difference(image, reference).convert("L")
    changed = diff.point(lambda v: 255 if v > 48 else 0).histogram()[255]
    assert changed < 0.005 * image.width * image.height


def test_gif_has_one_frame_per_view() -> None:
    views = [samples.start(), samples.middlegame(), samples.finished()]
    gif = Image.open(io.BytesIO(render_gif(views, samples.PLAYERS, frame_ms=500)))
    assert gif.format == "GIF"
    assert gif.n_frames == len(views)
    assert gif.size == (WIDTH, HEIGHT)
    assert gif.info["duration"] == 500
    with pytest.raises(ValueError):
        render_gif([])


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="lang"):
        RenderOptions(lang="fr")
