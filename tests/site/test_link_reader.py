"""The one reader of links' packed JSON (:mod:`diceland_site.packed`), as
Dice Wide Shut's ``?position=``, Clever's ``#position=`` and the examples'
``s=`` use it: bounded after inflating (a few dozen characters that inflate
to thousands of brackets are refused before ``json.loads``), and every
refusal a plain message in each language, the decoder's words kept for the
details.  Fuzzed with :data:`N` inputs per reader (2,000; 10,000 with
``DICELAND_LONG=1``; ``DICELAND_FUZZ_N`` sets it)."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib

import pytest

from diceland_core import record_of
from diceland_core.core.registry import get_game
from diceland_site.games.clever import controller as clever_page
from diceland_site.games.clever.saves import clever_store
from diceland_site.i18n import LANGUAGES, Strings
from diceland_site.packed import KEYS, LinkError, problem_text, read_packed, unpack
from diceland_site.safejson import MAX_DEPTH
from diceland_site.save_errors import SaveError
from diceland_site.seats import Seat
from diceland_site.share import position_fragment, read_fragment
from diceland_site.teaching import EmbedError, decode_scenario
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut import controller as wideshut_page
from diceland_site.games.wideshut.share import decode_position, encode_position
from diceland_site.games.wideshut.strings import WideStrings
from hostile import hostile
from support import fuzz_runs

N = fuzz_runs()
#: what a player must never read: decoder and engine words, rule ids, keys
ENGINE_WORDS = re.compile(
    r"padding|Error -\d|incorrect header|codec|can't decode|Expecting|line \d+ column|actions\[|"
    r"\b[DCW]\d+\.\d+|link\.error|levels deep|characters long|Traceback|0x[0-9a-f]{2}", re.I)


def pack(data: bytes | str, wbits: int = 15) -> str:
    raw = data.encode() if isinstance(data, str) else data
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


@pytest.fixture(scope="module")
def wide_play():
    play = wideshut_page.Controller.new(make_seats(["human", "greedy"], ["Ana"], WideStrings("en")), 5)
    for _ in range(4):
        if play.bot_pending():
            play.bot_step()
        elif play.game.phase == "roll":
            play.roll()
        else:
            play.game.apply(play.game.legal_actions()[0])
    return play


@pytest.fixture(scope="module")
def wide_record(wide_play):
    return record_of(wide_play.game, {"seats": [s.to_json() for s in wide_play.seats]})


def deep_links(record: dict) -> list[str]:
    """Tiny links that inflate to deep JSON (they once killed Python)."""
    inner = json.dumps({**record, "meta": {"x": "\u0000"}}).replace('"\\u0000"', "[" * 50_000 + "]" * 50_000)
    return [pack("[" * 10_000), pack("[" * 200_000), pack('{"a":' * 100_000), pack(inner)]


def test_the_59_character_link_is_refused_as_too_deep_before_parsing(wide_record, monkeypatch):
    links = deep_links(wide_record)
    assert len("wideshut.html?position=" + links[0]) < 70
    calls = []
    real_loads = json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: calls.append(len(text)) or real_loads(text, *a, **k))
    for value in links:
        with pytest.raises(LinkError) as info:
            decode_position(value)
        assert info.value.key == "too_deep", value[:40]
    assert calls == []  # refused unparsed
    for value in links:  # the same inflated texts in Clever's fragment: refused by the import's measure
        text = read_fragment("#position=" + value)
        with pytest.raises(SaveError) as info:
            clever_store({}).import_json(text, "en", "clever")
        assert info.value.link_error().key == "too_deep"


def test_inflating_is_bounded_while_it_runs():
    bomb = pack(b"0" * 5_000_000)  # about 5 kB
    with pytest.raises(LinkError) as info:
        unpack(bomb, 60_000, 1_000_000)
    assert info.value.key == "too_long"
    with pytest.raises(LinkError) as info:
        decode_position(bomb)
    assert info.value.key == "too_long"


def test_nesting_just_under_the_limit_reads():
    assert read_packed(pack("[" * MAX_DEPTH + "]" * MAX_DEPTH), 1000, 1000) == \
        json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(LinkError):
        read_packed(pack("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)), 1000, 1000)


def broken_links(record: dict) -> dict[str, str]:
    """A Dice Wide Shut link broken in each way met in an attack on the page."""
    history = record["history"]
    illegal = {**record, "history": {**history, "actions": history["actions"] + [
        {"player": 0, "type": "take", "dice": [0, 1, 2, 3, 4, 5, 6]}]}}
    good = pack(json.dumps(record))
    return {
        "padding": good[:-1] + "===",
        "header": base64.urlsafe_b64encode(b"\x00\x01not zlib at all").decode(),
        "cut": good[: len(good) // 2],
        "utf8": pack(b"\xff\xfe{}"),
        "json": pack("{" + " " * 1200 + "x"),
        "illegal": pack(json.dumps(illegal)),
        "types": pack(json.dumps({**record, "players": "two"})),
        "null": pack("null"),
        "future": pack(json.dumps({**record, "version": 999})),
        "clever": pack(json.dumps(record_of(clever_page.Controller.new([Seat("A")], 3).game))),
        "empty": "",
        "long": "A" * 70_000,
    }


def test_every_broken_link_says_so_in_plain_words(wide_record):
    for name, value in broken_links(wide_record).items():
        with pytest.raises(LinkError) as info:
            decode_position(value)
        exc = info.value
        assert exc.key in KEYS, name
        texts = {lang: exc.message(lang, kept=True) for lang in LANGUAGES}
        assert len(set(texts.values())) == 3, (name, texts)
        for lang, text in texts.items():
            assert not ENGINE_WORDS.search(text), (name, lang, text)
            assert "{" not in text and text.endswith(Strings(lang).t("link.kept")), (name, lang, text)
        assert exc.details(), name
    keys = {name: _key(value) for name, value in broken_links(wide_record).items()}
    assert keys["clever"] == "other_game" and keys["future"] == "future" and keys["illegal"] == "invalid"
    assert keys["padding"] == keys["header"] == keys["utf8"] == keys["json"] == "damaged"


def _key(value: str) -> str:
    try:
        decode_position(value)
    except LinkError as exc:
        return exc.key
    return "opened"


def test_another_games_position_is_named_not_called_damaged(wide_record):
    with pytest.raises(LinkError) as info:
        decode_position(broken_links(wide_record)["clever"])
    assert "Ganz schön clever" in info.value.message("it") and "danneggiat" not in info.value.message("it")
    # the reverse: a Dice Wide Shut record in Clever's fragment
    text = read_fragment("#position=" + pack(json.dumps(wide_record)))
    with pytest.raises(SaveError) as err:
        clever_store({}).import_json(text, "en", "clever")
    link = err.value.link_error()
    assert link.key == "other_game" and "Dice Wide Shut" in link.message("en")
    assert "damaged" not in link.message("en") and "file" not in link.message("en")
    assert "Dice Wide Shut" in err.value.message("es", importing=True)


@pytest.mark.parametrize("envelope", [
    {"app": "diceland", "envelope": 9, "record": {}},
    None, [1, 2], {"app": "diceland", "envelope": 1, "saved_at": "x", "record": {}},
])
def test_clever_fragment_refusals_speak_of_a_link(envelope):
    text = read_fragment("#position=" + pack(json.dumps(envelope)))
    with pytest.raises(SaveError) as err:
        clever_store({}).import_json(text, "en", "clever")
    for lang in LANGUAGES:
        message, details = problem_text(err.value.link_error(), Strings(lang), kept=True)
        assert not ENGINE_WORDS.search(message) and details
        assert ("link" in message.lower() or "enlace" in message), message
        assert not re.search(r"\b(file|archivo)\b", message), message


def test_a_message_of_the_start_parameters_also_says_the_game_goes_on():
    assert problem_text(None, Strings("en"), True) is None
    message, details = problem_text("Bad seed.", Strings("es"), kept=True)
    assert message.startswith("Bad seed. ") and message.endswith(Strings("es").t("link.kept")) and not details


def test_links_round_trip(wide_play):
    game, seats = decode_position(encode_position(wide_play.game, wide_play.seats))
    assert game.summary() == wide_play.game.summary() and seats == list(wide_play.seats)
    ctrl = clever_page.Controller.new([Seat("Ana"), Seat("Bot", "greedy")], 4)
    store = clever_store({})
    state, _ = store.load(store.import_json(read_fragment(position_fragment(ctrl.game, ctrl.seats))))
    assert record_of(state) == record_of(ctrl.game)


def test_raw_deflate_and_zlib_both_read():
    assert read_packed(pack('{"a":1}', -15), 100, 100) == read_packed(pack('{"a":1}'), 100, 100) == {"a": 1}


def _mutate(rng: random.Random, value: str) -> str:
    pick = rng.random()
    chars = list(value)
    if pick < 0.3 and chars:
        for _ in range(rng.randrange(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice("AZaz09-_+/=%! ")
        return "".join(chars)
    if pick < 0.5:
        return value[: rng.randrange(len(value) + 1)]
    if pick < 0.7:
        raw = zlib.decompress(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
        i = rng.randrange(len(raw) + 1)
        return pack(raw[:i] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6))) + raw[i:])
    if pick < 0.9:
        doc = json.loads(zlib.decompress(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))))
        return pack(hostile(rng, doc)[1])
    return "".join(rng.choice("ABCxyz019-_=") for _ in range(rng.randrange(80)))


def test_fuzz_the_link_readers(wide_record):
    rng = random.Random(27)
    wide = pack(json.dumps(wide_record))
    ctrl = clever_page.Controller.new([Seat("Ana"), Seat("Bot", "greedy")], 2)
    clever = position_fragment(ctrl.game, ctrl.seats)[len("position="):]
    seen = {"wide": set(), "clever": set()}
    for _ in range(N):
        value = _mutate(rng, wide)
        try:
            decode_position(value)
            seen["wide"].add("opened")
        except LinkError as exc:
            assert exc.key in KEYS and not ENGINE_WORDS.search(exc.message("en"))
            seen["wide"].add(exc.key)
        value = _mutate(rng, clever)
        try:
            text = read_fragment("#position=" + value)
            clever_store({}).import_json(text, "en", "clever")
            seen["clever"].add("opened")
        except LinkError as exc:
            seen["clever"].add(exc.key)
        except SaveError as exc:
            assert not ENGINE_WORDS.search(exc.link_error().message("it"))
            seen["clever"].add(exc.link_error().key)
        try:
            decode_scenario(value)
        except EmbedError as exc:
            assert not exc.message("en").startswith("embed.error")
    assert {"damaged", "too_deep"} <= seen["wide"] and {"damaged", "too_deep"} <= seen["clever"], seen


def test_a_padded_link_makes_a_save_no_larger_than_the_game_needs(wide_record, wide_play):
    """A 2 kB link whose meta inflates to 900,000 characters saves the game,
    not the padding (Dice Wide Shut's ?position= and Clever's #position=)."""
    padded = {**wide_record, "meta": {**wide_record["meta"], "pad": "x" * 900_000,
                                      "seats": [{"name": "Ana" * 1000, "kind": "human"}, {"name": "B", "kind": "greedy"}]}}
    value = pack(json.dumps(padded))
    assert len(value) < 3_000
    game, seats = decode_position(value)
    store = clever_store({})
    result = store.save(game, seats)
    assert result.ok and len(store.backend[f"diceland:save:{result.save_id}"]) < 30_000
    ctrl = clever_page.Controller.new([Seat("Ana"), Seat("Bo", "greedy")], 2)
    env = json.loads(read_fragment(position_fragment(ctrl.game, ctrl.seats)))
    env["record"]["meta"] = {"pad": "y" * 700_000}
    env["junk"] = "z" * 100_000
    store = clever_store({})
    sid = store.import_json(read_fragment("#position=" + pack(json.dumps(env))), "en", "clever")
    assert len(store.backend[f"diceland:save:{sid}"]) < 30_000
    assert record_of(store.load(sid)[0])["history"] == record_of(ctrl.game)["history"]


def test_messages_every_page_shows_say_this_site_not_the_product():
    """The file, save and link messages are shown on every game's page: none
    names Diceland as if it were the game on the page."""
    for lang in LANGUAGES:
        table = Strings(lang).table
        shown = {k: v for k, v in table.items()
                 if k.startswith(("error.import_", "error.save_", "link.", "start.", "error.storage"))}
        assert len(shown) > 15
        assert not [k for k, v in shown.items() if "Diceland" in v], lang


def _registered():
    from diceland_core.core.registry import game_names
    return list(game_names())


def _played(game: str):
    state = get_game(game).new(players=2, seed=3)
    for _ in range(5):
        actions = state.legal_actions()
        if not actions:
            break
        state.apply(actions[0])
    return state


@pytest.mark.parametrize("game", _registered())
def test_every_registered_game_through_the_readers(game):
    """Each game's own record, hostile variants of it and the other games'
    records, through the import and the link reader: a game, or a plain
    refusal that names another game as such; never an exception."""
    from diceland_site.storage import SaveStore
    record = record_of(_played(game))
    store = SaveStore({})
    assert store.load(store.import_json(json.dumps(record), "en", game))
    for other in _registered():
        if other != game:
            with pytest.raises(SaveError) as err:
                SaveStore({}).import_json(json.dumps(record_of(_played(other))), "en", game)
            assert err.value.code == "other_game" and err.value.link_error().key == "other_game"
    rng = random.Random(game)
    codes = set()
    for _ in range(N):
        kind, text = hostile(rng, record) if rng.random() < 0.6 else ("mutated", _mutate_text(rng, json.dumps(record)))
        try:
            data = read_packed(pack(text), 60_000, 1_000_000)
        except LinkError as exc:
            assert exc.key in KEYS and not ENGINE_WORDS.search(exc.message("es"))
            codes.add("link:" + exc.key)
            continue
        try:
            SaveStore({}).import_json(json.dumps(data), "en", game)
            codes.add("opened")
        except SaveError as exc:
            for lang in LANGUAGES:
                assert not ENGINE_WORDS.search(exc.message(lang, importing=True))
                assert not ENGINE_WORDS.search(exc.link_error().message(lang))
            codes.add(exc.code)
    assert "link:too_deep" in codes and len(codes) >= 3, codes


def _mutate_text(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(['"', "]", "{", "null", ",", "9" * 30, "\\ud800", ""]) + text[i + rng.randrange(4):]
