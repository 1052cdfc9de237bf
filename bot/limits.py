"""Limits on what one member can make the bot do: open challenges, GIF exports.

A member may have a few challenges open at once (a repeated challenge to the
same opponent replaces the earlier one instead of counting twice) and post a
few a minute (each pings its opponent, replacements too), and may ask for a
few GIF replays a minute; a GIF is drawn once per game and
position and then served from a small cache. A refusal says why and when
to try again.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Hashable

from storage import Challenge

from .errors import BotError

OPEN_CHALLENGES = 3  # pending challenges per member at once
CHALLENGES_PER_WINDOW = 6  # challenges posted per member (replacements too) ...
CHALLENGE_WINDOW_SECONDS = 60.0  # ... in this many seconds: each one pings its opponent
GIFS_PER_WINDOW = 3  # GIF exports per member ...
GIF_WINDOW_SECONDS = 60.0  # ... in this many seconds
GIF_CACHE_SIZE = 32  # replays kept
PRUNE_AT = 1000  # members remembered by a rate limit before the idle ones are dropped


def when(moment: float) -> str:
    """A moment as a Discord timestamp ("in 5 minutes"), shown in the reader's locale."""
    return f"<t:{int(moment) + 1}:R>"


def replaced_and_kept(
    open_challenges: list[Challenge], guild_id: int | None, opponent_id: int | None
) -> list[Challenge]:
    """The open challenges a new one to ``opponent_id`` (``None``: anyone) replaces.

    :raises BotError: when the others already reach :data:`OPEN_CHALLENGES`.
    """
    same = [c for c in open_challenges if c.opponent_id == opponent_id and c.guild_id == guild_id]
    others = [c for c in open_challenges if c not in same]
    if len(others) >= OPEN_CHALLENGES:
        soonest = min(c.expires_at for c in others)
        raise BotError("too_many_challenges", limit=OPEN_CHALLENGES, when=when(soonest))
    return same


class RateLimit:
    """At most ``count`` uses per ``seconds`` per key, on the bot's clock."""

    def __init__(self, count: int, seconds: float, now: Callable[[], float]) -> None:
        self.count = count
        self.seconds = seconds
        self.now = now
        self._uses: dict[Hashable, deque[float]] = {}

    def take(self, key: Hashable) -> float | None:
        """Count a use and return ``None``, or, when over the limit, return when
        the next use will be allowed (and count nothing)."""
        now = self.now()
        if len(self._uses) > PRUNE_AT:
            self._forget_before(now - self.seconds)
        uses = self._uses.setdefault(key, deque())
        while uses and uses[0] <= now - self.seconds:
            uses.popleft()
        if len(uses) >= self.count:
            return uses[0] + self.seconds
        uses.append(now)
        return None

    def _forget_before(self, moment: float) -> None:
        """Drop the members whose last use is older than ``moment`` (memory stays small)."""
        for key in [k for k, uses in self._uses.items() if not uses or uses[-1] <= moment]:
            del self._uses[key]


class BytesCache:
    """The last ``size`` results by key (least recently used goes first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()

    def get(self, key: Hashable) -> bytes | None:
        data = self._items.get(key)
        if data is not None:
            self._items.move_to_end(key)
        return data

    def put(self, key: Hashable, data: bytes) -> None:
        self._items[key] = data
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
