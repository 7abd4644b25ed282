"""House-building board games: Barrio, Nyhavn and Neue Heimat.

``game.core`` holds what the games share; ``game.barrio``, ``game.nyhavn``
and ``game.neueheimat`` are the engines; ``game.ui`` is the browser front
end (the only code that imports PyScript).
"""

__version__ = "0.1.0"

GAMES = ("barrio", "nyhavn", "neueheimat")
