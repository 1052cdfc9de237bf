"""Standard xiangqi: nothing beyond the shared board but its rules page's
sample, a middlegame."""

from __future__ import annotations

from .. import samples
from ..extras import Extras, register

register(Extras(diagram=samples.middlegame), "xiangqi")
