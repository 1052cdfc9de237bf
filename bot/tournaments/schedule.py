"""When a tournament starts, as organisers type it, and how long it is
expected to last (the end of its scheduled event)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from .. import timecontrol as tc
from ..errors import BotError

_SPAN = re.compile(r"(\d+)\s*([dhm])")
_UNITS = {"d": 86_400, "h": 3_600, "m": 60}
_AT = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%H:%M")
EARLIEST, LATEST = 60, 60 * 86_400  # a start one minute to sixty days away
# How long a round of a tournament takes, for its scheduled event's end: a
# rapid game about half an hour; a correspondence round a few moves a day.
ROUND_SECONDS = {"rapid": 1_800}


def start_time(text: str, now: float) -> float:
    """The unix time ``text`` names: a span from now (``30m``, ``2h``, ``1d12h``)
    or a UTC time (``2026-12-24 19:30``, or ``19:30``: the next one).

    :raises BotError: ``tournament_start`` for anything else, or a time past
        or over sixty days away."""
    text = text.strip().lower()
    spans = _SPAN.findall(text)
    if spans and _SPAN.sub("", text).strip() == "":
        at = now + sum(int(count) * _UNITS[unit] for count, unit in spans)
    else:
        at = _clock_time(text, now)
    if not now + EARLIEST <= at <= now + LATEST:
        raise BotError("tournament_start", text=text[:40])
    return at


def _clock_time(text: str, now: float) -> float:
    for form in _AT:
        try:
            parsed = datetime.strptime(text, form).replace(tzinfo=UTC)
        except ValueError:
            continue
        if form == "%H:%M":
            today = datetime.fromtimestamp(now, UTC)
            parsed = today.replace(hour=parsed.hour, minute=parsed.minute, second=0, microsecond=0)
            if parsed.timestamp() <= now:
                return parsed.timestamp() + 86_400
        return parsed.timestamp()
    raise BotError("tournament_start", text=text[:40])


def expected_seconds(time: str, rounds: int | None, duration: float | None) -> float:
    """How long the tournament should take: an arena its duration, else its
    rounds at the length of one game of ``time``."""
    if duration is not None:
        return duration
    control = tc.preset(time)
    per_round = ROUND_SECONDS.get(time) or (control.move_ms * 20 / 1000 if control else 3_600)
    return max(rounds or 1, 1) * per_round
