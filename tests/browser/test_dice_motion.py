"""The dice tumble briefly when they are rolled, and stay still for players
who ask for reduced motion (prefers-reduced-motion)."""

from __future__ import annotations

TWO_PEOPLE = "?players=human,human&names=Ana,Bo&boards=A,B&seed=3&speed=0"

ANIMATION = """() => {
  const dice = [...document.querySelectorAll('#dice button.die.rolling')];
  return dice.map(d => getComputedStyle(d).animationName);
}"""


def _reveal_first_roll(site):
    s = site.wait_state("s.handoff || s.buttons.roll")
    if s["handoff"]:
        site.click("btn-handoff")
        site.wait_state("s.buttons.roll")
    site.click("btn-roll")
    site.wait_state("s.phase === 'choose' && s.extra.dice.some(d => d.enabled)")


def test_rolled_dice_tumble(site, watch):
    site.open(TWO_PEOPLE)
    _reveal_first_roll(site)
    names = site.page.evaluate(ANIMATION)
    assert len(names) == 6 and set(names) == {"die-roll"}


def test_no_tumble_with_reduced_motion(site, watch):
    site.page.emulate_media(reduced_motion="reduce")
    site.open(TWO_PEOPLE)
    _reveal_first_roll(site)
    names = site.page.evaluate(ANIMATION)
    assert len(names) == 6 and set(names) == {"none"}
