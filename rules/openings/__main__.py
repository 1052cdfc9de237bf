"""``python -m rules.openings check GAMES.jsonl``: how often the directory
names a game with the code its source gives.

Each line of the file is a JSON object with ``moves`` (ICCS) and ``ecco``.
Prints the agreement on the code and on its family (letter and tens digit,
``C4x``), and the codes most often confused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .classify import classify


@dataclass
class Agreement:
    """How a file of games with known codes compares with the classifier."""

    games: int = 0
    same: int = 0
    family: int = 0
    wrong: Counter[tuple[str, str]] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.same / self.games if self.games else 0.0

    @property
    def family_share(self) -> float:
        return self.family / self.games if self.games else 0.0


def agreement(path: Path) -> Agreement:
    """Compare each game's published code with the classifier's."""
    found = Agreement()
    for row in path.read_text("utf-8").splitlines():
        if not row.strip():
            continue
        game = json.loads(row)
        theirs, ours = game["ecco"], classify(game["moves"]).code
        found.games += 1
        found.same += ours == theirs
        found.family += ours[:2] == theirs[:2]
        if ours != theirs:
            found.wrong[theirs, ours] += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.openings")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="agreement with games of known ECCO code")
    check.add_argument("games", type=Path, help="JSON lines with 'moves' and 'ecco'")
    check.add_argument("--confusions", type=int, default=10, help="how many to list")
    args = parser.parse_args(argv)
    found = agreement(args.games)
    print(f"{found.same}/{found.games} games named with the source's code ({found.share:.1%})")
    family = f"{found.family}/{found.games} in the source's family, e.g. C4x"
    print(f"{family} ({found.family_share:.1%})")
    for (theirs, ours), n in found.wrong.most_common(args.confusions):
        print(f"  {theirs} named {ours}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
