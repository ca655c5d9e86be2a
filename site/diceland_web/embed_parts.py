"""What both kinds of ``embed.html`` do the same way (a Diceland board and
another game's lesson): fetch a lesson file, show a broken link's message,
fill the texts around the board, report an error to tools."""

from __future__ import annotations

import json

from pyodide.http import pyfetch

from diceland_site.teaching import EmbedError, parse_json, parse_params

from .dom import document, el, report, window

__all__ = ["fetch_json", "show_error", "render_texts", "error_state", "run_page", "load_session", "show_loaded"]


async def fetch_json(url: str):
    response = await pyfetch(url, cache="no-cache")
    if not response.ok:
        raise EmbedError("load", detail=f"{url}: HTTP {response.status}")
    return parse_json(await response.string(), "load", url)


def show_error(err: EmbedError, strings, lang: str) -> None:
    el("embed-error-title").textContent = strings.t("embed.error.title")
    el("embed-error-text").textContent = err.message(lang)
    el("embed-error").hidden = False
    el("embed-error").dataset.key = err.key
    window.dicelandPostHeight()


async def load_session(page, open_session, render, read=parse_params) -> None:
    """The page's language and title, the link read (too long, then
    ``read(query, languages)``, :func:`parse_params` by default), the session
    ``await open_session(params)`` makes — a broken link's
    :class:`EmbedError` is kept to be shown instead — then
    :func:`show_loaded`."""
    document.documentElement.lang = page.lang
    document.title = page.strings.t("embed.title")
    try:
        if page.too_long:
            raise EmbedError("too_long")
        page.session = await open_session(read(page.query, page.langs))
    except EmbedError as err:
        page.error = err
    show_loaded(page, render)


def show_loaded(page, render) -> None:
    """After loading: wire the page, then show its error or its body."""
    page.bind()
    el("embed").hidden = False
    if page.error is not None:
        page.show_error(page.error)
    else:
        el("embed-body").hidden = False
        if str(getattr(window, "dicelandEmbedIntent", "")) == "try":
            page.session.button("try")  # the reader pressed Try it on the picture
        render()


def render_texts(m: dict, strings) -> None:
    """Title, explanation, caption, prompt and feedback (its rule behind "details")."""
    t = strings.t
    el("embed-title").textContent = m["title"] or t("embed.title")
    explain = m["explain"]
    el("embed-explain-box").hidden = not explain
    if explain and not el("embed-explain").textContent:
        el("embed-explain-summary").textContent = t("embed.about")
        el("embed-explain").textContent = explain
        el("embed-explain-box").open = True
    el("embed-caption").textContent = m["caption"]
    el("embed-prompt").textContent = m["prompt"]
    feedback = el("embed-feedback")
    feedback.textContent = m["feedback"]
    feedback.className = "embed-feedback " + m["feedback_kind"]
    details = el("embed-feedback-details")
    details.hidden = not m["feedback_details"]
    el("embed-feedback-details-label").textContent = t("message.details")
    details.querySelector("span").textContent = m["feedback_details"]


def error_state(err: EmbedError | None, lang: str) -> str:
    return json.dumps({"ok": False, "error": err.key if err else None, "message": err.message(lang) if err else ""})


async def run_page(page, where: str):
    """Expose the page's test API, load it (an unexpected failure becomes
    the readable "could not be loaded" message), then mark it ready."""
    page.expose()
    try:
        await page.load()
    except Exception as exc:
        report(where, exc)
        page.error = EmbedError("load", detail=str(exc))
        el("embed").hidden = False
        page.show_error(page.error)
    document.documentElement.dataset.ready = "true"
    window.dicelandPostHeight()
    return page
