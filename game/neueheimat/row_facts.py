"""What Neue Heimat's strong model reads of a row (``bots.StrongBot``), and how it changes with one move.

A decision values every way each seat could place a piece, and each changes one row only: the changed row's facts
follow from the row's own by what changed (:func:`with_cube`, :func:`with_roof`, :func:`with_length`), in integers,
so they are exactly what :func:`row_facts` would count afresh.
"""

from __future__ import annotations

from .state import House


#: what the strong model reads of a row: the steps it lacks to be complete (two a missing house, one a missing roof)
#: and each house's top colour and points (pips and roof), in order
RowFacts = tuple[int, tuple[tuple[int, int], ...]]


def row_facts(houses: list[House], length: int) -> RowFacts:
    """A row's facts counted from its houses (each ``(cubes, roof)``, roof 0: none yet) and its length.

    >>> row_facts([((3, 8), 0), ((14,), 2)], 4)  # two lots empty, one roof missing; a 4 and 3 on red, a 3 and roof 2
    (5, ((1, 7), (2, 5)))
    """
    steps = 2 * (length - len(houses)) + sum(1 for h in houses if not h[1])
    return steps, tuple((cubes[-1] // 6, sum(c % 6 + 1 for c in cubes) + roof) for cubes, roof in houses)


def with_cube(facts: RowFacts, lot: int, cube: int) -> RowFacts:
    """A row's facts once ``cube`` goes on its house ``lot`` (which has no roof), or starts a house there at its end.

    The same as :func:`row_facts` of the changed row, in integers:

    >>> row, cube = [((3, 8), 0), ((14,), 2)], 20  # cubes are colour * 6 + pips - 1
    >>> with_cube(row_facts(row, 4), 0, cube) == row_facts([((3, 8, cube), 0), ((14,), 2)], 4)
    True
    >>> with_cube(row_facts(row, 4), 2, cube) == row_facts(row + [((cube,), 0)], 4)
    True
    """
    steps, houses = facts
    pips = cube % 6 + 1
    if lot == len(houses):  # a house more (two steps fewer) without its roof (one more)
        return steps - 1, houses + ((cube // 6, pips),)
    return steps, houses[:lot] + ((cube // 6, houses[lot][1] + pips),) + houses[lot + 1:]


def with_roof(facts: RowFacts, lot: int, value: int) -> RowFacts:
    """A row's facts once roof ``value`` goes on its house ``lot`` (which has none).

    >>> row = [((3, 8), 0), ((14,), 2)]
    >>> with_roof(row_facts(row, 2), 0, 4) == row_facts([((3, 8), 4), ((14,), 2)], 2)
    True
    """
    steps, houses = facts
    colour, points = houses[lot]
    return steps - (1 if value else 0), houses[:lot] + ((colour, points + value),) + houses[lot + 1:]


def with_length(facts: RowFacts, old: int, new: int) -> RowFacts:
    """A row's facts once its length goes from ``old`` to ``new`` (a permit or a cancellation): two steps a lot.

    >>> row = [((3, 8), 0)]
    >>> with_length(row_facts(row, 3), 3, 5) == row_facts(row, 5)
    True
    """
    return facts[0] + 2 * (new - old), facts[1]
