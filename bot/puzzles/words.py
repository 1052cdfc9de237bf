"""A puzzle's words and boards for one reader: the goal, each answer, the
standing, the daily post, in the reader's language and notation."""

from __future__ import annotations

from puzzles.catalogue import Puzzle
from rules.pieces import Color
from rules.variant import Game
from storage import Prefs, PuzzleStanding

from ..i18n import t
from ..movelist import move_text
from ..pictures import board_png
from ..presenter import say
from ..report import Line, Moves
from ..wording import color_term
from .tries import NEW_RATING, Answer, Shown


def goal(puzzle: Puzzle, solver: Color, lang: str) -> str:
    """ "Red to move and mate in 3" / "红方走，三步杀"."""
    key = "puzzle.goal.mate" if puzzle.goal == "mate" else "puzzle.goal.win"
    text = say(Line(key, {"side": color_term(solver), "count": puzzle.solver_moves}), lang)
    if start_hidden(puzzle):
        text += "\n" + t(lang, "puzzle.hidden")
    return text


def start_hidden(puzzle: Puzzle) -> bool:
    """Whether the puzzle's position has face-down pieces."""
    return "?" in puzzle.fen.split()[0]


def shown_text(shown: Shown, standing: PuzzleStanding | None, lang: str) -> str:
    puzzle = shown.puzzle
    head = "puzzle.head_daily" if shown.daily else "puzzle.head"
    lines = [t(lang, head, id=puzzle.id, rating=puzzle.rating), goal(puzzle, shown.solver, lang)]
    if shown.again:
        lines.append(t(lang, "puzzle.again"))
    lines.append(t(lang, "puzzle.how"))
    if standing is not None:
        lines.append(standing_text(standing, lang))
    return "\n".join(lines)


def standing_text(standing: PuzzleStanding, lang: str) -> str:
    return t(
        lang,
        "puzzle.standing",
        rating=round(standing.rating),
        rd=round(standing.rd),
        solved=standing.solved,
        failed=standing.failed,
        streak=standing.streak,
        best=standing.best_streak,
    )


def answer_text(answer: Answer, lang: str, style: str) -> str:
    move = Moves(answer.played)
    if answer.result == "right":
        assert answer.reply is not None
        reply = {
            "move": move,
            "reply": Moves(answer.reply),
            "side": color_term(answer.solver.other()),
        }
        lines = [say(Line("puzzle.right", reply), lang, style)]
        lines.append(t(lang, "puzzle.left", count=answer.left))
    elif answer.result == "solved":
        lines = [say(Line("puzzle.solved", {"move": move}), lang, style)]
    else:
        lines = [say(Line("puzzle.wrong", {"move": move}), lang, style)]
        solution: list[tuple[Color, dict[str, str] | None]] = list(answer.solution)
        lines += [t(lang, "puzzle.solution"), move_text(solution, style, "")]
    if answer.standing is not None:
        before, after = answer.standing
        change = round(after.rating - (NEW_RATING if before is None else before.rating))
        lines.append(
            t(
                lang,
                "puzzle.rated",
                rating=round(after.rating),
                change=f"{change:+d}",
                streak=after.streak,
            )
        )
    return "\n".join(lines)


def board(game: Game, solver: Color, prefs: Prefs, lang: str, *, public: bool = False) -> bytes:
    """The position from the solver's side: as the solver sees it, or as
    anyone does (``public``, the daily post)."""
    view = game.view(None if public else solver)
    names = (t(lang, "color.red"), t(lang, "color.black"))
    return board_png(view, names, (None, None), prefs, lang, solver, bottom=solver)
