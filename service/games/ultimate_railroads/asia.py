"""ASIAN RAILROADS (p.33-35), the route board (`board: asia`): BAUSTELLEN-PLÄTTCHEN (the
construction tiles on the extra loco slots), LOKOMOTIVE NEHMEN, SILBERNE GLEISE (two fields,
only the first counts: special_fields.unlock), OSAKA-STRECKENAUSBAU (the gold track, its 2
steps and the key from OSAKA 8 and BEIJING 17), and the medal's several fields (ERKLÄRUNG
VON KARTEN UND PLÄTTCHEN). The routes themselves: asia_board.py, data/asia.json."""
from __future__ import annotations

from . import completion, modules, pool, setup, special_fields
from .asia_board import CONSTRUCTION, ROUTES, medal_fields, route
from .data import ASIA
from .effects import take_medal
from .chapter import into
from .gains import gain, gives

REWARDS = ("industry", "coin")     # "Immer wenn du ein Baustellen-Plättchen entfernst, erhältst du
#                                    1 Industrieschritt oder 1 Münze."


@into(setup.PLAYERS)
def player_pieces(player: dict, options: dict) -> None:
    """Set-up 2: a construction tile on each printed extra loco slot; the OSAKA extension
    not laid; the medal not laid (False, else the field it lies on)."""
    if options.get("board", "russia") == "asia":
        player.update(construction=dict(CONSTRUCTION), osaka=False)


@into(modules.IDEA_TILES)
def idea_tiles(options: dict) -> list[str]:
    """OSAKA-STRECKENAUSBAU: its idea tile, one each."""
    return [ASIA["idea_tile"]["id"]] if options.get("board") == "asia" else []


def blocked_slots(player: dict, route_id: str) -> int:
    """The first slots of a route lie under its construction tiles (no loco goes there)."""
    return player.get("construction", {}).get(route_id, 0)


def pending(state: dict) -> int:
    return sum(1 for i in state["pool"]["items"] if i["kind"] == "construction" and i.get("left", 1) > 0)


def construction_field(state, seat, special, tag):
    """Erfüllst du die Voraussetzungen für eines der Felder, musst du sofort ein
    Baustellen-Plättchen deiner Wahl entfernen (a direct decision); none left: nothing."""
    if sum(state["players"][seat]["construction"].values()) > pending(state):
        pool.add(state, "construction", True)
    return []


def construction_options(state, seat, item):
    tiles = state["players"][seat]["construction"]
    return [{"action": "construction", "item": item["id"], "route": r, "reward": reward}
            for r in ROUTES if tiles.get(r) for reward in REWARDS]


def resolve_construction(state, seat, item, move):
    item["left"] = 0
    player = state["players"][seat]
    player["construction"][move["route"]] -= 1
    events = [{"type": "construction_removed", "seat": seat, "route": move["route"]}]
    if move["reward"] == "coin":
        return events + gain(state, seat, {"type": "gain_coins", "coins": 1}, direct=False)
    return events + gain(state, seat, {"type": "industry_steps", "steps": 1}, direct=False)


def take_loco_field(state, seat, special, tag):
    """LOKOMOTIVE NEHMEN: the action Lokomotivenbau by the usual rules, no factory instead."""
    pool.add(state, "loco", False)
    return []


def gold_field(state, seat, special, tag):
    """The gold track and up to 2 steps with it; OSAKA 8 and BEIJING 17 both give it:
    'Die beiden Gleisschritte und den Schlüssel kannst du so 2 Mal erhalten' (the track
    itself once: the second field gives its 2 steps). BEIJING 17's key counts with OSAKA."""
    player = state["players"][seat]
    colour = {"colour": "gold", "steps": special["steps"]}
    if "gold" in player["unlocked"]:
        pool.add(state, "track", False, colours=["gold"], left=special["steps"])
        events = []
    else:
        events = special_fields.unlock(state, seat, None, colour)
    if special.get("key") is True or (special.get("key") == "with_osaka" and player["osaka"]):
        events += special_fields.gain_key(state, seat)
    return events


def lay_osaka(state, seat, effect, direct):
    """OSAKA-STRECKENAUSBAU: laid at once over TOKYO, even with wood and green built there;
    what was gained stays, TOKYO's fields no longer count. ACHTUNG: a track already on or
    past BEIJING 17 brings its key now."""
    player = state["players"][seat]
    player["osaka"] = True
    events = [{"type": "osaka", "seat": seat}]
    for route_id in ROUTES:
        for special in route(route_id, True)["specials"]:
            if special.get("key") == "with_osaka" and f"{route_id}:{special['field']}" in player["fired"]:
                events += special_fields.gain_key(state, seat)
    return events + special_fields.fire(state, seat)


def medal(state, seat, effect, direct):
    """Beim Asientableau hast du mehrere Felder, auf die du die 20-Punkte Medaille legen
    kannst (once): which one is a decision."""
    if state["players"][seat].get("board") != "asia":
        return take_medal(state, seat, effect, direct)
    pool.add(state, "medal_field", direct)
    return []


def medal_field_options(state, seat, item):
    return pool.offered(item, "medal", "field", medal_fields(state["players"][seat]["osaka"]))


def resolve_medal_field(state, seat, item, move):
    item["left"] = 0
    state["players"][seat]["medal"] = move["field"]
    return [{"type": "medal_field", "seat": seat, "field": move["field"]}]


pool.kind("construction")((construction_options, resolve_construction))
pool.kind("medal_field")((medal_field_options, resolve_medal_field))
special_fields.MODULE_KINDS.update(construction=construction_field, take_loco=take_loco_field, gold=gold_field)
gives({"osaka": lay_osaka, "medal": medal})
# a construction tile (one is there for each such decision) and a medal field can always be laid
completion.ALWAYS_DOABLE.update({"construction", "medal_field"})
