"""What teaching pages of every game share, without a browser: the links
of ``embed.html`` (``?scenario=NAME`` — a shipped lesson by id or file name —
or ``?s=DATA``, a scenario as JSON, raw-deflate compressed, base64url without
padding; ``&step=N``, ``&lang=en|es|it``, ``&seat=P``), every problem an
:class:`EmbedError` whose :meth:`~EmbedError.message` is translated; a lesson
file's texts (:class:`LessonTexts`, :func:`text_in`); a refused try
(:class:`TryVerdict`, :func:`engine_refusal`, :func:`refused`); the embed's
``iframe``; and the tutorial's progress (``localStorage["diceland:tutorial"]``).

Lessons themselves (a script, its tries, the session) are
:mod:`diceland_site.lessons` and :mod:`diceland_site.lesson_session`, over
each game's ``games/<game>/lesson.py``.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from diceland_core import IllegalActionError, ScenarioError
from diceland_core.core.errors import BoardError

from . import safejson
from .safejson import MAX_QUERY_CHARS
from .packed import LinkError, unpack
from .i18n import LANGUAGES, Strings, choose_language, error_details, error_text

__all__ = [
    "EmbedError", "EmbedParams", "LessonTexts", "TryVerdict",
    "encode_scenario", "decode_scenario", "page_language", "parse_params", "lesson_file",
    "engine_refusal", "refused", "text_in", "without_rule_ids", "embed_url", "iframe_attributes",
    "load_progress", "dump_progress", "merge_progress", "parse_json", "check_scenario", "PROGRESS_KEY",
    "MAX_PARAM_CHARS", "MAX_JSON_BYTES",
]

#: Longest ``s=`` value read (characters) and largest JSON it may inflate to.
MAX_PARAM_CHARS = MAX_QUERY_CHARS - 2_000
MAX_JSON_BYTES = 400_000
PROGRESS_KEY = "diceland:tutorial"
_DIGITS = re.compile(r"[0-9]{1,6}")


class EmbedError(ValueError):
    """A broken or unknown parameter: ``key`` names the message
    (``embed.error.<key>`` in the locale files), ``params`` fill it."""

    def __init__(self, key: str, **params: object):
        super().__init__(f"{key}: {params}" if params else key)
        self.key = key
        self.params = params

    def message(self, lang: str) -> str:
        return Strings(lang).t(f"embed.error.{self.key}", **self.params)


# -- the s= value ------------------------------------------------------------------

def encode_scenario(data: Mapping[str, Any]) -> str:
    """Compact JSON → raw deflate → base64url without padding."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def decode_scenario(value: str) -> dict[str, Any]:
    """The scenario object of an ``s=`` value, checked with
    :func:`diceland_core.parse_scenario`; raises :class:`EmbedError`."""
    try:
        raw = unpack(value, MAX_PARAM_CHARS, MAX_JSON_BYTES)
    except LinkError as exc:
        raise EmbedError(exc.step or exc.key) from None
    data = parse_json(raw, "json")
    check_scenario(data)
    return data


def parse_json(text: str | bytes, error_key: str = "json", what: str = "") -> Any:
    """JSON of a link or a lesson file, measured first (:mod:`.safejson`):
    ``EmbedError("too_long")`` or ``EmbedError("too_deep")`` before parsing,
    ``EmbedError(error_key, detail=...)`` if it is not JSON."""
    try:
        return safejson.loads(text, max_chars=MAX_JSON_BYTES)
    except safejson.JsonLimitError as exc:
        raise EmbedError("too_long" if exc.code == "too_big" else "too_deep") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise EmbedError(error_key, detail=f"{what}: {exc}" if what else str(exc)) from None


def check_scenario(data: object) -> None:
    """Raise ``EmbedError("scenario")`` if ``data`` is not a Diceland
    scenario (its engine is imported here, not by every page)."""
    from diceland_core.games.diceland.scenario import parse_scenario

    try:
        parse_scenario(data)
    except (ScenarioError, BoardError, ValueError, TypeError, RecursionError) as exc:
        raise EmbedError("scenario", detail=str(exc)) from None


# -- the query ------------------------------------------------------------------------

@dataclass(frozen=True)
class EmbedParams:
    lang: str
    scenario: str | None = None
    data: dict[str, Any] | None = None
    step: int | None = None
    seat: int | None = None


def _one(query: Mapping[str, Any], name: str) -> str | None:
    value = query.get(name)
    if isinstance(value, (list, tuple)):
        value = value[-1] if value else None
    return None if value is None else str(value)


def page_language(query: Mapping[str, Any], navigator_languages: Sequence[str] = ()) -> str:
    """``lang=`` when it is one we have, else the browser's, else English."""
    lang = (_one(query, "lang") or "").strip().lower()
    return lang if lang in LANGUAGES else choose_language(None, list(navigator_languages))


def _number(raw: str | None, key: str) -> int | None:
    if raw is None:
        return None
    text = raw.strip()
    if not _DIGITS.fullmatch(text):
        raise EmbedError(key, value=raw[:40])
    return int(text)


def parse_params(query: Mapping[str, Any], navigator_languages: Sequence[str] = ()) -> EmbedParams:
    """Read the query; raises :class:`EmbedError` for anything broken (range
    checks of ``step``/``seat`` need the scenario: :meth:`~diceland_site.lessons.LessonScript.check_view`)."""
    lang = page_language(query, navigator_languages)
    raw_lang = _one(query, "lang")
    if raw_lang is not None and raw_lang.strip().lower() not in LANGUAGES:
        raise EmbedError("lang", value=raw_lang[:40])
    step = _number(_one(query, "step"), "step")
    seat = _number(_one(query, "seat"), "seat")
    name, s = _one(query, "scenario"), _one(query, "s")
    if name is not None and s is not None:
        raise EmbedError("both")
    if name is not None:
        name = name.strip()
        if not name:
            raise EmbedError("unknown_scenario", name="", known="")
        return EmbedParams(lang, scenario=name, step=step, seat=seat)
    if s is not None:
        return EmbedParams(lang, data=decode_scenario(s), step=step, seat=seat)
    raise EmbedError("missing")


def lesson_file(name: str, index: Sequence[Mapping[str, str]]) -> tuple[str, str]:
    """``(lesson id, file name)`` of a shipped scenario named by id, file name
    or file stem (``overshoot``, ``04-overshoot.json``, ``04-overshoot``)."""
    wanted = name.strip().lower()
    for entry in index:
        file = str(entry.get("file", ""))
        if wanted in (str(entry.get("id", "")).lower(), file.lower(), file.lower().removesuffix(".json")):
            return str(entry["id"]), file
    known = ", ".join(str(e.get("id")) for e in index)
    raise EmbedError("unknown_scenario", name=name[:60], known=known)


# -- a scenario with its texts ------------------------------------------------------------

def text_in(value: object, lang: str) -> str:
    """A plain string, or ``{"en": …, "es": …}`` in ``lang`` (else English,
    else any)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in (lang, "en", *value):
            if isinstance(value.get(key), str):
                return value[key]
    return ""


@dataclass(frozen=True)
class TryVerdict:
    """The judgement of a reader's move: ``rule`` is the rule id it breaks
    (None when it is legal), ``message`` what to tell them."""

    accepted: bool
    message: str = ""
    rule: str | None = None
    #: the rule id and title, behind the "details" link
    details: str = ""


def engine_refusal(state: Any, action: Any) -> tuple[IllegalActionError | None, Any]:
    """The engine's objection to ``action`` (None if it is legal) and a copy
    of ``state`` with the action applied when it is."""
    probe = state.copy()
    try:
        probe.apply(action)
    except IllegalActionError as exc:
        return exc, probe
    return None, probe


def refused(error: IllegalActionError | None, why: object, lang: str, names: Sequence[str] | None) -> TryVerdict:
    """A refused try: the engine's reason in plain words (its rule behind
    "details") and/or the lesson's ``why`` for that move."""
    parts = [error_text(error, lang, names)] if error is not None else []
    if why:
        parts.append(without_rule_ids(text_in(why, lang)))
    if not parts:
        parts.append(Strings(lang).t("embed.try.not_this"))
    if error is None:
        return TryVerdict(False, " ".join(parts))
    return TryVerdict(False, " ".join(parts), error.rule, error_details(error, lang))


_RULE_IDS = re.compile(r"\s*\((?:[DCW]\d+(?:\.\d+)*[a-z]?(?:,\s*)?)+\)")


def without_rule_ids(text: str) -> str:
    """A lesson's sentence as a player reads it (feedback, explanation,
    caption): the citations "(D2.4)", "(D2.3, D2.4)" are left out (feedback
    keeps its rule behind the details link).  embed-picture.js strips the
    same pattern from the texts it shows before Python starts."""
    return _RULE_IDS.sub("", text)


class LessonTexts:
    """The texts of a lesson file of any game: ``title``, ``explain``, the
    ``steps`` captions and the ``try``."""

    data: Mapping[str, Any]

    def read_texts(self, data: Mapping[str, Any]) -> None:
        self.captions: dict[int, Any] = {}
        for step in data.get("steps", []) if isinstance(data.get("steps"), list) else []:
            if isinstance(step, dict) and isinstance(step.get("after"), int):
                self.captions[step["after"]] = step.get("caption")
        spec = data.get("try")
        self.try_spec = spec if isinstance(spec, dict) and isinstance(spec.get("step"), int) else None

    def title(self, lang: str) -> str:
        return text_in(self.data.get("title"), lang)

    def explain(self, lang: str) -> str:
        return without_rule_ids(text_in(self.data.get("explain"), lang))

    def caption(self, step: int, lang: str) -> str:
        return without_rule_ids(text_in(self.captions.get(step), lang))


# -- the embed as an iframe -----------------------------------------------------------------

def embed_url(page_url: str) -> str:
    """``embed.html`` next to the page at ``page_url`` (query and hash dropped)."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base.rsplit("/", 1)[0] + "/embed.html"


def iframe_attributes(url: str, title: str, width: int = 480, height: int = 720) -> dict[str, str]:
    """The attributes of the ``iframe`` element the share dialog offers (the
    page builds the element, so the browser does the quoting)."""
    return {"src": url, "width": str(width), "height": str(height), "title": title,
            "style": "border:0;max-width:100%", "loading": "lazy"}


# -- the tutorial's progress ----------------------------------------------------------------

def load_progress(text: str | None, known: Sequence[str]) -> dict[str, Any]:
    """``{"done": [lesson ids in lesson order], "lang": str | None}`` from the
    stored value; anything unreadable counts as no progress."""
    done: list[str] = []
    lang = None
    try:
        data = safejson.loads(text, max_chars=10_000) if text else {}
    except (ValueError, RecursionError):
        data = {}
    if isinstance(data, dict):
        raw = data.get("done")
        if isinstance(raw, list):
            done = [k for k in known if k in {d for d in raw if isinstance(d, str)}]
        if data.get("lang") in LANGUAGES:
            lang = data["lang"]
    return {"done": done, "lang": lang}


def merge_progress(stored: str | None, progress: Mapping[str, Any], known: Sequence[str]) -> dict[str, Any]:
    """The progress to write when ``progress`` is this page's and ``stored``
    is what the store holds now: lessons done on another page since are kept."""
    done = set(load_progress(stored, known)["done"]) | set(progress.get("done", []))
    return {"done": [k for k in known if k in done], "lang": progress.get("lang")}


def dump_progress(progress: Mapping[str, Any]) -> str:
    return json.dumps({"version": 1, "done": list(progress.get("done", [])), "lang": progress.get("lang")},
                      separators=(",", ":"))
