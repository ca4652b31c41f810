"""INGENIEURINNEN, LOKS UND FABRIKEN (p.48): the special engineer and factory actions
that are not main-board actions: re-use a space, move a track up, draw start bonus
cards, do one start bonus card twice (then every other player picks one)."""
from __future__ import annotations

from itertools import combinations

from service.games.common.rng import shuffled

from . import pool, special_fields
from .board import loco_reach, step_limit
from .boards import route_ids
from .data import ENGINEERS, START_BONUS
from .gains import chosen_gain, gain, score
from .modules import start_bonus_cards
from .spaces import space_spec

DRAWN_START_BONUS = 2


def plain_effect(effect: dict) -> dict:
    return ENGINEERS[effect["number"]]["effect"] if effect["type"] == "engineer_tile" else effect


def reusable_spaces(state: dict, seat: int, sizes: tuple = (1,)) -> list[str]:
    """A space you occupied this round with exactly one piece; not the temporary workers,
    not spaces needing more than 1 worker or a mandatory coin. (KOHLE-MODUL, the foundry:
    a space used with 1 or 2 workers, a coin standing in for one of them or not.)"""
    out = []
    for space_id, record in state["spaces"].items():
        spec = space_spec(state, seat, space_id)
        if record["seat"] != seat or spec is None or spec["workers"] not in sizes or spec["coins"]:
            continue
        if sum(record[k] for k in ("workers", "temps", "wood", "coins")) != spec["workers"]:
            continue
        if plain_effect(spec["effect"])["type"] not in ("take_temporary_workers", "reuse_space",
                                                         "claim_turn_order"):
            out.append(space_id)
    return out


def reuse_options(state, seat, item):
    sizes = tuple(item.get("workers", (1,)))
    return [{"action": "reuse", "item": item["id"], "space": s} for s in reusable_spaces(state, seat, sizes)]


def resolve_reuse(state, seat, item, move):
    """New choices are allowed; the wooden worker gives no extra step this time."""
    item["left"] = 0
    effect = space_spec(state, seat, move["space"])["effect"]
    return [{"type": "reuse", "seat": seat, "space": move["space"]}] + gain(state, seat, effect, item["direct"])


def advance_target(player: dict, route: str, colour: str) -> int | None:
    """Up to just behind the track ahead, at most to the last field the loco reaches."""
    pos = player["tracks"][route].get(colour)
    if pos is None or colour not in player["unlocked"]:
        return None
    target = min(step_limit(player, route, colour), loco_reach(player, route))
    return target if target > pos else None


def advance_options(state, seat, item):
    player = state["players"][seat]
    return [{"action": "advance", "item": item["id"], "route": r} for r in route_ids(player)
            if advance_target(player, r, item["colour"]) is not None]


def resolve_advance(state, seat, item, move):
    """No splitting: one route, all the way."""
    player = state["players"][seat]
    item["left"] = 0
    player["tracks"][move["route"]][item["colour"]] = advance_target(player, move["route"], item["colour"])
    return [{"type": "advance", "seat": seat, "route": move["route"], "colour": item["colour"]}] + \
        special_fields.fire(state, seat)


def draw_start_bonus(state: dict, seat: int, effect: dict, direct: bool) -> list[dict]:
    """Mische alle Startbonuskarten verdeckt und ziehe 2 davon: both actions. (A trial of
    the completion search names the draw it tries in its pool: completion.outcomes.)"""
    if "draw" in (state["pool"] or {}):
        cards = state["pool"].pop("draw")
    else:
        cards, state["rng"] = shuffled(state["rng"], start_bonus_cards(state["options"]))
        cards = cards[:DRAWN_START_BONUS]
    events = [{"type": "start_bonus_drawn", "seat": seat, "cards": cards}]
    for card in cards:
        events += gain(state, seat, START_BONUS[card]["effect"], direct)
    return events


def possible_draws(state: dict, effect: dict) -> list[dict] | None:
    """For an action that draws start bonus cards ("Mische alle Startbonuskarten verdeckt
    und ziehe 2 davon", or an engineer showing it): what every draw it could make gives,
    one combo per pair of cards; None for an action that draws nothing. The seat chooses
    the action before the cards are drawn, so whether it can be done completely is
    judged on these (effects.can_complete), never on the generator's next draw."""
    if plain_effect(effect)["type"] != "draw_start_bonus":
        return None
    return [{"type": "combo", "parts": [START_BONUS[card]["effect"] for card in pair]} for pair in every_draw(state)]


def every_draw(state: dict) -> list[list[str]]:
    return [list(pair) for pair in combinations(start_bonus_cards(state["options"]), DRAWN_START_BONUS)]


def pool_move_draws(state: dict, seat: int, move: dict) -> list[list[str]] | None:
    """The draws a pool move could make: using a drawing space again (engineer #7) or
    another player's drawing engineer (p.48); None for a move that draws nothing."""
    if move["action"] == "reuse":
        effect = space_spec(state, seat, move["space"])["effect"]
    elif move["action"] == "engineer":
        effect = ENGINEERS[move["engineer"]]["effect"]
    else:
        return None
    return every_draw(state) if plain_effect(effect)["type"] == "draw_start_bonus" else None


def bonus_twice_options(state, seat, item):
    return [{"action": "bonus_card", "item": item["id"], "card": c} for c in start_bonus_cards(state["options"])]


def resolve_bonus_twice(state, seat, item, move):
    """Nimm dir die Startbonuskarten und wähle eine davon aus. Du darfst die abgebildete
    Aktion 2 Mal ausführen. Du erhältst zusätzlich 3 Punkte. Danach legst du die
    restlichen Karten offen aus und jede Mitspieler*in sucht sich eine der Aktionen aus
    (each may choose the same): they choose in turn order after you, once your action
    pool is done (see offer_start_bonus)."""
    item["left"] = 0
    effect = START_BONUS[move["card"]]["effect"]
    events = [{"type": "start_bonus_twice", "seat": seat, "card": move["card"]}]
    events += gain(state, seat, effect, item["direct"]) + gain(state, seat, effect, item["direct"])
    order = state["order"]
    at = order.index(seat)
    queue_offer(state, {"cards": [c for c in start_bonus_cards(state["options"]) if c != move["card"]],
                        "seats": order[at + 1:] + order[:at]})
    return events + score(state, seat, item["points"], "start bonus card twice")


def queue_offer(state: dict, offer: dict) -> None:
    """Cards or tiles laid out for the fellow players to pick from in turn (the start
    bonus cards here, the Werklok's tiles): after any offer already waiting."""
    if state["bonus_offer"]:
        state["bonus_offer"].setdefault("more", []).append(offer)
    else:
        state["bonus_offer"] = offer


def offer_start_bonus(state: dict, then: str) -> bool:
    """The next fellow player picks one of the cards laid out (an action pool of its
    own, then the game goes on as `then` says); False once all have picked."""
    offer = state["bonus_offer"]
    while offer and not offer["seats"]:
        more = offer.get("more", [])
        offer = state["bonus_offer"] = {**more[0], "more": more[1:]} if more else None
    if not offer:
        return False
    pool.open_pool(state, offer["seats"].pop(0), then)
    pool.add(state, offer.get("kind", "bonus_pick"), False, cards=offer["cards"])
    return True


def bonus_pick_options(state, seat, item):
    return pool.offered(item, "bonus_card", "card", item["cards"])


def resolve_bonus_pick(state, seat, item, move):
    return chosen_gain(state, seat, item, {"type": "start_bonus_pick", "card": move["card"]},
                       START_BONUS[move["card"]]["effect"])


pool.kind("reuse")((reuse_options, resolve_reuse))
pool.kind("bonus_twice")((bonus_twice_options, resolve_bonus_twice))
pool.kind("bonus_pick")((bonus_pick_options, resolve_bonus_pick))
pool.kind("advance")((advance_options, resolve_advance))
