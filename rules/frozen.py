"""Values that never change once made, so a copy may be the value itself.

Searches copy whole games to try an action on each; a game's history holds
thousands of pieces and actions, and copying them one by one was most of a
search's time. Frozen classes inherit :class:`Frozen` and are shared instead.
"""

from __future__ import annotations

from typing import Any, Self


class Frozen:
    """A mixin for frozen, slotted dataclasses: copies are the object itself."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self
