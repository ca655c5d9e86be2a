"""Regenerate the board pictures docs/boards/A.svg … H.svg.

Run from anywhere:  python docs/make_board_pictures.py

Each picture is what ``python -m diceland_core render ID --svg docs/boards/ID.svg``
writes, for every board in boards/.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from diceland_core.games.diceland.board import board_ids  # noqa: E402
from diceland_core.cli import main  # noqa: E402


def make_pictures(out_dir: Path = ROOT / "docs" / "boards") -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for board_id in board_ids():
        path = out_dir / f"{board_id}.svg"
        status = main(["render", board_id, "--svg", str(path)])
        if status:
            raise SystemExit(f"render {board_id} failed with status {status}")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in make_pictures():
        print(p.relative_to(ROOT))
