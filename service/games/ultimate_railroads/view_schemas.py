"""What each seat sees of a game of Ultimate Railroads (view.py), published in the
contract (service/games/view_schemas.py): the table, each player's board but the
end-game cards taken (their number only), and what the chapters and modules add
(optional: present where the game's options bring them)."""
from __future__ import annotations

from marshmallow import fields

from service.games.view_schemas import ViewSchema, name, names, number, numbers, rows, table


class Public(ViewSchema):
    """Ultimate Railroads, what every seat sees."""
    options = table("the game's options")
    seats = number("how many seats")
    round = number("the round, from 1")
    rounds = number("how many rounds the game has")
    phase = name("the phase of the round")
    order = numbers("seats in turn order")
    turn = number("index into order of the seat on turn")
    spaces = table("action space -> the workers placed on it")
    claims = table("what the seats claimed this round")
    stacks = table("loco stack -> locos left")
    returned = names("tiles returned")
    doubler_supply = number("doublers left")
    temps_holder = number("the seat holding the temporary workers", nullable=True)
    strip = numbers("the industry strip's fields", nullable=True)
    idea_cards = names("the idea cards")
    start_bonus = names("the start bonus cards left")
    bonus_queue = numbers("seats still to choose a start bonus")
    bonus_chosen = fields.List(fields.List(fields.Raw()), required=True,
                               metadata={"description": "[seat, card] of each start bonus chosen"})
    bonus_offer = table("the start bonus offered now", nullable=True)
    relocation_queue = numbers("seats still to relocate")
    last_scoring = rows("the last interim scoring", nullable=True)
    final = rows("the final scoring, once the game is over", nullable=True)
    emil = table("Emil, the solo game's automaton (null in a game of 2-4)", nullable=True)
    end_deck = number("end-game cards in the pile")
    players = rows("per seat: its board (end_cards: how many it took)")
    pool = table("a decision under way (what the seat chooses from)", nullable=True)
    engineers_dealt = numbers("extra engineers dealt", required=False)
    werklok = table("the Werklok module", required=False)
    foundries = table("the foundries", required=False)
    extensions = names("GERMAN RAILROADS: the extensions", required=False)
    income_tiles = names("GERMAN RAILROADS: the income tiles", required=False)
    special_cards = names("the special idea cards", required=False)
    freight_round = number("the coal module's freight round", required=False)
    freight_queue = numbers("seats still to deliver freight", required=False)
    action_owed = name("an action a seat still owes", required=False)
    industry_board = table("ASIAN RAILROADS: the Industrietableau", required=False)
    stock = table("AMERICAN RAILROADS: the stock", required=False)
    steelworks = table("AMERICAN RAILROADS: the steelworks", required=False)
    payout_queue = numbers("AMERICAN RAILROADS: seats still to be paid", required=False)


class Private(ViewSchema):
    """Ultimate Railroads, what the viewing seat alone sees (nothing for a spectator)."""
    end_cards = names("the end-game cards the seat took", required=False)


VIEW_SCHEMAS = (Public, Private)
