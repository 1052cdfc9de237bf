"""Jieqi and Jieqi classic: face-down pieces need nothing beyond the shared
drawing; their rules pages show a game a few moves in."""

from __future__ import annotations

from .. import samples
from ..extras import Extras, register

register(Extras(diagram=samples.jieqi), "jieqi", "jieqi-classic")
