"""Tuibei's prediction tiles (T-1): a mahjong suit stands for each kind of
piece, named in the rules' simplified glyphs or in traditional ones."""

from __future__ import annotations

from rules.pieces import Kind
from rules.variants.tuibei.game import TILE_NAMES

from .. import samples
from ..extras import Extras, Tiles, register

TRADITIONAL = {**TILE_NAMES, Kind.KING: "風", Kind.PAWN: "萬"}
TILES = Tiles(
    tuple(TILE_NAMES),
    tuple(TILE_NAMES.values()),
    tuple(TRADITIONAL[kind] for kind in TILE_NAMES),
)

register(Extras(tiles=TILES, diagram=samples.tuibei), "tuibei")
