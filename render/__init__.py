"""Images of views: PNG positions and GIF replays for Discord.

``render`` draws a :class:`rules.view.View`, what one viewer may know, never a
game state, so an image can show nothing its viewer may not see.
"""

from .image import render_png
from .options import Arrow, ArrowStyle, Players, RenderOptions
from .replay import render_gif

__all__ = ["Arrow", "ArrowStyle", "Players", "RenderOptions", "render_gif", "render_png"]
