"""A hidden-information variant with no plug-in of its own is played by the
generic plug-in once its class says how to draw its secrets
(``Game.determinize``), and the computer then decides from the knowledge
alone, never from the secret."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

import pytest

from computer.levels import level
from computer.player import choose
from computer.plugin import GenericPlugin, can_play, plugin_for
from computer.search import Budget
from rules import variant
from rules.actions import Move, parse_action
from rules.knowledge import Knowledge, knowledge_of
from rules.match import Match
from rules.outcome import Outcome, Reason
from rules.pieces import Color, Kind
from rules.position import START_FEN, Position
from rules.standard import StandardXiangqi
from rules.view import View

START = Position.from_fen(START_FEN).board
MARKABLE = tuple(
    tuple(sq for sq, p in enumerate(START) if p and p.color is color and p.kind is not Kind.KING)
    for color in Color
)
MARK = "mark"  # the badge of a side's own marked piece, in its view only


def seed_for(red: int, black: int) -> int:
    """The seed of a game whose marked pieces start on ``red`` and ``black``."""
    return MARKABLE[Color.RED].index(red) + 15 * MARKABLE[Color.BLACK].index(black)


class Marked(StandardXiangqi):
    """Standard xiangqi where each side has one secret marked piece (the seed
    says which); taking the opponent's marked piece wins at once."""

    name = "marked"
    aliases = ()
    title_en = "Marked xiangqi"
    title_zh = "暗标象棋"
    hidden_information = True

    def __init__(self, options: Mapping[str, str], seed: int) -> None:
        super().__init__(options, seed)
        self.marks = (MARKABLE[Color.RED][seed % 15], MARKABLE[Color.BLACK][seed // 15 % 15])
        self.took_mark: Color | None = None

    def _play(self, move: Move):
        mover, taken = self.turn, self.ids[move.to_sq]
        events = super()._play(move)
        if taken == self.marks[mover.other()]:
            self.took_mark = mover
        return events

    def _adjudicate(self) -> Outcome | None:
        if self.took_mark is not None:  # the marked piece is worth a king
            return Outcome(self.took_mark, Reason.KING_CAPTURED)
        return super()._adjudicate()

    def view(self, viewer: Color | None) -> View:
        view = super().view(viewer)
        if viewer is None or self.marks[viewer] not in self.ids:
            return view
        board = list(view.board)
        sq = self.ids.index(self.marks[viewer])
        board[sq] = replace(board[sq], back=MARK)
        return replace(view, board=tuple(board))

    @classmethod
    def determinize(cls, knowledge: Knowledge, rng: random.Random) -> Marked:
        """Its own mark from the badge in its view, the opponent's drawn among
        the opponent's pieces still on the board."""
        actions = [parse_action(text) for text in knowledge.log]
        starts = StandardXiangqi.replay(actions, knowledge.options).ids
        badge = next(sq for sq, p in enumerate(knowledge.view.board) if p and p.back == MARK)
        mine = starts[badge]
        other = knowledge.side.other()
        theirs = rng.choice([sq for sq in starts if sq in MARKABLE[other]])
        assert mine is not None
        red, black = (mine, theirs) if knowledge.side is Color.RED else (theirs, mine)
        return cls.replay(actions, knowledge.options, seed_for(red, black))


class Veiled(StandardXiangqi):
    """Says it hides something, but not how to draw it."""

    name = "veiled"
    aliases = ()
    hidden_information = True


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The test variants, known to ``find_variant`` during each test only."""
    for kind in (Marked, Veiled):
        monkeypatch.setitem(variant._REGISTRY, kind.name, kind)


OPENING = ["h2e2", "h9g7", "b0c2", "i9h9"]


def played(seed: int, moves: list[str]) -> Match:
    match = Match.start("marked", {}, seed)
    for text in moves:
        match.apply(text)
    return match


def test_the_generic_plugin_takes_a_variant_that_determinizes_and_only_such():
    plugin = plugin_for("marked")
    assert isinstance(plugin, GenericPlugin)
    assert plugin.sample_count(knowledge_of(played(0, []), Color.RED)) == 4
    assert can_play("marked") and not can_play("veiled")
    with pytest.raises(ValueError, match="veiled"):
        plugin_for("veiled")


def test_a_determinization_agrees_with_the_knowledge_and_draws_the_rest():
    match = played(seed_for(MARKABLE[Color.RED][3], MARKABLE[Color.BLACK][7]), OPENING)
    knowledge = knowledge_of(match, Color.RED)
    drawn = [Marked.determinize(knowledge, random.Random(n)) for n in range(12)]
    assert all(game.view(Color.RED) == knowledge.view for game in drawn)
    assert {game.marks[Color.RED] for game in drawn} == {match.game.marks[Color.RED]}
    assert len({game.marks[Color.BLACK] for game in drawn}) > 1


def test_the_computer_plays_legal_actions():
    match = played(5, [])
    for ply in range(4):
        side = match.game.turn
        choice = choose(knowledge_of(match, side), level(2), seed=ply, budget=Budget(depth=1))
        assert choice.action in {a.text for a in match.game.legal_actions()}
        assert choice.samples == 4
        match.apply(choice.action)


def test_the_opponents_secret_never_changes_the_decision():
    mine = MARKABLE[Color.RED][2]
    one = played(seed_for(mine, MARKABLE[Color.BLACK][0]), OPENING)
    two = played(seed_for(mine, MARKABLE[Color.BLACK][9]), OPENING)
    assert one.game.marks != two.game.marks
    a, b = knowledge_of(one, Color.RED), knowledge_of(two, Color.RED)
    assert a == b
    budget = Budget(depth=1)
    assert choose(a, level(4), seed=3, budget=budget) == choose(b, level(4), seed=3, budget=budget)
