"""A short fault soak: games through SimCord while Discord fails, the gateway
drops and the database is locked; nothing acknowledged is lost or doubled,
threads follow their logs, nothing leaks (``python -m benchmarks.fault_soak``
runs the long one)."""

from __future__ import annotations

from benchmarks.fault_soak import FAULTS, failed, report, soak


async def test_a_short_soak_with_every_fault_loses_and_leaks_nothing() -> None:
    figures, leaks = await soak(games=3, plies=14, seed=5)
    lines = "\n".join(report(figures, leaks))
    assert not failed(figures, leaks), lines
    assert all(figures.faults[kind] for kind in FAULTS[1:]), lines
    assert figures.refused and figures.acknowledged > 20, lines
    # The twin comparison had something to compare: texts and board images.
    assert all(any(isinstance(item, bytes) for item in thread) for thread in figures.threads)
