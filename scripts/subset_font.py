"""Cut the two small fonts the renderer ships from Noto CJK (SIL OFL 1.1).

``python scripts/subset_font.py [--serif TTC] [--sans TTC]`` writes
``render/fonts/board.otf`` (Noto Serif CJK SC Bold, only the glyphs in
:func:`render.text.board_glyphs`), ``render/fonts/names.otf`` (Noto Sans CJK
SC Bold: Latin, Greek, Cyrillic, kana, common Hangul, GB2312 level 1 and Big5
level 1 hanzi, and :func:`render.text.panel_glyphs`) and ``render/fonts/OFL.txt``.

Needs the ``fonts`` extra (fontTools) and the Noto CJK collections, e.g. from
Debian's ``fonts-noto-cjk``. The subsets are renamed: the OFL forbids a
modified font to keep a reserved name.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.text import board_glyphs, panel_glyphs  # noqa: E402

NOTO = Path("/usr/share/fonts/opentype/noto")
SC_INDEX = 2  # face order in the collections: JP, KR, SC, TC, HK
OUT = ROOT / "render" / "fonts"

# Scripts a Discord display name is likely to use besides hanzi.
NAME_RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1, Latin Extended-A
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x045F),  # Cyrillic
    (0x2010, 0x2027),  # dashes, quotes, ellipsis
    (0x3000, 0x303F),  # CJK punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3131, 0x318E),  # Hangul compatibility jamo
    (0xFF01, 0xFF5E),  # full-width forms
]


def _decode_all(encoding: str, leads: range, trails: list[int]) -> set[str]:
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                chars.add(bytes([lead, trail]).decode(encoding))
            except UnicodeDecodeError:
                continue
    return chars


def name_charset() -> set[str]:
    """Common simplified (GB2312 level 1) and traditional (Big5 level 1) hanzi,
    and the 2,350 common Hangul syllables (KS X 1001)."""
    gb_level1 = _decode_all("gb2312", range(0xB0, 0xD8), list(range(0xA1, 0xFF)))
    big5_level1 = _decode_all(
        "big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    )
    hangul = _decode_all("euc_kr", range(0xB0, 0xC9), list(range(0xA1, 0xFF)))
    latin = {chr(c) for lo, hi in NAME_RANGES for c in range(lo, hi + 1)}
    return gb_level1 | big5_level1 | hangul | latin | set(panel_glyphs())


def cut(source: Path, chars: set[str], family: str, out: Path) -> None:
    font = TTFont(source, fontNumber=SC_INDEX)
    available = set(font.getBestCmap())
    missing = {c for c in chars if ord(c) not in available}
    fixed_missing = (board_glyphs() | panel_glyphs()) & missing
    if fixed_missing:
        raise SystemExit(f"{source.name} lacks {''.join(sorted(fixed_missing))}")
    options = subset.Options()
    options.layout_features = []  # CJK needs no shaping; keeps the file small
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars - missing))
    subsetter.subset(font)
    _rename(font, family)
    font.save(out)
    print(f"{out.relative_to(ROOT)}: {len(chars - missing)} characters, {out.stat().st_size} bytes")


def _rename(font: TTFont, family: str) -> None:
    """Give the subset its own name (OFL condition 3)."""
    style = font["name"].getDebugName(2) or "Regular"
    for record in list(font["name"].names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            font["name"].removeNames(nameID=record.nameID)
    font["name"].setName(family, 1, 3, 1, 0x409)
    font["name"].setName(f"{family} {style}", 4, 3, 1, 0x409)
    font["name"].setName(f"{family.replace(' ', '')}-{style}", 6, 3, 1, 0x409)
    font["name"].setName(f"{family}-{style}; subset", 3, 3, 1, 0x409)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [f"{family.replace(' ', '')}-{style}"]


def write_licence(source: Path) -> None:
    notice = TTFont(source, fontNumber=SC_INDEX)["name"].getDebugName(0)
    licence = Path("/usr/share/doc/fonts-noto-cjk/copyright").read_text(encoding="utf-8")
    body = licence.rsplit("\nLicense: SIL-1.1\n", 1)[1].split("\nLicense:", 1)[0]
    text = "\n".join(line[1:] if line != " ." else "" for line in body.splitlines())
    (OUT / "OFL.txt").write_text(
        "The fonts in this folder are subsets of Noto Serif CJK SC Bold and Noto Sans\n"
        "CJK SC Bold, renamed, cut by scripts/subset_font.py.\n\n"
        f"{notice} Reserved Font Name 'Source'.\n\n{text.strip()}\n",
        encoding="utf-8",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serif", type=Path, default=NOTO / "NotoSerifCJK-Bold.ttc")
    parser.add_argument("--sans", type=Path, default=NOTO / "NotoSansCJK-Bold.ttc")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    cut(args.serif, set(board_glyphs()), "Chuhan Board Serif", OUT / "board.otf")
    cut(args.sans, name_charset(), "Chuhan Names Sans", OUT / "names.otf")
    write_licence(args.serif)


if __name__ == "__main__":
    main()
