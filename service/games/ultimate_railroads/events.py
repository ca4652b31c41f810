"""The events of Ultimate Railroads in the shared shape (service/games/events.py): the
rule modules write {"type", "seat", fields...}; the engine writes each in the shared
shape with its sentence (`EVENTS.told`). Points are VP (`vp`), coins money (`money`);
Emil, the solo game's automaton, is no seat (seat null). An end-game card is kept
face down: `end_card` tells everyone, `end_card_kept` (visible to its seat) which."""
from __future__ import annotations

from marshmallow import fields

from service.games.events import EventTypes, count, seat_name, text


def scored(event: dict) -> str:
    parts = ", ".join(f"{part.replace('_', ' ')} {points}"
                      for part, points in event["points"].items() if points)
    return (f"{seat_name(event['seat'])} scores {sum(event['points'].values())} points in "
            f"round {event['round']}" + (f" ({parts})" if parts else ""))


def blocked(event: dict) -> str:
    if event["card"] is None:
        return "Emil turns up no card he can use"
    return f"Emil blocks {event['space']} with {event['workers']} worker(s)"     # named by the seam


EVENTS = EventTypes({
    "place": ("{seat} occupies {space}", {
        "space": text(), "workers": count(), "temps": count(), "wood": count(),
        "coins": count(), "swap": text(False)}),
    "pass": ("{seat} passes and scores {points} points", {"points": count()}),
    "stay": ("{seat} leaves its turn-order worker where it is", {}),
    "relocate": ("{seat} moves its turn-order worker to {space}", {"space": text()}),
    "start_bonus": ("{seat} chooses the start bonus card {card}", {"card": text()}),
    "start_bonus_drawn": ("{seat} draws the start bonus cards {cards}", {}),
    "start_bonus_twice": ("{seat} carries out the start bonus card {card} twice",
                          {"card": text()}),
    "start_bonus_pick": ("{seat} picks the start bonus card {card}", {"card": text()}),
    "turn_order": (lambda e: "the new turn order: " + ", ".join(map(seat_name, e["order"])),
                   {"order": fields.List(fields.Integer(), required=True)}),
    "scoring": (scored, {"round": count(), "points": fields.Dict(
        keys=fields.String(), values=fields.Integer(), required=True)}),
    "final_scoring": ("final scoring: end-game cards and the engineers' majority",
                      {"points": fields.List(fields.Dict(), required=True)}),
    "points": ("{seat} scores {points} points for {for}", {"points": count(), "for": text()}),
    "doubler": ("{seat} takes {count} doubler(s)", {"count": count()}),
    "coins": ("{seat} takes {coins} coin(s)", {"coins": count()}),
    "temporary_workers": ("{seat} takes the temporary workers", {}),
    "revalued": ("{seat} turns its track-points card to the revalued side", {}),
    "medal": ("{seat} takes the medal", {}),
    "second_wrench": ("{seat} takes a second wrench", {}),
    "wooden_worker": ("{seat} takes the wooden worker", {}),
    "engineer": ("{seat} hires engineer {number}", {"number": count(), "ordinal": count(False)}),
    "claim": ("{seat} claims turn-order position {position}", {"position": count()}),
    "unlock": ("{seat} unlocks {colour} track", {"colour": text()}),
    "new_worker": ("{seat} gains a worker", {}),
    "key": ("{seat} gains a key", {}),
    "dropped": ("{seat} lets the {kind} action lapse", {"kind": text()}),
    "step": ("{seat} lays {colour} track on the {route} route (field {field})",
             {"route": text(), "colour": text(), "field": count()}),
    "reuse": ("{seat} uses {space} again", {"space": text()}),
    "advance": ("{seat} advances its {colour} track on the {route} route",
                {"route": text(), "colour": text()}),
    "industry": ("{seat} moves wrench {wrench} to field {field} of the industry strip",
                 {"wrench": count(), "field": count()}),
    "idea_tile": ("{seat} uses the idea tile {tile}", {"tile": text()}),
    "idea_card": ("{seat} takes the idea card {card}", {"card": text()}),
    "end_card": ("{seat} takes an end-game card face down", {}),
    "end_card_kept": ("{seat} keeps the end-game card {cards}", {}),
    "other_engineer": ("{seat} puts a {piece} on another player's engineer {engineer}",
                       {"engineer": count(), "piece": text()}),
    "lay": ("{seat} lays locomotive {locomotive} on the {route} route",
            {"locomotive": text(), "route": text()}),
    "factory": ("{seat} builds the factory of locomotive {factory} in gap {gap}",
                {"factory": text(), "gap": count()}),
    "returned": ("{seat} returns locomotive {locomotive}", {"locomotive": text()}),
    "emil_takes": ("Emil takes the tile {tile}", {"tile": text()}),
    "emil_hires": ("Emil hires engineer {engineer}", {"engineer": count()}),
    "emil_passes": ("Emil passes", {}),
    "emil_blocks": (blocked, {"card": fields.String(required=True, allow_none=True),
                              "space": text(False), "workers": count(False),
                              "coins": count(False),
                              "skipped": fields.List(fields.String(), required=True)}),
    "emil_worker": ("Emil gains a worker (at {at} points)", {"at": count()}),
    # KOHLE-MODUL
    "coal": ("{seat} takes {coal} coal", {"coal": count()}),
    "coal_used": ("{seat} uses coal: {use}", {"use": text()}),
    "coal_handed_in": ("{seat} hands in {coal} coal", {"coal": count()}),
    "foundry": ("{seat} takes the foundry {foundry}", {"foundry": text()}),
    "foundry_closed": ("{seat} closes the foundry {foundry}", {"foundry": text()}),
    "stoker": ("{seat} puts the stoker on {at}", {"at": text()}),
    "factory_removed": ("{seat}'s factory {factory} leaves the game", {"factory": text()}),
    # WERKLOK
    "werklok": (lambda e: f"{seat_name(e['seat'])} puts the Werklok tile {e['tile']} at the "
                          f"head of the train: " + ", ".join(e["train"]),
                {"tile": text(), "train": fields.List(fields.String(), required=True)}),
    "werklok_pick": ("{seat} takes the action of the Werklok tile {tile}", {"tile": text()}),
    # SPEZIAL-IDEEN-MODUL
    "special_card": ("{seat} takes the special idea card {card}", {"card": text()}),
    "special_factory": ("{seat} builds the special factory", {}),
    "double_industry": ("{seat} doubles its next industry steps", {}),
    "freight_car": ("{seat} puts a freight car on the {route} route", {"route": text()}),
    # GERMAN RAILROADS
    "extension": ("{seat} lays the extension {tile} at {station}",
                  {"station": text(), "tile": text()}),
    "income_tile": ("{seat} takes the income tile {tile}", {"tile": text()}),
    "income_used": ("{seat} uses the income tile {tile}", {"tile": text()}),
    "special_track_points": ("{seat} takes the special track-points card", {}),
    # ASIAN RAILROADS
    "construction_removed": ("{seat} removes a construction tile from the {route} route",
                             {"route": text()}),
    "osaka": ("{seat} lays the OSAKA extension over TOKYO", {}),
    "medal_field": ("{seat} lays the medal on {field}", {"field": text()}),
    # INDUSTRIETABLEAU
    "car_placed": ("{seat} places a {car} maintenance car at factory spot {spot}",
                   {"spot": count(), "car": text(), "from": count(False)}),
    "cars_activated": ("{cars} maintenance car(s) stand up at factory spot {spot}",
                       {"spot": count(), "cars": count()}),
    "maintenance": ("{seat} uses a {car} maintenance car at factory spot {spot}",
                    {"spot": count(), "car": text()}),
    "emil_builds": ("Emil builds the factory of locomotive {factory} on spot {gap}", {"factory": text(), "gap": count()}),
    "wrench": ("{seat} takes another wrench", {"track": count(False)}),
    # AMERICAN RAILROADS
    "stock_step": ("{seat} moves its stock marker to level {level}", {"level": count()}),
    "dividend_tile": ("{seat} lays the dividend tile {tile} on level {level}",
                      {"level": count(), "tile": text()}),
    "payout": (lambda e: f"{seat_name(e['seat'])} gets a payout: " + (", ".join(e["tiles"]) or "nothing"),
               {"tiles": fields.List(fields.String(), required=True)}),
    "steelworks": ("{seat} takes the steelworks {steelworks}", {"steelworks": text()}),
    "steelworks_removed": ("the steelworks {steelworks} goes back in the box", {"steelworks": text()}),
    "blasted": ("{seat} blasts away the {rubble} rubble", {"rubble": text()}),
    "coin_field": ("{seat} reaches the coin field {field}", {"field": text()}),
    "coin_field_paid": ("{seat} pays a coin at the coin field {field}", {"field": text()}),
    "doubler_laid": ("{seat} lays a doubler on the {route} route", {"route": text()}),
    "golden_spike_tile": ("{seat} takes the Golden Spike tile", {}),
    "paid": ("{seat} pays", {}),   # coins or points changed by a move that told nothing else
}, money="{} coin(s)")
