"""Words: the seat played on this device is "you", numbers agree with their nouns, in every language.

Whole games of each title are played through the app on the worker's page mirror (CPython, the
same code the browser runs), in English, Spanish and French, against a computer seat; every text
the app sends to the page (elements' text, accessible names, titles, the canvas's drawn text)
is read, and no sentence may name the player's own seat "Player 1" or put a 1 before a plural noun.
"""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from game.core.locale import YouName, add_texts, catalogue, has_text, languages, plural_category, text
from game.core.seat_names import player_name, speaking_to
from game.ui.settings import seat_given_names

from .ui_harness import Harness, sent_texts

#: plural nouns per language: "1 points" (and French "0 points") is a mismatch
PLURAL_NOUNS = {
    "en": "points|players|cards|moves|games|results|materials|houses|lots|cubes|millions|actions|places|spaces|entries|pts",
    "es": "puntos|jugadores|cartas|jugadas|partidas|resultados|materiales|casas|solares|cubos|millones|acciones|sitios|espacios|entradas|ptos",
    "fr": "points|joueurs|cartes|coups|parties|résultats|matériaux|maisons|terrains|cubes|millions|actions|endroits|cases|entrées|pts",
}


def plural_mismatches(line: str, lang: str) -> list[str]:
    """The "1 points" (French: also "0 points") of ``line``."""
    ones = "[01]" if lang == "fr" else "1"
    found = re.findall(rf"(?<![\d.,+\-−]){ones} (?:{PLURAL_NOUNS[lang]})\b", line)
    return found


# ---------------------------------------------------------------------------------------------- the rule itself
@pytest.mark.parametrize("lang,n,category", [
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("en", 1_000_000, "other"), ("en", 1.5, "other"),
    ("es", 1, "one"), ("es", 0, "other"), ("es", 21, "other"), ("es", 1_000_000, "many"), ("es", 2_000_000, "many"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 1.5, "one"), ("fr", 2, "other"), ("fr", 1_000_000, "many"),
])
def test_plural_categories_are_cldr(lang, n, category):
    assert plural_category(n, lang) == category


def test_the_translator_remembers_each_reading_apart():
    """``text`` remembers what it said; a "you" name and the equal plain name, or 1 and 1.0, still read as themselves."""
    for _ in range(2):  # the second time from what it remembers
        assert text("game.winner", "fr", names=YouName("Vous")) == "Vous gagnez !"
        assert text("game.winner", "fr", names="Vous") == "Vous gagne !"
        assert text("ny.points", "en", n=1) == "1 point" and text("ny.points", "en", n=1.0) == "1.0 point"
        assert text("no.such.key", "es") == "no.such.key"
    assert text("game.winner", "en", names=["Ana"]) == "['Ana'] wins!"  # a list cannot be remembered: said afresh


def test_texts_added_in_code_come_after_the_catalogue_files():
    add_texts({"en": {"test.added": "Added {n}", "app.title": "Not the title"}, "es": {"test.added": "Añadido {n}"}})
    assert text("test.added", "es", n=2) == "Añadido 2" and text("test.added", "fr", n=2) == "Added 2"
    assert text("app.title", "en") == catalogue("en")["app.title"]
    assert has_text("test.added", "es") and not has_text("test.added", "fr")


def test_one_rule_picks_plural_and_you_forms_everywhere():
    assert text("ny.points", "en", n=1) == "1 point" and text("ny.points", "en", n=0) == "0 points"
    assert text("ny.points", "fr", n=0) == "0 point" and text("ny.points", "es", n=0) == "0 puntos"
    assert text("count.players", "es", count=1) == "1 jugador" and text("count.players", "es", count=3) == "3 jugadores"
    you = YouName(text("player.you", "fr"))
    assert text("game.winner", "fr", names=you) == "Vous gagnez !"
    assert text("game.winner", "fr", names="Joueur 2 (ordinateur, fort)") == "Joueur 2 (ordinateur, fort) gagne !"
    # "you" where it is not the subject reads as the object form
    line = text("neueheimat.log.buy", "es", who="Jugador 2", seller=YouName("Tú"), amount=1)
    assert line == "Jugador 2 se lo queda y paga 1 millón a ti."
    with speaking_to([0], [None, "Ana"]):
        assert isinstance(player_name(0, "en"), YouName) and player_name(1, "en") == "Ana" and player_name(2, "en") == "Player 3"
    assert player_name(0, "en") == "Player 1"  # outside the app's words: the engines' plain names


def test_variants_exist_in_every_language_for_every_you_text():
    english = catalogue("en")
    for lang in languages():
        own = catalogue(lang)
        assert {k for k in own if "@you" in k or "#" in k} == {k for k in english if "@you" in k or "#" in k}, lang


def test_given_names_are_tidy_and_never_repeated():
    seats = ["human", "human", "bot:weak", "human"]
    assert seat_given_names(["  Ana   María ", "ana maría", "X", ""], seats) == ["Ana María", "ana maría 2", "", ""]
    assert seat_given_names(["Ana"], ["human", "bot:weak"]) == ["", ""]  # alone against computers: "you"
    assert seat_given_names("not a list", seats) == ["", "", "", ""]
    assert seat_given_names(["x" * 50, "x" * 50], ["human", "human"]) == ["x" * 20, "x" * 17 + " 2"]


# ---------------------------------------------------------------------------------------------- whole games
GAMES = [
    ("barrio", {"players": 1, "level": "A"}),
    ("nyhavn", {"players": 2, "seats": ["human", "bot:weak"]}),
    ("neueheimat", {"players": 2, "seats": ["human", "bot:weak"], "rounds": 1}),
]


def play_whole_game(monkeypatch: pytest.MonkeyPatch, game_id: str, options: dict[str, Any], lang: str, seed: int) -> tuple[Harness, list[str]]:
    from game.ui.neueheimat import screen as nh_screen

    monkeypatch.setattr(nh_screen, "ANIM_MS", 1e-3)  # its animations run on the real clock: none, so a game takes seconds
    h = Harness(monkeypatch)
    h.ops()
    settings = {"game": game_id, "lang": lang, "seed": str(seed), **options}
    h.request(type="new", settings=settings)
    rng = random.Random(seed)
    seen: list[str] = []
    for _ in range(3000):
        h.host.run_timers(limit=50)
        seen.extend(sent_texts(h.ops()))
        if h.find("end-screen") is not None:
            break
        screen = h.app.screen
        assert screen is not None
        close = h.find("nh-scoring-close")  # Neue Heimat's round scoring holds the game until it is closed
        if close is not None and not close.hidden and not close.parentElement.parentElement.hidden:
            h.click(close)
        elif screen.is_my_turn():
            assert screen.act(rng.choice(screen.legal()))
    assert h.find("end-screen") is not None, f"{game_id} did not end"
    return h, seen


#: each game in another language (every pairing with WORDS_ALL=1: 9 games, about a minute and a half)
PAIRS = [(g, o, lang) for (g, o) in GAMES for lang in ("en", "es", "fr")] if os.environ.get("WORDS_ALL") else [
    (g, o, lang) for (g, o), lang in zip(GAMES, ("fr", "es", "en"))]


@pytest.mark.parametrize("game_id,options,lang", PAIRS, ids=[f"{g}-{lang}" for g, _, lang in PAIRS])
def test_whole_games_say_you_and_agree_in_number(monkeypatch, game_id, options, lang):
    h, seen = play_whole_game(monkeypatch, game_id, options, lang, seed=3 + len(game_id))
    own_default = text("player.n", lang, n=1)
    you_word = text("player.you", lang)
    wrong = [s for s in seen if re.search(rf"{re.escape(own_default)}(?!\d)", s)]
    assert not wrong, f"the player's own seat named by its default name: {wrong[:5]}"
    plural = [(s, m) for s in seen for m in plural_mismatches(s, lang)]
    assert not plural, f"numbers disagree with their nouns: {plural[:5]}"
    leaks = [s for s in seen if "@you" in s or re.search(r"#(one|many|other)\b", s)]
    assert not leaks, leaks[:5]
    # the log and the status lines spoke to "you"
    assert any(s.startswith(you_word) or text("game.turn@you", lang) in s for s in seen)
    # the end line: "You win!" or the winners' names
    screen_rows = h.find("final-scores").querySelectorAll("tr[data-seat]")
    assert screen_rows and screen_rows[0].querySelector("td").textContent.startswith(you_word)
    verdict = h.find("end-screen").querySelector(".status").textContent
    spec = h.app.book.open(h.app.book.past_games()[0]["id"]).spec
    assert own_default not in verdict
    winners = [r.getAttribute("data-seat") for r in screen_rows if "winner" in (r.getAttribute("class") or "")]
    assert (verdict == text("game.winner@you", lang)) == (winners == ["0"]), (verdict, winners)
    # the replay of the game: "you", and never the name twice ("You: You: place …")
    h.ops()
    h.click(h.find("end-replay"))
    viewer = h.app.panel
    lines = []
    for _k in range(min(len(viewer.replay), 30)):
        h.click(h.find("replay-next"))
        lines.append(h.find("replay-line").textContent)
    lines += sent_texts(h.ops())
    assert not [s for s in lines if re.search(rf"{re.escape(own_default)}(?!\d)", s)]
    doubled = [s for s in lines if re.match(r"^([^:]+) ?: \1 ?:", s)]
    assert not doubled, doubled[:3]
    assert spec.game_id == game_id


def test_statistics_and_past_games_agree_in_number(monkeypatch):
    """One finished game: "1 game", never "1 games", on the screens that count them."""
    h, _ = play_whole_game(monkeypatch, "barrio", {"players": 1, "level": "A"}, "en", seed=5)
    for kind in ("stats", "past"):
        h.ops()
        h.request(type=kind)
        texts = sent_texts(h.ops())
        assert texts and not [(s, m) for s in texts for m in plural_mismatches(s, "en")], kind


def test_named_seats_between_people_sharing_the_device(monkeypatch):
    """Two people on one device: each is called by the name given on the start screen, in the log too."""
    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "nyhavn", "players": 2, "seats": ["human", "human"], "names": ["Ana", "ana"],
                                    "seed": "4", "lang": "en"})
    screen = h.app.screen
    assert [s.name for s in screen.match.seats] == ["Ana", "ana 2"]
    assert screen.names[:2] == ["Ana", "ana 2"]
    assert "Ana" in h.find("status").textContent
    h.click(h.find("pass-ready"))
    screen.act(screen.legal()[0])
    h.host.run_timers()
    log = [li.textContent for li in h.find("game-log").querySelectorAll("li")]
    assert any(line.startswith("Ana ") for line in log) and not any("Player 1" in line for line in log)
    assert h.settings["names"] == ["Ana", "ana"]  # kept for the next game


# ---------------------------------------------------------------------------------------------- the coach's numbers
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_coachs_counts_agree_in_number(lang):
    """"about 1 points better": every number the coach says goes through the plural rule, as given (1, 1.0) or as
    already written (French and Spanish "1,5")."""
    from game.core.coaching import Moment, Phrase

    said = []
    for value in (1, 1.0, 0.96, 0, 0.5, 1.5, 2, 3.25):
        for unit in ("points", "chance"):
            moment = Moment(1, 1, {}, {}, Phrase("coach.neueheimat.pass"), Phrase("coach.neueheimat.pass"), value, unit)
            said.append(moment.loss_text(lang))
        for key in ("coach.neueheimat.lead", "coach.neueheimat.money_in_box", "coach.neueheimat.money_in_hand"):
            said.append(Phrase(key, {"points": round(value, 1)}).text(lang))
        said.append(Phrase("coach.search_points", {"points": round(value, 1), "rounds": 40}).text(lang))
    wrong = [(s, m) for s in said for m in plural_mismatches(s, lang)]
    assert not wrong, wrong
    one = {"en": "about 1 point better", "es": "aproximadamente 1 punto mejor", "fr": "environ 1 point de mieux"}[lang]
    assert Moment(1, 1, {}, {}, Phrase("x"), Phrase("x"), 1.0, "points").loss_text(lang) == one
    assert plural_category(2, lang) == "other" and "2 p" in Phrase("coach.search_points", {"points": 2, "rounds": 9}).text(lang)
    if lang == "fr":  # French counts 1,5 as one: "1,5 point"
        assert Moment(1, 1, {}, {}, Phrase("x"), Phrase("x"), 1.5, "points").loss_text(lang) == "environ 1,5 point de mieux"


# ---------------------------------------------------------------------------------------------- places in the log
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_barrio_log_names_market_places_as_the_table_shows_them(lang):
    """A card placed or a house built is told by the market's rows and columns as the table numbers them (from 1 at
    its top-left card: "left of row 2 of the market"), never by the engine's coordinates, which grow in every
    direction ("at (-1, 2)")."""
    import game.barrio as B
    from game.barrio.market import market_box
    from game.barrio.text import place_where

    rng = random.Random(7)
    places = builds = 0
    for seed in range(3):
        state = B.SPEC.new_game(1, seed, solo=True, level="A")
        for _ in range(400):
            if B.SPEC.is_over(state):
                break
            legal = B.SPEC.legal_actions(state)
            builds_now = [a for a in legal if a["type"] == "build"]
            action = rng.choice(builds_now) if builds_now and rng.random() < 0.7 else rng.choice(legal)
            box = market_box(state.market)
            before = len(state.log)
            state = B.SPEC.apply_action(state, action)
            for e in state.log[before:]:
                line = B.SPEC.describe_event(e, lang)
                assert not re.search(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|-\d", line), line
                if e["type"] == "place":
                    places += 1
                    kind, numbers = place_where(box, e["row"], e["col"])
                    assert text(f"coach.barrio.where.{kind}", lang, **numbers) in line, line
                elif e["type"] == "build":
                    builds += 1
                    axis, index = e["line"]["axis"], e["line"]["index"]
                    n = index - (box[0] if axis == "row" else box[1]) + 1
                    assert text(f"barrio.name.{'row' if axis == 'row' else 'column'}", lang, n=n) in line, line
    assert places > 20 and builds > 3, (places, builds)
    # a place logged by an older version (no market box kept) is still told without coordinates
    old = B.SPEC.describe_event({"type": "place", "player": 0, "card": 0, "row": -2, "col": 3}, lang)
    assert "-2" not in old and "3" not in old, old
