"""Short sounds made with WebAudio from the cues of
:mod:`diceland_site.sounds` (no audio files).  Silent until switched on; the
audio context is made on the first sound, after the tap that asked for it."""

from __future__ import annotations

import js

from diceland_site.sounds import CUES

from .dom import window

__all__ = ["Sound"]

FADE_S = 0.01


class Sound:
    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.context = None
        #: the cues played, newest last (tests read it through window.diceland)
        self.played: list[str] = []

    def audio(self):
        if self.context is None:
            maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if maker is None:
                return None
            self.context = maker.new()
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def play(self, cue: str | None) -> None:
        if not self.enabled or cue not in CUES:
            return
        self.played = [*self.played[-19:], cue]
        try:
            ctx = self.audio()
            if ctx is None:
                return
            now = float(ctx.currentTime)
            for start, freq, duration, wave, volume in CUES[cue]:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                t0, t1 = now + start, now + start + duration
                gain.gain.setValueAtTime(0.0001, t0)
                gain.gain.linearRampToValueAtTime(volume, t0 + FADE_S)
                gain.gain.exponentialRampToValueAtTime(0.0001, t1)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0)
                osc.stop(t1 + FADE_S)
        except Exception as exc:  # a sound never breaks the game
            js.console.warn(f"sound {cue}: {exc}")
