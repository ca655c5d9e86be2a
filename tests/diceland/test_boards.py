"""The shipped boards A–H (RULES.md D1.3–D1.8) and the board-file checks of
FORMATS.md.

The standard-board constraints are checked here with code of their own (a
plain flood fill over the token grid), not only through the loader."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "boards"
IDS = list("ABCDEFGH")
COLOUR_LETTERS = "RYGBOS"


from diceland_core.games.diceland.board import Board, load_board
from diceland_core.games.diceland.generate import canonical_forms, generate_board, layout_difference


# -- an independent checker ------------------------------------------------------------

def grid_rows(grid: str) -> list[list[str]]:
    return [line.split() for line in grid.splitlines() if line.strip()]


def neighbours(r: int, c: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """D1.3: (r, c±1); rows r±1 at columns c-1, c (even r) or c, c+1 (odd r)."""
    d = (-1, 0) if r % 2 == 0 else (0, 1)
    cand = [(r, c - 1), (r, c + 1)] + [(r + dr, c + dc) for dr in (-1, 1) for dc in d]
    return [(a, b) for a, b in cand if 0 <= a < rows and 0 <= b < cols]


def flood(rows: list[list[str]], start: tuple[int, int], same) -> set[tuple[int, int]]:
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in neighbours(r, c, len(rows), len(rows[0])):
            if n not in seen and same(rows[n[0]][n[1]]):
                seen.add(n)
                stack.append(n)
    return seen


def zones_of(rows: list[list[str]]) -> list[tuple[str, set[tuple[int, int]]]]:
    done: set[tuple[int, int]] = set()
    zones = []
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if (r, c) in done or tok[0] not in COLOUR_LETTERS:
                continue
            cells = flood(rows, (r, c), lambda t, letter=tok[0]: t[0] == letter)
            done |= cells
            zones.append((tok[0], cells))
    return zones


def standard_board_problems(grid: str) -> list[str]:
    """Every way ``grid`` breaks the standard-board rules (empty: none)."""
    rows = grid_rows(grid)
    out = []
    if len(rows) != 9 or any(len(row) != 12 for row in rows):
        return [f"D1.3: grid is not 9×12: {[len(r) for r in rows]}"]
    tokens = [t for row in rows for t in row]
    bad = [t for t in tokens if not re.fullmatch(r"[RYGBOS]\*?|#|@", t)]
    if bad:
        out.append(f"FORMATS: unknown tokens {bad}")
    starts = [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t == "@"]
    if len(starts) != 1:
        return out + [f"D1.3: {len(starts)} start cells"]
    start = starts[0]
    if not (3 <= start[0] <= 5 and 4 <= start[1] <= 7):
        out.append(f"D1.5a: start {start} not near the centre")
    for letter in COLOUR_LETTERS:
        n = sum(1 for t in tokens if t[0] == letter)
        if n != 16:
            out.append(f"D1.5a: {letter} has {n} cells")
        stars = sum(1 for t in tokens if t == letter + "*")
        if stars != 2:
            out.append(f"D1.5: {letter} has {stars} bonus cells")
    if tokens.count("#") != 11:
        out.append(f"D1.5a: {tokens.count('#')} obstacles")
    for letter, cells in zones_of(rows):
        if not 2 <= len(cells) <= 6:
            out.append(f"D1.4: {letter} zone of {len(cells)} cells at {min(cells)}")
        stars = [rc for rc in cells if rows[rc[0]][rc[1]].endswith("*")]
        if len(stars) > 1:
            out.append(f"D1.5: zone with bonus cells {stars}")
    reached = flood(rows, start, lambda t: t != "#")
    open_cells = {(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t != "#"}
    if open_cells - reached:
        out.append(f"D1.6: unreachable {sorted(open_cells - reached)}")
    return out


def board_file(board_id: str) -> dict:
    return tomllib.loads((BOARDS / f"{board_id}.toml").read_text(encoding="utf-8"))


def validate(*paths: Path | str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "diceland_core", "validate", *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


# -- the shipped boards -------------------------------------------------------------------

def test_D1_2_boards_A_to_H_are_shipped():
    assert sorted(p.stem for p in BOARDS.glob("*.toml")) == IDS


@pytest.mark.parametrize("board_id", IDS)
def test_D1_validate_command_accepts_shipped_board(board_id):
    result = validate(BOARDS / f"{board_id}.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok" in result.stdout


def test_D1_validate_command_accepts_all_boards_by_default():
    result = validate()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": ok") == len(IDS)


@pytest.mark.parametrize("board_id", IDS)
def test_D1_3_to_D1_6_shipped_board_meets_every_standard_constraint(board_id):
    data = board_file(board_id)
    assert standard_board_problems(data["grid"]) == []


@pytest.mark.parametrize("board_id", IDS)
def test_shipped_board_has_id_title_character_and_generator_note(board_id):
    data = board_file(board_id)
    assert data["id"] == board_id
    assert data["title"].strip() and data["title"] != f"Board {board_id}"
    assert len(data["character"]) > 20
    text = (BOARDS / f"{board_id}.toml").read_text(encoding="utf-8")
    assert re.search(r"^# generated: boards generate --seed \d+ --style [\w-]+$", text, re.M)


@pytest.mark.parametrize("board_id", IDS)
def test_shipped_board_regenerates_from_its_generator_note(board_id):
    """The files record how they were made, so a balance change can remake them."""
    text = (BOARDS / f"{board_id}.toml").read_text(encoding="utf-8")
    if re.search(r"^# hand edits:", text, re.M):
        pytest.skip("edited by hand after generation")
    seed, style = re.search(r"--seed (\d+) --style ([\w-]+)", text).groups()
    board = generate_board(int(seed), board_id, style=style)
    assert board.tokens == load_board(board_id).tokens


def test_D1_8_titles_and_characters_are_distinct():
    data = [board_file(i) for i in IDS]
    assert len({d["title"] for d in data}) == len(IDS)
    assert len({d["character"] for d in data}) == len(IDS)


def test_D1_8_no_two_boards_equal_up_to_rotation_or_mirroring():
    boards = {i: load_board(i) for i in IDS}
    forms = {i: set(canonical_forms(b).values()) for i, b in boards.items()}
    for a in IDS:
        for b in IDS:
            if a < b:
                assert not forms[a] & forms[b], (a, b)
                # and not nearly equal: most cells differ under every symmetry
                assert layout_difference(boards[a], boards[b]) > 0.5, (a, b)


def test_canonical_forms_see_a_mirrored_board_as_the_same():
    board = load_board("A")
    forms = canonical_forms(board)
    assert set(forms) == {"identity", "top-bottom", "left-right", "rotate-180"}
    assert forms["identity"] == board.tokens
    for name, grid in forms.items():
        # a Board built without the loader's checks: a mirror need not be valid
        mirrored = Board(id="m", title="m", rows=9, cols=12, tokens=grid)
        assert layout_difference(board, mirrored) == 0.0, name
        assert layout_difference(mirrored, board) == 0.0, name


def test_D1_3_top_bottom_mirror_is_an_exact_hex_symmetry():
    """With 9 rows the mirror keeps each row's parity, so adjacency is kept and
    the mirrored board is a valid standard board too."""
    board = load_board("B")
    grid = canonical_forms(board)["top-bottom"]
    assert standard_board_problems("\n".join(" ".join(r) for r in grid)) == []


# -- malformed files are rejected, naming file, row and column ------------------------------

def a_rows() -> list[list[str]]:
    return grid_rows(board_file("A")["grid"])


def write_board(tmp_path: Path, rows: list[list[str]], name: str = "bad.toml") -> Path:
    grid = "\n".join((" " if r % 2 else "") + "  ".join(row) for r, row in enumerate(rows))
    path = tmp_path / name
    path.write_text(f'id = "bad"\ntitle = "Bad"\ngrid = """\n{grid}\n"""\n', encoding="utf-8")
    return path


def rejected(tmp_path: Path, rows: list[list[str]]) -> str:
    path = write_board(tmp_path, rows)
    result = validate(path)
    assert result.returncode == 1, result.stdout
    assert str(path) in result.stdout
    return result.stdout


def find(rows, pred) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if pred(t)]


def test_a_copy_of_board_A_is_accepted(tmp_path):
    """The mutations below start from a valid board."""
    assert validate(write_board(tmp_path, a_rows())).returncode == 0


def test_FORMATS_unknown_token_is_rejected_with_row_and_column(tmp_path):
    rows = a_rows()
    rows[2][3] = "X"
    assert "row 2, column 3: unknown token 'X'" in rejected(tmp_path, rows)


def test_FORMATS_ragged_row_is_rejected_with_its_row(tmp_path):
    rows = a_rows()
    rows[4].pop()
    assert "row 4: 11 cells, but row 0 has 12" in rejected(tmp_path, rows)


def test_D1_3_two_start_cells_are_rejected_at_the_second(tmp_path):
    rows = a_rows()
    start = find(rows, lambda t: t == "@")[0]
    r, c = find(rows, lambda t: t == "#")[-1]        # after the start, reading order
    rows[r][c] = "@"
    out = rejected(tmp_path, rows)
    assert (f"row {r}, column {c}: a second start cell "
            f"(the first is at row {start[0]}, column {start[1]}") in out


def test_D1_3_missing_start_cell_is_rejected(tmp_path):
    rows = a_rows()
    (r, c), = find(rows, lambda t: t == "@")
    rows[r][c] = "#"
    assert "no start cell" in rejected(tmp_path, rows)


def test_D1_5_zone_with_two_bonus_cells_is_rejected_at_the_second(tmp_path):
    rows = a_rows()
    zones = zones_of(rows)
    starred = [(letter, cells) for letter, cells in zones
               if any(rows[r][c].endswith("*") for r, c in cells) and len(cells) >= 2]
    letter, keep = starred[0]
    # move the other star of that colour into the same zone
    other = next(cells for l2, cells in starred[1:] if l2 == letter)
    (sr, sc), = [rc for rc in other if rows[rc[0]][rc[1]].endswith("*")]
    rows[sr][sc] = letter
    (nr, nc) = next(rc for rc in sorted(keep) if not rows[rc[0]][rc[1]].endswith("*"))
    rows[nr][nc] = letter + "*"
    second = max(rc for rc in keep if rows[rc[0]][rc[1]].endswith("*"))
    out = rejected(tmp_path, rows)
    assert f"row {second[0]}, column {second[1]}: a second bonus cell" in out
    assert "bonus cells, a standard board" not in out      # still 12, 2 per colour


def test_D1_6_unreachable_cell_is_rejected_with_row_and_column(tmp_path):
    rows = a_rows()
    # wall in the corner cell (8, 11): its neighbours are (8, 10), (7, 10), (7, 11)
    for r, c in neighbours(8, 11, 9, 12):
        rows[r][c] = "#"
    out = rejected(tmp_path, rows)
    assert "row 8, column 11: cannot be reached from the start cell" in out


def test_D1_5a_wrong_colour_count_is_rejected(tmp_path):
    rows = a_rows()
    r, c = find(rows, lambda t: t == "R")[0]
    rows[r][c] = "#"
    assert "red has 15 cells, a standard board has 16" in rejected(tmp_path, rows)


def test_D1_4_zone_of_seven_cells_is_rejected_with_row_and_column(tmp_path):
    # grow one of board A's zones to 7 cells
    rows = a_rows()
    for letter, cells in sorted(zones_of(rows), key=lambda z: -len(z[1])):
        for r, c in sorted(cells):
            for nr, nc in neighbours(r, c, 9, 12):
                tok = rows[nr][nc]
                if (nr, nc) in cells or tok in ("#", "@") or tok.endswith("*"):
                    continue
                rows[nr][nc] = letter
                grown = next(z for l2, z in zones_of(rows) if (r, c) in z)
                if len(grown) >= 7:
                    first = min(grown)
                    out = rejected(tmp_path, rows)
                    assert (f"row {first[0]}, column {first[1]}: this " in out
                            and f"zone has {len(grown)} cells, zones have 2 to 6" in out)
                    return
                rows[nr][nc] = tok
    pytest.fail("no zone could be grown to 7 cells")


def test_D1_5_eleven_bonus_cells_are_rejected(tmp_path):
    rows = a_rows()
    r, c = find(rows, lambda t: t.endswith("*"))[0]
    rows[r][c] = rows[r][c][0]
    out = rejected(tmp_path, rows)
    assert "11 bonus cells, a standard board has 12" in out


def test_D1_3_a_grid_that_is_not_9_by_12_is_rejected(tmp_path):
    rows = [row[:10] for row in a_rows()]
    assert "a standard board is 9×12" in rejected(tmp_path, rows)


def test_a_board_file_in_json_reads_as_its_toml_and_a_broken_one_says_so(tmp_path):
    import json
    from diceland_core.core.errors import BoardError
    from diceland_core.games.diceland.board import load_board_file
    toml_path = ROOT / "boards" / "B.toml"
    as_json = tmp_path / "B.json"
    as_json.write_text(json.dumps(tomllib.loads(toml_path.read_text(encoding="utf-8"))), encoding="utf-8")
    a, b = load_board_file(toml_path), load_board(str(as_json))
    assert (a.id, a.rows, a.cols, a.star_mask, a.obstacle_mask, list(a.zone_of)) == \
           (b.id, b.rows, b.cols, b.star_mask, b.obstacle_mask, list(b.zone_of))
    broken = tmp_path / "X.json"
    broken.write_text('{"id": "X", "grid": ', encoding="utf-8")
    with pytest.raises(BoardError, match="X.json: not valid JSON"):
        load_board_file(broken)
    listed = tmp_path / "L.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(BoardError, match="a board must be an object"):
        load_board_file(listed)


def test_shipped_boards_are_listed_once_a_toml_before_a_json(tmp_path, monkeypatch):
    """The boards folder is looked at once for the ids and the files: a board
    shipped both ways is read from its TOML, a JSON-only board from its JSON;
    a missing folder lists no boards and names none in the error."""
    import json

    from diceland_core.games.diceland import board as board_module
    from diceland_core.games.diceland.board import BoardError, board_ids

    real = board_module.boards_dir() / "A.toml"
    table = tomllib.loads(real.read_text(encoding="utf-8"))
    (tmp_path / "A.toml").write_text(real.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "A.json").write_text(json.dumps({**table, "title": "from the JSON"}), encoding="utf-8")
    (tmp_path / "Z.json").write_text(json.dumps({**table, "id": "Z", "title": "only JSON"}), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a board", encoding="utf-8")
    monkeypatch.setattr(board_module, "boards_dir", lambda: tmp_path)
    monkeypatch.setattr(board_module, "_BOARD_CACHE", {})
    assert board_ids() == ["A", "Z"]
    assert load_board("A").title == table["title"] == "Meadow"
    assert load_board("Z").title == "only JSON"
    monkeypatch.setattr(board_module, "boards_dir", lambda: tmp_path / "missing")
    monkeypatch.setattr(board_module, "_BOARD_CACHE", {})
    assert board_ids() == []
    with pytest.raises(BoardError, match=r"unknown board 'A' \(the boards are: none\)"):
        load_board("A")
