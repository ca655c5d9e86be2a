"""What the games' text terminals share: saying a line and asking for one."""

from __future__ import annotations

from typing import TextIO

__all__ = ["Console"]


class Console:
    """Talks over ``stdin`` and ``stdout``, which the terminal sets."""

    stdin: TextIO
    stdout: TextIO

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str | None:
        """The answer to ``prompt``, stripped; None at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.strip()
