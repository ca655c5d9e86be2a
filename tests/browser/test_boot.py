"""The page starts Python, says it is ready, and stays on its own origin."""

import pytest

pytestmark = pytest.mark.browser


def test_page_becomes_ready(site, watch):
    site.open()
    assert site.page.evaluate("document.documentElement.dataset.ready") == "true"
    assert site.page.is_hidden("#boot")
    assert site.page.evaluate("typeof window.diceland.record") == "function"
    assert not watch.problems()
