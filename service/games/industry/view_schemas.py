"""What the seats see of a game of Industry (view.py), published in the contract
(service/games/view_schemas.py): everything but the generator, and what follows from
it (the spaces available, the build costs)."""
from __future__ import annotations

from marshmallow import fields

from service.games.view_schemas import ViewSchema, lists, name, names, number, numbers, rows, table


class Auction(ViewSchema):
    """Phase 3. Auktion: one auction, from the auctioneer's choice to his decision."""
    space = name("the space auctioned")
    bidders = numbers("seats still to bid or pass, in order from the auctioneer's left")
    high_bid = number("Taler")
    high_bidder = number("the seat of the high bid", nullable=True)


class Public(ViewSchema):
    """Industry, what every seat sees (everything: "das Geld der Spieler bleibt stets gut
    sichtbar"; the bag is kept sorted)."""
    seats = number("how many seats")
    options = table("the game's options")
    epoch = number("the epoch marker")
    round = number("the round within the epoch")
    start_player = number("the start player's seat")
    phase = name("auction | development | over")
    money = numbers("per seat: Taler")
    kasse = number("Taler in the bank")
    vp = numbers("per seat: victory points")
    subsidy = fields.List(fields.Boolean(), required=True,
                          metadata={"description": "per seat: whether it took the subsidy"})
    jokers = lists(fields.String(), "per seat: its joker kinds")
    owned = table("space -> {owner, developed, ...}")
    auctioned = names("spaces auctioned")
    bag = names("the markers in the bag, sorted")
    face_up = names("the face-up markers")
    face_down = names("the face-down markers")
    auctioneer = number("the auctioneer's seat")
    auction = fields.Nested(Auction, required=True, allow_none=True,
                            metadata={"description": "the auction under way (null between auctions)"})
    developer = number("the seat developing", nullable=True)
    developments_left = number("developments left to the developer")
    final = table("the final scoring, once the game is over", nullable=True)
    board = name("provisional | printed")
    available = names("the spaces an auction may choose now")
    jokers_on_board = names("joker spaces not auctioned yet")
    build_costs = rows("per seat: its undeveloped space -> the cost to develop it")
    markers_left = numbers("per seat: ownership markers left")
    to_act = numbers("the seats to act")


class Private(ViewSchema):
    """Industry hides nothing from one seat that another sees: always empty."""


VIEW_SCHEMAS = (Public, Private)
