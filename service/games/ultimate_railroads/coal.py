"""KOHLE-MODUL (p.38-41): coal, the coal board's spaces, the stoker (DER HEIZER), the
foundries (DIE GIESSEREIEN, GIESSEREIEN SCHLIESSEN), the coal factory (DIE KOHLE-FABRIK)
and DAS KOMBINIERTE AKTIONSFELD at 2 players.

The spaces paid with coal (the stoker field, your foundries) are used only in addition to
your regular action, before and/or after it, never in a turn that passes (free_actions.py:
the move `coal`), with coal gained this turn too."""
from __future__ import annotations

from service.games.base import deal_anew
from service.games.common.rng import shuffled

from . import completion, effects, free_actions, industry, modules, pool, spaces, special_fields, view
from .boards import route_ids
from .data import FOUNDRIES, MODULES, STOKER, factory_effect, loco_number, seat_rules
from .chapter import into
from .gains import gain, gives, score

COAL = MODULES["coal"]
STOKER_SPACE = COAL["stoker_space"]["id"]
POINTS_EFFECTS = ("points", "score_engineer_numbers", "score_two_highest_locos", "score_steps")


def on(state: dict) -> bool:
    return bool(state["options"].get("coal"))


def gain_coal(state, seat, effect, direct):
    state["players"][seat]["coal"] += effect["coal"]
    return [{"type": "coal", "seat": seat, "coal": effect["coal"]}]


def take_foundry(state, seat, effect, direct):
    """Eine der beiden offen liegenden Gießereien, zusätzlich 1 Kohle; dann deckst du eine
    neue auf (a direct action: with none face up it cannot be taken)."""
    pool.add(state, "foundry_pick", direct)
    return gain_coal(state, seat, effect, direct)


@into(effects.VERDICTS, "take_foundry")
def foundry_verdict(state: dict, seat: int, effect: dict) -> bool:
    """A direct action: with no foundry face up it cannot be taken."""
    return bool(state["foundries"]["offer"])


def foundry_pick_options(state, seat, item):
    return pool.offered(item, "foundry", "foundry", state["foundries"]["offer"])


def resolve_foundry_pick(state, seat, item, move):
    """Above your board; the next one is turned up."""
    state["foundries"]["offer"].remove(move["foundry"])
    pool.reveal(state["foundries"])
    state["players"][seat]["foundries"].append(move["foundry"])
    item["left"] = 0
    return [{"type": "foundry", "seat": seat, "foundry": move["foundry"]}]


# --- the stoker -----------------------------------------------------------------

def stoker_places(player: dict) -> list[str]:
    """An own locomotive or factory without a stoker (höchstens 1 Heizer)."""
    locos = [f"{route}:{slot}" for route in route_ids(player) for slot, tile in enumerate(player["locos"][route])
             if tile and not tile.endswith(STOKER)]
    factories = [f"factory:{gap}" for gap, tile in enumerate(player["factories"])
                 if tile and not tile.endswith(STOKER) and "lane" not in player]    # INDUSTRIETABLEAU: none
    return locos + factories


def attach_options(state, seat, item):
    return pool.offered(item, "stoker", "at", stoker_places(state["players"][seat]))


def resolve_attach(state, seat, item, move):
    """The stoker becomes part of that locomotive (its number +1, it moves with it) or
    factory (one of its actions once more when a wrench arrives)."""
    item["left"] = 0
    player = state["players"][seat]
    where, index = move["at"].split(":")
    if where == "factory":
        player["factories"][int(index)] += STOKER
    else:
        player["locos"][where][int(index)] += STOKER
    return [{"type": "stoker", "seat": seat, "at": move["at"]}] + special_fields.fire(state, seat)


def stoker_usable(state: dict, seat: int) -> bool:
    """DER HEIZER: 2 coal on the free stoker field; the top face-down foundry is attached
    at once (a direct action: a foundry left in the stack and a place for it)."""
    player = state["players"][seat]
    return (STOKER_SPACE not in state["spaces"] and player["coal"] >= COAL["stoker_coal"]
            and bool(state["foundries"]["stack"]) and bool(stoker_places(player)))


def usable_foundries(state: dict, seat: int) -> list[str]:
    """Your face-up foundries not used this round, with 2 coal to put on one."""
    player = state["players"][seat]
    if player["coal"] < COAL["foundry_coal"]:
        return []
    return [f for f in player["foundries"] if f not in player["foundries_used"]]


def uses(state: dict, seat: int) -> list[str]:
    """WIE KANN ICH MEINE KOHLE NUTZEN?"""
    if not on(state):
        return []
    return (["stoker"] if stoker_usable(state, seat) else []) + usable_foundries(state, seat)


def use(state: dict, seat: int, what: str) -> list[dict]:
    """Pay the coal and put what the field gives into the open action pool."""
    player = state["players"][seat]
    if what == "stoker":
        player["coal"] -= COAL["stoker_coal"]
        state["spaces"][STOKER_SPACE] = {"seat": seat, "workers": 0, "temps": 0, "wood": 0, "coins": 0,
                                         "coal": COAL["stoker_coal"]}
        foundries = state["foundries"]            # the top foundry, boiler side up: nobody sees it
        foundries.setdefault("boilers", []).append(foundries["stack"].pop(0))
        pool.add(state, "stoker", True)
        return [{"type": "coal_used", "seat": seat, "use": "stoker"}]
    player["coal"] -= COAL["foundry_coal"]
    player["foundries_used"].append(what)
    events = [{"type": "coal_used", "seat": seat, "use": what}]
    events += gain(state, seat, FOUNDRIES[what]["effect"], direct=False)
    pool.add(state, "close_foundry", False, foundry=what)
    return events


def close_options(state, seat, item):
    player = state["players"][seat]
    if item["foundry"] not in player["foundries"]:
        return []
    return pool.offered(item, "close", "at", stoker_places(player))


def resolve_close(state, seat, item, move):
    """GIESSEREIEN SCHLIESSEN: flip the foundry just used and attach it as a stoker."""
    state["players"][seat]["foundries"].remove(item["foundry"])
    events = [{"type": "foundry_closed", "seat": seat, "foundry": item["foundry"]}]
    return events + resolve_attach(state, seat, item, move)


# --- factories with a stoker, the coal factory ---------------------------------------

def stoker_again(state: dict, seat: int, factory: str) -> list[dict]:
    """WAS PASSIERT, WENN ICH EINE FABRIK NUTZE, AN DER EIN HEIZER LIEGT? One action once
    more: a combination's one part of your choice; a points factory (only) the extra
    points; the coal factory 1 track step."""
    effect = factory_effect(factory)
    if effect["type"] == "coal_factory_steps":
        pool.add(state, "track", False, colours=effect["colours"], left=1)
        return []
    if effect["type"] in POINTS_EFFECTS:
        return score(state, seat, COAL["stoker_points_factory"]["points"], "stoker on a points factory")
    if effect["type"] == "combo":
        pool.add(state, "stoker_again", False, parts=effect["parts"])
        return []
    return gain(state, seat, effect, direct=False)


@into(industry.FACTORY_USED)
def factory_used(state: dict, seat: int, factory: str, gap: int) -> list[dict]:
    return stoker_again(state, seat, factory) if factory.endswith(STOKER) else []


def again_options(state, seat, item):
    return pool.offered(item, "again", "part", range(len(item["parts"])))


def resolve_again(state, seat, item, move):
    item["left"] = 0
    return gain(state, seat, item["parts"][move["part"]], direct=False)


def coal_factory(state, seat, effect, direct):
    """Die Ideenkarte: the coal factory into your industry strip and 2 coal."""
    pool.add(state, "module_factory", direct, factory="coal")
    return gain_coal(state, seat, effect, direct)


def coal_factory_steps(state, seat, effect, direct):
    """2 steps, and you may hand in up to 3 coal for 2 more steps each."""
    pool.add(state, "track", direct, colours=effect["colours"], left=effect["steps"])
    pool.add(state, "hand_in", False, per_coal=effect["per_coal"], most=effect["max_coal"],
             colours=effect["colours"])
    return []


def hand_in_options(state, seat, item):
    coal = state["players"][seat]["coal"]
    return pool.offered(item, "hand_in", "coal", range(1, min(coal, item["most"]) + 1))


def resolve_hand_in(state, seat, item, move):
    item["left"] = 0
    state["players"][seat]["coal"] -= move["coal"]
    pool.add(state, "track", False, colours=item["colours"], left=move["coal"] * item["per_coal"])
    return [{"type": "coal_handed_in", "seat": seat, "coal": move["coal"]}]


def score_top_loco(state, seat, effect, direct):
    player = state["players"][seat]
    top = max((loco_number(t) for r in route_ids(player) for t in player["locos"][r] if t), default=0)
    return score(state, seat, top, "highest locomotive")


# --- AUFBAU, DAS KOMBINIERTE AKTIONSFELD, what stays face down -----------------------------

@into(modules.SETUPS)
def setup_table(state: dict, rng: int) -> int:
    """The foundries (12 face down, 2 face up; those laid as stokers boiler side up, unseen,
    apart) with 1 coal and 1 more coin each."""
    if not on(state):
        return rng
    foundries, rng = shuffled(rng, [f["id"] for f in COAL["foundries"]])
    state["foundries"] = {"offer": foundries[:2], "stack": foundries[2:], "boilers": []}
    for player in state["players"]:
        player["coins"] += COAL["per_player"]["coins"]
        player.update(coal=COAL["per_player"]["coal"], foundries=[], foundries_used=[])
    return rng


@into(modules.IDEA_TILES)
def idea_tiles(options: dict) -> list[str]:
    return [COAL["idea_tile"]["id"]] if options.get("coal") else []


@into(modules.IDEA_CARDS)
def idea_cards(options: dict) -> list[str]:
    """The coal factory."""
    return [COAL["idea_card"]["id"]] if options.get("coal") else []


@into(modules.START_BONUS)
def start_bonus_cards(options: dict) -> list[str]:
    return [COAL["start_bonus"]["id"]] if options.get("coal") else []


@into(modules.ENGINEERS_IN)
def engineers(options: dict, tiles: list[int]) -> list[int]:
    """The coal engineer ("empfehlen wir immer mit der Kohle-Ingenieurin zu spielen")."""
    return tiles + [COAL["engineer"]["number"]] if options.get("coal") else tiles


@into(spaces.SHARES)
def combined(state: dict, space_id: str) -> list[str]:
    """DAS KOMBINIERTE AKTIONSFELD: at 2 players (and solo) the two coal spaces are one."""
    spaces_ = COAL["combined_two_player"]["spaces"]
    if space_id in spaces_ and seat_rules(state["seats"])["board_side"] == "two_player":
        return [s for s in spaces_ if s != space_id]
    return []


@into(completion.MASKS)
def masked(state: dict) -> dict:
    """The face-down foundries (the stack's and the boilers') in sorted order."""
    if "foundries" not in state:
        return {}
    foundries = state["foundries"]
    stack, boilers = foundries["stack"], foundries.get("boilers", [])
    face_down = sorted(stack + boilers)
    return {"foundries": {**foundries, "stack": face_down[:len(stack)],
                          **({"boilers": face_down[len(stack):]} if "boilers" in foundries else {})}}


def public(foundries: dict) -> dict:
    """The stack and the stokers' foundries (never turned up) lie face down: their size only."""
    return {**foundries, "stack": len(foundries["stack"]),
            **({"boilers": len(foundries["boilers"])} if "boilers" in foundries else {})}


def conceal(foundries: dict, rng) -> None:
    """Dealt anew, with those laid unseen as stokers."""
    foundries["stack"], foundries["boilers"] = deal_anew([foundries["stack"], foundries.get("boilers", [])], rng)


pool.kind("foundry_pick")((foundry_pick_options, resolve_foundry_pick))
pool.kind("stoker")((attach_options, resolve_attach))
free_actions.provider("coal", uses, use, rule="KOHLE-MODUL, WIE KANN ICH MEINE KOHLE NUTZEN?: "
                      "nur zusätzlich zu deiner regulären Aktion; nicht, wenn du passt oder deinen "
                      "Arbeiter von der Reihenfolgeleiste versetzt", beside_action=True)
pool.kind("close_foundry")((close_options, resolve_close))
pool.kind("stoker_again")((again_options, resolve_again))
pool.kind("hand_in")((hand_in_options, resolve_hand_in))
gives({"gain_coal": gain_coal, "take_foundry": take_foundry, "coal_factory": coal_factory,
       "coal_factory_steps": coal_factory_steps, "score_top_loco": score_top_loco})
effects.ALWAYS_COMPLETE.add("gain_coal")
view.FACE_DOWN["foundries"] = {"public": public, "conceal": conceal}
modules.ROUND_FEWER.append("coal")
