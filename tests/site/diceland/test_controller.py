"""The UI state machine: whole games through the controller, taps, undo,
hint, hand-offs between humans on one device, links."""

from __future__ import annotations

import json
import random

import pytest

from diceland_core.games.diceland import Game, Phase
from diceland_core.games.diceland.actions import Choose, Pass, Place, Stop
from diceland_core.games.diceland.colours import Colour
from diceland_site.games.diceland.controller import Controller, Seat
from diceland_site.games.diceland.options import from_url_params


class SimpleBot:
    """Test bot: most frequent placeable colour, stop at once, prefer stars."""

    def __init__(self, kind="simple", seed=0):
        self.kind = kind

    def choose(self, game, player):
        legal = game.legal_actions(player)
        if game.phase is Phase.CHOOSE:
            sheet = game.sheets[player]
            return max(legal, key=lambda a: (sheet.can_place(a.colour, game.roll.count(a.colour)),
                                             game.roll.count(a.colour)))
        if game.phase is Phase.DECIDE:
            return Stop()
        board = game.boards[player]
        places = [a for a in legal if isinstance(a, Place)]
        if places:
            return max(places, key=lambda a: (sum(board.is_star(*c) for c in a.cells), len(a.cells)))
        return legal[0]


class SimpleBots(Controller):
    """The controller with the simple bots of these tests in the bots' seats."""

    def bot(self, seat):
        return self._bots.setdefault(seat, SimpleBot(self.seats[seat].kind, seat))


def simple_hinter(game, player):
    return SimpleBot().choose(game, player)


def make(board, kinds=("human", "greedy"), seed=5, lang="en", start_player=0, script=(), names=None):
    names = names or [f"P{i}" for i in range(len(kinds))]
    seats = [Seat(n, k) for n, k in zip(names, kinds)]
    game = Game.new([board] * len(kinds), seed=seed, start_player=start_player, script=script)
    return SimpleBots(game, seats, lang=lang, hinter=simple_hinter)


def human_step(ctl: Controller, rng: random.Random) -> None:
    """One scripted human input through the public API only."""
    m = ctl.model()
    if m.handoff:
        ctl.acknowledge_handoff()
        return
    if m.dice_hidden:
        assert ctl.roll().ok
        return
    if m.phase == "choose":
        dice = [d for d in m.dice if d.enabled]
        best = max(dice, key=lambda d: sum(e.colour == d.colour for e in dice))
        assert ctl.press_die(best.index).ok
        return
    if m.phase == "decide":
        result = ctl.reroll() if rng.random() < 0.3 else ctl.stop()
        assert result.ok
        return
    assert m.phase in ("place", "bonus")
    if rng.random() < 0.2:  # sometimes let the hint choose
        ctl.hint()
        m = ctl.model()
        if m.hint.action == "pass":
            assert ctl.pass_().ok
        else:
            assert ctl.confirm().ok, ctl.model().prompt
        return
    while True:
        m = ctl.model()
        confirm = next(b for b in m.buttons if b.id == "confirm")
        if confirm.enabled:
            assert ctl.confirm().ok
            return
        if not m.highlights:
            assert ctl.pass_().ok, m.prompt
            return
        r, c = rng.choice(m.highlights)
        assert ctl.tap(r, c).ok


def play_out(ctl: Controller, seed: int = 0, limit: int = 20_000) -> int:
    rng = random.Random(seed)
    steps = 0
    while not ctl.game.over and steps < limit:
        if ctl.current_seat() is not None:
            human_step(ctl, rng)
        else:
            assert ctl.bot_step().ok
        steps += 1
    return steps


def test_human_against_bot_whole_game(board):
    ctl = make(board, ("human", "greedy"), seed=11)
    play_out(ctl, 1)
    assert ctl.game.over and ctl.game.winners
    m = ctl.model()
    assert m.over and m.winner_names
    stats = m.stats
    assert [s.stars for s in stats] == [ctl.game.sheets[p].stars for p in range(2)]
    assert any(s.winner and s.stars >= 9 and s.colours >= 1 for s in stats)
    assert sum(s.turns for s in stats) == ctl.game.turn
    msgs = ctl.drain_messages()
    assert any(m.event == "game_over" and m.kind == "toast" for m in msgs)
    assert any(m.event == "star_crossed" for m in msgs)
    assert ctl.drain_messages() == []
    json.dumps(ctl.model().to_json())  # plain data for the page


def test_two_humans_and_a_bot_with_handoffs(board):
    ctl = make(board, ("human", "expert", "human"), seed=3)
    handoffs = 0
    rng = random.Random(2)
    steps = 0
    while not ctl.game.over and steps < 20_000:
        if ctl.needs_handoff():
            handoffs += 1
            m = ctl.model()
            assert m.handoff.name == ctl.seats[ctl.current_seat()].name
            assert not ctl.tap(4, 4).ok
        if ctl.current_seat() is not None:
            human_step(ctl, rng)
        else:
            assert ctl.bot_step().ok
        steps += 1
    assert ctl.game.over
    assert handoffs > 5


def test_bots_only(board):
    ctl = make(board, ("random", "greedy", "expert", "greedy"), seed=8)
    assert ctl.current_seat() is None and ctl.bot_pending()
    ctl.run_bots()
    assert ctl.game.over and not ctl.bot_pending()
    assert "win" in ctl.model().prompt


def test_roll_reveals_and_phase1_buttons(board):
    ctl = make(board, ("human", "greedy"), seed=5, start_player=0)
    m = ctl.model()
    assert m.current == 0 and m.dice_hidden
    assert all(d.colour is None and not d.enabled for d in m.dice)
    assert [b.id for b in m.buttons if b.enabled] == ["roll"]
    assert not ctl.choose(ctl.game.roll[0]).ok  # must reveal first
    assert not ctl.tap(4, 4).ok
    assert ctl.roll().ok
    m = ctl.model()
    assert [d.colour for d in m.dice] == [c.key for c in ctl.game.roll]
    assert all(d.enabled for d in m.dice)
    assert "red die" in [d.label for d in m.dice] or all(" die" in d.label for d in m.dice)
    assert ctl.tap(4, 4).reason == "Choose a colour from the dice first."
    colour = ctl.game.roll[0]
    assert ctl.press_die(0).ok
    assert ctl.game.chosen is colour
    if ctl.game.phase is Phase.DECIDE:
        ids = {b.id for b in ctl.model().buttons if b.enabled}
        assert {"reroll", "stop", "undo"} <= ids


def _to_phase2(ctl: Controller) -> None:
    """Drive the start player (a human) to phase 2."""
    ctl.roll()
    ctl.choose(max(set(ctl.game.roll), key=ctl.game.roll.count))
    if ctl.game.phase is Phase.DECIDE:
        assert ctl.stop().ok
    assert ctl.game.phase is Phase.PLACE


def test_illegal_taps_are_rejected_with_reasons(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    _to_phase2(ctl)
    p = ctl.current_seat()
    assert p == 0
    obstacle = next((r, c) for r in range(9) for c in range(12) if board.token(r, c) == "#")
    assert "obstacle" in ctl.tap(*obstacle).reason
    start = board.start_cell
    assert "start cell" in ctl.tap(*start).reason
    assert ctl.tap(20, 20).reason == "That is not a cell of the board."
    colour = ctl.game.chosen
    other = next(cell for cell in [(r, c) for r in range(9) for c in range(12)]
                 if board.colour_at(*cell) not in (None, colour))
    res = ctl.tap(*other)
    assert not res.ok and res.change == "rejected" and colour.key in res.reason
    far = next(cell for cell in [(r, c) for r in range(9) for c in range(12)]
               if board.colour_at(*cell) is colour and cell not in ctl.game.next_cells(0, colour))
    res = ctl.tap(*far)
    # a plain sentence for the player; the rule id waits behind "details"
    assert not res.ok and res.details.startswith("D2.") and not res.reason.startswith("D"), res
    assert ctl.model().selection == ()


def test_tap_toggle_confirm_and_full(board):
    for seed in range(50):
        ctl = make(board, ("human", "human"), seed=seed, start_player=0)
        _to_phase2(ctl)
        g = ctl.game
        n = g.held
        if g.must_place(0):
            break
    first = ctl.highlights()[0]
    assert ctl.tap(*first).change == "added"
    assert ctl.tap(*first).change == "removed"
    assert ctl.selection == []
    for _ in range(n):
        assert ctl.tap(*ctl.highlights()[0]).ok
    assert ctl.highlights() == []
    spare = next(cell for cell in ctl.game.next_cells(0, g.chosen) if cell not in ctl.selection) \
        if ctl.game.next_cells(0, g.chosen) else None
    if spare:
        assert "confirm" in ctl.tap(*spare).reason
    assert "Confirm" in ctl.model().prompt
    assert not ctl.pass_().ok  # D4.1: must place
    crossed = list(ctl.selection)
    assert ctl.confirm().ok
    assert all(ctl.game.sheets[0].is_crossed(*c) for c in crossed)
    assert ctl.tap(*crossed[0]).reason  # now another seat's turn or crossed


def _rolled_and_chosen(board, seed):
    """Two people, the first to play has rolled (``seed``) and chosen the
    colour shown on most dice."""
    ctl = make(board, ("human", "human"), seed=seed, start_player=0)
    ctl.roll()
    ctl.choose(max(set(ctl.game.roll), key=ctl.game.roll.count))
    return ctl


def test_removing_a_cell_drops_cells_that_hang_on_it(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    game = ctl.game
    # find a phase-2 state with 3+ dice for the active player
    for seed in range(200):
        ctl = _rolled_and_chosen(board, seed)
        if ctl.game.phase is Phase.DECIDE:
            ctl.stop()
        if ctl.game.held >= 3 and ctl.game.must_place(0):
            break
    else:
        pytest.skip("no seed with three dice")
    game = ctl.game
    chain = []
    for _ in range(3):
        nxt = game.next_cells(0, game.chosen, chain)
        # prefer a cell adjacent to the last one so the chain hangs on the first
        pick = nxt[0]
        chain.append(pick)
        assert ctl.tap(*pick).ok
    ctl.tap(*chain[0])
    assert chain[0] not in ctl.selection
    for cell in ctl.selection:
        assert cell in chain
    # whatever stays can still be completed
    assert len(ctl.selection) + 1 <= game.held
    assert ctl.highlights()


def test_other_player_picks_colour_by_die_or_by_cell(board):
    for seed in range(100):
        ctl = make(board, ("human", "human"), seed=seed, start_player=0)
        _to_phase2(ctl)
        g = ctl.game
        fits = [c for c in set(g.leftovers) if g.sheets[1].can_place(c, g.leftovers.count(c))]
        if g.must_place(0) and fits:
            break
    else:
        pytest.skip("no suitable seed")
    # the active player first
    for _ in range(g.held):
        ctl.tap(*ctl.highlights()[0])
    assert ctl.confirm().ok
    assert ctl.needs_handoff() and ctl.current_seat() == 1
    assert ctl.model().handoff.title == "Pass the device to P1"
    ctl.acknowledge_handoff()
    assert not ctl.needs_handoff()
    m = ctl.model()
    leftover = [d for d in m.dice if d.group == "leftover"]
    assert leftover and all(d.enabled for d in leftover)
    colour = fits[0]
    idx = next(d.index for d in leftover if d.colour == colour.key)
    assert ctl.press_die(idx).ok
    assert ctl.model().selection_colour == colour.key
    assert set(map(tuple, ctl.model().highlights)) == set(g.next_cells(1, colour))
    assert ctl.press_die(idx).ok  # again: clears
    assert ctl.model().selection_colour is None
    cell = g.next_cells(1, colour)[0]
    assert ctl.tap(*cell).ok  # picks the colour from the cell
    assert ctl.sel_colour is colour


def test_undo(board):
    ctl = make(board, ("human", "greedy"), seed=5, start_player=0)
    ctl.roll()
    assert not ctl.can_undo()
    colour = ctl.game.roll[0]
    ctl.choose(colour)
    assert ctl.can_undo()
    before = ctl.game
    assert ctl.undo().ok
    assert ctl.game is not before and ctl.game.phase is Phase.CHOOSE
    assert not ctl.needs_roll()  # the dice were seen already
    msgs = ctl.drain_messages()
    assert any(m.event == "undo" and m.kind == "toast" for m in msgs)
    ctl.choose(colour)
    if ctl.game.phase is Phase.DECIDE:
        ctl.reroll()  # new dice: no undo past them
        assert not ctl.can_undo()
        assert not ctl.undo().ok
        refused = ctl.undo()
        assert refused.details.startswith("D7.1") and refused.reason.startswith("Nothing to undo")


def test_cannot_undo_a_bot_move(board):
    ctl = make(board, ("greedy", "human"), seed=5, start_player=0)
    ctl.bot_step()  # the bot chooses a colour
    assert ctl.game.actions and not ctl.can_undo()


def test_hint_preselects_a_placement(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    ctl.roll()
    h = ctl.hint()
    assert h["action"] == "choose"
    m = ctl.model()
    assert any(d.hint for d in m.dice) and m.prompt.startswith("Hint: choose")
    ctl.choose(Colour[h["colour"].upper()])
    if ctl.game.phase is Phase.DECIDE:
        stop = ctl.hint()
        assert stop["action"] == "stop" and stop["reason"]  # why, in plain words
        ctl.stop()
    h = ctl.hint()
    if h["action"] == "place":
        assert ctl.selection == [tuple(c) for c in h["cells"]]
        ops = ctl.frame_ops(__import__("diceland_site.games.diceland.draw", fromlist=["Layout"]).Layout(360, 640))
        assert ops
        assert ctl.confirm().ok
        assert ctl.game.sheets[0].is_crossed(*h["cells"][0])
    else:
        assert ctl.pass_().ok


def test_hint_falls_back_when_the_hinter_fails(board):
    def broken(game, player):
        raise RuntimeError("no bots here")
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    ctl.hinter = broken
    ctl.roll()
    assert ctl.hint()["action"] == "choose"


def test_overshoot_is_announced_and_pass_allowed(board):
    red = [Colour.RED] * 6
    ctl = make(board, ("human", "human"), seed=1, start_player=0, script=[red])
    ctl.roll()
    assert ctl.choose(Colour.RED).ok
    assert ctl.game.phase is Phase.PLACE and ctl.game.held == 6
    msgs = ctl.drain_messages()
    toasts = [m.text for m in msgs if m.kind == "toast"]
    assert "All six dice are red!" in toasts
    assert any("do not fit, nothing to cross" in t for t in toasts)
    assert any(m.text.startswith("Too many dice: 6 red dice") for m in msgs if m.kind == "log")
    m = ctl.model()
    assert "cannot be placed" in m.prompt
    assert next(b for b in m.buttons if b.id == "pass").enabled
    assert ctl.pass_().ok


def test_auto_pass_passes_for_a_human_whose_dice_fit_nowhere(board):
    """D4.1: six red dice overshoot every zone, so the active human can only
    pass; with auto_pass on the controller passes for them as a due step,
    announced in a toast, and the other human's decision comes next."""
    red = [Colour.RED] * 6
    ctl = make(board, ("human", "human"), seed=1, start_player=0, script=[red])
    ctl.auto_pass = True
    ctl.roll()
    assert ctl.choose(Colour.RED).ok
    ctl.drain_messages()
    assert ctl.auto_pass_due(0)
    assert ctl.bot_pending() and ctl.current_seat() != 0
    if ctl.current_seat() is None:
        assert ctl.model().prompt == "Nothing fits: P0 passes…"
    assert ctl.bot_step().ok
    assert isinstance(ctl.game.actions[-1], Pass) and ctl.game.actions[-1].player == 0
    assert any(m.text == "Nothing fits P0's board: passed automatically." for m in ctl.drain_messages())
    assert not ctl.auto_pass_due(0)


def test_auto_pass_off_leaves_the_pass_to_the_player(board):
    red = [Colour.RED] * 6
    ctl = make(board, ("human", "human"), seed=1, start_player=0, script=[red])
    ctl.roll()
    ctl.choose(Colour.RED)
    assert not ctl.auto_pass_due(0) and not ctl.bot_pending()
    assert not ctl.bot_step().ok
    assert ctl.current_seat() == 0 and len(ctl.game.actions) == 1


def test_auto_pass_never_passes_for_a_player_with_a_placement(board):
    """D4.2: a player who could place keeps the choice, even with auto_pass on."""
    rng = random.Random(3)
    auto_passes = 0
    for seed in range(5):
        ctl = make(board, ("human", "human", "human"), seed=seed, start_player=0)
        ctl.auto_pass = True
        for _ in range(400):
            if ctl.game.over:
                break
            g = ctl.game
            for p in g.waiting_for():
                fits = any(g.sheets[p].can_place(c, k) for c, k in g.dice_for(p).items())
                if ctl.auto_pass_due(p):
                    assert not fits and g.is_legal(Pass(p))
            if ctl.bot_pending():
                before = len(g.actions)
                assert ctl.bot_step().ok
                assert isinstance(g.actions[-1], Pass) and len(g.actions) == before + 1
                auto_passes += 1
            else:
                human_step(ctl, rng)
    assert auto_passes > 0


def test_spanish_and_italian_messages(board):
    ctl = make(board, ("human", "greedy"), seed=1, start_player=0, script=[[Colour.RED] * 6], lang="es")
    ctl.roll()
    ctl.choose(Colour.RED)
    texts = [m.text for m in ctl.drain_messages()]
    assert "¡Los seis dados son rojos!" in texts
    assert any("Demasiados dados" in t or "demasiados dados" in t for t in texts)
    ctl.set_language("it")
    assert "Passa" in [b.label for b in ctl.model().buttons]
    assert ctl.model().dice[0].label == "dado rosso, messo da parte"


def test_a_reload_after_roll_shows_the_rolled_dice(board):
    from diceland_site.storage import SaveStore
    store = SaveStore({})
    ctl = make(board, ("human", "greedy"), seed=5, start_player=0)
    assert store.save(ctl.game, ctl.seats, "a", None).ok
    game, seats = store.load("a")
    assert SimpleBots(game, seats).model().dice_hidden  # not rolled yet: Roll first
    assert ctl.roll().ok
    assert store.save(ctl.game, ctl.seats, "a", None).ok
    game, seats = store.load("a")
    again = SimpleBots(game, seats)
    m = again.model()
    assert not m.dice_hidden and not again.needs_roll()
    assert [d.colour for d in m.dice] == [c.key for c in ctl.game.roll] and all(d.enabled for d in m.dice)
    assert again.press_die(0).ok  # the revealed roll is the one to choose from
    # a reveal of another position (fewer actions than the game has) is not this roll's
    stale = make(board, ("human", "greedy"), seed=5, start_player=0)
    stale.game.setup.meta["revealed"] = 3
    assert store.save(stale.game, stale.seats, "b", None).ok
    assert SimpleBots(*store.load("b")).needs_roll()


def test_keyboard(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    assert ctl.handle_key("Enter")  # reveals the roll
    assert not ctl.needs_roll()
    assert ctl.handle_key("ArrowLeft")
    assert ctl.cursor == board.start_cell
    start = ctl.cursor
    for keys in (["ArrowUp", "ArrowDown"], ["ArrowDown", "ArrowUp"], ["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"]):
        for k in keys:
            ctl.handle_key(k)
        assert ctl.cursor == start
    ctl.handle_key("ArrowRight")
    assert ctl.cursor == (start[0], start[1] + 1)
    for _ in range(20):
        ctl.handle_key("ArrowRight")
    assert ctl.cursor[1] == 11
    assert "Row" in ctl.model().cursor_text
    assert ctl.handle_key("1")  # press the first die: choose its colour
    assert ctl.game.phase is not Phase.CHOOSE
    assert not ctl.handle_key("x")


def test_handoff_pass_screen_and_tap_blocked(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    _to_phase2(ctl)
    if ctl.game.must_place(0):
        for _ in range(ctl.game.held):
            ctl.tap(*ctl.highlights()[0])
        ctl.confirm()
    else:
        ctl.pass_()
    assert ctl.needs_handoff()
    m = ctl.model()
    assert m.handoff.seat == 1 and m.shown == 0
    assert {b.id for b in m.buttons if b.enabled} == {"ready"}
    assert ctl.tap(4, 4).reason == "Pass the device first."
    assert m.highlights == ()
    ctl.acknowledge_handoff()
    assert ctl.model().shown == 1
    ctl.view_sheet(0)
    assert ctl.shown_player() == 0 and ctl.model().highlights == ()
    ctl.view_sheet(None)
    assert ctl.shown_player() == 1


def test_controller_checks_seat_count(board):
    with pytest.raises(ValueError):
        Controller(Game.new(board, players=2), [Seat("a")])


def test_new_keeps_seats_in_the_record(board):
    seats = [Seat("Ana"), Seat("Bo", "expert")]
    ctl = Controller.new(seats, [board], seed=4)
    assert ctl.game.setup.meta["seats"] == [s.to_json() for s in seats]
    assert ctl.game.players == 2


# -- links ---------------------------------------------------------------------

KNOWN = ["A", "B", "C", "D"]


def test_url_ok():
    seats, boards, seed = from_url_params({"players": "human,expert", "boards": "A,c", "seed": "5"},
                                          known_boards=KNOWN)
    assert [s.kind for s in seats] == ["human", "expert"]
    assert [s.name for s in seats] == ["Player 1", "Strong bot"]
    assert boards == ["A", "C"] and seed == 5


def test_url_defaults_and_lists():
    seats, boards, seed = from_url_params({}, known_boards=KNOWN)
    assert len(seats) == 2 and boards == ["A", "A"] and seed is None
    seats, boards, _ = from_url_params({"players": ["human", "human,human,human,random"], "boards": ["B"],
                                        "names": "Ana,Bo,Cy,Dee"}, lang="es", known_boards=KNOWN)
    assert [s.name for s in seats] == ["Ana", "Bo", "Cy", "Dee"] and boards == ["B"] * 4


@pytest.mark.parametrize("query, words", [
    ({"players": "human,wizard"}, "“wizard”"),
    ({"players": "human"}, "not 1"),
    ({"players": "human,human,human,human,human"}, "not 5"),
    ({"boards": "Z"}, "“Z”"),
    ({"boards": "A,B,C"}, "one per player (2)"),
    ({"seed": "-3"}, "“-3”"),
    ({"seed": "abc"}, "“abc”"),
    ({"seed": str(1 << 64)}, "whole number"),
    ({"names": "Ana"}, "one name per player"),
])
def test_url_errors(query, words):
    msg = from_url_params(query, known_boards=KNOWN)
    assert isinstance(msg, str) and words in msg


def test_url_errors_translated():
    assert "Tablero desconocido «Z»" in from_url_params({"boards": "Z"}, "es", KNOWN)
    assert "Tipo di giocatore sconosciuto" in from_url_params({"players": "x,human"}, "it", KNOWN)


def test_with_the_real_bots_and_hint(board):
    pytest.importorskip("diceland_core.games.diceland.bots")
    seats = [Seat("Ana"), Seat("Bo", "expert"), Seat("Cy", "random")]
    ctl = Controller.new(seats, [board], seed=9)
    rng = random.Random(0)
    for _ in range(60):
        if ctl.game.over:
            break
        if ctl.current_seat() is not None:
            if ctl.needs_roll():
                ctl.roll()
            elif ctl.game.phase in (Phase.PLACE, Phase.BONUS):
                h = ctl.hint()
                assert h is not None
                assert (ctl.confirm() if h["action"] == "place" else ctl.pass_()).ok
            else:
                human_step(ctl, rng)
        else:
            assert ctl.bot_step().ok
    assert ctl.game.turn > 1


def test_keyboard_help_is_translated():
    from diceland_site.games.diceland.controller import KEY_HELP
    from diceland_site.games.diceland.strings import DicelandStrings as Strings
    for lang in ("en", "es", "it"):
        lines = [Strings(lang).t(k) for k in KEY_HELP]
        assert all(line and not line.startswith("keys.") for line in lines)


# -- undo and the pass-the-device screen ----------------------------------------------

def _place_or_pass(ctl: Controller, p: int) -> None:
    if ctl.game.must_place(p):
        ctl.hint()
        assert ctl.confirm().ok, ctl.model().prompt
    else:
        assert ctl.pass_().ok


def test_handoff_screen_takes_every_key_but_its_ok(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    _to_phase2(ctl)
    _place_or_pass(ctl, 0)
    assert ctl.needs_handoff()
    actions = len(ctl.game.actions)
    for key in ("u", "c", "p", "h", "r", "s", "1", "Escape", "ArrowLeft"):
        assert not ctl.handle_key(key), key
    assert len(ctl.game.actions) == actions and ctl.needs_handoff()
    assert not ctl.undo().ok
    assert ctl.handle_key("Enter") and not ctl.needs_handoff()


def test_hot_seat_undo_never_takes_back_another_players_move(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    _to_phase2(ctl)
    _place_or_pass(ctl, 0)
    ctl.acknowledge_handoff()
    assert ctl.current_seat() == 1
    m = ctl.model()
    assert not m.can_undo and not next(b for b in m.buttons if b.id == "undo").enabled
    actions = len(ctl.game.actions)
    assert not ctl.undo().ok and not ctl.handle_key("u") or len(ctl.game.actions) == actions
    assert len(ctl.game.actions) == actions


def test_undo_takes_back_only_ones_own_decisions_since_the_roll(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    ctl.roll()
    assert not ctl.can_undo()  # nothing decided yet
    ctl.choose(max(set(ctl.game.roll), key=ctl.game.roll.count))
    if ctl.game.phase is Phase.DECIDE:
        assert ctl.can_undo()
        assert ctl.undo().ok
        assert ctl.game.phase is Phase.CHOOSE and not ctl.can_undo()


def test_undo_against_a_bot_is_the_same(board):
    ctl = make(board, ("human", "greedy"), seed=5, start_player=0)
    ctl.roll()
    assert not ctl.can_undo()
    ctl.choose(max(set(ctl.game.roll), key=ctl.game.roll.count))
    if ctl.game.phase is Phase.DECIDE:
        assert ctl.can_undo() and ctl.undo().ok
    ctl.run_bots()
    if ctl.game.actions and ctl.seats[ctl.game.active].kind != "human":
        assert not ctl.can_undo()


def test_taps_on_another_board_are_refused_with_its_name(board):
    for seed in range(40):
        ctl = make(board, ("human", "human"), seed=seed, start_player=0, names=["Ana", "Bo"])
        _to_phase2(ctl)
        if ctl.highlights():
            break
    cell = ctl.highlights()[0]
    ctl.view_sheet(1)
    assert ctl.model().highlights == ()
    result = ctl.tap(*cell)
    assert not result.ok and "Bo" in result.reason and "not your decision" not in result.reason
    ctl.view_sheet(0)  # one's own board again
    assert ctl.viewing is None and ctl.tap(*cell).ok


def test_one_cell_is_not_all_1_cells(board):
    ctl = make(board, ("human", "human"), seed=5, start_player=0)
    ctl.roll()
    ctl.choose(max(set(ctl.game.roll), key=ctl.game.roll.count))
    ctl.sel_colour = None
    texts = [ctl.strings.t(k, colour="red", count=1) for k in ("prompt.ready_one", "tap.full_one")]
    assert all("1 cells" not in t for t in texts)


def test_stars_past_the_goal_are_not_10_of_9(board):
    ctl = make(board)
    assert ctl.stars_text("info.stars", 3) == "Bonus cells: 3 of 9"
    assert "of 9" not in ctl.stars_text("info.stars", 10) and "10" in ctl.stars_text("info.stars", 10)


def test_toasts_of_a_finished_turn_are_dropped(board):
    ctl = make(board)
    ctl._toast("old news", "test")
    ctl.game.turn += 1
    try:
        assert [m.text for m in ctl.drain_messages() if m.kind == "toast"] == []
    finally:
        ctl.game.turn -= 1


def test_a_switched_seat_gets_its_kinds_name():
    from diceland_site.games.diceland.strings import DicelandStrings as Strings
    s = Strings("en")
    assert Seat.fitting_name("Bot 2", "human", 1, s) == "Player 2"
    assert Seat.fitting_name("Player 2", "expert", 1, s) == "Strong bot"
    assert Seat.fitting_name("Strong bot", "greedy", 1, s) == "Easy bot"
    assert Seat.fitting_name("Easy bot", "human", 1, s) == "Player 2"
    assert Seat.fitting_name("Strong bot 3", "human", 2, s) == "Player 3"
    assert Seat.fitting_name("Strong bot 3x", "human", 2, s) == "Strong bot 3x"  # typed
    from diceland_site.seats import fitting_names
    assert fitting_names(["Ana", "", "Player 3", "Easy bot 2"], ["human", "expert", "expert", "human"], s) == \
        ["Ana", "Strong bot", "Strong bot 2", "Player 4"]
    assert Seat.fitting_name("", "human", 0, s) == "Player 1"
    assert Seat.fitting_name("Ana", "greedy", 0, s) == "Ana"


def test_the_end_says_why_the_winner_won(board):
    ctl = make(board, ("greedy", "greedy"), seed=3)
    ctl.run_bots()
    assert ctl.game.over
    reason = ctl.model().winner_reason
    assert reason and ctl.names[ctl.game.winners[0]] in reason


# -- reroll or stop -------------------------------------------------------------------

def _to_decide(board):
    for seed in range(60):
        ctl = _rolled_and_chosen(board, seed)
        if ctl.game.phase is Phase.DECIDE:
            return ctl
    raise AssertionError("no reroll decision in 60 seeds")


def test_decision_aid_shows_the_odds_and_where_the_dice_fit(board):
    ctl = _to_decide(board)
    aid = ctl.model().aid
    free = 6 - ctl.game.held
    assert aid.percent == round(100 * (1 - (5 / 6) ** free))
    assert aid.odds == f"{free} dice: {aid.percent}% to add {ctl.game.chosen.key}."
    sheet = ctl.game.sheets[0]
    assert {z.zone: z.room for z in aid.zones} == sheet.room(ctl.game.chosen)
    fits = sheet.can_place(ctl.game.chosen, ctl.game.held)
    assert bool(aid.warning) is not fits and bool(aid.where) is fits
    assert all(z.fits == (z.room >= ctl.game.held) for z in aid.zones)
    # the lit zones are in the frame's draw list, and gone once the decision is made
    from diceland_site.games.diceland.draw import UI_COLOURS, Layout
    layout = Layout.for_board(board, 360, 640)
    lit = [op for op in ctl.frame_ops(layout) if op[0] == "poly" and op[3] == UI_COLOURS["room_edge"]]
    assert len(lit) == sum(len(z.cells) for z in aid.zones if z.fits)
    ctl.stop()
    assert ctl.model().aid is None


def test_room_matches_the_placements(board):
    """Sheet.room: a zone with room r has a placement of r cells and none of r + 1."""
    ctl = _to_decide(board)
    sheet = ctl.game.sheets[0]
    colour = ctl.game.chosen
    for z, room in sheet.room(colour).items():
        zmask = board.zones[z].mask
        if room:
            assert any(p & zmask == p for p in sheet.placements(colour, room))
        assert not any(p & zmask == p for p in sheet.placements(colour, room + 1))


def test_progress_says_how_close_each_player_is(board):
    ctl = make(board, ("greedy", "greedy"), seed=3)
    m = ctl.model()
    prog = m.seats[0].progress
    assert prog.goal == "Needs 9 more bonus cells and one complete colour."
    sheet = ctl.game.sheets[0]
    for c in prog.colours:
        colour = Colour[c.colour.upper()]
        assert c.left == (board.colour_mask[colour] & ~sheet.crossed).bit_count()
        assert not c.complete
    ctl.run_bots()
    w = ctl.game.winners[0]
    prog = ctl.model().seats[w].progress
    done = [c.name for c in prog.colours if c.complete]
    assert done and prog.goal.startswith("Goal reached") and all(d in prog.goal for d in done)


def test_placing_shows_every_cell_the_selection_can_still_complete(board):
    for seed in range(60):
        ctl = make(board, ("human", "human"), seed=seed, start_player=0)
        _to_phase2(ctl)
        colour = ctl.game.chosen
        if ctl.game.held >= 3 and ctl.highlights():
            break
    else:
        raise AssertionError("no placement of 3 or more cells in 60 seeds")
    first = ctl.highlights()[0]
    assert ctl.tap(*first).ok
    done = set(ctl.completions())
    sheet = ctl.game.sheets[0]
    legal = [set(cells) for cells in sheet.placement_cells(colour, ctl.game.held) if first in cells]
    assert done == set().union(*legal) - {first}
    assert set(ctl.highlights()) <= done  # the next cells are among them
    assert ctl.model().completions == tuple(sorted(done))


def _crossing_with_three_bots(board) -> Controller:
    """A game of one person and three bots at the crossing phase, where the
    person places two or more dice of one colour and the bots still cross."""
    for seed in range(40):
        ctl = make(board, ("human", "greedy", "greedy", "greedy"), seed=seed, start_player=1)
        for _ in range(200):
            g = ctl.game
            if g.over:
                break
            if g.phase is Phase.PLACE and ctl.current_seat() == 0:
                bots_waiting = [q for q in g.waiting_for() if q != 0]
                fits = [c for c, n in g.dice_for(0).items() if n >= 2 and g.next_cells(0, c)]
                if len(bots_waiting) >= 2 and fits:
                    ctl.sel_colour = None
                    assert ctl.pick_colour(fits[0]).ok
                    return ctl
            if ctl.bot_pending():
                assert ctl.bot_step().ok
            else:
                human_step(ctl, random.Random(seed))
    pytest.fail("no crossing phase with two dice for the person and bots still to cross")


def test_a_persons_crossing_is_kept_while_three_bots_cross(board):
    """Everyone crosses the same roll: the bots' crossings neither clear the
    cells the person has chosen nor refuse the person's next tap."""
    ctl = _crossing_with_three_bots(board)
    colour = ctl.sel_colour
    first = ctl.highlights()[0]
    assert ctl.tap(*first).change == "added"
    stepped = 0
    while ctl.bot_pending() and any(q != 0 for q in ctl.game.waiting_for()):
        assert ctl.bot_step().ok
        stepped += 1
        assert ctl.selection == [first] and ctl.sel_colour is colour
        assert ctl.current_seat() == 0 and ctl.highlights()
    assert stepped >= 2
    ctl.selection = [first]
    second = ctl.highlights()[0]
    assert ctl.tap(*second).change == "added"
    assert ctl.selection == [first, second]


def test_a_tap_is_taken_while_bots_still_cross(board):
    ctl = _crossing_with_three_bots(board)
    assert ctl.bot_pending()
    cell = ctl.highlights()[0]
    assert ctl.tap(*cell).ok
    assert ctl.bot_step().ok
    assert ctl.selection == [cell]
