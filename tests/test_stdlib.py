"""The standard library the site ships (diceland_build/stdlib.py): Pyodide's
archive cut down to the kept list, sources without comments and docstrings,
and a guard that names a module left out."""

from __future__ import annotations

import io
import zipfile

import pytest

from diceland_build.pysource import strip_cached, strip_source
from diceland_build.stdlib import GUARD_MODULE, archive_modules, guard_source, left_out, module_of, read_keep, trim_stdlib
from support import ROOT

PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

SOURCE = '''"""The module's docstring,
on two lines."""
import os  # a comment


class Kept:
    """A class's docstring."""

    def method(self):
        """A method's docstring."""
        # a whole-line comment
        return "# not a comment", """not a docstring"""


def only_one_string():
    """Nothing else."""
'''


def test_strip_source_drops_comments_and_docstrings_and_keeps_every_line():
    out = strip_source(SOURCE)
    assert out.count("\n") == SOURCE.count("\n")
    assert "comment" not in out.replace("# not a comment", "")
    assert "docstring" not in out.replace('"""not a docstring"""', "")
    assert '"# not a comment", """not a docstring"""' in out
    namespace: dict = {}
    exec(compile(out, "m.py", "exec"), namespace)
    assert namespace["Kept"]().method() == ("# not a comment", "not a docstring")
    assert namespace["only_one_string"]() is None
    # the return statement is still on its line (a traceback names it)
    assert out.splitlines()[11].strip().startswith("return")


def test_strip_source_can_keep_the_classes_docstrings():
    out = strip_source(SOURCE, classes=False)
    assert '"""A class\'s docstring."""' in out
    assert "A method's docstring" not in out


def test_strip_source_keeps_what_it_cannot_parse(tmp_path):
    newer = "def f[T](x: T) -> T:  # a comment\n    return x\n"
    try:
        compile(newer, "m.py", "exec")
    except SyntaxError:
        assert strip_source(newer) == newer
    broken = "def (:\n"
    assert strip_source(broken) == broken
    assert strip_cached(SOURCE, cache=tmp_path) == strip_source(SOURCE)
    assert strip_cached(SOURCE, cache=tmp_path) == strip_source(SOURCE)  # from the cache
    assert list(tmp_path.rglob("*.py"))


def test_module_of_and_left_out():
    assert module_of("email/mime/text.py") == "email.mime.text"
    assert module_of("json/__init__.py") == "json"
    assert module_of("json/") is None and module_of("site-packages/README.txt") is None
    modules = {"json", "json.decoder", "xmlrpc", "xmlrpc.client", "email", "email.utils", "email.mime"}
    assert left_out(modules, {"json", "email", "email.utils"}) == ["email.mime", "json.decoder", "xmlrpc"]


def _archive(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buf.getvalue()


def test_trim_keeps_the_listed_modules_and_adds_the_guard():
    archive = _archive({"json/": "", "json/__init__.py": "# c\nX = 1\n", "json/decoder.py": "Y = 2\n",
                        "xmlrpc/": "", "xmlrpc/__init__.py": "", "xmlrpc/client.py": "", "os.py": '"""d"""\n'})
    out = trim_stdlib(archive, {"json", "os"})
    assert out == trim_stdlib(archive, {"json", "os"})  # the same bytes
    with zipfile.ZipFile(io.BytesIO(out)) as zf:
        assert sorted(zf.namelist()) == sorted(["json/", "json/__init__.py", "os.py", GUARD_MODULE + ".py"])
        assert zf.read("json/__init__.py") == b"\nX = 1\n"
        guard: dict = {}
        exec(zf.read(GUARD_MODULE + ".py"), guard)
    finder = guard["LeftOutFinder"]
    assert guard["LEFT_OUT"] == {"json.decoder", "xmlrpc"}
    assert finder.find_spec("os") is None and finder.find_spec("not_stdlib") is None
    for name in ("xmlrpc", "xmlrpc.client", "json.decoder"):
        with pytest.raises(ModuleNotFoundError, match=f"No module named '{name}': this site's Python leaves out"):
            finder.find_spec(name)
    with pytest.raises(ValueError, match="nothere"):
        trim_stdlib(archive, {"json", "nothere"})


@pytest.mark.skipif(not PYODIDE_STDLIB.exists(), reason="needs node_modules (npm ci)")
def test_the_kept_list_is_in_pyodides_archive_and_the_encodings_are_few():
    keep = read_keep()
    assert keep <= archive_modules(PYODIDE_STDLIB.read_bytes())
    assert {m for m in keep if m.startswith("encodings.")} == {"encodings.aliases", "encodings.cp437", "encodings.utf_8"}
    assert guard_source(["xmlrpc"]).count(b"'xmlrpc',") == 1


def test_the_site_wheels_leave_out_the_command_line_and_the_guard_names_it(tmp_path):
    """The command line, the terminals, the board generator, the build's
    drawings and the rulings are not shipped to the pages; the guard names
    each module left out, so that importing one says why it is missing."""
    from diceland_build.wheels import NOT_FOR_THE_SITE, for_the_site, left_out_of_the_site, package_files

    assert not for_the_site("diceland_core/cli.py") and not for_the_site("diceland_core/__main__.py")
    assert not for_the_site("diceland_core/games/clever/terminal.py")
    assert not for_the_site("diceland_core/games/diceland/RULINGS.md")
    # every game's network is its page's expert, in its own game's archive
    assert for_the_site("diceland_core/games/wideshut/bots/wideshut_network.json")
    assert for_the_site("diceland_core/games/diceland/bots/diceland_network.json")
    assert for_the_site("diceland_core/games/clever/bots/clever_network.json")
    assert for_the_site("diceland_core/games/clever/game.py") and for_the_site("diceland_site/locales/en.json")
    shipped = {name for name, _ in package_files(ROOT / "diceland_core", "diceland_core", strip=True)}
    everything = {name for name, _ in package_files(ROOT / "diceland_core", "diceland_core")}
    gone = everything - shipped
    assert "diceland_core/cli.py" in gone and "diceland_core/games/wideshut/terminal.py" in gone
    assert all(not n.endswith(".py") or n[:-3].replace("/", ".").removesuffix(".__init__").endswith(NOT_FOR_THE_SITE)
               or n.endswith("__main__.py") for n in gone)
    assert "diceland_core/games/diceland/board.py" in shipped and "diceland_core/core/replay.py" in shipped
    assert {"diceland_core/core/review.py", "diceland_core/games/clever/review.py",
            "diceland_core/core/review_messages.json", "diceland_core/core/search.py",
            "diceland_core/games/wideshut/bots/search.py", "diceland_core/games/diceland/bots/search.py"} <= gone
    names = left_out_of_the_site({"diceland_core": ROOT / "diceland_core"})
    assert "diceland_core.cli" in names and "diceland_core.games.clever.terminal" in names
    assert len(names) == sum(n.endswith(".py") for n in gone)
    archive = _archive({"os.py": "X = 1\n"})
    with zipfile.ZipFile(io.BytesIO(trim_stdlib(archive, {"os"}, names))) as zf:
        guard: dict = {}
        exec(zf.read(GUARD_MODULE + ".py"), guard)
    with pytest.raises(ModuleNotFoundError, match="No module named 'diceland_core.cli': this site's Python leaves out"):
        guard["LeftOutFinder"].find_spec("diceland_core.cli")
    assert guard["LeftOutFinder"].find_spec("diceland_core.games.clever.game") is None
