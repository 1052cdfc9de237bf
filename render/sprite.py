"""Drawing helpers: supersampled canvases and prerendered sprites.

Pillow draws circles and diagonals without anti-aliasing, so shapes are drawn
at :data:`SCALE` times the size and reduced. A :class:`Sprite` is such a
drawing already mapped onto the shared palette with a one-bit mask, so that
placing it on a frame is a plain copy of bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from .fonts import Font
from .palette import RGB, to_palette

SCALE = 4


class Canvas:
    """An RGBA drawing of ``size`` pixels, drawn in supersampled coordinates.

    Coordinates and lengths passed to the methods are in final pixels.
    """

    def __init__(self, size: tuple[int, int], background: RGB | None = None) -> None:
        fill = (*background, 255) if background else (0, 0, 0, 0)
        self.image = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), fill)
        self.draw = ImageDraw.Draw(self.image)

    def circle(
        self,
        centre: tuple[float, float],
        radius: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        x, y = centre
        box = [
            (x - radius) * SCALE,
            (y - radius) * SCALE,
            (x + radius) * SCALE,
            (y + radius) * SCALE,
        ]
        self.draw.ellipse(box, fill=fill, outline=outline, width=round(width * SCALE))

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        scaled = [v * SCALE for v in box]
        self.draw.rounded_rectangle(
            scaled, radius=radius * SCALE, fill=fill, outline=outline, width=round(width * SCALE)
        )

    def line(self, points: list[tuple[float, float]], fill: RGB, width: float) -> None:
        self.draw.line(
            [(x * SCALE, y * SCALE) for x, y in points],
            fill=fill,
            width=round(width * SCALE),
            joint="curve",
        )

    def glyphs(self, centre: tuple[float, float], text: str, font: Font, fill: RGB) -> None:
        """Draw ``text`` centred on ``centre`` by its inked box, not its em box.

        ``font`` must be sized for the supersampled canvas (``size * SCALE``).
        """
        left, top, right, bottom = font.getbbox(text, anchor="ls")
        x = centre[0] * SCALE - (left + right) / 2
        y = centre[1] * SCALE - (top + bottom) / 2
        self.draw.text((x, y), text, font=font, fill=fill, anchor="ls")

    def result(self) -> Image.Image:
        """The drawing at its final size, anti-aliased."""
        return self.image.reduce(SCALE)


@dataclass(frozen=True, slots=True)
class Sprite:
    """A palette image and the mask of its opaque pixels, placed by its centre."""

    image: Image.Image
    mask: Image.Image

    def paste(self, frame: Image.Image, centre: tuple[int, int]) -> None:
        """Copy the sprite's opaque pixels onto ``frame`` (a palette image
        already loaded and writable, as a fresh copy is). The pixels go
        straight to Pillow's core: its ``Image.paste`` checks and loads all
        three images each time, which cost twice the copy for the thirty-odd
        sprites of a board."""
        width, height = self.image.size
        x = centre[0] - width // 2
        y = centre[1] - height // 2
        frame.im.paste(self.image.im, (x, y, x + width, y + height), self.mask.im)


def bake(rgba: Image.Image, background: RGB, threshold: int = 1) -> Sprite:
    """Flatten ``rgba`` over the colour it will stand on and map it to the palette.

    Pixels under ``threshold`` alpha are left out; the rest keep their
    anti-aliasing, blended with ``background`` in advance.
    """
    flat = Image.new("RGBA", rgba.size, (*background, 255))
    flat.alpha_composite(rgba)
    mask = rgba.getchannel("A").point(lambda a: 255 if a >= threshold else 0).convert("1")
    return Sprite(to_palette(flat), mask)
