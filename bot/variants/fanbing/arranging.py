"""The private setup phase of third-generation xiangqi (fanbing) before Red's first move.

Each player arranges their backs with ``/setup`` (``cog.py`` beside this module). The
game exists from the challenge on, with a random seed, which is a random
setup for both sides (``rules/variants/fanbing/backs.py``). Every choice rewrites that
side's part of the seed in storage, so the stored seed is always the current
setups and a restart loses nothing; the progress (who is done) is kept in
the secret's ``setup`` JSON. Moves wait until both players are done; at the
deadline of Red's first move whoever is not done keeps the setup they have
(random unless they changed it) and the clock starts afresh: no one loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.pieces import Color
from rules.variants.fanbing.backs import SETUPS, Setup, seed_for, setups_from_seed
from storage import Secret

from ... import timecontrol as tc
from ...report import Line
from .. import TableHost

VARIANT = "fanbing"
KEY = "fanbing"


@dataclass(slots=True)
class SetupPhase:
    """Both sides' current setups, who is done, the seed's random high part, and
    who chose anything (a setup nobody chose is the random one it was dealt)."""

    setups: list[Setup]
    done: list[bool] = field(default_factory=lambda: [False, False])
    salt: int = 0
    chosen: list[bool] = field(default_factory=lambda: [False, False])

    @classmethod
    def from_secret(cls, secret: Secret) -> SetupPhase | None:
        """The phase as stored, or ``None`` once it is over."""
        state = secret.setup.get(KEY, {})
        if state.get("over"):
            return None
        red, black = setups_from_seed(secret.seed)
        done = [bool(state.get("r")), bool(state.get("b"))]
        chosen = [bool(state.get("rc")), bool(state.get("bc"))]
        return cls([red, black], done, secret.seed // (SETUPS * SETUPS), chosen)

    @property
    def seed(self) -> int:
        return seed_for(self.setups[Color.RED], self.setups[Color.BLACK], self.salt)

    def secret(self, over: bool = False) -> Secret:
        state = {"r": self.done[Color.RED], "b": self.done[Color.BLACK], "over": over}
        state |= {"rc": self.chosen[Color.RED], "bc": self.chosen[Color.BLACK]}
        return Secret(self.seed, {KEY: state})

    @property
    def complete(self) -> bool:
        return all(self.done)

    def done_for(self, side: Color) -> bool:
        return self.done[side]


def phase_of(manager: TableHost) -> SetupPhase | None:
    """The game's pending setup phase, if any."""
    phase = manager.setup_phase
    return phase if isinstance(phase, SetupPhase) else None


async def load(manager: TableHost) -> None:
    """Give a fanbing game without entries its setup phase, as stored."""
    if manager.variant != VARIANT or manager.seq:
        return
    manager.setup_phase = SetupPhase.from_secret(await manager.hub.store.load_secret(manager.id))


async def save(manager: TableHost, phase: SetupPhase) -> None:
    """Store a changed setup; the match is rebuilt from the new seed."""
    await manager.hub.store.set_secret(manager.id, phase.secret())
    manager.setup_phase = phase
    await manager._reload()


async def settle(
    manager: TableHost,
    phase: SetupPhase,
    side: Color,
    setup: Setup,
    done: bool,
    chosen: bool | None = None,
) -> list[Line] | None:
    """One player's choice (a person's menu or the computer): store it, and with
    ``chosen`` whether the setup is now their own choice (``None``: as it was);
    the phase ends when both are done, with the public lines saying so."""
    phase.setups[side] = setup
    if chosen is not None:
        phase.chosen[side] = chosen
    if done:
        phase.done[side] = True
    await save(manager, phase)
    if phase.complete:
        return await finish(manager, phase, timed_out=False)
    return None


async def finish(manager: TableHost, phase: SetupPhase, timed_out: bool) -> list[Line]:
    """End the phase: both setups stand, Red's clock starts now. The public
    lines say only that the setup is over (and who ran out of time)."""
    store = manager.hub.store
    await store.set_secret(manager.id, phase.secret(over=True))
    clocks = tc.start(manager.control, manager.hub.now())
    await store.set_clock(
        manager.id, red_ms=clocks.red_ms, black_ms=clocks.black_ms, deadline=clocks.deadline
    )
    late = [side for side in Color if not phase.done[side]] if timed_out else []
    manager.setup_phase = None
    await manager._reload()
    names = manager.names()
    lines = [
        Line("fanbing.setup_timeout", {"player": names[side], "side": side.code}) for side in late
    ]
    return [*lines, Line("fanbing.setup_complete", {"player": names[Color.RED]})]


async def expire(manager: TableHost) -> list[Line] | None:
    """At the deadline, the phase ends with the setups as they are (no loss)."""
    phase = phase_of(manager)
    deadline = manager.clocks.deadline
    if phase is None or deadline is None or manager.hub.now() < deadline:
        return None
    return await finish(manager, phase, timed_out=True)
