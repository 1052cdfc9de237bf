"""An endgame try is a computer game started from the endgame's position:
the game's options name the endgame, so a restart keeps the try as it keeps
any game. The player has the endgame's number of their own moves; once
they have made them and the computer has answered, the try is over."""

from __future__ import annotations

from computer.opponent import NODES_OPTION
from endgames.catalogue import Endgame, find
from endgames.check import DEFENCE_NODES
from rules.outcome import Outcome, Reason
from rules.pieces import Color

from ..cogs.computer import LEVEL_OPTION
from ..manager import GameManager

ENDGAME_OPTION = "endgame"  # the game option naming the endgame tried
FULL_STRENGTH = "8"
TIME = "1d"  # per move: an endgame may be thought over


def start_options(endgame: Endgame) -> dict[str, str]:
    """The options of a new try: the computer at full strength, a fixed
    number of nodes per move, from the endgame's position."""
    return {
        "fen": endgame.fen,
        "time": TIME,
        LEVEL_OPTION: FULL_STRENGTH,
        NODES_OPTION: str(DEFENCE_NODES),
        ENDGAME_OPTION: endgame.id,
    }


def endgame_of(manager: GameManager) -> Endgame | None:
    """The endgame a game is a try of; ``None`` for any other game."""
    endgame_id = manager.options.get(ENDGAME_OPTION)
    return None if endgame_id is None else find(endgame_id)


def player_side(manager: GameManager) -> Color:
    """The side of the try's player: the one the computer does not play."""
    computer = manager.computer_side()
    assert computer is not None, "an endgame try is a game against the computer"
    return computer.other()


def moves_made(manager: GameManager) -> int:
    return manager.match.game.moves_by_side(player_side(manager))


def at_limit(manager: GameManager, endgame: Endgame) -> bool:
    """Whether the running try has used its moves and the computer has
    answered the last one (so it is the player's turn again)."""
    if manager.finished:
        return False
    side = player_side(manager)
    return manager.match.game.turn is side and moves_made(manager) >= endgame.limit


def succeeded(endgame: Endgame, outcome: Outcome, side: Color, moves: int) -> bool:
    """Whether a try finished after ``moves`` of the player did what the
    endgame asks of ``side``: a win; or, for a draw to hold, anything but a
    loss, except a draw agreed before the limit (the computer takes a draw
    when it stands worse, which would hold some endgames on the first move).
    An aborted try is neither."""
    if outcome.reason is Reason.ABORTED:
        return False
    if endgame.goal == "win":
        return outcome.winner is side
    if outcome.reason is Reason.DRAW_AGREED and moves < endgame.limit:
        return False
    return outcome.winner is None or outcome.winner is side
