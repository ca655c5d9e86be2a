"""Saves from every save-format version load: one fixture file per version
(tests/site/fixtures/save-v<N>.json, written by the page of that version),
stored in localStorage as it was or imported as a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diceland_site.envelope import ENVELOPE_VERSION, migrate
from diceland_site.storage import SAVE_PREFIX, SaveStore

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
VERSIONS = sorted(int(p.stem.removeprefix("save-v")) for p in FIXTURES.glob("save-v*.json"))


def test_there_is_a_fixture_for_every_version():
    assert VERSIONS == list(range(ENVELOPE_VERSION + 1))


@pytest.mark.parametrize("version", VERSIONS)
def test_a_stored_save_of_each_version_loads(version):
    text = (FIXTURES / f"save-v{version}.json").read_text()
    backend = {SAVE_PREFIX + "old": text}
    store = SaveStore(backend)
    [entry] = store.list_saves()
    assert not entry.get("broken")
    game, seats = store.load("old")
    assert game.summary() == EXPECTED
    assert len(seats) == 3
    assert backend[SAVE_PREFIX + "old"] == text  # loading never rewrites the save
    assert migrate(json.loads(text))["envelope"] == ENVELOPE_VERSION


@pytest.mark.parametrize("version", VERSIONS)
def test_an_exported_file_of_each_version_imports(version):
    text = (FIXTURES / f"save-v{version}.json").read_text()
    store = SaveStore({})
    save_id = store.import_json(text)
    game, seats = store.load(save_id)
    assert game.summary() == EXPECTED
    if version >= 1:
        assert [s.name for s in seats] == ["Ana", "Bo <b>", "Bot"]
