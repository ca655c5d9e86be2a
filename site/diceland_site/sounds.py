"""Short sounds made by the browser (WebAudio oscillators, no audio files):
what each cue plays, and which cue a batch of game events gets.

A cue is a tuple of notes ``(start_s, frequency_hz, duration_s, wave, volume)``;
the page schedules each note as an oscillator with a short fade in and out.
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["CUES", "EVENT_CUES", "WAVES", "cue_for"]

WAVES = ("sine", "square", "sawtooth", "triangle")

Note = tuple[float, float, float, str, float]

CUES: dict[str, tuple[Note, ...]] = {
    # a soft pencil tick: a cell chosen or a cross made
    "tap": ((0.0, 880.0, 0.05, "triangle", 0.18),),
    "cross": ((0.0, 660.0, 0.06, "triangle", 0.22), (0.05, 990.0, 0.07, "triangle", 0.18)),
    # dice on a table: a few quick clicks
    "roll": tuple((0.045 * k, 300.0 + 90.0 * (k % 3), 0.03, "square", 0.05) for k in range(5)),
    "star": ((0.0, 784.0, 0.09, "sine", 0.25), (0.08, 1175.0, 0.16, "sine", 0.22)),
    "colour": ((0.0, 523.0, 0.1, "sine", 0.25), (0.09, 659.0, 0.1, "sine", 0.25),
               (0.18, 784.0, 0.18, "sine", 0.25)),
    "win": ((0.0, 523.0, 0.12, "triangle", 0.3), (0.12, 659.0, 0.12, "triangle", 0.3),
            (0.24, 784.0, 0.12, "triangle", 0.3), (0.36, 1047.0, 0.35, "triangle", 0.3)),
    "refuse": ((0.0, 196.0, 0.12, "sawtooth", 0.08),),
}

#: Game event kind -> cue, most important first: one batch of events plays
#: only its most important cue.
EVENT_CUES: tuple[tuple[str, str], ...] = (
    ("game_over", "win"),
    ("colour_completed", "colour"),
    ("star_crossed", "star"),
    ("placed", "cross"),
    ("rolled", "roll"),
)


def cue_for(kinds: Iterable[str]) -> str | None:
    """The one cue for events of these kinds (None: silence)."""
    seen = set(kinds)
    for kind, cue in EVENT_CUES:
        if kind in seen:
            return cue
    return None
