"""A game with friends on the page (:mod:`diceland_site.friends`): the bar
that says whom the game goes to next, with "Send to NAME" (the system share
sheet on a phone, a copy on a desktop, and the link itself to select), the
turn links the page opens (``#turn=…``), the new-game dialog's option and a
start link's ``friends=``.  A part of :class:`~diceland_web.shell.Shell`."""

from __future__ import annotations

from diceland_site.friends import make_friends
from diceland_site.save_errors import SaveError
from diceland_site.share import turn_url

from .dom import document, el, share_or_copy, window

__all__ = ["FriendsBar"]


class FriendsBar:
    def __init__(self, shell):
        self.shell = shell
        self._link: tuple = (None, None, None)  # (the game, its moves and the recipient, the link)
        self._shown: tuple | None = ()  # what the bar said when its height was last measured
        shell.on(el("btn-send-turn"), "click", lambda evt: self.send())

    # -- who is next ---------------------------------------------------------------------
    def recipient(self) -> int | None:
        """The friend the game goes to now (:meth:`Table.friend_recipient`)."""
        ctrl = self.shell.page.ctrl
        return None if ctrl is None else ctrl.friend_recipient()

    def turn_link(self) -> str | None:
        """The link to send now (``window.diceland.turnLink()``), or None:
        packed once for each position and recipient."""
        return self._link_to(self.recipient())

    def _link_to(self, to: int | None) -> str | None:
        if to is None:
            return None
        ctrl, href = self.shell.page.ctrl, str(window.location.href)
        game, moves = ctrl.game, len(ctrl.game.actions)  # an undo makes a new game object
        cached, key, link = self._link
        if cached is not game or key != (moves, to, href):
            link = turn_url(href, game, ctrl.seats, to)
            self._link = (game, (moves, to, href), link)
        return link

    # -- on screen -------------------------------------------------------------------------
    def render(self) -> None:
        """The bar, while the game is to be sent on."""
        bar, ctrl = el("friends-bar"), self.shell.page.ctrl
        over = ctrl is not None and ctrl.game.over
        order = [] if ctrl is None or over else ctrl.friend_order()
        to = self.recipient() if over else (order[0] if order else None)
        bar.hidden = to is None
        if to is None:
            self._room(None)
            return
        t = self.shell.t
        name = ctrl.seats[to].name
        if over:
            text = t("friends.over")
        else:
            text = t("friends.next", name=name)
            later = [ctrl.seats[p].name for p in order[1:]]
            if later:
                text += " " + t("friends.then", name=name, names=", ".join(later))
        el("friends-text").textContent = text
        el("btn-send-turn").textContent = t("friends.send", name=name)
        link = el("friends-link")
        link.value = self._link_to(to) or ""
        link.setAttribute("aria-label", t("friends.link_label", name=name))
        self._room((text, name, str(window.innerWidth)))

    def _room(self, shown: tuple | None) -> None:
        """Room under the page, so that its end can be scrolled above the
        bar: measured only when what the bar says (or the width) changed."""
        if shown == self._shown:
            return
        self._shown = shown
        room = 0 if shown is None else el("friends-bar").offsetHeight + 8
        document.documentElement.style.setProperty("--friends-room", f"{room}px")

    def send(self) -> None:
        """The share sheet where there is one, else a copy to the clipboard."""
        link, to = self.turn_link(), self.recipient()
        if link is None or to is None:
            return
        name = self.shell.page.ctrl.seats[to].name
        title = self.shell.t("friends.share_text", game=self.shell.t(self.shell.page.TITLE_KEY))
        share_or_copy({"title": title, "text": title, "url": link}, link,
                      lambda: self.shell.notices.toast(self.shell.t("friends.copied", name=name)), "friends-link")

    # -- starting ------------------------------------------------------------------------------
    def start_with_friends(self) -> bool:
        """The game on screen becomes a game with friends, played here by its
        first person; False (nothing changed) with fewer than two people."""
        ctrl = self.shell.page.ctrl
        people = [p for p, s in enumerate(ctrl.seats) if s.is_human] if ctrl is not None else []
        if len(people) < 2:
            return False
        ctrl.friends = make_friends(ctrl.game, people[0])
        if self.shell.store.get_setting("lang") is None:  # a start link's ?lang=: the friends' links
            self.shell.store.set_setting("lang", self.shell.lang)  # opened here later keep it
        ctrl.holder = people[0]
        ctrl.viewing = None
        self.shell.autosave()
        self.shell.page.render()
        return True

    def open_turn(self, text: str) -> bool:
        """A turn link's game, checked by replaying it: stored or brought up
        to date (:meth:`diceland_site.storage.SaveStore.import_turn`) and put on
        screen, with a word on what it was.  A refused link leaves the
        shell's ``link_problem``; the saved game is kept."""
        shell = self.shell
        try:
            save_id, verdict = shell.store.import_turn(text, shell.lang, shell.game)
        except SaveError as err:
            shell.link_problem = err.link_error()
            return False
        if not shell.saves.open_imported(save_id, None):
            return False
        ctrl = shell.page.ctrl
        if verdict in ("same", "older", "other"):
            shell.notices.show_message(shell.t(f"friends.{verdict}"), error=verdict == "other")
        elif ctrl is not None and ctrl.friends is not None and ctrl.current_seat() == ctrl.friends.me:
            sender = _last_person(ctrl)
            if sender is not None:
                shell.notices.toast(shell.t("friends.opened", name=ctrl.seats[sender].name))
        return True


def _last_person(ctrl) -> int | None:
    """The person who made the game's last decision (None: nobody yet)."""
    for action in reversed(ctrl.game.actions):
        seat = ctrl.actor(action)
        if seat is not None and ctrl.seats[seat].is_human and seat != ctrl.friends.me:
            return seat
    return None
