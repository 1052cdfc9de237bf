"""Secrecy and fairness in Jieqi: nothing public depends on a face-down piece.

Two games in two channels get different shuffles (seeds) and the same actions,
chosen with a knowledge of both layouts that no player has, so that every
piece shown to everyone is the same in both. Their public messages and board
images are then identical byte for byte, and so are autocomplete, refusals and
the GIF replay; in jieqi-classic only the capturer's DM may differ. Then one
reveal that differs makes the public messages differ. Exports of the running
games and the log hold no seed.
"""

from __future__ import annotations

import json
import logging
import random

import pytest

from rules.actions import Action, Move
from rules.match import Match
from rules.pieces import Color, Kind
from rules.squares import square_name
from rules.variants.jieqi.actions import Reveal
from tests.conftest import Table
from tests.table_helpers import server_settings
from tests.test_bot_jieqi import png, private, seed_queue
from tests.test_table_live_board_modern import layout_text

# Two shuffles that agree on half the points (so some face-down piece of the
# same kind can be captured in both); big numbers, easy to find if they leak.
SEEDS = (0x5EC2_E7A1_B0C3, 0x5EC2_E7A1_E43F)
PLIES = 10


@pytest.fixture
def seeds(env, monkeypatch) -> list[int]:
    return seed_queue(monkeypatch)


class Twins:
    """The same actions in two games of ``variant`` (seeds ``SEEDS``), and the
    rules' view of both, to choose actions whose public effect is the same."""

    def __init__(self, table: Table, variant: str) -> None:
        self.table = table
        self.variant = variant
        self.matches = [Match.start(variant, {}, seed) for seed in SEEDS]
        self.threads: list = []
        self.rng = random.Random(3)
        self.hidden_captures = 0
        self.learners: list[Color | None] = []  # per ply: who alone learned a piece

    async def start(self, seeds: list[int]) -> None:
        seeds.extend(SEEDS)
        table = self.table
        second = Table(
            table.env,
            table.guild,
            table.guild.create_text_channel("second"),
            table.alice,
            table.bob,
            table.carol,
        )
        self.threads = [
            await table.start(variant=self.variant),
            await second.start(variant=self.variant),
        ]

    @property
    def mover(self):
        return self.table.alice if self.matches[0].game.turn is Color.RED else self.table.bob

    def shows(self, action: Action) -> tuple[bool, bool]:
        """Whether ``action`` shows everyone the same in both games, and whether it
        captures face-down pieces that differ (told to the capturer alone)."""
        boards = [m.game.board for m in self.matches]
        if isinstance(action, Reveal):
            return boards[0].board[action.square] == boards[1].board[action.square], False
        if not isinstance(action, Move):
            return True, False
        origin = [b.board[action.from_sq] for b in boards]
        taken = [b.board[action.to_sq] for b in boards]
        hidden = boards[0].down[action.to_sq]
        if any(p is not None and p.kind is Kind.KING for p in taken):
            return False, False  # it would end the game
        secret = hidden and self.variant == "jieqi-classic"
        same = origin[0] == origin[1] and (secret or taken[0] == taken[1])
        return same, secret and taken[0] != taken[1]

    def choose(self) -> Action | None:
        """An action that keeps the games publicly alike: preferably a capture of a
        face-down piece (of differing kinds in jieqi-classic), else any."""
        games = [m.game for m in self.matches]
        legal = games[0].legal_actions()
        assert legal == games[1].legal_actions()  # legality reveals nothing
        alike = [a for a in legal if self.shows(a)[0]]
        hidden = [a for a in alike if isinstance(a, Move) and games[0].board.down[a.to_sq]]
        differing = [a for a in hidden if self.shows(a)[1]]
        for pool in (differing, hidden, alike):
            pool = [a for a in pool if not self._ends(a)]
            if pool:
                return self.rng.choice(pool)
        return None

    def _ends(self, action: Action) -> bool:
        match = self.matches[0]
        trial = Match.replay(self.variant, {}, SEEDS[0], [*match.entries, action.text])
        return trial.outcome is not None

    async def play(self, text: str) -> list[dict[Color, list[tuple[str, bytes]]]]:
        """Play ``text`` in both games; the DMs each game sent to each player."""
        players = {Color.RED: self.table.alice, Color.BLACK: self.table.bob}
        mover = self.mover
        board = self.matches[0].game.board
        action = self.matches[0].game.parse(text)
        if isinstance(action, Move) and board.down[action.to_sq]:
            self.hidden_captures += 1
        self.learners.append(self.matches[0].game.turn if self.shows(action)[1] else None)
        sent = []
        for thread, match in zip(self.threads, self.matches, strict=True):
            before = {side: len(p.user.dm_channel.history()) for side, p in players.items()}
            result = await mover.slash(thread, "move", move=text)
            assert private(result).startswith("You played"), private(result)
            match.apply(text)
            sent.append(
                {
                    side: [await content(m) for m in p.user.dm_channel.history()[before[side] :]]
                    for side, p in players.items()
                }
            )
        return sent

    async def public(self) -> list[list[tuple[str, bytes]]]:
        return [[await content(m) for m in thread.history()] for thread in self.threads]

    async def asked(self, *texts: str) -> list[list[str]]:
        """What the player to move is told, in each game, for each of ``texts``."""
        mover = self.mover
        return [
            [private(await mover.slash(thread, "move", move=text)) for text in texts]
            for thread in self.threads
        ]

    async def offered(self, typed: str = "") -> list[list[dict]]:
        mover = self.mover
        return [await mover.autocomplete(thread, "move", "move", typed) for thread in self.threads]


async def content(message) -> tuple[str, bytes]:
    """A message's words (a live board in one message's too) and its picture."""
    words = message.content + layout_text(message)
    return words, await png(message) if message.attachments else b""


def impossible_moves(twins: Twins) -> list[str]:
    """Moves of the mover's face-down pieces that no piece can make (three points
    along a diagonal): refused, and the refusal must not tell what they are."""
    game = twins.matches[0].game
    board, down = game.board.board, game.board.down
    found = []
    for sq, piece in enumerate(board):
        if piece is None or not down[sq] or piece.color is not game.turn:
            continue
        file, rank = sq % 9, sq // 9
        target = (file + 3 if file < 6 else file - 3, rank + 3 if rank < 7 else rank - 3)
        found.append(square_name(sq) + square_name(target[1] * 9 + target[0]))
    return found


async def play_alike(twins: Twins) -> list[dict]:
    """``PLIES`` actions that show the same in both games, comparing as they go."""
    dms = []
    for _ in range(PLIES):
        offered = await twins.offered()
        assert offered[0] == offered[1]
        answers = await twins.asked(*impossible_moves(twins)[:3], "reveal e5", "hello")
        assert answers[0] == answers[1]
        assert all(not answer.startswith("You played") for answer in answers[0])
        action = twins.choose()
        assert action is not None
        dms.append(await twins.play(action.text))
        public = await twins.public()
        assert public[0] == public[1], action.text
    return dms


@pytest.mark.parametrize("board", ["classic", "modern"])
async def test_jieqi_shows_nobody_what_the_shuffle_is(table, seeds, caplog, board):
    caplog.set_level(logging.INFO)
    await server_settings(table, board=board)  # the live board of either layout
    twins = Twins(table, "jieqi")
    await twins.start(seeds)
    dms = await play_alike(twins)
    latest = (await twins.public())[0][-1][0]
    assert ("Last moves: " in latest and "[My board]" in latest) is (board == "modern")
    assert sum(e.startswith("+") for e in twins.matches[0].entries) >= 4
    assert twins.hidden_captures >= 1
    for ply in dms:  # in jieqi the players' own boards show only what is public, too
        assert ply[0] == ply[1]
    await exports_keep_the_secret(twins)
    # A reveal that differs: from then on the games differ in public.
    games = [m.game for m in twins.matches]
    differing = [
        a for a in games[0].legal_actions() if isinstance(a, Reveal) and not twins.shows(a)[0]
    ]
    await twins.play(differing[0].text)
    public = await twins.public()
    assert public[0][:-1] == public[1][:-1]
    assert public[0][-1][0] != public[1][-1][0]
    assert all(str(seed) not in caplog.text for seed in SEEDS)


async def test_classic_tells_a_captured_piece_to_the_capturer_alone(table, seeds, caplog):
    caplog.set_level(logging.INFO)
    twins = Twins(table, "jieqi-classic")
    await twins.start(seeds)
    dms = await play_alike(twins)
    knowers: set[Color] = set()  # who captured a face-down piece that differed
    for ply, learner in zip(dms, twins.learners, strict=True):
        if learner is not None:
            told = [game[learner][0][0] for game in ply]
            assert told[0] != told[1] and all(t.startswith("Only you are told") for t in told)
            knowers.add(learner)
        for side in set(Color) - knowers:
            assert ply[0][side] == ply[1][side], side  # nobody else learns anything
    assert twins.learners[0] is Color.RED  # and Black, the victim, was told nothing
    await exports_keep_the_secret(twins)
    assert all(str(seed) not in caplog.text for seed in SEEDS)


async def exports_keep_the_secret(twins: Twins) -> None:
    """A running game's exports hold no seed and no layout (PGN and JSON may
    also be refused until the end), and its GIF replay is the same whatever the
    shuffle."""
    gifs = []
    for thread, seed in zip(twins.threads, SEEDS, strict=True):
        files: dict[str, bytes | None] = {}
        for fmt in ("json", "pgn", "gif"):
            message = (await twins.table.carol.slash(thread, "export", format=fmt)).response
            assert message.ephemeral
            files[fmt] = await message.attachments[0].read() if message.attachments else None
            assert str(seed) not in message.content
        if files["json"] is not None:
            document = json.loads(files["json"])
            assert "secret" not in document and document["status"] == "active"
            assert str(seed).encode() not in files["json"]
        if files["pgn"] is not None:
            assert str(seed).encode() not in files["pgn"] and b"[FEN" not in files["pgn"]
        gifs.append(files["gif"])
    assert gifs[0] is not None and gifs[0] == gifs[1]
