"""Clock arithmetic of the presets (S-8), without Discord."""

from __future__ import annotations

from bot import timecontrol as tc
from rules.pieces import Color

RED, BLACK = Color.RED, Color.BLACK
RAPID = tc.preset("rapid")


def test_presets():
    assert tc.preset("none") is None and tc.preset(None) is None
    assert RAPID.budget_ms(600_000) == 60_000  # at most a minute per move
    assert RAPID.budget_ms(10_000) == 40_000  # what is left, then 30 s of overtime
    assert RAPID.budget_ms(0) == 30_000  # 读秒
    assert tc.preset("1d").budget_ms(None) == tc.DAY_MS


def test_rapid_turns_charge_the_mover():
    clocks = tc.start(RAPID, now=1000.0)
    assert clocks == tc.Clocks(600_000, 600_000, 1060.0)
    clocks = tc.hand_over(RAPID, clocks, RED, BLACK, now=1020.0)  # Red used 20 s
    assert (clocks.red_ms, clocks.black_ms, clocks.deadline) == (580_000, 600_000, 1080.0)
    assert tc.shown_ms(RAPID, clocks, BLACK, BLACK, now=1050.0) == 570_000
    assert tc.shown_ms(RAPID, clocks, RED, BLACK, now=1050.0) == 580_000


def test_overtime_once_game_time_is_gone():
    clocks = tc.Clocks(5_000, 600_000, 60.0)  # Black to move, its turn began at 0
    clocks = tc.hand_over(RAPID, clocks, BLACK, RED, now=0.0)
    assert clocks.deadline == 35.0  # 5 s of game time + 30 s of overtime
    clocks = tc.hand_over(RAPID, clocks, RED, BLACK, now=20.0)
    assert clocks.red_ms == 0
    clocks = tc.hand_over(RAPID, clocks, BLACK, RED, now=30.0)
    assert clocks.deadline == 60.0  # Red is in overtime: 30 s per move


def test_correspondence_and_reminders():
    day = tc.preset("1d")
    clocks = tc.start(day, now=0.0)
    assert clocks == tc.Clocks(None, None, 86_400.0)
    assert tc.reminders_reached(day, clocks.deadline, 60_000.0, []) == []
    assert tc.reminders_reached(day, clocks.deadline, 75_000.0, []) == [14_400.0]  # 4 h
    assert tc.reminders_reached(RAPID, 100.0, 99.0, []) == []
    chosen = [43_200.0, 3_600.0]  # 12 h and 1 h before
    assert tc.reminders_reached(day, clocks.deadline, 40_000.0, chosen) == []
    assert tc.reminders_reached(day, clocks.deadline, 50_000.0, chosen) == [43_200.0]
    assert tc.reminders_reached(day, clocks.deadline, 83_000.0, chosen) == chosen
    assert tc.hand_over(None, tc.Clocks(), RED, BLACK, now=5.0) == tc.Clocks()
