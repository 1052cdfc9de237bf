"""Jieqi's search state moves as the rules allow, in both rule sets: its
shortcut (a move touching no square exposed to the revealed king is legal
without a test) agrees with the rules' own test, and its check, kept for
the last position asked, is the rules' check after any push and pop."""

from __future__ import annotations

import random

import pytest

from computer.plugin import plugin_for
from computer.variants.jieqi.state import JieqiState
from rules.actions import Move
from rules.knowledge import knowledge_of
from rules.match import Match


def agree(state: JieqiState) -> None:
    hidden = state.board
    legal = hidden.legal_moves()
    assert sorted(a.text for a in state.actions() if isinstance(a, Move)) == sorted(
        m.text for m in legal
    )
    taking = sorted(m.text for m in legal if hidden.board[m.to_sq] is not None)
    assert sorted(a.text for a in state.captures()) == taking
    assert state.in_check() == hidden.in_danger(hidden.turn)


@pytest.mark.parametrize("variant", ["jieqi", "jieqi-classic"])
def test_the_state_moves_as_the_rules_allow_in_played_games(variant):
    plugin = plugin_for(variant)
    checked = checks = 0
    for seed in range(8):
        rng = random.Random(seed)
        match = Match.start(variant, {}, seed)
        for _ in range(150):
            if match.outcome is not None:
                break
            state = plugin.sample(knowledge_of(match, match.game.turn), random.Random(seed))
            assert isinstance(state, JieqiState)
            agree(state)
            actions = list(state.actions())
            for action in rng.sample(actions, min(3, len(actions))):
                state.push(action)
                if state.terminal() is None:
                    agree(state)
                    checks += state.in_check()
                state.pop()
                agree(state)
            checked += 1
            match.apply(rng.choice(match.game.legal_actions()).text)
    assert checked > 400
    assert checks > 10
