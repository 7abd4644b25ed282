"""Barrio's animation steps (pure Python): what Klaus and the other seats did, step by step, from new log
events, with Klaus's area as it is at each step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...barrio import cards as C
from ...barrio.panoramas import panoramas_points


@dataclass
class Flash:
    """One animation step over the table: a caption, a highlighted place, a card moving."""

    text: str
    at: str | None = None  #: key of :attr:`Frame.places` to ring
    card: int | None = None  #: card drawn moving (None: a face-down card)
    src: str | None = None
    dst: str | None = None
    progress: float = 1.0  #: 0 → at ``src``, 1 → at ``dst``
    kind: str = "material"
    #: Klaus as he is at this step ({"hand": n, "kept": k, "pans": [...]}), so his area changes step by step
    klaus: dict[str, Any] | None = None



def klaus_before(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """Klaus's area in a view (before some events), as :attr:`Flash.klaus` holds it; None outside solo."""
    if not view or not view.get("klaus"):
        return None
    k = view["klaus"]
    return {"hand": len(k["hand"]), "kept": len(k["kept"]), "pans": [p[:] for p in view["panoramas"][1]]}


def with_klaus(view: dict[str, Any], klaus: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``view`` whose Klaus area is the one of an animation step."""
    out = dict(view)
    out["klaus"] = {**view["klaus"], "hand": [None] * klaus["hand"], "kept": [None] * klaus["kept"],
                    "houses": sum(len(p) for p in klaus["pans"])}
    out["panoramas"] = [view["panoramas"][0], klaus["pans"]]
    # his score at that step: houses and panoramas as they were, Burruños not yet kept taken off
    houses = sum(C.POINTS[h] for p in klaus["pans"] for h in p)
    later = (len(view["klaus"]["kept"]) - klaus["kept"]) * view["scoring"]["burruno"]
    out["scores"] = [view["scores"][0], houses + panoramas_points(klaus["pans"]) + view["breakdown"][1]["burrunos"] - later]
    return out


def flashes(events: list[dict[str, Any]], me: int, describe: Callable[[dict[str, Any]], str],
            klaus: dict[str, Any] | None = None) -> list[Flash]:
    """The animation steps for new log events: what Klaus and the other seats did (not the viewer's own moves).

    With ``klaus`` (his area before these events, see :func:`klaus_before`) each of
    his steps carries his area as it is at that step: the face-down pile grows
    draw by draw, the house appears when he builds, the pile empties when he discards.
    """
    out: list[Flash] = []
    cur = None if klaus is None else {"hand": klaus["hand"], "kept": klaus["kept"], "pans": [p[:] for p in klaus["pans"]]}

    def now() -> dict[str, Any] | None:
        return None if cur is None else {"hand": cur["hand"], "kept": cur["kept"], "pans": [p[:] for p in cur["pans"]]}

    for e in events:
        kind = e.get("type")
        text = describe(e)
        if kind == "klaus_turn":
            out.append(Flash(text, at="klaus", klaus=now()))
        elif kind == "klaus_draw":
            if cur is not None and isinstance(e.get("hand"), int):
                cur["hand"] = e["hand"]
            src = f"wh-{e['slot']}" if e.get("source") == "warehouse" and e.get("slot") is not None else "deck-m"
            out.append(Flash(text, card=e.get("card") if e.get("source") == "warehouse" else None, src=src, dst="klaus-hand",
                             klaus=now()))
        elif kind == "klaus_build":
            if cur is not None and isinstance(e.get("panoramas"), list):
                cur["pans"] = [list(p) for p in e["panoramas"]]
            out.append(Flash(text, at="klaus-pans", klaus=now()))
        elif kind == "klaus_discard":
            if cur is not None:
                kept = len(e.get("kept") or [])
                cur["hand"] = max(0, cur["hand"] - len(e.get("cards") or []) - kept)
                cur["kept"] += kept
            out.append(Flash(text, at="klaus", klaus=now()))
        elif kind in ("klaus_tie", "overflow", "solo_reset", "market_discarded", "last_round"):
            out.append(Flash(text, at="klaus" if kind.startswith("klaus") else None, klaus=now()))
        elif e.get("player") not in (None, me) and isinstance(e.get("player"), int):
            p = e["player"]
            if kind == "draw":
                source: str = e.get("source") or ""
                src = {"warehouse": f"wh-{e.get('slot')}", "house_market": f"hm-{e.get('slot')}",
                       "material_deck": "deck-m", "house_deck": "deck-h"}.get(source, "deck-m")
                out.append(Flash(text, card=e.get("card"), src=src, dst=f"seat-{p}",
                                 kind="house" if source.startswith("house") else "material"))
            elif kind == "place":
                out.append(Flash(text, card=e.get("card"), src=f"seat-{p}", dst=f"cell-{e['row']}_{e['col']}"))
            elif kind in ("build", "panorama", "combo", "free_build", "discard_houses", "keep_houses", "full_grid"):
                out.append(Flash(text, at=f"seat-{p}"))
    return out
