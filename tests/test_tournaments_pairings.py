"""Swiss pairings (FIDE Dutch, through caissify-pairings) checked by the
library's own pairings checker on a whole tournament, and for what the system
promises: no rematch, score groups kept, colour rules kept; round-robin
rounds against the published FIDE Berger table; arena pairing."""

from __future__ import annotations

import random

from caissify_pairings.fpc import check_trf
from caissify_pairings.trf import TRFWriter

from tournaments import Pairing, Result, arena, berger, swiss

# FIDE Handbook C.05, Berger table for 5 or 6 players (white first).
BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def test_round_robin_follows_the_berger_table() -> None:
    seeds = [101, 102, 103, 104, 105, 106]
    for number, expected in enumerate(BERGER_6, start=1):
        got = {
            (seeds.index(p.red) + 1, seeds.index(p.black or 0) + 1)
            for p in berger.pair_round(seeds, number)
        }
        assert got == set(expected)


def test_an_odd_round_robin_gives_each_player_one_bye() -> None:
    seeds = [1, 2, 3, 4, 5]
    rounds = [berger.pair_round(seeds, n) for n in range(1, berger.rounds_for(5) + 1)]
    byes = [p.red for r in rounds for p in r if p.black is None]
    assert sorted(byes) == seeds
    met = {frozenset(p.players) for r in rounds for p in r if p.black is not None}
    assert len(met) == 10  # everyone met everyone once


def _result(rng: random.Random) -> Result:
    return rng.choice([Result.RED, Result.BLACK, Result.DRAW, Result.RED, Result.BLACK])


def _swiss(players: int, rounds: int, seed: int) -> list[Pairing]:
    rng = random.Random(seed)
    seeds = list(range(1, players + 1))
    history: list[Pairing] = []
    for number in range(1, rounds + 1):
        for pairing in swiss.pair_round(seeds, set(seeds), history, number, rounds):
            result = pairing.result or _result(rng)
            if number == 2 and pairing.table == 1:
                result = Result.RED_BY_FORFEIT  # black's first move never came
            history.append(Pairing(number, pairing.table, pairing.red, pairing.black, result))
    return history


_TRF_CODES = {Result.RED: ("1", "0"), Result.BLACK: ("0", "1"), Result.DRAW: ("=", "=")}
_TRF_CODES |= {Result.RED_BY_FORFEIT: ("+", "-"), Result.BLACK_BY_FORFEIT: ("-", "+")}


def _trf(history: list[Pairing], players: int, rounds: int) -> str:
    results: dict[int, dict[int, dict[str, object]]] = {p: {} for p in range(1, players + 1)}
    for p in history:
        assert p.result is not None
        if p.black is None:
            results[p.red][p.round] = {"opponent": None, "result": "U"}
            continue
        red, black = _TRF_CODES[p.result]
        results[p.red][p.round] = {"opponent": p.black, "color": "w", "result": red}
        results[p.black][p.round] = {"opponent": p.red, "color": "b", "result": black}
    rows = [
        {"starting_number": n, "name": f"P{n}", "rating": 2000 - n, "results": results[n]}
        for n in results
    ]
    return TRFWriter({"name": "check"}, rows, rounds).write()


def test_the_library_checker_agrees_with_every_round() -> None:
    players, rounds = 9, 5
    history = _swiss(players, rounds, seed=3)
    report = check_trf(_trf(history, players, rounds))
    assert report["summary"]["rounds_checked"] == rounds
    assert report["summary"]["total_discrepancies"] == 0, report["rounds"]


def test_swiss_rounds_keep_the_dutch_promises() -> None:
    for seed in range(4):
        players, rounds = 10, 6
        history = _swiss(players, rounds, seed)
        met: set[frozenset[int]] = set()
        colours: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
        for number in range(1, rounds + 1):
            before = {
                p: sum(q.points_of(p) for q in history if q.round < number and p in q.players)
                for p in colours
            }
            this = [p for p in history if p.round == number]
            assert sorted(x for p in this for x in p.players) == list(colours)
            for p in this:
                if p.black is None:
                    continue
                pair = frozenset(p.players)
                if number <= 3:  # early on a score group always finds its own, or the next
                    assert abs(before[p.red] - before[p.black]) <= 1, (seed, number, p)
                assert p.result is not None
                if p.result.played:
                    assert pair not in met, (seed, number, p)
                    met.add(pair)
                    colours[p.red].append("r")
                    colours[p.black].append("b")
        for player, seen in colours.items():
            assert abs(seen.count("r") - seen.count("b")) <= 2, (seed, player, seen)
            runs = "".join(seen)
            assert "rrr" not in runs and "bbb" not in runs, (seed, player, seen)


def test_a_bye_goes_to_the_lowest_and_never_twice() -> None:
    history = _swiss(7, 3, seed=1)
    byes = [p.red for p in history if p.black is None]
    assert len(byes) == 3 and len(set(byes)) == 3
    assert byes[0] == 7  # round one: the lowest pairing number


def test_a_withdrawn_player_is_not_paired() -> None:
    seeds = [1, 2, 3, 4, 5]
    first = swiss.pair_round(seeds, set(seeds), [], 1, 3)
    done = [Pairing(1, p.table, p.red, p.black, p.result or Result.RED) for p in first]
    second = swiss.pair_round(seeds, {1, 2, 3, 4}, done, 2, 3)
    assert sorted(x for p in second for x in p.players) == [1, 2, 3, 4]
    assert all(p.black is not None for p in second)


def test_arena_pairs_the_free_never_the_last_opponent_twice() -> None:
    history = [
        Pairing(1, 1, 1, 2, Result.RED),
        Pairing(1, 2, 3, 4, Result.DRAW),
    ]
    pairs = arena.pair_free([1, 2, 3, 4], history, 2)
    assert [(p.red, p.black) for p in pairs] == [(1, 3), (4, 2)]
    assert arena.pair_free([1, 2], history, 2) == []  # each other's last opponent: they wait
    assert [(p.red, p.black) for p in arena.pair_free([2, 1], history[:1], 2)] == []


def test_arena_colours_go_to_who_had_red_less() -> None:
    history = [Pairing(1, 1, 1, 2, Result.RED), Pairing(2, 1, 1, 3, Result.RED)]
    (pair,) = arena.pair_free([1, 4], history, 3)
    assert (pair.red, pair.black) == (4, 1)
