"""Exports of a stored game (S-11): xqbase-style PGN and a full JSON record.

Both are built from public data only; the JSON adds the secret setup, and
does so only once the game is over, which :func:`game_json` enforces itself.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from rules.match import Match
from rules.openings import game_opening
from rules.pieces import Color
from rules.position import START_FEN
from rules.variant import Game

from .records import GameRecord, GameStatus, Secret

JSON_FORMAT = "chuhan-game"
JSON_VERSION = 1


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _start_fen(record: GameRecord, game: Game) -> str | None:
    """The start FEN when it is not the standard one and may be shown.

    A hidden-information game's start could betray the secret setup, so it
    is only written once the game is over.
    """
    fen = getattr(game, "start_fen", None)
    if not fen or fen.split()[:2] == START_FEN.split()[:2]:
        return None
    if game.hidden_information and record.status is GameStatus.ACTIVE:
        return None
    return str(fen)


def pgn(record: GameRecord, game: Game, red_name: str, black_name: str) -> str:
    """PGN of ``game`` (the rebuilt state of ``record``).

    Moves are the effective ones (taken-back plies are gone), in ICCS with
    the Chinese notation as a comment, e.g. ``1. h2e2 {炮二平五} h9g7 {马8进7}``.
    """
    result = record.result or "*"
    kind = "Rated" if record.rated else "Casual"
    tags = [
        ("Game", "Chinese Chess"),
        ("Variant", record.variant),
        ("Event", f"{kind} {record.variant} game #{record.id}"),
        ("Site", "Discord"),
        ("Date", datetime.fromtimestamp(record.created_at, UTC).strftime("%Y.%m.%d")),
        ("Red", red_name),
        ("Black", black_name),
        ("Result", result),
    ]
    fen = _start_fen(record, game)
    if fen:
        tags.append(("FEN", fen))
    opening = game_opening(game)
    if opening is not None:  # in Chinese, as xqbase's PGN and the programs reading it have it
        name, _, variation = opening.zh.partition("——")
        tags += [("ECCO", opening.code), ("Opening", name)]
        if variation:
            tags.append(("Variation", variation))
    tags.append(("Format", "ICCS"))

    # Notate each action in the position before it: replay from the start.
    # Actions whose text is still secret (a pending prediction) are left out.
    replay = type(game).start(game.options, game.seed)
    lines: list[str] = []
    line = ""
    number = 1
    for action in game.actions[: len(game.actions) - game.secret_tail()]:
        text = f"{action.text} {{{replay.notate(action, 'chinese')}}}"
        if replay.turn is Color.RED:
            if line:  # Red acts twice in a row (a foul call, H-6): keep the first
                lines.append(line)
            line = f"{number}. {text}"
        else:
            lines.append(f"{line} {text}" if line else f"{number}... {text}")
            line = ""
            number += 1
        replay.push(action)
    if line:
        lines.append(line)
    lines.append(result)
    return "\n".join([*(_tag(k, v) for k, v in tags), "", *lines]) + "\n"


def game_json(
    record: GameRecord, red_name: str, black_name: str, secret: Secret | None, match: Match
) -> str:
    """The whole record as JSON; while the game is active ``secret`` is dropped
    and entries that still hide a choice are masked (``Match.public_entries``)."""
    texts = match.public_entries() if record.status is GameStatus.ACTIVE else match.entries
    document: dict[str, object] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "id": record.id,
        "guild_id": record.guild_id,
        "channel_id": record.channel_id,
        "variant": record.variant,
        "options": dict(record.options),
        "rated": record.rated,
        "status": record.status.value,
        "result": record.result,
        "reason": record.reason.value if record.reason else None,
        "created_at": record.created_at,
        "finished_at": record.finished_at,
        "players": {
            "red": {"id": record.red_id, "name": red_name},
            "black": {"id": record.black_id, "name": black_name},
        },
        "clock": {
            "red_ms": record.red_ms,
            "black_ms": record.black_ms,
            "deadline": record.deadline,
        },
        "entries": [
            {"seq": e.seq, "actor_id": e.actor_id, "text": text, "at": e.at}
            for e, text in zip(record.entries, texts, strict=True)
        ],
    }
    if secret is not None and record.status is not GameStatus.ACTIVE:
        document["secret"] = {"seed": secret.seed, "setup": dict(secret.setup)}
    return json.dumps(document, ensure_ascii=False, indent=2)
