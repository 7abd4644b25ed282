"""The static start screen, written into index.html from the games' declarations."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sitebuild.common import ROOT
from sitebuild.stdlib import pyscript_files


#: Marker in index.html that build() replaces with the static start screen
START_MARKER = "<!-- start-screen: written by build.py -->"
#: Marker in index.html that build() replaces with the list of PyScript's modules, as JSON: on a page the service
#: worker controls, the page's head fetches and compiles them (modulepreload) while the start screen paints
PYSCRIPT_MODULES_MARKER = "<!-- pyscript-modules: written by build.py -->"


def site_games() -> tuple[str, ...]:
    """The games a build shows: the registry's product games (``game.PRODUCT_GAMES``).

    Never the process's ``HOUSE_GAMES_EXTRA``: the build is the same whatever the environment."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game import PRODUCT_GAMES

    return PRODUCT_GAMES


def start_screen_data(games: tuple[str, ...] | None = None) -> dict:
    """What site/start.js needs to run the start screen without Python: the games, options and every UI text.

    Taken from the tables the Python app uses (``game.ui.catalog``, ``game.core.locale``), so both agree; each game's
    start options are its ``SPEC.options`` as data (site/start.js draws them, whatever the game).
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.ui.catalog import catalog, screen_spec, start_defaults
    from game.core.locale import keys_starting, language_names, text
    from game.ui.settings import field_settings, setting_data, text_keys as setting_keys

    games = games or site_games()
    for gid in games:
        screen_spec(gid)  # a screen package registers its texts (a new game's option labels among them) on import
    rows: list[dict[str, Any]] = [{"id": g.game_id, "title": g.title, "available": g.available, "problem": g.problem or "",
             "min": g.min_players, "max": g.max_players, "bots": list(g.bot_names), "default_bot": g.default_bot,
             "options": [start_option_data(o) for o in (g.spec.options if g.spec else ())]} for g in catalog(games)]
    option_keys = sorted({key for g in rows for o in g["options"]
                          for key in [o["label"]] + [k for _, k, _ in o["choices"] if k]})
    shown_keys = keys_starting("app.") + keys_starting("start.") + keys_starting("count.") + option_keys + setting_keys()
    texts = {lang: {k: text(k, lang) for k in shown_keys} for lang in language_names()}
    return {
        "games": rows, "languages": language_names(), "texts": texts,
        "defaults": start_defaults(games),  # the Python app's (game.ui.app.App.settings)
        # the app's own settings that have a field (game.ui.settings.SETTINGS), drawn and saved by start.js generically
        "settings": [setting_data(s, language_names()) for s in field_settings()],
    }


def start_option_data(option: Any) -> dict:
    """One ``StartOption`` (``game.core.contract``) as site/start.js reads it: each choice with its text key (or
    ``None`` to show the value as it is) and the values that text is filled with (or ``None``)."""
    def choice(i: int, c: Any) -> list:
        if option.choice_format:
            return [c, option.choice_format, option.choice_values[i]]
        return [c, f"{option.choice_text}{c}" if option.choice_text else None, None]

    return {"name": option.name, "label": option.label, "default": option.default,
            "choices": [choice(i, c) for i, c in enumerate(option.choices)],
            "players": list(option.players) if option.players else None, "random": option.random,
            "beside_seats": option.beside_seats, "seat_choices": option.seat_choices}


def rules_data(games: tuple[str, ...] | None = None) -> dict:
    """Each game's in-app rules per language, ``{lang: {game: [[heading, [paragraph, …]], …]}}`` (site/rules.json),
    from ``rules(lang)`` of each game's screen package (its ``ScreenSpec``, :func:`game.ui.catalog.screen_spec`)."""
    games = games or site_games()
    from game.ui.catalog import screen_spec
    from game.core.locale import language_names

    screens = {gid: spec for gid in games if (spec := screen_spec(gid)) is not None}
    return {lang: {gid: [[head, list(paras)] for head, paras in screen.rules(lang)] for gid, screen in screens.items()}
            for lang in language_names()}


def start_screen_html(data: dict) -> str:
    """The start screen as static HTML, in English with the default choices (start.js applies saved ones).

    Every text carries ``data-t`` (its text key) so start.js can switch the language without Python; the
    controls keep the ids the Python start screen had (``game-<id>``, ``f-players``, ``f-seat-N``, …).
    """
    from game.ui.settings import NAME_MAX  # seat_given_names cuts a name to the same length
    from html import escape

    texts = data["texts"]["en"]
    d = data["defaults"]

    def english(key: str, **values: object) -> str:
        """The English text of ``key`` from ``data``, escaped for HTML."""
        return escape(texts[key].format(**values) if values else texts[key])

    def select(name: str, key: str, options: list[tuple[str, str]], value: str, hidden: bool = False, n: int | None = None) -> str:
        opts = "".join(f'<option value="{escape(v)}"{" selected" if v == value else ""}>{escape(text)}</option>' for v, text in options)
        label = f'<span data-t="{key}" data-n="{n}">{english(key, n=n)}</span>' if n is not None else f'<span data-t="{key}">{english(key)}</span>'
        return (f'<label class="field" for="f-{name}" id="field-{name}"{" hidden" if hidden else ""}>{label}'
                f'<select name="{name}" id="f-{name}">{opts}</select></label>')

    games = data["games"]
    first = next(g for g in games if g["id"] == d["game"])  # drawn for the default game and player count
    choices = "".join(
        f'<label class="choice" for="game-{g["id"]}" data-available="{str(g["available"]).lower()}" title="{escape(g["problem"])}">'
        f'<input type="radio" name="game" id="game-{g["id"]}" value="{g["id"]}"{" checked" if g["id"] == d["game"] else ""}>'
        f'<span>{escape(g["title"])}</span>'
        + ("" if g["available"] else f'<span class="tag" data-t="start.coming">{english("start.coming")}</span>') + "</label>"
        for g in games)
    players = [(str(n), texts["start.solo"] if n == 1 else str(n)) for n in range(first["min"], first["max"] + 1)]
    seat_choices = [("human", texts["start.human"]), ("remote", texts["start.remote"])] + [("bot:" + b, texts["start.computer"].format(name=texts.get(f"start.bot.{b}", b))) for b in first["bots"]]
    most = max(g["max"] for g in games)
    def name_field(i: int) -> str:  # shown by start.js for each human seat when several people share the device
        return (f'<label class="field seat-name" for="f-name-{i}" id="field-name-{i}" hidden>'
                f'<span data-t="start.seat_name" data-n="{i + 1}">{english("start.seat_name", n=i + 1)}</span>'
                f'<input type="text" id="f-name-{i}" name="name-{i}" maxlength="{NAME_MAX}" autocomplete="off" spellcheck="false"></label>')

    seats = "".join(select(f"seat-{i}", "start.seat", seat_choices, "human" if i == 0 else "bot:" + first["default_bot"], hidden=True, n=i + 1)
                    + name_field(i) for i in range(most))
    options: dict[str, dict] = {}  # every game's options, each name once (the first declaration)
    for g in games:
        for o in g["options"]:
            options.setdefault(o["name"], o)
    shown = {o["name"] for o in first["options"]
             if not o["players"] or o["players"][0] <= d["players"] <= o["players"][1]}

    def option_field(o: dict) -> str:
        choices = [(str(v), texts[key].format(**(values or {})) if key else str(v)) for v, key, values in o["choices"]]
        choices += [("random", texts["start.random"])] if o["random"] else []
        return select(o["name"], o["label"], choices, str(d.get(o["name"], o["default"])), hidden=o["name"] not in shown)

    beside_seats = "".join(option_field(o) + "\n" for o in options.values() if o["beside_seats"])
    other_options = [o for o in options.values() if not o["beside_seats"]]
    options_hidden = not any(o["name"] in shown for o in other_options)
    data_json = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")  # safe inside <script>
    return f"""<main id="start-screen" class="screen stack" aria-labelledby="start-title">
<header><h1 id="start-title" class="brand" data-t="app.title">{english("app.title")}</h1><p class="lead" data-t="app.tagline">{english("app.tagline")}</p></header>
<p id="start-notice" class="notice" role="alert" hidden></p>
<div id="resume-slot"></div>
<nav class="actions" id="start-more" aria-label="{english("start.more")}" data-t-label="start.more"><button type="button" data-request="daily" data-t="start.daily">{english("start.daily")}</button><button type="button" data-request="past" data-t="start.past">{english("start.past")}</button><button type="button" data-request="stats" data-t="start.stats">{english("start.stats")}</button></nav>
<form id="start-form" class="stack" novalidate>
<fieldset><legend data-t="start.game">{english("start.game")}</legend><div class="choices">{choices}</div></fieldset>
<p id="start-unavailable" class="notice" hidden></p>
<fieldset id="seats-box"><legend data-t="start.seats">{english("start.seats")}</legend><div class="stack">
{select("players", "start.players", players, str(d["players"]))}
{beside_seats}{seats}
</div></fieldset>
<fieldset id="options-box"{" hidden" if options_hidden else ""}><legend data-t="start.options">{english("start.options")}</legend>
{"".join(option_field(o) + chr(10) for o in other_options)}</fieldset>
<fieldset><legend><span data-t="start.options">{english("start.options")}</span> · <span data-t="start.language">{english("start.language")}</span></legend><div class="stack">
{"".join(setting_field(s, d.get(s["name"], s["default"]), texts) + chr(10) for s in data["settings"])}</div></fieldset>
<details id="start-rules" class="log"><summary data-t="start.rules">{english("start.rules")}</summary><div id="start-rules-body"></div></details>
<div class="actions"><button type="submit" class="primary" id="start-game"><span id="start-label">{english("start.new")}</span></button></div>
</form>
<div id="load-status" aria-live="polite">
<ol class="stages">
<li data-stage="runtime" data-status="active"><span class="stage-name" data-t="start.load.runtime">{english("start.load.runtime")}</span> <span class="stage-detail" data-t="start.load.downloading">{english("start.load.downloading")}</span></li>
<li data-stage="package" data-status="waiting"><span class="stage-name" data-t="start.load.package">{english("start.load.package")}</span> <span class="stage-detail"></span></li>
<li data-stage="start" data-status="waiting"><span class="stage-name" data-t="start.load.start">{english("start.load.start")}</span> <span class="stage-detail"></span></li>
</ol>
<progress id="load-progress" max="1" value="0" aria-label="{english("start.load.progress")}" data-t-label="start.load.progress"></progress>
<p id="load-bytes" class="muted"></p>
</div>
<footer class="footer"><span id="build-id" data-t="start.build">&nbsp;</span></footer>
</main>
<script type="application/json" id="start-data">{data_json}</script>"""


def setting_field(setting: dict, value: Any, texts: dict[str, str]) -> str:
    """The start screen's field of one declared setting (``start_screen_data()["settings"]``), showing ``value``, in
    English: ``f-<name>`` inside ``field-<name>``, its label's text key in ``data-t`` (start.js reads and saves it)."""
    from html import escape

    name, label = setting["name"], setting["label"]
    caption = f'<span data-t="{label}">{escape(texts[label])}</span>'
    if setting["field"] == "check":
        return (f'<label class="check" for="f-{name}" id="field-{name}"><input type="checkbox" id="f-{name}" '
                f'name="{name}"{" checked" if value else ""}>{caption}</label>')
    if setting["field"] == "number":
        hint = setting["hint"]
        described = f' aria-describedby="{name}-hint"' if hint else ""
        small = f'<small class="muted" id="{name}-hint" data-t="{hint}">{escape(texts[hint])}</small>' if hint else ""
        return (f'<label class="field" for="f-{name}" id="field-{name}">{caption}<input type="number" id="f-{name}" '
                f'name="{name}" min="0" inputmode="numeric" value="{escape(str(value))}"{described}>{small}</label>')
    options = "".join(f'<option value="{escape(str(v))}"{" selected" if str(v) == str(value) else ""}>'
                      f'{escape(texts[key] if key else shown)}</option>' for v, key, shown in setting["choices"])
    return (f'<label class="field" for="f-{name}" id="field-{name}">{caption}'
            f'<select name="{name}" id="f-{name}">{options}</select></label>')


def write_index(out: Path, games: tuple[str, ...] | None = None) -> None:
    """index.html with the static start screen in place of :data:`START_MARKER` and PyScript's modules in place of
    :data:`PYSCRIPT_MODULES_MARKER`, and site/rules.json."""
    games = games or site_games()
    page = (ROOT / "index.html").read_text()
    for marker in (START_MARKER, PYSCRIPT_MODULES_MARKER):
        if page.count(marker) != 1:
            raise SystemExit(f"build.py: index.html must hold the marker {marker!r} exactly once")
    modules = [f"./vendor/pyscript/{path.name}" for path in pyscript_files() if path.suffix == ".js"]
    page = page.replace(PYSCRIPT_MODULES_MARKER,
                        f'<script type="application/json" id="pyscript-modules">{json.dumps(modules)}</script>')
    (out / "index.html").write_text(page.replace(START_MARKER, start_screen_html(start_screen_data(games))))
    (out / "rules.json").write_text(json.dumps(rules_data(games), ensure_ascii=False, sort_keys=True) + "\n")
