"""A small seeded random generator whose whole state is one JSON-able integer pair.

The engines keep an :class:`Rng` inside their state so that a seed plus a list
of actions replays a game exactly, in CPython and in Pyodide alike. It is a
PCG32 generator (O'Neill 2014): tiny state, good statistics, and the same
numbers on every platform because it uses only integer arithmetic.
"""

from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Rng:
    """PCG32 (XSH-RR) generator. Equal when their states are equal."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def next_u32(self) -> int:
        """Return the next 32-bit unsigned integer."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64  # _step, inlined: the hottest call of every playout
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randrange(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        if n == 1:
            return 0
        threshold = (1 << 32) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def random(self) -> float:
        """Return a float in ``[0, 1)`` (53 bits)."""
        hi = self.next_u32() >> 5
        lo = self.next_u32() >> 6
        return (hi * 67108864.0 + lo) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """Return an independent generator seeded from this one (advances this one)."""
        seed = (self.next_u32() << 32) | self.next_u32()
        return Rng(seed, stream=self.next_u32())

    def copy(self) -> "Rng":
        """Return a generator in the same state."""
        other = Rng.__new__(Rng)
        other.state = self.state
        other.inc = self.inc
        return other

    def to_json(self) -> list[str]:
        """Serialise as ``[state, inc]`` in hexadecimal strings.

        Strings, because JavaScript numbers cannot hold 64-bit integers exactly.
        """
        return [format(self.state, "x"), format(self.inc, "x")]

    @classmethod
    def from_json(cls, data: Any) -> "Rng":
        """Rebuild from :meth:`to_json`'s output; raise ``ValueError`` if malformed."""
        try:
            if not isinstance(data, list) or len(data) != 2:
                raise ValueError
            state, inc = (int(x, 16) for x in data)
            if not (0 <= state <= _MASK64 and 0 <= inc <= _MASK64) or inc % 2 == 0:
                raise ValueError
        except (TypeError, ValueError):
            raise ValueError("random generator state must be two 64-bit hexadecimal integers, the second odd") from None
        rng = cls.__new__(cls)
        rng.state, rng.inc = state, inc
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.state == other.state and self.inc == other.inc

    def __repr__(self) -> str:
        return f"Rng(state={self.state}, inc={self.inc})"
