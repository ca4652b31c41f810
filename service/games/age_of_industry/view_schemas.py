"""What each seat sees of a game of Age of Industry (view.py), published in the
contract (service/games/view_schemas.py)."""
from __future__ import annotations

from marshmallow import fields

from service.games.view_schemas import ViewSchema, flag, name, names, number, numbers, table


class Player(ViewSchema):
    """A player's open information."""
    seat = number("the seat")
    money = number("£ in hand")
    loans = number("loans taken")
    spent = number("£ spent this round (it sets the next turn order)")
    hand_size = number("cards in hand")
    display = table("industry -> remaining tile levels, lowest first")
    rails_left = number("rail tiles left")


class Public(ViewSchema):
    """Age of Industry, what every seat sees: the board and every player's open
    information; of the deck and the unused market tiles only their sizes."""
    map = name("the map: germany | new_england")
    round = number("the round, from 1")
    order = numbers("seats in turn order")
    to_act = number("the seat to act (null once finished)", nullable=True)
    actions_left = number("actions left to the seat on turn")
    selling = flag("inside a sell action, more sales may follow")
    repaying = numbers("seats that may repay before the interest")
    finished = flag("the game is over")
    players = fields.List(fields.Nested(Player), required=True, metadata={"description": "per seat"})
    deck_size = number("cards in the deck")
    face_up = names("the face-up cards")
    discard = names("the discard pile")
    tiles = table("\"place.N\" -> tile")
    rails = table("link id -> owner seat")
    imports = table("ship place -> coal cubes")
    markets = table("place -> {kind, flipped}")
    track = table("coal | iron -> cubes on the demand track")
    unused_market_tiles = number("market tiles not on the board")


class Private(ViewSchema):
    """Age of Industry, what the viewing seat alone sees (nothing for a spectator)."""
    hand = names("the seat's cards", required=False)


VIEW_SCHEMAS = (Public, Private)
