"""SPEZIAL-IDEEN-MODUL (p.43): the special idea tile lets you take one of the 5 special
idea cards at once (it is then gone for everyone): doubling industry steps, an engineer
from the box, the freight car, the special factory (and a 5th, provisional).
Also the module factories in a strip (the special factory, KOHLE-MODUL's coal
factory): built into a gap like a factory (locomotives.overbuilt)."""
from __future__ import annotations

from . import decisions, flow, modules, pool, setup
from .data import MODULES, SPECIAL_CARDS, loco_number, ordinal
from .effects import industry_steps as plain_industry_steps
from .chapter import into
from .gains import chosen_gain, gives
from .locomotives import factory_gaps, put_factory
from .modules import engineer_box


def _pick_card(state, seat, effect, direct):
    pool.add(state, "special_card", direct)
    return []


def card_options(state, seat, item):
    return pool.offered(item, "special_card", "card", state["special_cards"])


def resolve_card(state, seat, item, move):
    """Du suchst dir sofort eine der Karten aus und erhältst den abgebildeten Vorteil."""
    state["special_cards"].remove(move["card"])
    return chosen_gain(state, seat, item, {"type": "special_card", "card": move["card"]},
                       SPECIAL_CARDS[move["card"]]["effect"])


def _double_industry(state, seat, effect, direct):
    state["players"][seat]["double_industry"] = True
    return [{"type": "double_industry", "seat": seat}]


def industry_steps(state, seat, effect, direct):
    """The steps; with the doubling card as many again, each of which you may forgo
    (ganz oder teilweise darauf verzichten): an indirect decision. Not the steps an idea
    tile or card gives (ideas.undoubled marks them)."""
    plain_industry_steps(state, seat, effect, direct)
    if state["players"][seat].get("double_industry") and not effect.get("undoubled"):
        pool.add(state, "industry", False, left=effect["steps"])
    return []


def box_engineers(state: dict) -> list[int]:
    """The engineers still in the box whose ordinal is not in the game (dealt at set-up);
    the extra engineers only when that module is played (to be agreed before the game)."""
    dealt = state["engineers_dealt"]
    taken = {ordinal(n) for n in dealt}
    return [n for n in sorted(engineer_box(state["options"])) if n not in dealt and ordinal(n) not in taken]


def box_options(state, seat, item):
    return pool.offered(item, "box_engineer", "engineer", box_engineers(state))


def resolve_box(state, seat, item, move):
    """Diese legst du wie gewohnt als zusätzliches Aktionsfeld rechts neben dein Tableau."""
    item["left"] = 0
    state["engineers_dealt"].append(move["engineer"])
    state["players"][seat]["engineers"].append(move["engineer"])
    return [{"type": "engineer", "seat": seat, "number": move["engineer"], "ordinal": ordinal(move["engineer"])}]


def freight_options(state, seat, item):
    """Hinter eine Lok im Wert von mindestens 3: a route with such a loco."""
    player = state["players"][seat]
    return [{"action": "freight_car", "item": item["id"], "route": r} for r, slots in player["locos"].items()
            if any(s and loco_number(s) >= item["least"] for s in slots)]


def resolve_freight(state, seat, item, move):
    """The car stays on that route to the end (the loco may be exchanged)."""
    item["left"] = 0
    state["players"][seat]["freight_car"] = {"route": move["route"], "steps": item["steps"]}
    return [{"type": "freight_car", "seat": seat, "route": move["route"]}]


@into(flow.BEFORE_SCORING)
def before_scoring(state: dict) -> bool:
    """Der Güterwagen tritt jede Runde direkt vor der Wertung in Kraft: 2 steps of any
    colour on its route (a "darfst": indirect), seat by seat in turn order. True while
    a seat has that to decide."""
    if not state["options"].get("special_ideas"):
        return False
    if state.get("freight_round") != state["round"]:
        state["freight_round"] = state["round"]
        state["freight_queue"] = [s for s in state["order"] if state["players"][s].get("freight_car")]
    while state["freight_queue"]:
        seat = state["freight_queue"].pop(0)
        car = state["players"][seat]["freight_car"]
        pool.open_pool(state, seat, "freight")
        pool.add(state, "track", False, colours="any", left=car["steps"], only=car["route"])
        decisions.tidy(state, seat)
        if state["pool"]["items"]:
            return True
        state["pool"] = None
    return False


def module_factory_options(state, seat, item):
    gaps = factory_gaps(state, seat)
    return pool.offered(item, "module_factory", "gap", gaps)


def resolve_module_factory(state, seat, item, move):
    """Put it in your industry strip: the first empty gap, or over a factory (INDUSTRIETABLEAU
    + KOHLE-MODUL: on the board, open to all)."""
    item["left"] = 0
    return put_factory(state, seat, item["factory"], move["gap"])


def _special_factory(state, seat, effect, direct):
    pool.add(state, "module_factory", direct, factory="special")
    return []


def special_factory_reached(state, seat, effect, direct):
    """Ziehst du auf die Fabrik, nutzt du 2 deiner Ideenplättchen und legst sie auf die
    Fabrik; a later wrench gets nothing (the 2 idea fields are taken)."""
    player = state["players"][seat]
    if player.get("special_factory_filled"):
        return []
    player["special_factory_filled"] = True
    for _ in range(effect["tiles"]):
        pool.add(state, "idea", False, on_factory=True)
    return [{"type": "special_factory", "seat": seat}]


pool.kind("special_card")((card_options, resolve_card))
pool.kind("box_engineer")((box_options, resolve_box))
pool.kind("freight_car")((freight_options, resolve_freight))
pool.kind("module_factory")((module_factory_options, resolve_module_factory))
@into(modules.SETUPS)
def setup_table(state: dict, rng: int) -> int:
    """The special idea cards face up (INDUSTRIETABLEAU + SPEZIAL-IDEEN-MODUL: no special factory)."""
    options = state["options"]
    if options.get("special_ideas"):
        state["special_cards"] = [c["id"] for c in MODULES["special_ideas"]["cards"] if not (
            options.get("industry_board") and c["effect"]["type"] == "special_factory")]
    return rng


@into(modules.IDEA_TILES)
def idea_tiles(options: dict) -> list[str]:
    """The special idea tile, one each."""
    return [MODULES["special_ideas"]["tile"]["id"]] if options.get("special_ideas") else []


@into(setup.DEALT)
def note_dealt(state: dict) -> None:
    """The engineers dealt: their ordinals are not taken from the box (box_engineers)."""
    if state["options"].get("special_ideas"):
        state["engineers_dealt"] = [n for n in state["strip"] if n is not None]


gives({
    "industry_steps": industry_steps,
    "special_idea_card": _pick_card,
    "double_industry": _double_industry,
    "engineer_from_box": lambda state, seat, effect, direct: (pool.add(state, "box_engineer", direct), [])[1],
    "freight_car": lambda state, seat, effect, direct: (
        pool.add(state, "freight_car", direct, least=effect["least"], steps=effect["steps"]), [])[1],
    "special_factory": _special_factory,
    "special_factory_ideas": special_factory_reached,
})

