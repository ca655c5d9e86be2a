"""Seeded fuzzing of every reader of outside data on the site side: link
parameters (``from_url_params``), imported files (``SaveStore.import_json``)
and the contents of ``localStorage`` (``list_saves``, ``load``,
``last_unfinished``, ``last_frame``, ``set_last_frame``, settings).

Each reader gets at least :data:`N` random or mutated inputs from a fixed seed
(2,000; 10,000 with ``DICELAND_LONG=1``; ``DICELAND_FUZZ_N`` sets it).
The only outcomes allowed are the documented ones: a result, a returned error
string, or a :class:`SaveError` with a code and a message.  A save that cannot
be loaded stays where it was and is copied to a backup key; the list of saves
never drops an entry.
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from diceland_core.games.diceland import Game
from diceland_core.core.record import record_json
from diceland_site.games.diceland.controller import Controller
from diceland_site.games.diceland.options import UrlSetup, from_url_params, link_names_trimmed
from diceland_site.seats import MAX_NAME, SEAT_KINDS, Seat
from diceland_site.safejson import MAX_DEPTH
from hostile import hostile, parser_depth
from support import fuzz_runs
from diceland_site.envelope import MAX_IMPORT_CHARS, MAX_SAVE_CHARS, ENVELOPE_VERSION
from diceland_site.save_errors import SaveError
from diceland_site.storage import BACKUP_PREFIX, SAVE_PREFIX, SETTINGS_KEY, SaveResult, SaveStore

#: Inputs per reader.
N = fuzz_runs()
CODES = {"missing", "not_json", "too_big", "too_deep", "not_diceland", "future", "invalid", "other_game"}
LANGS = ("en", "es", "it")
HTML = "<img src=x onerror=alert(1)>"
KNOWN = ["A", "B", "C", "D"]

WEIRD = [
    "", " ", "  \t\n", HTML, "<script>alert(1)</script>", "\"><svg onload=alert(1)>", "&lt;b&gt;", "&amp;",
    "Ana", "José", "名前", "Ωμέγα", "😀🎲", "\u202eevil", "\u200b", "\x00", "\ud800", "a" * 3000,
    "'\"`", "{name}", "{0}", "{", "}", "%s%n", "\\", "null", "undefined", "NaN", "-1", "1e999",
    ",", ",,", " , ", "human", "HUMAN ", " Expert", "greedy", "random", "bot", "A", "c", "Z",
]
NUMBERS = ["0", "5", "-3", "+7", " 42 ", "3.5", "1e3", "0x10", "²", "¹²", "٣", "０", "Ⅻ",
           str(1 << 64), str((1 << 64) - 1), "0" * 30 + "9", "9" * 25, "1" * 5000, "0" * 5000 + "5",
           "-" + "9" * 40, "18446744073709551615", "18446744073709551616"]


# -- random data ----------------------------------------------------------------------------

def rand_text(rng: random.Random, limit: int = 40) -> str:
    pick = rng.random()
    if pick < 0.3:
        return rng.choice(WEIRD)
    if pick < 0.5:
        return rng.choice(NUMBERS)
    alphabet = rng.choice([
        "abcdefghijklmnopqrstuvwxyzABC0123456789",
        "<>&\"'/=;:{}[],\\ ",
        "".join(chr(c) for c in (0, 9, 10, 13, 0x85, 0xa0, 0x2028, 0xfeff, 0x1f600, 0xd800, 0x10ffff)),
    ])
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(limit)))


def rand_scalar(rng: random.Random) -> object:
    return rng.choice([
        None, True, False, 0, 1, -1, 2, 3, 4, 5, 99, -(1 << 64), (1 << 64), (1 << 63) - 1, 10 ** 30,
        rng.randint(-1000, 1000), 0.5, -0.0, 1e308, float("nan"), float("inf"), float("-inf"),
        rand_text(rng), rand_text(rng), "diceland", "diceland-record", "human", "place", "choose",
        "red", "R", [0, 0], [[1, 1]],
    ])


def rand_json(rng: random.Random, depth: int = 0) -> object:
    pick = rng.random()
    if depth > 3 or pick < 0.6:
        return rand_scalar(rng)
    if pick < 0.8:
        return [rand_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rand_text(rng, 8): rand_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def _pick(doc: object, rng: random.Random) -> tuple[object, object]:
    """A random (container, key) of a JSON tree: a walk down from the root."""
    parent, key, node = None, None, doc
    while isinstance(node, (dict, list)) and node and (parent is None or rng.random() < 0.75):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        parent, node = node, node[key]
    return parent, key


def mutate_tree(doc: object, rng: random.Random) -> object:
    """One to three structural mutations of a copy of ``doc``."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        c, k = _pick(doc, rng)
        if c is None or rng.random() < 0.02:
            doc = rand_json(rng) if rng.random() < 0.5 else [doc]
            continue
        value = c[k]
        op = rng.randrange(10)
        if op == 0:
            c[k] = rand_json(rng)
        elif op == 1:
            del c[k]
        elif op == 2 and isinstance(value, (int, float)) and not isinstance(value, bool):
            c[k] = rng.choice([value + 1, value - 1, -value, value * 1000, value + 0.5, str(value), None])
        elif op == 3:
            c[k] = rng.choice([[value], {"value": value}, str(value), None, bool(value)])
        elif op == 4 and isinstance(value, list) and value:
            i = rng.randrange(len(value))
            rng.choice([lambda: value.insert(i, value[i]), lambda: value.pop(i), lambda: rng.shuffle(value),
                        lambda: value.reverse(), lambda: value.extend(value)])()
        elif op == 5 and isinstance(value, dict):
            value[rand_text(rng, 8) if rng.random() < 0.5 else rng.choice(
                ["envelope", "version", "record", "seats", "summary", "saved_at", "last_frame", "meta",
                 "script", "crossed", "dice", "actions", "id", "app", "format", "players"])] = rand_json(rng)
        elif op == 6 and isinstance(c, dict):
            c[rand_text(rng, 8)] = c.pop(k)
        elif op == 7 and isinstance(value, str):
            c[k] = rng.choice([value.upper(), value[:-1], value + value, value[::-1], HTML, ""])
        else:
            c[k] = rand_scalar(rng)
    return doc


TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "-0", "\\ud800", "\\u0000", "\"", "{", "}", "[", "]",
          ",", ":", "null", "true", "9" * 5000, "[" * 3000, "{\"a\":" * 1500, "\ufeff", "\x00", HTML]


def mutate_text(text: str, rng: random.Random) -> str:
    """One to four character-level mutations of ``text``."""
    for _ in range(rng.choice((1, 1, 2, 4))):
        n = len(text)
        i = rng.randrange(n + 1)
        op = rng.randrange(8)
        if op == 0:
            text = text[:i]  # truncated
        elif op == 1:
            text = text[:i] + text[i + rng.randrange(1, 20):]
        elif op == 2:
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif op == 3 and n:
            text = text[:i] + chr(rng.randrange(0x20, 0x7f)) + text[i + 1:]
        elif op == 4:
            j = rng.randrange(n + 1)
            a, b = min(i, j), max(i, j)
            text = text[:b] + text[a:b] + text[b:]
        elif op == 5 and n:
            # flip a digit (dice, cells, seeds, versions)
            digits = [m.start() for m in re.finditer(r"\d", text)]
            if digits:
                d = rng.choice(digits)
                text = text[:d] + str(rng.randrange(10)) + text[d + 1:]
        elif op == 6:
            text = text[:i] + rand_text(rng) + text[i:]
        else:
            text = text.replace(rng.choice(["\"human\"", "\"place\"", "\"R\"", "1", "[", "\"seats\""]),
                                rng.choice(["\"greedy\"", "\"pass\"", "\"B\"", "2", "{", "\"Seats\""]), 1)
    return text


def random_document(rng: random.Random) -> str:
    pick = rng.randrange(6)
    if pick == 0:
        return rand_text(rng, 200)
    if pick == 1:
        return json.dumps(rand_json(rng))
    if pick == 2:
        depth = rng.choice([10, 500, 990, 1000, 1010, 5000, 100_000])
        return rng.choice(["[", "{\"a\":", "[{\"b\":"]) * depth
    if pick == 3:
        return rng.choice(["", " ", "null", "0", "\"x\"", "[]", "{}", "1" * 5000, "{\"saved_at\":" + "7" * 5000 + "}"])
    if pick == 4:
        return json.dumps({"app": "diceland", "envelope": rand_scalar(rng), "saved_at": rand_scalar(rng),
                           "record": rand_json(rng), "seats": rand_json(rng), "summary": rand_json(rng)})
    return json.dumps({"format": "diceland-record", "version": rand_scalar(rng), "players": rand_scalar(rng),
                       "boards": rand_json(rng), "seed": rand_scalar(rng), "actions": rand_json(rng)})


def some_input(rng: random.Random, texts: list[str], docs: list[object]) -> tuple[str, str]:
    """(kind, text): a tree mutation, a text mutation, random text, or a
    structure nested to kill the parser (:func:`hostile.hostile`)."""
    pick = rng.random()
    if pick < 0.1:
        return hostile(rng, rng.choice(docs))
    if pick < 0.45:
        return "tree", json.dumps(mutate_tree(rng.choice(docs), rng), ensure_ascii=rng.random() < 0.5)
    if pick < 0.85:
        return "text", mutate_text(rng.choice(texts), rng)
    return "random", random_document(rng)


# -- games to start from ------------------------------------------------------------------------

def Clock():
    """A clock that ticks a second per reading."""
    return itertools.count(1_700_000_000).__next__


def played(board, players: int, steps: int, seed: int) -> Game:
    meta = {"seats": [{"name": HTML, "kind": "human"}] * players} if seed % 2 else None
    game = Game.new([board] * players, seed=seed, meta=meta)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def seats_for(players: int) -> list[Seat]:
    kinds = ["human", "greedy", "expert", "random"]
    names = ["Ana", HTML, "名前", "Bo \"the\" <b>bold</b>"]
    return [Seat(names[i], kinds[i]) for i in range(players)]


@pytest.fixture(scope="module", autouse=True)
def board_memo():
    """Building a board from its mapping is most of a record's reading time:
    remember boards already built from the same mapping (the same input gets
    the same board); mutated boards are still built and checked every time."""
    import diceland_core.games.diceland.record as record_module

    real = record_module.board_from_mapping
    memo: dict[str, object] = {}

    def cached(data, where="board"):
        key = json.dumps([data, where], sort_keys=True)
        if key not in memo:
            memo[key] = real(data, where)
        return memo[key]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(record_module, "board_from_mapping", cached)
        yield


@pytest.fixture(scope="module")
def corpus(board):
    """Saves and files of short games (2-4 players) to mutate, and a backend
    holding two good saves."""
    store = SaveStore({}, clock=Clock(), new_id=iter(f"g{i}" for i in range(1, 99)).__next__)
    games = [played(board, 2, 0, 1), played(board, 2, 6, 2), played(board, 3, 12, 3),
             played(board, 4, 20, 4), played(board, 2, 30, 5)]
    ids = [store.save(g, seats_for(g.players), last_frame="data:image/png;base64,QUJD").save_id for g in games]
    exports = [store.export_json(i) for i in ids]
    texts = exports + [store.backend[SAVE_PREFIX + i] for i in ids] + [record_json(g) for g in games]
    docs = [json.loads(t) for t in texts]
    future = dict(docs[1], envelope=ENVELOPE_VERSION + 1)
    docs.append(future)
    texts.append(json.dumps(future))
    good = SaveStore({}, clock=Clock(), new_id=iter(["g1", "g2"]).__next__)
    good.save(games[1], seats_for(2))
    good.save(games[2], seats_for(3), last_frame="data:image/png;base64,QUJD")
    return texts, docs, dict(good.backend)


# -- (a) links ------------------------------------------------------------------------------------

KINDS = ["human", "greedy", "expert", "random", "HUMAN", " Human ", "Expert", "wizard", "", "bot"]


def url_value(rng: random.Random, name: str) -> object:
    pick = rng.random()
    if pick < 0.5:
        parts = {"players": KINDS, "boards": KNOWN + ["a", "z", "AA"], "board": KNOWN + ["b"],
                 "names": ["Ana", "Bo", HTML, "名前", ""], "seed": NUMBERS}.get(name, WEIRD)
        sep = rng.choice([",", ",", ", ", " ,", ",,"])
        value: object = sep.join(rng.choice(parts) for _ in range(rng.choice([1, 2, 2, 3, 4, 5, 9])))
    elif pick < 0.8:
        value = rand_text(rng)
    elif pick < 0.9:
        value = rng.choice([None, 5, -1, 1 << 70, 3.5, True])
    else:
        value = ",".join(rand_text(rng, 5) for _ in range(rng.randrange(1, 400)))
    if rng.random() < 0.15:  # a repeated parameter: the page passes every value
        value = [value] + [url_value(rng, name) for _ in range(rng.randrange(3))]
        if rng.random() < 0.1:
            value = []
    return value


def test_fuzz_url_params():
    rng = random.Random(20240601)
    outcomes: Counter[str] = Counter()
    names = ["players", "names", "boards", "board", "seed", "lang", "x", ""]
    for i in range(N):
        if rng.random() < 0.5:  # a good link with one or two values changed
            n = rng.choice([2, 3, 4])
            query = {"players": ",".join(rng.choice(KINDS[:4]) for _ in range(n)),
                     "names": ",".join(rng.choice(["Ana", HTML, "名前", " Bo "]) for _ in range(n)),
                     "boards": rng.choice(KNOWN) if rng.random() < 0.5 else ",".join(rng.choices(KNOWN, k=n)),
                     "seed": str(rng.randrange(1 << 64))}
            for name in rng.sample(list(query), rng.randrange(3)):
                if rng.random() < 0.5:
                    del query[name]
                else:
                    query[name] = url_value(rng, name)
        else:
            query = {name: url_value(rng, name) for name in names if rng.random() < 0.5}
        lang = rng.choice(LANGS + ("", "xx", HTML, "EN", "es-AR"))
        known = None if i % 500 == 0 else KNOWN
        result = from_url_params(query, lang, known)
        if isinstance(result, str):
            assert result.strip(), query
            outcomes["error"] += 1
            continue
        assert isinstance(result, UrlSetup), query
        seats, boards, seed = result
        assert 2 <= len(seats) <= 4 and len(boards) == len(seats)
        assert all(isinstance(s, Seat) and s.kind in SEAT_KINDS and isinstance(s.name, str) and s.name
                   for s in seats)
        allowed = KNOWN if known is not None else None
        if allowed is not None:
            assert set(boards) <= set(allowed)
        assert seed is None or (type(seed) is int and 0 <= seed < 1 << 64)
        names_value = query.get("names")
        if isinstance(names_value, list):
            names_value = names_value[-1] if names_value else None
        if names_value is not None and str(names_value).strip():
            # names come back as the very text given (split and trimmed), never escaped
            given = [n.strip() for n in str(names_value).strip().split(",")]
            assert [s.name for s in seats] == [n[:MAX_NAME] for n in given]
            assert link_names_trimmed(query) == any(len(n) > MAX_NAME for n in given)
        outcomes["ok" if seed is None else "ok_seed"] += 1
    assert sum(outcomes.values()) == N
    assert outcomes["ok"] > 100 and outcomes["ok_seed"] > 100 and outcomes["error"] > N // 2, outcomes


@pytest.mark.parametrize("seed, parsed", [
    ("²", None), ("¹²", None), ("٣", None), ("０", None), ("1" * 5000, None), ("0" * 5000 + "5", 5),
    ("9" * 25, None), ("18446744073709551615", (1 << 64) - 1), ("0018446744073709551616", None),
], ids=["sup2", "sup12", "arabic3", "fullwidth0", "5000_digits", "zeros_then_5", "25_digits", "max",
        "max_plus_1"])
def test_url_seed_of_unicode_digits_or_thousands_of_digits(seed, parsed):
    result = from_url_params({"seed": seed}, known_boards=KNOWN)
    if parsed is None:
        assert isinstance(result, str) and "seed" in result.lower()
    else:
        assert result.seed == parsed


def _start_readers():
    """Each game's start-link reader: ``(game, read(query, lang), largest seed)``."""
    from diceland_site.games.clever.options import MAX_SEED, from_params
    from diceland_site.games.wideshut.options import SEED_LIMIT, from_query
    from diceland_site.games.wideshut.strings import WideStrings
    return [("diceland", lambda q, lang: from_url_params(q, lang, KNOWN), (1 << 64) - 1),
            ("clever", from_params, MAX_SEED),
            ("wideshut", lambda q, lang: from_query(q, WideStrings(lang)), SEED_LIMIT)]


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "18446744073709551616", "-1", "٣", "1e3", " 7x"])
def test_every_game_refuses_odd_seeds_in_plain_words_that_say_the_range(seed):
    for game, read, largest in _start_readers():
        for lang in LANGS:
            result = read({"players": "human,greedy", "seed": seed}, lang)
            assert isinstance(result, str), (game, seed, result)
            assert f"{largest}" in result and "start." not in result, (game, lang, result)
            assert len(result) < 200 and "Traceback" not in result and "int()" not in result, (game, result)
        ok = read({"players": "human,greedy", "seed": str(largest)}, "en")
        assert not isinstance(ok, str) and ok.seed == largest, game


def test_fuzz_every_games_start_params():
    """The start links of every game: a setup or a plain sentence, nothing else."""
    rng = random.Random(27)
    names = ["players", "names", "seed", "lang", "speed", "x"]
    for game, read, largest in _start_readers():
        outcomes: Counter[str] = Counter()
        for _ in range(N // 3):
            query = {name: url_value(rng, name) for name in names if rng.random() < 0.6}
            query = {k: (v[-1] if v else "") if isinstance(v, list) else ("" if v is None else str(v))
                     for k, v in query.items()}
            result = read(query, rng.choice(LANGS))
            if isinstance(result, str):
                assert result.strip() and "start." not in result, (game, query, result)
                assert not re.search(r"\{(value|max|kinds|game|lo|hi|count)\}", result), (game, result)
                outcomes["error"] += 1
            else:
                assert result.seed is None or 0 <= result.seed <= largest, (game, query)
                outcomes["ok"] += 1
        assert outcomes["ok"] > 10 and outcomes["error"] > 10, (game, outcomes)


# -- (b) imported files ------------------------------------------------------------------------------

def _check_error(exc: SaveError, importing: bool) -> None:
    assert exc.code in CODES and str(exc)
    for lang in LANGS:
        assert exc.message(lang, importing=importing).strip()


def _check_depth(kind: str, text: str, code: str | None) -> None:
    """Refused as too deep (before parsing) exactly when a parser would go
    deeper than the limit; brackets in strings are no reason to refuse."""
    assert (code == "too_deep") == (parser_depth(text, MAX_DEPTH) > MAX_DEPTH), (kind, code)


def test_fuzz_import_json(corpus):
    texts, docs, base = corpus
    rng = random.Random(7)
    outcomes: Counter[str] = Counter()
    for i in range(N):
        kind, text = some_input(rng, texts, docs)
        backend = dict(base)
        store = SaveStore(backend, clock=Clock())
        try:
            new_id = store.import_json(text, lang=rng.choice(LANGS + ("xx",)))
        except SaveError as exc:
            _check_error(exc, importing=True)
            assert backend == base, "a failed import changed the store"
            _check_depth(kind, text, exc.code)
            outcomes[exc.code] += 1
            continue
        _check_depth(kind, text, None)
        assert isinstance(new_id, str) and new_id and store.pending == []
        assert {k: v for k, v in backend.items() if k != SAVE_PREFIX + new_id} == base
        listed = {s["id"]: s for s in store.list_saves()}
        assert not listed[new_id]["broken"] and len(listed) == 3
        if i % 4 == 0:  # what was imported loads again (the replay is the slow part)
            game, seats = store.load(new_id)
            assert len(seats) == game.players
        outcomes["ok"] += 1
    assert sum(outcomes.values()) == N
    assert outcomes["ok"] > 200 and len(outcomes) >= 5, outcomes


@pytest.mark.parametrize("text, code", [
    ("[" * 100_000, "too_deep"), ("{\"a\":" * 5000, "too_deep"), ("{\"saved_at\": " + "1" * 5000 + "}", "not_json"),
    ("[" + "9" * 4301 + "]", "not_json"), (" " * (MAX_IMPORT_CHARS + 1), "too_big"),
], ids=["deep_list", "deep_object", "long_int", "long_int2", "too_big"])
def test_import_of_too_deep_or_too_long_numbers_is_an_error(text, code):
    store = SaveStore({})
    with pytest.raises(SaveError) as info:
        store.import_json(text)
    assert info.value.code == code and store.backend == {}
    assert info.value.message("it", importing=True) != info.value.message("en", importing=True)


def _nested_meta(text: str, depth: int) -> str:
    return text.rstrip()[:-1] + ",\"meta\":{\"x\":" + "[" * depth + "]" * depth + "}}"


def _deeper(frames: int, call):
    return call() if frames <= 0 else _deeper(frames - 1, call)


def test_import_near_the_nesting_limit(corpus):
    """Files nested just below and above what the JSON reader takes: refused,
    or stored so that they read back (and export) from anywhere."""
    texts, docs, base = corpus
    limit = sys.getrecursionlimit()
    for text in (texts[-2], texts[0]):  # a bare record (version 0) and an exported save
        for depth in (*range(limit - 60, limit + 20, 3), 60, 65, 70):
            store = SaveStore(dict(base))
            try:
                sid = store.import_json(_nested_meta(text, depth))
            except SaveError as exc:
                assert exc.code == "too_deep" and depth + 3 > MAX_DEPTH
                continue
            assert depth + 3 <= MAX_DEPTH
            assert not store.list_saves()[0]["broken"]
            _deeper(limit // 2, lambda: store.export_json(sid))


def test_an_imported_file_reads_back_from_a_deeper_stack(corpus):
    """A file the reader only just takes must not become a save that a deeper
    call stack (the page's event handlers) cannot read."""
    texts, docs, base = corpus
    limit = sys.getrecursionlimit()
    store = SaveStore(dict(base))
    try:
        sid = store.import_json(_nested_meta(texts[-2], limit // 2))
    except SaveError as exc:
        assert exc.code == "too_deep" and "deep" in exc.detail
    else:
        _deeper(limit // 2 + 50, lambda: store.load(sid))


# -- (c) localStorage contents -----------------------------------------------------------------------

def corrupt_entry(rng: random.Random, texts: list[str], docs: list[object], base: dict[str, str]) -> str:
    pick = rng.random()
    stored = [v for k, v in base.items() if k.startswith(SAVE_PREFIX)]
    if pick < 0.1:
        text = rng.choice(stored)
        return text[:rng.randrange(len(text))]  # a write cut short
    if pick < 0.2:
        env = json.loads(rng.choice(stored))
        field = rng.choice(["envelope", "saved_at", "seats", "summary", "record", "last_frame", "app", "id"])
        env[field] = rng.choice([ENVELOPE_VERSION + 1, 10 ** 6, "1", None, [], {}, 3.5, -1, HTML,
                                 float("nan"), [{"name": 1}], [{"name": "x", "kind": "wizard"}]])
        if rng.random() < 0.3 and isinstance(env["record"], dict):
            env["record"]["version"] = rng.choice([2, 99, 0, "1", None])
        return json.dumps(env)
    if pick < 0.6:
        return json.dumps(mutate_tree(json.loads(rng.choice(stored)) if rng.random() < 0.6 else rng.choice(docs),
                                      rng))
    if pick < 0.7:
        return hostile(rng, json.loads(rng.choice(stored)))[1]
    return some_input(rng, stored + texts, docs)[1]


def test_fuzz_local_storage(corpus):
    texts, docs, base = corpus
    rng = random.Random(99)
    outcomes: Counter[str] = Counter()
    good_ids = sorted(k[len(SAVE_PREFIX):] for k in base if k.startswith(SAVE_PREFIX))
    for i in range(N):
        text = corrupt_entry(rng, texts, docs, base)
        bad_id = rng.choice(["bad", "bad", "bad", good_ids[0], "zz:1", "名", HTML])
        key = SAVE_PREFIX + bad_id
        backend = dict(base)
        backend[key] = text
        if rng.random() < 0.1:
            backend[SETTINGS_KEY] = mutate_text(json.dumps({"lang": "es"}), rng)
        before = dict(backend)
        store = SaveStore(backend, clock=Clock())

        # the list: never raises, never drops an entry
        listing = store.list_saves()
        assert sorted(s["id"] for s in listing) == sorted(k[len(SAVE_PREFIX):] for k in before
                                                          if k.startswith(SAVE_PREFIX))
        for s in listing:
            assert isinstance(s["broken"], bool)
            if s["broken"]:
                assert s["code"] in CODES and s["reason"]
            if s["id"] == bad_id:
                _check_depth("stored", text, s["code"] if s["broken"] else None)
        assert [s["id"] for s in listing if not s["broken"]] == [
            s["id"] for s in listing if s["id"] != bad_id or not s["broken"]]
        assert backend == before

        # resuming: the newest readable unfinished game, then load it
        last = store.last_unfinished()
        assert last is None or (not last["broken"] and last["id"] in {s["id"] for s in listing})

        # loading the corrupted entry
        try:
            game, seats = store.load(bad_id)
        except SaveError as exc:
            _check_error(exc, importing=False)
            assert exc.save_id == bad_id and exc.backup_key and exc.backup_key.startswith(BACKUP_PREFIX)
            assert backend[key] == text, "a failed load changed the save"
            assert backend[exc.backup_key] == text
            assert {k: v for k, v in backend.items() if k != exc.backup_key} == before
            outcomes[exc.code] += 1
        else:
            assert len(seats) == game.players and backend == before
            outcomes["ok"] += 1
        if last is not None and last["id"] != bad_id:
            assert last["id"] in good_ids
        elif last is not None and i % 4 == 0:
            try:
                store.load(last["id"])
            except SaveError as exc:
                assert backend[key] == text and backend[exc.backup_key] == text

        # the thumbnail and the settings
        frame = store.last_frame(bad_id)
        assert frame is None or isinstance(frame, str)
        result = store.set_last_frame(bad_id, rng.choice([None, "data:image/png;base64,AAAA"]))
        assert isinstance(result, SaveResult) and result.reason in (None, "invalid", "conflict")
        assert isinstance(store.settings(), dict)
        store.get_setting("lang", "en")
        # the good saves are all still there and readable
        for g in good_ids:
            if g != bad_id:
                assert backend[SAVE_PREFIX + g] == base[SAVE_PREFIX + g]
    assert sum(outcomes.values()) == N
    assert outcomes["ok"] > 100 and len(outcomes) >= 5, outcomes


@pytest.mark.parametrize("text, code", [
    ("[" * 100_000, "too_deep"),
    ("{\"app\": \"diceland\", \"envelope\": 1, \"saved_at\": " + "1" * 5000 + "}", "not_json"),
    (" " * (MAX_SAVE_CHARS + 1), "too_big"),
], ids=["deep", "long_int", "too_big"])
def test_too_deep_or_too_long_numbers_in_storage(text, code):
    backend = {SAVE_PREFIX + "x": text}
    store = SaveStore(backend)
    [entry] = store.list_saves()
    assert entry["broken"] and entry["code"] == code
    assert store.last_unfinished() is None
    with pytest.raises(SaveError) as info:
        store.load("x")
    assert info.value.code == code and backend[info.value.backup_key] == text
    assert backend[SAVE_PREFIX + "x"] == text
    assert store.last_frame("x") is None


@pytest.mark.parametrize("text", ["[1]", "\"text\"", "7", "null", "1" * 5000, "[" * 100_000],
                         ids=["list", "string", "number", "null", "long_int", "deep"])
def test_thumbnail_of_a_save_that_is_not_an_object(text):
    backend = {SAVE_PREFIX + "x": text}
    store = SaveStore(backend)
    assert store.last_frame("x") is None
    result = store.set_last_frame("x", "data:image/png;base64,AAAA")
    assert not result.ok and result.reason == "invalid"
    assert backend == {SAVE_PREFIX + "x": text}


# -- names are data, not markup ---------------------------------------------------------------------

def test_html_in_names_comes_back_as_plain_text(board):
    names = [HTML[:MAX_NAME], "<b>Bo</b> & \"Cy\""]
    setup = from_url_params({"players": "human,human", "names": ",".join(names)}, known_boards=KNOWN)
    assert [s.name for s in setup.seats] == names
    ctl = Controller.new(setup.seats, [board], seed=3)
    model = ctl.model()
    assert [p.name for p in model.seats] == names
    assert names[model.active] in model.status and names[model.active] in model.board_label
    assert "&lt;" not in json.dumps(model.to_json(), ensure_ascii=False)

    store = SaveStore({}, clock=Clock())
    sid = store.save(ctl.game, ctl.seats).save_id
    [entry] = store.list_saves()
    assert [p["name"] for p in entry["players"]] == names
    game, seats = store.load(sid)
    assert [s.name for s in seats] == names and game.setup.meta["seats"][0]["name"] == names[0]
    other = SaveStore({})
    _, seats2 = other.load(other.import_json(store.export_json(sid)))
    assert [s.name for s in seats2] == names


def _markup_builders(source: str, tag: re.Pattern) -> set[str]:
    """The functions of a module whose string literals hold markup (docstrings aside)."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and tag.search(node.value):
            if isinstance(parents.get(node), ast.Expr):
                continue
            up = parents.get(node)
            while up is not None and not isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef)):
                up = parents.get(up)
            found.add(up.name if up is not None else "<module>")
    return found


def test_the_site_package_builds_no_markup_from_text():
    """The page puts names and captions into the DOM as text; the package hands
    out data.  The only markup it makes is SVG from numbers and fixed names:
    the dice symbols' (a colour) and the review's graph (class names of its
    marks)."""
    package = Path(__file__).resolve().parents[2] / "site" / "diceland_site"
    tag = re.compile(r"(?<!\?P)<\s*/?\s*[A-Za-z!][^<>]*>|&(lt|gt|amp|quot|#\d+);")  # not (?P<name>...)
    builders = {}
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for word in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "html.escape"):
            assert word not in source, (path.name, word)
        found = _markup_builders(source, tag)
        if found:
            builders[path.name] = found
    assert builders == {"draw.py": {"symbol_svg"}, "svg.py": {"ops_to_svg", "_element"}, "screen.py": {"graph_svg"}}
    from diceland_site.games.diceland.draw import PALETTE, symbol_svg
    for colour in PALETTE:
        svg = symbol_svg(colour, 24)
        assert set(re.findall(r"<(/?[a-z]+)", svg)) <= {"svg", "/svg", "circle", "polygon"}
        assert re.fullmatch(r'[<>/="a-zA-Z0-9 .,:#\-]+', svg), svg
    for path in sorted((package / "locales").glob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            assert not tag.search(value), (path.name, key)
