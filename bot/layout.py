"""The live board as one Components V2 message (a server's ``board: modern``).

One container holds what a turn's message says (the report's lines and the
ping), the board picture, the latest moves and both clocks, then the
buttons: a request's answers or the result's, and, while the game runs, the
board's own actions (draw, undo, resign, my board; ``bot/cogs/liveboard.py``
answers them, their custom ids being their whole state). Everything in it
comes from the report, which is public, and its panel, taken from the public
view and move list when the entry was committed.

Once a newer board is posted the message is edited in place into its
one-line record (``record_view``), keeping a request's answer buttons while
the request waits. Discord never lets a V2 message lose its flag or hold
plain content, so every later edit of one goes through this module.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import discord

from rules.pieces import Color

from .i18n import t
from .names import shown
from .report import Panel, Report

BOARD_NAME = "board.png"
ACTION_ID = "chuhan:g:{game}:do:{verb}"
ACTIONS = ("draw", "undo", "resign", "board")  # the live board's own buttons, in order
ACTION_STYLES = {"resign": discord.ButtonStyle.danger, "board": discord.ButtonStyle.primary}
REQUEST_ID = re.compile(r"chuhan:g:\d+:(draw|undo):(accept|decline)")
SIDE_COLOURS = {Color.RED: 0xD03030, Color.BLACK: 0x303030}  # the container's edge: who moves
DOTS = {Color.RED: "🔴", Color.BLACK: "⚫"}


def action_button(game_id: int, verb: str, lang: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=t(lang, f"live.{verb}"),
        style=ACTION_STYLES.get(verb, discord.ButtonStyle.secondary),
        custom_id=ACTION_ID.format(game=game_id, verb=verb),
    )


def recent_text(panel: Panel, lang: str, style: str) -> str:
    """``12. 炮二平五 马8进7 · 13. 马二进三`` (a round begun by Black starts ``…``)."""
    rounds: list[tuple[int, list[str]]] = []
    for number, side, notes in panel.recent:
        word = t(lang, "ending.hidden") if notes is None else notes.get(style) or notes["iccs"]
        if not rounds or rounds[-1][0] != number:
            rounds.append((number, [] if side is Color.RED else ["…"]))
        rounds[-1][1].append(word)
    return " · ".join(f"{number}. {' '.join(words)}" for number, words in rounds)


def clocks_text(panel: Panel, lang: str) -> str:
    """Each side's dot, name and clock face, the side to move first."""
    faces = panel.faces[lang]
    sides = sorted(Color, key=lambda side: side is not panel.turn)
    return " · ".join(
        " ".join(filter(None, [DOTS[side], shown(panel.names[side]), faces[side]]))
        for side in sides
    )


def live_view(
    report: Report,
    text: str,
    lang: str,
    style: str,
    buttons: discord.ui.View | None,
    files: Sequence[discord.File],
) -> discord.ui.LayoutView:
    """A turn's message: ``text`` (the report's lines and ping), the picture
    (the first of ``files``), the panel's moves and clocks, the other files (a
    long move list), ``buttons`` (a request's or the result's) and, while the
    game runs, the board's own actions."""
    panel, running = report.panel, not report.over
    colour = SIDE_COLOURS[panel.turn] if panel is not None and running else None
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=colour)
    if text:
        box.add_item(discord.ui.TextDisplay(text))
    box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD_NAME}")))
    if panel is not None:
        if panel.recent:
            said = t(lang, "live.recent", moves=recent_text(panel, lang, style))
            box.add_item(discord.ui.TextDisplay(said))
        if any(panel.faces.get(lang, ())):
            box.add_item(discord.ui.TextDisplay(clocks_text(panel, lang)))
    for extra in files[1:]:
        box.add_item(discord.ui.File(f"attachment://{extra.filename}"))
    if buttons is not None and buttons.children:
        box.add_item(discord.ui.ActionRow(*(_plain(item) for item in buttons.children)))
    if running:
        row = [action_button(report.game_id, verb, lang) for verb in ACTIONS]
        box.add_item(discord.ui.ActionRow(*row))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(box)
    return view


def _plain(item: discord.ui.Item[Any]) -> discord.ui.Item[Any]:
    """A persistent button as the plain button it wraps: its custom id finds
    its registered handler when clicked."""
    return item.item if isinstance(item, discord.ui.DynamicItem) else item


def is_layout(message: discord.Message) -> bool:
    """Whether ``message`` is a Components V2 message (it has no content)."""
    return message.flags.components_v2


def _walk(components: Sequence[Any]) -> Iterator[Any]:
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", None) or [])


def first_line(message: discord.Message) -> str:
    """The first line a board message showed: the move it announced."""
    if not is_layout(message):
        return message.content.partition("\n")[0]
    texts = (c.content for c in _walk(message.components) if isinstance(c, discord.TextDisplay))
    return next(texts, "").partition("\n")[0]


def _waiting_answers(message: discord.Message) -> list[discord.ui.Button[Any]]:
    """The answer buttons of a request that ``message`` still carries."""
    return [
        discord.ui.Button(label=c.label, style=c.style, custom_id=c.custom_id)
        for c in _walk(message.components)
        if isinstance(c, discord.Button) and c.custom_id and REQUEST_ID.fullmatch(c.custom_id)
    ]


def record_view(message: discord.Message, record: str, *, answers: bool) -> discord.ui.LayoutView:
    """A retired board message: its one-line record, and with ``answers`` the
    answer buttons of the request it carries, still waiting (they go once it
    is answered, ``without_buttons``)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(record or "…"))
    kept = _waiting_answers(message) if answers else []
    if kept:
        view.add_item(discord.ui.ActionRow(*kept))
    return view


def _copied(component: Any, names: dict[str, str]) -> discord.ui.Item[Any] | None:
    """A message's component rebuilt for an edit, without its buttons;
    ``names`` maps the URLs of its attachments to their file names."""
    if isinstance(component, discord.TextDisplay):
        return discord.ui.TextDisplay(component.content)
    if isinstance(component, discord.MediaGalleryComponent):
        items = [discord.MediaGalleryItem(_media(i.media.url, names)) for i in component.items]
        return discord.ui.MediaGallery(*items)
    if isinstance(component, discord.FileComponent):
        return discord.ui.File(_media(component.media.url, names))
    if isinstance(component, discord.Container):
        box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
            accent_colour=component.accent_colour
        )
        for child in component.children:
            copied = _copied(child, names)
            if copied is not None:
                box.add_item(copied)
        return box
    return None  # an action row: its buttons go


def _media(url: str, names: dict[str, str]) -> str:
    name = names.get(url.partition("?")[0])
    return f"attachment://{name}" if name else url


def without_buttons(message: discord.Message) -> dict[str, Any]:
    """The edit that takes every button off ``message``, whatever its layout."""
    if not is_layout(message):
        return {"view": None}
    names = {a.url.partition("?")[0]: a.filename for a in message.attachments}
    view = discord.ui.LayoutView(timeout=None)
    for component in message.components:
        copied = _copied(component, names)
        if copied is not None:
            view.add_item(copied)
    if not view.children:  # a V2 message needs a component
        view.add_item(discord.ui.TextDisplay("…"))
    return {"view": view}
