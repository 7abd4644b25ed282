"""The worker's globals for tests that drive the app under CPython: posted messages, timers run on demand, a settable clock."""

from __future__ import annotations

import json
from typing import Any, Callable


class FakeHost:
    """The worker's globals: posted messages, timers run on demand, a settable clock."""

    def __init__(self) -> None:
        self.posted: list[dict[str, Any]] = []
        self.timers: dict[int, tuple[float, Callable[[], Any]]] = {}
        self.clock = 0.0
        self._next = 1

    def post(self, text: str) -> None:
        self.posted.append(json.loads(text))

    def set_timeout(self, ms: float, fn: Callable[[], Any]) -> int:
        self.timers[self._next] = (self.clock + ms, fn)
        self._next += 1
        return self._next - 1

    def clear_timeout(self, timer: int) -> None:
        self.timers.pop(timer, None)

    def now(self) -> float:
        return self.clock

    def run_timers(self, limit: int = 200) -> None:
        """Run due timers in time order (new ones included) until none is left or ``limit`` ran."""
        for _ in range(limit):
            if not self.timers:
                return
            timer = min(self.timers, key=lambda k: (self.timers[k][0], k))
            at, fn = self.timers.pop(timer)
            self.clock = max(self.clock, at)
            fn()

    def ops(self) -> list[list[Any]]:
        """Every operation posted so far, in order (then forgotten)."""
        out = [op for message in self.posted for op in message["ops"]]
        self.posted.clear()
        return out
