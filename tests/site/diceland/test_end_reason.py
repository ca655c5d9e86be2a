"""Why the winners won (D6.1-D6.3), built from constructed end positions:
each winner's own figures, in every language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from diceland_core.games.diceland.colours import Colour
from diceland_site.games.diceland.model import winner_reason
from diceland_site.games.diceland.strings import DicelandStrings as Strings
from diceland_site.i18n import LANGUAGES


class _Sheet:
    def __init__(self, stars, colours):
        self.stars, self._colours = stars, colours

    def completed_colours(self):
        return list(self._colours)


def _ctrl(sheets, winners, won_in_bonus=False, lang="en", over=True):
    game = SimpleNamespace(over=over, winners=winners, won_in_bonus=won_in_bonus, sheets=sheets)
    return SimpleNamespace(game=game, strings=Strings(lang), names=["Ana", "Bo", "Cy"][:len(sheets)])


def test_a_shared_win_gives_each_winner_their_own_count():
    sheets = [_Sheet(10, [Colour.RED]), _Sheet(9, [Colour.BLUE, Colour.GREEN])]
    reason = winner_reason(_ctrl(sheets, [0, 1]))
    assert "Ana crossed 10 bonus cells and completed red" in reason
    assert "Bo crossed 9 bonus cells and completed blue and green" in reason
    assert " each" not in reason and "share the win" in reason


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_uses_the_winners_figures(lang):
    sheets = [_Sheet(11, [Colour.RED]), _Sheet(9, [Colour.YELLOW]), _Sheet(4, [])]
    s = Strings(lang)
    red, yellow = s.colour(Colour.RED), s.colour(Colour.YELLOW)
    one = winner_reason(_ctrl(sheets, [1], lang=lang))
    assert "Bo" in one and "9" in one and yellow in one and "Ana" not in one and "11" not in one
    bonus = winner_reason(_ctrl(sheets, [0], won_in_bonus=True, lang=lang))
    assert bonus != winner_reason(_ctrl(sheets, [0], lang=lang))
    assert "Ana" in bonus and "11" in bonus and red in bonus
    both = winner_reason(_ctrl(sheets, [0, 1], lang=lang))
    each = both.split(": ", 1)[1]
    assert each.index("Ana") < each.index("11") < each.index("Bo") < each.index("9")
    assert red in both and yellow in both and "Cy" not in both and "{" not in both
    assert winner_reason(_ctrl(sheets, [], lang=lang, over=False)) == ""
