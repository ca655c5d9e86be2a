"""The README stays a front door and the documentation's links lead somewhere:
the README at most 250 lines, and every relative link of the README and of
docs/*.md (Markdown links and images, HTML ``src``/``href``) names a file or
folder of the checkout."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_LINES = 250

#: [text](target) and ![alt](target), the target up to a space or ")";
#: src="…" and href="…" of inline HTML
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|\b(?:src|href)=\"([^\"]+)\"")
#: a target with a scheme (https:, mailto:) or one that stays on the page
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|#)", re.I)


def prose(text: str) -> str:
    """The text without its fenced code blocks and inline code spans, whose
    brackets are code, not links."""
    text = re.sub(r"^(```|~~~).*?^\1[ \t]*$", "", text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def relative_links(text: str) -> list[str]:
    found = (a or b for a, b in LINK.findall(prose(text)))
    return [target for target in found if not ELSEWHERE.match(target)]


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines; at most {README_LINES}: move the rest into docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_names_a_file(page):
    missing = []
    for target in relative_links(page.read_text(encoding="utf-8")):
        path = unquote(target.split("#", 1)[0].split("?", 1)[0])
        if not (page.parent / path).exists():
            missing.append(target)
    assert not missing, f"{page.relative_to(ROOT)} links to what does not exist: {missing}"


def test_the_link_reader_finds_links_and_leaves_code_and_addresses_alone():
    text = ("See [the rules](docs/rules/RULES.md#d2) and ![a board](boards/A.svg \"A\").\n"
            "<img src=\"screenshots/phone.png\" alt=\"\"> <a href=\"https://example.org/x\">x</a>\n"
            "[top](#top) [mail](mailto:a@b.c) `[not](a/link.md)`\n"
            "```md\n[inside](a/fence.md)\n```\n")
    assert relative_links(text) == ["docs/rules/RULES.md#d2", "boards/A.svg", "screenshots/phone.png"]


def test_the_docs_index_and_the_readme_link_every_page_of_docs():
    """No page of docs/ is an orphan: the index links each one, and the
    README links the index."""
    index = set(relative_links((ROOT / "docs" / "README.md").read_text(encoding="utf-8")))
    pages = {p.name for p in PAGES if p.parent.name == "docs" and p.name != "README.md"}
    assert pages and pages <= index, f"not in docs/README.md: {sorted(pages - index)}"
    assert "docs/README.md" in relative_links((ROOT / "README.md").read_text(encoding="utf-8"))
