"""The events of Ultimate Railroads in the shared shape (service/games/events.py): the
rule modules write {"type", "seat", fields...}; the engine writes each in the shared
shape with its sentence (`EVENTS.told`). Points are VP (`vp`), coins money (`money`);
Emil, the solo game's automaton, is no seat (seat null). An end-game card is kept
face down: `end_card` tells everyone, `end_card_kept` (visible to its seat) which. Each
sentence is a catalogue message said in the reader's language (issue 31)."""
from __future__ import annotations

from typing import Callable

from marshmallow import fields

from service.games.events import EventTypes, Saying, count, text
from service.games.speech import N_


# the plain words the rule modules write into the events' fields (a track colour, a
# maintenance car's kind, an action pool item's kind, a scoring's part, a reason for
# points), catalogue messages that Saying.value says in the reader's language
PLAIN_WORDS = (
    N_("wood"), N_("green"), N_("bronze"), N_("silver"), N_("gold"), N_("own"), N_("purple"),
    N_("industry"), N_("track"), N_("loco"), N_("factory"), N_("key"), N_("keys"), N_("coin"), N_("coins"),
    N_("doubler"), N_("doublers"), N_("factories"), N_("engineers"), N_("route"), N_("idea"), N_("stoker"),
    N_("engineer numbers"), N_("two highest locomotives"), N_("steps"), N_("action"), N_("blasting"),
    N_("stoker on a points factory"), N_("highest locomotive"), N_("no end-game card"),
    N_("start bonus card twice"))


def scored(event: dict, say: Saying) -> str:
    parts = ", ".join(f"{say.value(part)} {points}" for part, points in event["points"].items() if points)
    total = sum(event["points"].values())
    return (say.ngettext("{seat} scores {points} point in round {round} ({parts})",
                         "{seat} scores {points} points in round {round} ({parts})", total) if parts else
            say.ngettext("{seat} scores {points} point in round {round}",
                         "{seat} scores {points} points in round {round}", total)).format(
        seat=say.seat(event["seat"]), points=total, round=event["round"], parts=parts)


def blocked(event: dict, say: Saying) -> str:
    if event["card"] is None:
        return say._("Emil turns up no card he can use")
    return say.ngettext("Emil blocks {space} with {workers} worker", "Emil blocks {space} with {workers} workers",
                        event["workers"]).format(space=say.value(event["space"]), workers=event["workers"])


def turn_order(event: dict, say: Saying) -> str:
    return say._("the new turn order: {order}").format(order=", ".join(map(say.seat, event["order"])))


def werklok(event: dict, say: Saying) -> str:
    return say._("{seat} puts the Werklok tile {tile} at the head of the train: {train}").format(
        seat=say.seat(event["seat"]), tile=say.value(event["tile"]), train=", ".join(map(say.value, event["train"])))


def payout(event: dict, say: Saying) -> str:
    return say._("{seat} gets a payout: {tiles}").format(
        seat=say.seat(event["seat"]), tiles=", ".join(map(say.value, event["tiles"])) or say._("nothing"))


def counted(sentence: Callable[[Saying, int], str], number: str) -> Callable[[dict, Saying], str]:
    """A sentence with a count in it (the field `number`), its noun as the count takes it:
    `sentence(say, count)` picks the form (`say.ngettext`)."""
    def said(event: dict, say: Saying) -> str:
        return say.formatted(sentence(say, event[number]), event)
    return said


def from_one(sentence: str | Callable[[dict, Saying], str], *named: str
             ) -> Callable[[dict, Saying], str]:
    """A sentence naming a gap of the industry strip, a wrench or a factory spot of the
    INDUSTRIETABLEAU as the board shows it, counted from 1 (render.industry_board_line),
    where the event's fields `named` count from 0, as the contract says (from_zero). The
    template is kept on the sentence (`sentence`), the contract's description of the event."""
    def said(event: dict, say: Saying) -> str:
        shown = {**event, **{field: event[field] + 1 for field in named}}
        if callable(sentence):
            return sentence(shown, say)
        return say.formatted(say._(sentence), shown)
    said.sentence = sentence
    return said


def from_zero() -> fields.Integer:
    """A gap, wrench or factory spot as the engine counts it: from 0; its sentence says it
    from 1 (from_one)."""
    return count(description="Counted from 0; the event's sentence counts from 1, as the board does.")


def stoker(event: dict, say: Saying) -> str:
    """The stoker on a factory (`factory:<gap>`) or a locomotive (`<route>:<slot>`),
    the gap or slot counted from 1 as the board shows them (the field from 0)."""
    where, index = event["at"].split(":")
    if where == "factory":
        return say._("{seat} puts the stoker on the factory in gap {gap}").format(
            seat=say.seat(event["seat"]), gap=int(index) + 1)
    return say._("{seat} puts the stoker on locomotive {slot} of the {route} route").format(
        seat=say.seat(event["seat"]), slot=int(index) + 1, route=say.value(where))


EVENTS = EventTypes({
    "place": (N_("{seat} occupies {space}"), {
        "space": text(), "workers": count(), "temps": count(), "wood": count(),
        "coins": count(), "swap": text(False)}),
    "pass": (counted(lambda say, n: say.ngettext(
                      "{seat} passes and scores {points} point",
                      "{seat} passes and scores {points} points", n),
                     "points"), {"points": count()}),
    "stay": (N_("{seat} leaves its turn-order worker where it is"), {}),
    "relocate": (N_("{seat} moves its turn-order worker to {space}"), {"space": text()}),
    "start_bonus": (N_("{seat} chooses the start bonus card {card}"), {"card": text()}),
    "start_bonus_drawn": (N_("{seat} draws the start bonus cards {cards}"), {}),
    "start_bonus_twice": (N_("{seat} carries out the start bonus card {card} twice"),
                          {"card": text()}),
    "start_bonus_pick": (N_("{seat} picks the start bonus card {card}"), {"card": text()}),
    "turn_order": (turn_order,
                   {"order": fields.List(fields.Integer(), required=True)}),
    "scoring": (scored, {"round": count(), "points": fields.Dict(
        keys=fields.String(), values=fields.Integer(), required=True)}),
    "final_scoring": (N_("final scoring: end-game cards and the engineers' majority"),
                      {"points": fields.List(fields.Dict(), required=True)}),
    "points": (counted(lambda say, n: say.ngettext(
                        "{seat} scores {points} point for {for}",
                        "{seat} scores {points} points for {for}", n),
                       "points"), {"points": count(), "for": text()}),
    "doubler": (counted(lambda say, n: say.ngettext(
                         "{seat} takes {count} doubler",
                         "{seat} takes {count} doublers", n), "count"),
                {"count": count()}),
    "coins": (counted(lambda say, n: say.ngettext(
                       "{seat} takes {coins} coin",
                       "{seat} takes {coins} coins", n), "coins"),
              {"coins": count()}),
    "temporary_workers": (N_("{seat} takes the temporary workers"), {}),
    "revalued": (N_("{seat} turns its track-points card to the revalued side"), {}),
    "medal": (N_("{seat} takes the medal"), {}),
    "second_wrench": (N_("{seat} takes a second wrench"), {}),
    "wooden_worker": (N_("{seat} takes the wooden worker"), {}),
    "engineer": (N_("{seat} hires engineer {number}"), {"number": count(), "ordinal": count(False)}),
    "claim": (N_("{seat} claims turn-order position {position}"), {"position": count()}),
    "unlock": (N_("{seat} unlocks {colour} track"), {"colour": text()}),
    "new_worker": (N_("{seat} gains a worker"), {}),
    "key": (N_("{seat} gains a key"), {}),
    "dropped": (N_("{seat} lets the {kind} action lapse"), {"kind": text()}),
    "step": (N_("{seat} lays {colour} track on the {route} route (field {field})"),
             {"route": text(), "colour": text(), "field": count()}),
    "reuse": (N_("{seat} uses {space} again"), {"space": text()}),
    "advance": (N_("{seat} advances its {colour} track on the {route} route"),
                {"route": text(), "colour": text()}),
    "industry": (from_one(N_("{seat} moves wrench {wrench} to field {field} of the industry strip"), "wrench"),
                 {"wrench": from_zero(), "field": count()}),
    "idea_tile": (N_("{seat} uses the idea tile {tile}"), {"tile": text()}),
    "idea_card": (N_("{seat} takes the idea card {card}"), {"card": text()}),
    "end_card": (N_("{seat} takes an end-game card face down"), {}),
    "end_card_kept": (N_("{seat} keeps the end-game card {cards}"), {}),
    "other_engineer": (N_("{seat} puts a {piece} on another player's engineer {engineer}"),
                       {"engineer": count(), "piece": text()}),
    "lay": (N_("{seat} lays locomotive {locomotive} on the {route} route"),
            {"locomotive": text(), "route": text()}),
    "factory": (from_one(N_("{seat} builds the factory of locomotive {factory} in gap {gap}"), "gap"),
                {"factory": text(), "gap": from_zero()}),
    "returned": (N_("{seat} returns locomotive {locomotive}"), {"locomotive": text()}),
    "emil_takes": (N_("Emil takes the tile {tile}"), {"tile": text()}),
    "emil_hires": (N_("Emil hires engineer {engineer}"), {"engineer": count()}),
    "emil_passes": (N_("Emil passes"), {}),
    "emil_blocks": (blocked, {"card": fields.String(required=True, allow_none=True),
                              "space": text(False), "workers": count(False),
                              "coins": count(False),
                              "skipped": fields.List(fields.String(), required=True)}),
    "emil_worker": (N_("Emil gains a worker (at {at} points)"), {"at": count()}),
    # KOHLE-MODUL
    "coal": (N_("{seat} takes {coal} coal"), {"coal": count()}),
    "coal_used": (N_("{seat} uses coal: {use}"), {"use": text()}),
    "coal_handed_in": (N_("{seat} hands in {coal} coal"), {"coal": count()}),
    "foundry": (N_("{seat} takes the foundry {foundry}"), {"foundry": text()}),
    "foundry_closed": (N_("{seat} closes the foundry {foundry}"), {"foundry": text()}),
    "stoker": (stoker, {"at": text()}),
    "factory_removed": (N_("{seat}'s factory {factory} leaves the game"), {"factory": text()}),
    # WERKLOK
    "werklok": (werklok,
                {"tile": text(), "train": fields.List(fields.String(), required=True)}),
    "werklok_pick": (N_("{seat} takes the action of the Werklok tile {tile}"), {"tile": text()}),
    # SPEZIAL-IDEEN-MODUL
    "special_card": (N_("{seat} takes the special idea card {card}"), {"card": text()}),
    "special_factory": (N_("{seat} builds the special factory"), {}),
    "double_industry": (N_("{seat} doubles its next industry steps"), {}),
    "freight_car": (N_("{seat} puts a freight car on the {route} route"), {"route": text()}),
    # GERMAN RAILROADS
    "extension": (N_("{seat} lays the extension {tile} at {station}"),
                  {"station": text(), "tile": text()}),
    "income_tile": (N_("{seat} takes the income tile {tile}"), {"tile": text()}),
    "income_used": (N_("{seat} uses the income tile {tile}"), {"tile": text()}),
    "special_track_points": (N_("{seat} takes the special track-points card"), {}),
    # ASIAN RAILROADS
    "construction_removed": (N_("{seat} removes a construction tile from the {route} route"),
                             {"route": text()}),
    "osaka": (N_("{seat} lays the OSAKA extension over TOKYO"), {}),
    "medal_field": (N_("{seat} lays the medal on {field}"), {"field": text()}),
    # INDUSTRIETABLEAU
    "car_placed": (from_one(N_("{seat} places a maintenance car ({car}) at factory spot {spot}"), "spot"),
                   {"spot": from_zero(), "car": text(), "from": count(False)}),
    "cars_activated": (from_one(counted(lambda say, n: say.ngettext(
                                "{cars} maintenance car stands up at factory spot {spot}",
                                "{cars} maintenance cars stand up at factory spot {spot}", n), "cars"), "spot"),
                       {"spot": from_zero(), "cars": count()}),
    "maintenance": (from_one(N_("{seat} uses a maintenance car ({car}) at factory spot {spot}"), "spot"),
                    {"spot": from_zero(), "car": text()}),
    "emil_builds": (from_one(N_("Emil builds the factory of locomotive {factory} on factory spot {gap}"), "gap"),
                    {"factory": text(), "gap": from_zero()}),
    "wrench": (N_("{seat} takes another wrench"), {"track": count(False)}),
    # AMERICAN RAILROADS
    "stock_step": (N_("{seat} moves its stock marker to level {level}"), {"level": count()}),
    "dividend_tile": (N_("{seat} lays the dividend tile {tile} on level {level}"),
                      {"level": count(), "tile": text()}),
    "payout": (payout,
               {"tiles": fields.List(fields.String(), required=True)}),
    "steelworks": (N_("{seat} takes the steelworks {steelworks}"), {"steelworks": text()}),
    "steelworks_removed": (N_("the steelworks {steelworks} goes back in the box"), {"steelworks": text()}),
    "blasted": (N_("{seat} blasts away the {rubble} rubble"), {"rubble": text()}),
    "coin_field": (N_("{seat} reaches the coin field {field}"), {"field": text()}),
    "coin_field_paid": (N_("{seat} pays a coin at the coin field {field}"), {"field": text()}),
    "doubler_laid": (N_("{seat} lays a doubler on the {route} route"), {"route": text()}),
    "golden_spike_tile": (N_("{seat} takes the Golden Spike tile"), {}),
    "paid": (N_("{seat} pays"), {}),   # coins or points changed by a move that told nothing else
}, money="{} coin(s)")
