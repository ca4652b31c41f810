"""Keys, idea tiles, idea cards and end-game cards as decisions (Vorteil: Schlüssel,
Vorteil: Ideenplättchen, ERKLÄRUNG VON KARTEN UND PLÄTTCHEN)."""
from __future__ import annotations

from . import pool
from .data import DATA, IDEA_CARDS, IDEA_TILES, factory_effect
from .gains import gain, score

# a chapter's further use of a key: choice -> (offered(state, seat) -> bool, use(state, seat) -> events)
KEY_CHOICES: dict = {}


def undoubled(effect: dict) -> dict:
    """ACHTUNG: Industrieschritte, die du durch Ideenplättchen oder zugehörige Ideenkarten
    erhältst, darfst du nicht verdoppeln: such an effect's industry steps are marked
    (SPEZIAL-IDEEN-MODUL's doubling card reads the mark)."""
    if effect["type"] == "combo":
        return {**effect, "parts": [undoubled(p) for p in effect["parts"]]}
    return {**effect, "undoubled": True} if effect["type"] == "industry_steps" else effect


def key_options(state, seat, item):
    return [{"action": "key", "item": item["id"], "choice": c}
            for c in ["steps", "points"] + [c for c, (offered, _) in KEY_CHOICES.items() if offered(state, seat)]]


def resolve_key(state, seat, item, move):
    """Entweder 1 Schritt mit einem holzfarbenen und 1 mit einem beliebigen Gleis, oder 10 Punkte."""
    item["left"] = 0
    benefit = DATA["key_benefit"]
    if move["choice"] in KEY_CHOICES:
        return KEY_CHOICES[move["choice"]][1](state, seat)
    if move["choice"] == "points":
        return score(state, seat, benefit["points"], "key")
    for part in benefit["steps"]:
        pool.add(state, "track", False, colours=part["colours"], left=part["steps"])
    return []


def use_tile(state, seat, tile):
    player = state["players"][seat]
    player["ideas"].remove(tile)
    player["ideas_used"].append(tile)
    return [{"type": "idea_tile", "seat": seat, "tile": tile}] + gain(
        state, seat, undoubled(IDEA_TILES[tile]["effect"]), direct=False)


def usable_tiles(player: dict) -> list[str]:
    """SPEZIAL-GLEISPUNKTE-PLÄTTCHEN, SONDERFALL: with the special tile the revaluation
    tile may no longer be chosen."""
    return [t for t in player["ideas"] if not (t == "revaluation" and player.get("special_track_points"))]


def idea_options(state, seat, item):
    return pool.offered(item, "idea", "tile", usable_tiles(state["players"][seat]))


def resolve_idea(state, seat, item, move):
    """An idea tile used on the special factory stays on it (SPEZIAL-IDEEN-MODUL)."""
    item["left"] = 0
    if item.get("on_factory"):
        state["players"][seat].setdefault("special_factory_tiles", []).append(move["tile"])
    return use_tile(state, seat, move["tile"])


def two_ideas_options(state, seat, item):
    """Choose 2 unused tiles: use one, put the other back unused (needs two tiles)."""
    tiles = state["players"][seat]["ideas"]
    return [{"action": "idea", "item": item["id"], "tile": t, "discard": d}
            for t in usable_tiles(state["players"][seat]) for d in tiles if d != t]


def resolve_two_ideas(state, seat, item, move):
    """Both go back in the box: the one used is not kept on the board, so the idea
    end-game card does not count it (Aus dem Spiel gelegte Ideenplättchen bringen dir
    keine Punkte)."""
    item["left"] = 0
    player = state["players"][seat]
    player["ideas"].remove(move["discard"])
    events = use_tile(state, seat, move["tile"])
    player["ideas_used"].remove(move["tile"])
    player["ideas_removed"] += [move["discard"], move["tile"]]
    return events


def end_card_options(state, seat, item):
    out = [{"action": "end_card", "item": item["id"], "card": c} for c in sorted(set(state["end_deck"]))]
    if item.get("points") is not None:
        out.append({"action": "end_card", "item": item["id"], "card": "none"})
    return out


def resolve_end_card(state, seat, item, move):
    item["left"] = 0
    if move["card"] == "none":
        return score(state, seat, item["points"], "no end-game card")
    state["end_deck"].remove(move["card"])
    state["players"][seat]["end_cards"].append(move["card"])
    return [{"type": "end_card", "seat": seat},
            {"type": "end_card_kept", "seat": seat, "cards": [move["card"]], "visible_to": [seat]}]


def idea_card_options(state, seat, item):
    """SONDERFALL: once revalued, the special track-points card may not be taken."""
    player = state["players"][seat]
    return [{"action": "idea_card", "item": item["id"], "card": c} for c in state["idea_cards"]
            if not (c == "special_track_points" and player["revalued"])]


def resolve_idea_card(state, seat, item, move):
    item["left"] = 0
    state["idea_cards"].remove(move["card"])
    return [{"type": "idea_card", "seat": seat, "card": move["card"]}] + gain(
        state, seat, undoubled(IDEA_CARDS[move["card"]]["effect"]), direct=False)


def use_factory_options(state, seat, item):
    """Du nutzt die Aktion einer deiner Fabriken."""
    factories = state["players"][seat]["factories"]
    return [{"action": "use_factory", "item": item["id"], "gap": g}
            for g, f in enumerate(factories) if f is not None]


def resolve_use_factory(state, seat, item, move):
    item["left"] = 0
    factory = state["players"][seat]["factories"][move["gap"]]
    return gain(state, seat, factory_effect(factory), direct=False)


pool.kind("key")((key_options, resolve_key))
pool.kind("idea")((idea_options, resolve_idea))
pool.kind("two_ideas")((two_ideas_options, resolve_two_ideas))
pool.kind("end_card")((end_card_options, resolve_end_card))
pool.kind("idea_card")((idea_card_options, resolve_idea_card))
pool.kind("use_factory")((use_factory_options, resolve_use_factory))
