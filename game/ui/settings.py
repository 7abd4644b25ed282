"""The player's settings, each declared once: its name, default, scope and how the start screen offers it.

As :class:`game.core.contract.StartOption` declares a game's options, :data:`SETTINGS` declares the app's own
settings. ``game.ui.app`` and ``game.ui.catalog`` take their defaults from here; ``sitebuild/start_screen.py`` draws
every setting with a ``field`` into the start screen, and ``site/start.js`` reads and saves them generically from the
same list (``start_screen_data()["settings"]``). A new setting is one :class:`Setting` here and its catalogue texts
(``tests/test_settings.py`` shows it). A game's own start options stay in its ``SPEC.options``.

Scopes: ``"start"`` chosen on the start screen for the next game; ``"device"`` this device's preference (also on the
start screen, kept whatever game is played); ``"game"`` changed inside a game and remembered (no start-screen field).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Scope = Literal["start", "game", "device"]
#: How the start screen offers a setting: a drop-down of its choices, a check box, a number typed in; ``None``: the
#: start screen draws it with its own code (the game's radio buttons, the seats) or not at all (an in-game setting)
Field = Literal["select", "check", "number"]

#: The choices of the language setting: every language the app speaks, filled in when the page is built
LANGUAGES = "languages"


@dataclass(frozen=True)
class Setting:
    """One setting. ``label`` (and ``hint``) are catalogue keys; ``choices`` the values of a ``"select"`` field, each
    shown as the text ``choice_text + value`` (or, for :data:`LANGUAGES`, each language's own name)."""

    name: str
    default: Any
    scope: Scope
    field: Field | None = None
    label: str = ""
    hint: str = ""
    choices: tuple[Any, ...] | str = ()
    choice_text: str = ""
    #: a check box whose default is ``None`` (not chosen yet) is checked where this media query matches (the page's
    #: ``matchMedia``): the device asks for it; the player's own choice, once made, wins
    default_when: str = ""

    def __post_init__(self) -> None:
        if self.field is not None and not self.label:
            raise ValueError(f"setting {self.name!r}: a start-screen field needs a label key")
        if self.field == "select" and not self.choices:
            raise ValueError(f"setting {self.name!r}: a drop-down needs choices")
        if self.field == "check" and not (isinstance(self.default, bool) or (self.default is None and self.default_when)):
            raise ValueError(f"setting {self.name!r}: a check box's default is True, False, or None with default_when")


SETTINGS: tuple[Setting, ...] = (
    # the game, its player count, seats and names: drawn by the start screen's own code; the first available game
    # and its fewest players are filled in by game.ui.catalog.start_defaults (they need the games' catalogue)
    Setting("game", "", "start"),
    Setting("players", 2, "start"),
    Setting("seats", [], "start"),
    Setting("seed", "", "start", field="number", label="start.seed", hint="start.seed.hint"),
    Setting("lang", "en", "device", field="select", label="start.language", choices=LANGUAGES),
    # on by default where colours alone cannot be told apart: forced colours (the system's few), more contrast asked
    Setting("patterns", None, "device", field="check", label="start.patterns",
            default_when="(forced-colors: active), (prefers-contrast: more)"),
    # remembered from inside a game (game/ui/guide.py); a game's own screen keeps its own (its rules panel seen, Neue
    # Heimat's hidden money) under names the framework does not spell: it names no game (tests/test_game_ids.py)
    Setting("guided", [], "game"),
    # the settings with a device default (``default_when``) the player set with their own hand (see chosen_value)
    Setting(OWN_CHOICES := "own_choices", [], "device"),
)


def chosen_value(settings: dict[str, Any], name: str) -> Any:
    """The value the player chose for setting ``name``, or ``None`` where they never chose. A check box with a device
    default counts as chosen when it is on, or off and listed under :data:`OWN_CHOICES` (``site/start.js`` lists it
    when its box is ticked or unticked): every save before "not chosen" existed wrote the old default ``False``
    unasked, so a stored ``False`` alone is read as not chosen, and the device's wish decides again."""
    value = settings.get(name)
    if setting(name).default_when and value is False:
        own = settings.get(OWN_CHOICES)
        return value if isinstance(own, list) and name in own else None
    return value


def setting(name: str) -> Setting:
    """The declared setting ``name`` (``KeyError`` if none is)."""
    for s in SETTINGS:
        if s.name == name:
            return s
    raise KeyError(name)


def defaults(scopes: tuple[Scope, ...] = ("start", "game", "device")) -> dict[str, Any]:
    """Each declared setting of ``scopes`` at its default (a fresh copy: a list default is never shared)."""
    return {s.name: _copy(s.default) for s in SETTINGS if s.scope in scopes}


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value


def field_settings() -> tuple[Setting, ...]:
    """The settings the start screen offers with a field of their own, in declaration order."""
    return tuple(s for s in SETTINGS if s.field is not None)


def setting_data(s: Setting, languages: dict[str, str]) -> dict[str, Any]:
    """One field setting as site/start.js reads it: ``{name, field, label, hint, default, choices}``, each choice
    ``[value, text key or None, shown text or None]`` (a key is looked up in the page's language)."""
    if s.choices == LANGUAGES:
        choices: list[list[Any]] = [[code, None, name] for code, name in languages.items()]
    else:
        choices = [[c, f"{s.choice_text}{c}" if s.choice_text else None, None if s.choice_text else str(c)]
                   for c in s.choices]
    return {"name": s.name, "field": s.field, "label": s.label, "hint": s.hint, "default": s.default,
            "default_when": s.default_when, "choices": choices}


def text_keys() -> list[str]:
    """Every catalogue key the declared fields show (the start screen's page carries their texts)."""
    return sorted({k for s in field_settings() for k in (s.label, s.hint) if k}
                  | {f"{s.choice_text}{c}" for s in field_settings() if s.choice_text and s.choices != LANGUAGES
                     for c in s.choices})


# --------------------------------------------------------------------------- the players' names

#: the longest name a player may give a seat (the start screen's field takes no more: sitebuild/start_screen.py reads it)
NAME_MAX = 20


def seat_given_names(given: Any, seats: list[str]) -> list[str]:
    """The names players gave the human seats on the start screen, one per seat (``""``: "Player N").

    Only when several people share the device (one player against computers is "you"). Spaces are
    tidied, a name is cut to :data:`NAME_MAX` characters, and a name already taken (in any case) gets
    " 2", " 3"…: two seats never share a name, so no line can name the same person twice for two people.
    """
    given = given if isinstance(given, list) else []
    humans = [i for i, v in enumerate(seats) if v == "human"]
    out = [""] * len(seats)
    if len(humans) < 2:
        return out
    taken: set[str] = set()
    for i in humans:
        raw = given[i] if i < len(given) and isinstance(given[i], str) else ""
        name = " ".join(raw.split())[:NAME_MAX]
        if not name:
            continue
        unique, k = name, 2
        while unique.casefold() in taken:
            unique = f"{name[:NAME_MAX - 3]} {k}"
            k += 1
        taken.add(unique.casefold())
        out[i] = unique
    return out
