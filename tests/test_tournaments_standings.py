"""Standings and tie-breaks against tables worked out by hand."""

from __future__ import annotations

from tournaments import Format, Pairing, Result, arena, standings


def _table(rows) -> list[tuple[int, int, float, tuple[float, ...]]]:
    return [(s.rank, s.player, s.points, s.tiebreaks) for s in rows]


def test_swiss_buchholz_and_sonneborn_berger_with_a_bye_and_a_forfeit() -> None:
    pairings = [
        Pairing(1, 1, 1, 2, Result.RED),
        Pairing(1, 2, 3, 4, Result.BLACK_BY_FORFEIT),  # 3 never moved
        Pairing(1, 3, 5, None, Result.BYE),
        Pairing(2, 1, 5, 1, Result.DRAW),
        Pairing(2, 2, 4, 2, Result.RED),
        Pairing(2, 3, 3, None, Result.BYE),
    ]
    # points: 1 = 1 + ½, 2 = 0, 3 = 0 + 1 (bye), 4 = 1 (forfeit) + 1, 5 = 1 (bye) + ½.
    # Buchholz counts opponents met over the board: 1 met 2 (0) and 5 (1½);
    # 2 met 1 (1½) and 4 (2); 4 met 2 only; 5 met 1 only; 3 met nobody.
    # Sonneborn-Berger: 1 beat 2 (0), drew 5 (½ × 1½); 5 drew 1 (½ × 1½); 4 beat 2 (0).
    assert _table(standings(Format.SWISS, [1, 2, 3, 4, 5], pairings)) == [
        (1, 4, 2.0, (0.0, 0.0)),
        (2, 1, 1.5, (1.5, 0.75)),
        (2, 5, 1.5, (1.5, 0.75)),
        (4, 3, 1.0, (0.0, 0.0)),
        (5, 2, 0.0, (3.5, 0.0)),
    ]


def test_swiss_sonneborn_berger_splits_equal_buchholz() -> None:
    pairings = [
        Pairing(1, 1, 1, 2, Result.RED),
        Pairing(1, 2, 3, 4, Result.DRAW),
        Pairing(2, 1, 1, 3, Result.DRAW),
        Pairing(2, 2, 4, 2, Result.BLACK),
    ]
    # 1: 1½, 2: 1, 3: 1, 4: ½; every Buchholz is 2. SB: 2 beat 4 (½) = ½;
    # 3 drew 4 (¼) and 1 (¾) = 1; so 3 ranks above 2.
    assert _table(standings(Format.SWISS, [1, 2, 3, 4], pairings)) == [
        (1, 1, 1.5, (2.0, 1.5)),
        (2, 3, 1.0, (2.0, 1.0)),
        (3, 2, 1.0, (2.0, 0.5)),
        (4, 4, 0.5, (2.0, 0.5)),
    ]


def test_round_robin_direct_encounter_comes_before_sonneborn_berger() -> None:
    pairings = [
        Pairing(1, 1, 1, 4, Result.RED),
        Pairing(1, 2, 2, 3, Result.RED),
        Pairing(2, 1, 4, 3, Result.RED),
        Pairing(2, 2, 1, 2, Result.BLACK),
        Pairing(3, 1, 2, 4, Result.BLACK),
        Pairing(3, 2, 3, 1, Result.RED),
    ]
    # 2 and 4 have 2 points, 4 beat 2; 1 and 3 have 1, 3 beat 1 (though 1's
    # Sonneborn-Berger, a win over 4, is higher than 3's, a win over 1).
    assert _table(standings(Format.ROUND_ROBIN, [1, 2, 3, 4], pairings)) == [
        (1, 4, 2.0, (1.0, 3.0)),
        (2, 2, 2.0, (0.0, 2.0)),
        (3, 3, 1.0, (1.0, 1.0)),
        (4, 1, 1.0, (0.0, 2.0)),
    ]


def test_arena_points_double_after_two_wins_in_a_row() -> None:
    results = [Result.RED, Result.RED, Result.RED, Result.DRAW, Result.RED, Result.BLACK]
    pairings = [Pairing(n, 1, 1, n + 1, r) for n, r in enumerate(results, start=1)]
    # 2 + 2, then on fire: 4, a draw 2 (which ends the streak), 2, 0.
    assert arena.score(pairings, 1) == arena.ArenaScore(points=12, wins=4, games=6, streak=0)
    # 7 beat 1 in the last game: one win, 2 points, no fire yet.
    assert arena.score(pairings, 7) == arena.ArenaScore(points=2, wins=1, games=1, streak=1)
    table = standings(Format.ARENA, [1, 2, 3, 4, 5, 6, 7], pairings)
    assert (table[0].player, table[0].points, table[0].tiebreaks) == (1, 12.0, (4.0,))
    assert [(s.player, s.points) for s in table[1:3]] == [(7, 2.0), (5, 1.0)]  # 5: the draw


def test_a_game_being_played_counts_nothing_yet() -> None:
    pairings = [Pairing(1, 1, 1, 2, Result.RED), Pairing(2, 1, 2, 1)]
    rows = standings(Format.SWISS, [1, 2], pairings, withdrawn={2})
    assert [(s.player, s.points, s.games, s.withdrawn) for s in rows] == [
        (1, 1.0, 1, False),
        (2, 0.0, 1, True),
    ]


def test_a_first_move_that_never_came_is_a_forfeit() -> None:
    from rules.outcome import Outcome, Reason
    from rules.pieces import Color
    from tournaments.games import result_of

    aborted = Outcome(None, Reason.ABORTED)
    assert result_of(aborted, "@r:abort", 0) is Result.BLACK_BY_FORFEIT
    assert result_of(aborted, "@b:abort", 1) is Result.RED_BY_FORFEIT
    timeout = Outcome(Color.RED, Reason.TIMEOUT)
    assert result_of(timeout, "@b:timeout", 1) is Result.RED_BY_FORFEIT
    assert result_of(timeout, "@b:timeout", 8) is Result.RED  # a loss on time, not a forfeit
    assert result_of(Outcome(Color.BLACK, Reason.RESIGNATION), "@r:resign", 0) is Result.BLACK
    assert result_of(Outcome(None, Reason.DRAW_AGREED), "@b:draw-accept", 6) is Result.DRAW
