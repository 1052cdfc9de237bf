"""Jieqi shuffles, secrecy, notation and long random play, for both variants.

Secrets are what face-down pieces are; everything public (views for the
public and for each player, public events, legal actions, error messages)
must be the same whatever they are.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.actions import Move, Pass
from rules.errors import RulesError
from rules.match import Match
from rules.pieces import Color, Kind, Piece
from rules.position import Position
from rules.squares import square_name
from rules.variants.jieqi.actions import Reveal
from rules.variants.jieqi.game import Jieqi, JieqiBase, JieqiClassic
from rules.variants.jieqi.moves import (
    POINT_KINDS,
    STANDARD_REACH,
    START_POINTS,
    HiddenBoard,
    RuleSet,
)

VARIANTS = [Jieqi, JieqiClassic]


# -- the shuffle is uniform (J-1, J-9) ---------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_kind_lands_on_each_point_as_often_as_expected(variant: type[JieqiBase]):
    games = 4000
    counts: dict[int, Counter[Kind]] = {}
    for seed in range(games):
        layout = variant.start({}, seed).initial
        for color in Color:
            for sq in START_POINTS[color]:
                counts.setdefault(sq, Counter())[layout[sq].kind] += 1
    for color in Color:
        shuffled = [
            sq for sq in START_POINTS[color] if variant is Jieqi or POINT_KINDS[sq] is not Kind.KING
        ]
        share = Counter(POINT_KINDS[sq] for sq in shuffled)
        for sq in shuffled:
            # Pearson's chi-square over the kinds: with 6 degrees of freedom (5
            # in the classic rules) a fair shuffle exceeds 45 with odds below
            # 1e-7, and the seeds are fixed, so this never flakes.
            chi2 = sum(
                (counts[sq][kind] - games * n / len(shuffled)) ** 2 / (games * n / len(shuffled))
                for kind, n in share.items()
            )
            assert chi2 < 45, (square_name(sq), counts[sq])
    if variant is JieqiClassic:
        assert all(counts[sq] == Counter({Kind.KING: games}) for sq in (4, 85))


# -- the same public state gives the same public everything ---------------------------------


def public_board(game: JieqiBase, rng: random.Random) -> dict[str, str]:
    """``game``'s placement for ``from_pieces``, face-down pieces of each side
    shuffled among themselves (the secret changes, the public state does not)."""
    board, down = game.board.board, game.board.down
    pieces: dict[str, str] = {}
    for color in Color:
        hidden = [
            sq for sq, p in enumerate(board) if p is not None and p.color is color and down[sq]
        ]
        kinds = [board[sq].kind for sq in hidden]
        rng.shuffle(kinds)
        pieces |= {
            square_name(sq): Piece(color, k).symbol + "?"
            for sq, k in zip(hidden, kinds, strict=True)
        }
        pieces |= {
            square_name(sq): p.symbol
            for sq, p in enumerate(board)
            if p is not None and p.color is color and not down[sq]
        }
    return pieces


def refusals(game: JieqiBase) -> list[str]:
    """Every error message for a move or reveal of the side to move's pieces."""
    messages = []
    own = [sq for sq, p in enumerate(game.board.board) if p is not None and p.color is game.turn]
    for origin in own:
        texts = [f"+{square_name(origin)}"]
        texts += [square_name(origin) + square_name(t) for t in range(90)]
        for text in texts:
            try:
                game.parse(text)
            except RulesError as exc:
                messages.append(str(exc))
    return messages


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_and_messages_ignore_what_face_down_pieces_are(variant: type[JieqiBase]):
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        game = variant.start({}, seed)
        while game.outcome() is None and game.ply < 60:
            if game.ply % 12 == 0:
                a = variant.from_pieces(public_board(game, random.Random(0)), game.turn)
                b = variant.from_pieces(public_board(game, rng), game.turn)
                assert a.board.board != b.board.board or not any(game.board.down)
                assert a.legal_actions() == b.legal_actions() == game.legal_actions()
                for viewer in (None, Color.RED, Color.BLACK):
                    assert a.view(viewer) == b.view(viewer)
                assert refusals(a) == refusals(b)
                checked += 1
            game.push(rng.choice(game.legal_actions()))
    assert checked >= 12


def exposes(game: JieqiBase, action, differing: set[int]) -> bool:
    """Whether ``action`` shows everyone a face-down piece on a ``differing`` point."""
    down = game.board.down
    if isinstance(action, Reveal):
        return action.square in differing
    if not isinstance(action, Move):
        return False
    if down[action.from_sq]:  # J-9: revealed by its first move
        return action.from_sq in differing
    # J-4: a captured face-down piece is shown to all in jieqi only.
    return not game.secret_captures and down[action.to_sq] and action.to_sq in differing


@pytest.mark.parametrize("variant", VARIANTS)
def test_different_seeds_same_actions_same_public_story(variant: type[JieqiBase]):
    """Two seeds look alike to the public until a reveal shows different pieces.

    The story only reveals points where the two layouts agree (the test knows
    both); in the classic rules it may capture any face-down piece, whose
    identity only the capturer learns.
    """
    games = [variant.start({}, 1), variant.start({}, 2)]
    differing = {
        sq
        for sq, (x, y) in enumerate(zip(games[0].initial, games[1].initial, strict=True))
        if x != y
    }
    assert len(differing) >= 10
    rng = random.Random(7)
    while games[0].outcome() is None and games[0].ply < 200:
        actions = games[0].legal_actions()
        assert games[1].legal_actions() == actions
        safe = [a for a in actions if not exposes(games[0], a, differing)]
        if not safe:
            break
        moves = [a for a in safe if isinstance(a, Move)]
        action = rng.choice(moves if moves and rng.random() < 0.7 else safe)
        public = [[e for e in game.push(action) if e.audience is None] for game in games]
        assert public[0] == public[1]
        assert games[0].outcome() == games[1].outcome()
        if games[0].outcome() is None:  # a finished game shows everything
            assert games[0].view(None) == games[1].view(None)
    assert games[0].ply >= 30
    if games[0].outcome() is None and variant is Jieqi:
        exposing = [a for a in games[0].legal_actions() if isinstance(a, Reveal)]
        if exposing:  # the first reveal that differs tells them apart
            for game in games:
                game.push(exposing[0])
            assert exposing[0].square not in differing or games[0].view(None) != games[1].view(None)


def test_a_face_down_piece_on_a_file_refuses_alike_for_every_identity():
    messages = {str(_refusal(Jieqi.start({}, seed), "e3e4")) for seed in range(20)}
    assert messages == {"e3e4: face-down pieces do not move; reveal it first (J-3)"}


def _refusal(game: JieqiBase, text: str) -> RulesError:
    with pytest.raises(RulesError) as info:
        game.parse(text)
    return info.value


# -- the generator against the standard engine -------------------------------------------


def test_generator_agrees_with_standard_xiangqi_when_all_is_face_up():
    """With every piece face-up and standard reach, Jieqi generation is xiangqi's."""
    standard = RuleSet(STANDARD_REACH, None)
    rng = random.Random(3)
    for _ in range(8):
        position = Position.start()
        for _ply in range(80):
            board = HiddenBoard(list(position.board), [False] * 90, position.turn, standard)
            expected = position.legal_moves()
            assert sorted(board.legal_moves(), key=str) == sorted(expected, key=str)
            if not expected:
                break
            position.push_unchecked(rng.choice(expected))


@pytest.mark.parametrize("variant", VARIANTS)
def test_attacks_agree_with_the_moves_that_capture(variant: type[JieqiBase]):
    for seed in range(4):
        check_attacks_along(variant.start({}, seed), random.Random(seed))


def check_attacks_along(game: JieqiBase, rng: random.Random) -> None:
    while game.outcome() is None and game.ply < 120:
        if game.ply % 20 == 0:
            board = game.board
            for sq in range(90):
                for by in Color:
                    old = board.board[sq]
                    if old is not None and old.color is by:
                        continue
                    board.board[sq] = old or Piece(by.other(), Kind.PAWN)
                    capture = any(
                        sq in board.targets(s)
                        for s, p in enumerate(board.board)
                        if p is not None and p.color is by
                    )
                    assert board.attacks(sq, by) == capture
                    board.board[sq] = old
        game.push(rng.choice(game.legal_actions()))


# -- long random play under the platform rules --------------------------------------------


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_random_matches_keep_the_invariants(variant: str):
    reasons: Counter[str] = Counter()
    for seed in range(10):
        match = Match.start(variant, {}, seed)
        rng = random.Random(seed)
        while match.outcome is None and match.game.ply < 300:
            game = match.game
            actions = game.legal_actions()
            assert actions and game.legal_actions(game.turn.other()) == []
            assert (actions == [Pass()]) == (Pass() in actions)
            down = game.board.down
            for viewer in (None, Color.RED, Color.BLACK):
                view = game.view(viewer)
                for sq, cell in enumerate(view.board):
                    assert (cell is not None and cell.kind is None) == down[sq]
            captures = [a for a in actions if isinstance(a, Move) and game.board.board[a.to_sq]]
            action = rng.choice(captures if captures and rng.random() < 0.5 else actions)
            for event in match.apply(action.text):
                if event.audience is None and event.code == "capture_hidden":
                    assert "kind" not in event.params
        game = match.game
        replayed = Match.replay(variant, {}, seed, match.entries)
        assert replayed.game.view(None) == game.view(None)
        if match.outcome is not None:
            reasons[match.outcome.reason.value] += 1
            final = game.view(None)
            assert all(c is None or c.kind is not None for c in final.board)
            assert all(c.kind is not None for side in final.captured for c in side)
    assert sum(reasons.values()) >= 5, reasons


# -- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_action_reads_back_from_its_notation(variant: type[JieqiBase]):
    for seed in range(2):
        game = variant.start({}, seed)
        rng = random.Random(seed)
        while game.outcome() is None and game.ply < 40:
            for action in game.legal_actions():
                for style in ("iccs", "wxf", "chinese"):
                    assert game.parse(game.notate(action, style)) == action
            game.push(rng.choice(game.legal_actions()))
