"""Python sources made smaller for shipping: comments and docstrings out,
every line where it was (a traceback still names the right line).

A docstring becomes ``''`` (still the first statement: a body that held
only a docstring stays valid), the lines it spanned stay as empty lines,
and a comment is cut from its line.  The result is checked: it must parse
to the same tree as the source with its docstrings emptied, or the source is
kept as it is (so is a source this Python cannot parse, a newer syntax)."""

from __future__ import annotations

import ast
import hashlib
import io
import os
import sys
import tokenize
from pathlib import Path

__all__ = ["strip_cached", "strip_source"]

_DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.AST, classes: bool) -> list[ast.Constant]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, _DOC_OWNERS) and (classes or not isinstance(node, ast.ClassDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                found.append(body[0].value)
    return found


def strip_source(text: str, classes: bool = True) -> str:
    """``text`` without comments and docstrings (``classes=False`` keeps the
    classes' docstrings: ``dataclasses`` writes one, slowly, for a class
    that has none), or ``text`` itself when that cannot be done safely."""
    try:
        tree = ast.parse(text)
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, ValueError, tokenize.TokenError):
        return text
    docs = _docstrings(tree, classes)
    starts = {(d.lineno, d.col_offset) for d in docs}
    lines = text.splitlines(keepends=True)
    for token in reversed(tokens):  # from the end: earlier positions stay valid
        (row, col), (end_row, end_col) = token.start, token.end
        if token.type == tokenize.COMMENT:
            line = lines[row - 1]
            rest = line[end_col:]
            lines[row - 1] = line[:col].rstrip(" \t") + rest
        elif token.type == tokenize.STRING and token.start in starts:
            first, last = lines[row - 1], lines[end_row - 1]
            if row == end_row:
                lines[row - 1] = first[:col] + "''" + first[end_col:]
            else:
                lines[row - 1] = first[:col] + "''\n"
                for i in range(row, end_row - 1):
                    lines[i] = "\n"
                lines[end_row - 1] = last[end_col:]
    out = "".join(lines)
    for doc in docs:
        doc.value = ""
    try:
        same = ast.dump(ast.parse(out)) == ast.dump(tree)
    except SyntaxError:
        same = False
    return out if same else text


#: Where stripped sources are kept between builds (stripping takes seconds).
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "pysource"


def strip_cached(text: str, classes: bool = True, cache: Path | None = None) -> str:
    """:func:`strip_source`, kept in ``cache`` (default :data:`CACHE`) under
    a hash of the text, the options, this file and the Python version (the
    parser decides what can be stripped); a cache that cannot be written is
    no error."""
    cache = CACHE if cache is None else cache
    key = hashlib.sha256(b"\0".join([
        _SELF, str(sys.version_info[:2]).encode(), b"classes" if classes else b"", text.encode("utf-8"),
    ])).hexdigest()
    path = cache / key[:2] / f"{key}.py"
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        pass
    out = strip_source(text, classes)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(out, encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
    return out


_SELF = Path(__file__).read_bytes()
