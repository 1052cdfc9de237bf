"""The log's text form of every action parses back to the same action."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.actions import Action, InvalidActionText, Move, Pass, Swap, action_type, parse_action
from rules.pieces import Kind
from rules.squares import parse_square, square_name
from rules.variants.fanbing.actions import Flip
from rules.variants.houji.actions import CallFoul
from rules.variants.jieqi.actions import Reveal
from rules.variants.tuibei.actions import Counter, Predict

squares = st.integers(min_value=0, max_value=89)
kinds = st.sampled_from(list(Kind))
actions = st.one_of(
    st.builds(Move, squares, squares),
    st.builds(Reveal, squares),
    st.builds(Flip, squares),
    st.builds(Swap, squares, squares),
    st.builds(Predict, kinds),
    st.builds(Counter, kinds),
    st.just(CallFoul()),
    st.just(Pass()),
)


@given(actions)
def test_text_form_round_trips(action):
    assert parse_action(action.text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("h2e2", Move(parse_square("h2"), parse_square("e2"))),
        ("+e3", Reveal(parse_square("e3"))),
        ("?r", Predict(Kind.CHARIOT)),
        ("!n", Counter(Kind.HORSE)),
        ("^e9", Flip(parse_square("e9"))),
        ("e0~e1", Swap(parse_square("e0"), parse_square("e1"))),
        ("foul", CallFoul()),
        ("pass", Pass()),
    ],
)
def test_documented_forms(text: str, action):
    assert parse_action(text) == action and action.text == text


@pytest.mark.parametrize("junk", ["", "h2", "j2e2", "?x", "+z9", "e0~", "h2e2e2", "☃"])
def test_junk_is_refused_naming_the_text(junk: str):
    with pytest.raises(InvalidActionText) as info:
        parse_action(junk)
    assert repr(junk.strip().lower()) in str(info.value) or repr(junk) in str(info.value)


def test_square_names_cover_the_board():
    assert [square_name(sq) for sq in (0, 8, 81, 89)] == ["a0", "i0", "a9", "i9"]
    assert all(parse_square(square_name(sq)) == sq for sq in range(90))


@action_type
@dataclass(frozen=True, slots=True)
class Shout(Action):
    """An action of a variant defined outside ``rules``: registering it is enough."""

    word: str

    @property
    def text(self) -> str:
        return "*" + self.word

    @classmethod
    def from_text(cls, text: str) -> Shout | None:
        return cls(text[1:]) if text.startswith("*") and len(text) > 1 else None


def test_a_variant_outside_rules_adds_an_action_by_decorating_it():
    assert parse_action("*jiang") == Shout("jiang")
    assert parse_action("*jiang") != Pass() and hash(Shout("a")) == hash(Shout("a"))
    assert parse_action("h2e2") == Move(parse_square("h2"), parse_square("e2"))


def test_an_action_is_frozen():
    with pytest.raises(FrozenInstanceError):
        Reveal(4).square = 5
