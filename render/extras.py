"""What a variant adds to the shared drawing code, so that code names no variant.

Each ``render/variants/<name>.py`` registers the :class:`Extras` of its
variant: diamond lines in the palaces, prediction tiles, the traditional
glyphs of its backs' badges, the sample its rules page shows. The shared
modules ask :func:`extras_of` with the view's variant (or, for glyphs that
any view may carry, every registered table), and a variant with nothing
registered is drawn as standard xiangqi.

The variants' modules are imported at the first question, not with
``render``: they draw their samples with the very modules that ask.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pkgutil import iter_modules

from rules.pieces import Kind
from rules.view import View


@dataclass(frozen=True, slots=True)
class Tiles:
    """Prediction tiles: the kinds in rack order, and each one's name in
    simplified and in traditional glyphs (aligned with ``kinds``). Hashable,
    so drawn tiles can be cached by it."""

    kinds: tuple[Kind, ...]
    simplified: tuple[str, ...]
    traditional: tuple[str, ...]

    def name(self, kind: Kind, traditional: bool) -> str:
        names = self.traditional if traditional else self.simplified
        return names[self.kinds.index(kind)]


@dataclass(frozen=True, slots=True)
class Extras:
    """``badges`` maps a back's label (a view's ``PieceView.back``) to the glyph
    that names the same piece in the traditional set; ``diagram`` makes the
    public view shown with the variant's rules."""

    diamond: bool = False
    tiles: Tiles | None = None
    badges: Mapping[str, str] = field(default_factory=dict)
    diagram: Callable[[], View] | None = None


_NOTHING = Extras()
_EXTRAS: dict[str, Extras] = {}


def register(extras: Extras, *variants: str) -> None:
    """The extras of ``variants`` (canonical names, as views carry them)."""
    for name in variants:
        _EXTRAS[name] = extras


@cache
def _import_variants() -> None:
    """Every module of ``render.variants``, each registering its extras. Done
    here, not by that package, so that running one of them as a script
    (``python -m render.variants.fanbing``) does not import it twice over."""
    package = import_module(f"{__package__}.variants")
    for found in iter_modules(package.__path__):
        import_module(f"{package.__name__}.{found.name}")


def _filled() -> dict[str, Extras]:
    _import_variants()
    return _EXTRAS


def extras_of(variant: str) -> Extras:
    return _filled().get(variant, _NOTHING)


def registered() -> list[Extras]:
    """Every registered variant's extras, once each: the glyphs any image may need."""
    return list({id(extras): extras for extras in _filled().values()}.values())
