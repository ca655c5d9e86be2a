"""The publishing workflow (.github/workflows/pages.yml) matches the build of
today: it installs only what the tests need (the build itself is standard
library only), runs the tests that need no browser before publishing, and
its build and reproducibility commands work here as written."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def steps() -> list[dict[str, str]]:
    """The build job's steps as {"name", "uses", "run"} (the workflow's own
    small YAML subset: one ``- name:``/``- uses:`` a step, ``run:`` on one
    line or as a ``|`` block)."""
    out: list[dict[str, str]] = []
    lines = WORKFLOW.read_text(encoding="utf-8").splitlines()
    lines = lines[lines.index("jobs:"):]
    jobs = [i for i, line in enumerate(lines) if re.match(r"^  [a-z]+:$", line)]
    lines = lines[jobs[0]:jobs[1]] if len(jobs) > 1 else lines[jobs[0]:]  # the build job
    block: list[str] | None = None
    indent = 0
    for line in lines:
        if block is not None:
            if line.strip() and len(line) - len(line.lstrip()) > indent:
                block.append(line.strip())
                continue
            out[-1]["run"] = "\n".join(block)
            block = None
        m = re.match(r"^(\s*)- (name|uses|id): (.*)$", line)
        if m:
            out.append({m.group(2): m.group(3).strip()})
            continue
        m = re.match(r"^(\s*)(name|uses|run): (.*)$", line)
        if m and out:
            if m.group(2) == "run" and m.group(3).strip() == "|":
                block, indent = [], len(m.group(1))
            else:
                out[-1][m.group(2)] = m.group(3).strip()
    if block is not None:
        out[-1]["run"] = "\n".join(block)
    return out


def commands() -> list[str]:
    return [line for step in steps() if "run" in step for line in step["run"].splitlines()]


def test_the_workflow_installs_only_the_pinned_test_tools():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "hatchling" not in text and "micropip" not in text and "actions/cache" not in text
    installs = [c for c in commands() if "pip install" in c]
    assert installs == ["python -m pip install -r requirements-dev.txt"]
    assert (ROOT / "requirements-dev.txt").is_file()


def test_the_tests_run_before_the_site_is_built_and_published():
    names = [s.get("uses", s.get("name", "")) for s in steps()]
    tests = next(i for i, s in enumerate(steps()) if "pytest" in s.get("run", ""))
    build = next(i for i, s in enumerate(steps()) if s.get("run", "").startswith("python build.py"))
    upload = next(i for i, n in enumerate(names) if n.startswith("actions/upload-pages-artifact"))
    assert tests < build < upload
    test_command = steps()[tests]["run"]
    assert '-m "not browser"' in test_command and "--ignore=tests/browser" in test_command


def test_the_build_and_reproducibility_commands_work_as_written(tmp_path):
    """The workflow's own build commands, run here in a copy of the
    checkout's sources: ``python build.py``, then its reproducibility check
    (a second build elsewhere, compared with ``diff -r``)."""
    wanted = [c for c in commands() if "build.py" in c or c.startswith("diff ")]
    assert [c.split()[:2] for c in wanted] == [["python", "build.py"], ["python", "build.py"], ["diff", "-r"]]
    work = tmp_path / "checkout"
    work.mkdir()
    shutil.copy(ROOT / "build.py", work)  # a copy: its own folder is where it writes dist/
    for name in ("site", "boards", "diceland_core", "diceland_build", "pyproject.toml", "package.json",
                 "package-lock.json", "node_modules"):
        (work / name).symlink_to(ROOT / name)
    again = tmp_path / "dist-again"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    for command in wanted:
        argv = shlex.split(command.replace("/tmp/dist-again", str(again)).replace("> /dev/null", ""))
        if argv[0] == "python":
            argv[0] = sys.executable
        done = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    assert (work / "dist" / "index.html").is_file() and (again / "index.html").is_file()
