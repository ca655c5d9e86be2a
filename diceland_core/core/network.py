"""A value network read and run in pure Python: one hidden ReLU layer on a
sparse input, for the games' learned experts.

An input is a short list of ``(input, value)`` pairs (most inputs are 0);
each game describes its afterstates so (its ``bots/network.py``).  The
weights ship as half-precision floats in base64 (little-endian) in a JSON
file beside the game's bots, with a ``trained`` record of the runs that
learned them; ``training/td.py`` writes such files.  Standard library only.
"""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

from .kept import Kept

__all__ = ["Network", "read_network", "FRESH"]

#: the network sums an input list in full at least once in this many
#: (Network.__call__)
FRESH = 64
#: the most parts a network keeps (Network.kept_part), then the older half
#: goes: a part is some 2 kB of floats, and a game of Dice Wide Shut meets
#: about 2,000 (a page plays many games: its memory stays bounded)
KEPT = 4096


class Network:
    """One hidden ReLU layer and a linear output; ``w1[i]`` holds input
    ``i``'s weights to every hidden unit.  ``inputs``, when given, is the
    number of inputs the game's description has (a file that does not fit
    it is refused)."""

    __slots__ = ("inputs", "hidden", "w1", "b1", "w2", "b2", "trained", "_last", "_kept")

    def __init__(self, w1: list, b1: list, w2: list, b2: float, trained: dict | None = None,
                 inputs: int | None = None):
        n = len(w1) if inputs is None else inputs
        if len(w1) != n or not b1 or any(len(row) != len(b1) for row in w1) or len(w2) != len(b1):
            raise ValueError(f"the network's weights do not fit its {n} inputs")
        self.inputs, self.hidden = n, len(b1)
        self.w1 = [tuple(row) for row in w1]
        self.b1, self.w2, self.b2 = list(b1), list(w2), float(b2)
        self.trained = trained or {}
        #: the last input list, its hidden sums, how many lists were summed
        #: from others since the last one summed in full
        self._last: tuple[frozenset, list, int] | None = None
        #: the hidden sums of parts, by the game's key (kept_part)
        self._kept = Kept(KEPT)

    def __call__(self, pairs: list) -> float:
        """The network's output for ``pairs``.  The afterstates of one
        decision differ in a few inputs, so a list that differs from the
        last one in fewer inputs than it has is summed from that one's
        hidden sums (the rows it lacks taken off, its own added), and every
        :data:`FRESH` lists the sums start afresh; the output is rounded to
        a millionth of a point, so that it does not depend on which lists
        came before."""
        w1 = self.w1
        now = frozenset(pairs)
        last = self._last
        if last is not None and len(now) == len(pairs) and last[2] < FRESH:
            before, h, count = last
            added = [p for p in pairs if p not in before]
            removed = [p for p in before if p not in now]
            if len(added) + len(removed) < len(pairs):
                for i, x in added:
                    h = [a + x * w for a, w in zip(h, w1[i])]
                for i, x in removed:
                    h = [a - x * w for a, w in zip(h, w1[i])]
                self._last = (now, h, count + 1)
                return self._out(h)
        h = self.b1
        for i, x in pairs:
            row = w1[i]
            if x == 1.0:
                h = [a + w for a, w in zip(h, row)]
            else:
                h = [a + x * w for a, w in zip(h, row)]
        self._last = (now, h, 0) if len(now) == len(pairs) else None
        return self._out(h)

    def part(self, pairs: list) -> list:
        """The hidden sums of ``pairs`` alone, without the biases: one part
        of an input list, for :meth:`joined`."""
        h = [0.0] * self.hidden
        w1 = self.w1
        for i, x in pairs:
            h = [a + w for a, w in zip(h, w1[i])] if x == 1.0 else [a + x * w for a, w in zip(h, w1[i])]
        return h

    def joined(self, first: list, second: list) -> float:
        """The output for the input list made of two parts with no input in
        common (:meth:`part`): many lists of one decision share their
        parts, so each part is summed once."""
        return self._out([b + x + y for b, x, y in zip(self.b1, first, second)])

    def kept_part(self, key, make) -> list:
        """The hidden sums (:meth:`part`) of the input list ``make()``
        returns, kept under ``key`` (any hashable the game chooses, naming
        what the list describes): a part met again is neither described
        nor summed again.  The weights never change once read, so a kept
        part stays right; at most :data:`KEPT` are kept."""
        found = self._kept.get(key)
        if found is None:
            found = self._kept.keep(key, self.part(make()))
        return found

    def kept_sum(self, key, make) -> list:
        """The hidden sums of the parts and input list ``make()`` returns
        as ``(parts, pairs)``, added up once and kept under ``key`` as
        :meth:`kept_part` keeps a part: a part made of parts (a whole sheet
        of two kept halves, say), so that an output reads fewer columns."""
        found = self._kept.get(key)
        if found is None:
            parts, pairs = make()
            columns = [*parts, *self._rows(pairs)]
            found = self._kept.keep(key, list(map(sum, zip(*columns))) if columns else [0.0] * self.hidden)
        return found

    def of_parts(self, parts: list, pairs=()) -> float:
        """The output for the input list made of ``parts`` (:meth:`part`,
        :meth:`kept_part`) and ``pairs``, no input in two of them."""
        return self._out(list(map(sum, zip(self.b1, *parts, *self._rows(pairs)))))

    def _rows(self, pairs) -> list:
        """The first layer's row of each input of ``pairs``, scaled by its
        value (a row as it is for a 1)."""
        w1 = self.w1
        return [w1[i] if x == 1.0 else [x * w for w in w1[i]] for i, x in pairs]

    def _out(self, h: list) -> float:
        return round(self.b2 + sum([a * w for a, w in zip(h, self.w2) if a > 0.0]), 6)

    # -- the file ------------------------------------------------------------------
    def to_json(self) -> dict:
        """The weights as half-precision floats in base64 (little-endian)."""
        def pack(values):
            return base64.b64encode(struct.pack(f"<{len(values)}e", *values)).decode("ascii")
        return {"inputs": self.inputs, "hidden": self.hidden,
                "w1": pack([w for row in self.w1 for w in row]), "b1": pack(self.b1),
                "w2": pack(self.w2), "b2": self.b2, "trained": self.trained}

    @classmethod
    def from_json(cls, data: dict, inputs: int | None = None) -> "Network":
        """The network of a file's JSON; ValueError in plain words if it is
        not whole or (``inputs``) has another number of inputs."""
        try:
            hidden = int(data["hidden"])
            n = int(data["inputs"])
            if (inputs is not None and n != inputs) or hidden <= 0 or n <= 0:
                raise ValueError(f"the network has {data['inputs']} inputs, not {inputs}")

            def unpack(text, count):
                raw = base64.b64decode(text, validate=True)
                if len(raw) != 2 * count:
                    raise ValueError(f"the network's weights are {len(raw) // 2} numbers, not {count}")
                return list(struct.unpack(f"<{count}e", raw))
            flat = unpack(data["w1"], n * hidden)
            w1 = [flat[i * hidden:(i + 1) * hidden] for i in range(n)]
            return cls(w1, unpack(data["b1"], hidden), unpack(data["w2"], hidden), float(data["b2"]),
                       data.get("trained"), n)
        except (KeyError, TypeError, ValueError, struct.error) as exc:
            raise ValueError(f"the network's file is not whole: {exc}") from None


def read_network(path: Path, inputs: int | None = None) -> Network:
    """The network of the file at ``path``."""
    return Network.from_json(json.loads(Path(path).read_text(encoding="utf-8")), inputs)
