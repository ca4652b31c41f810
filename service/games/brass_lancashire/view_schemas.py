"""What each seat sees of a game of Brass: Lancashire (view.py), published in the
contract (service/games/view_schemas.py): the state but the hidden fields, and the
counts of what is hidden."""
from __future__ import annotations

from marshmallow import fields

from service.games.view_schemas import ViewSchema, lists, name, names, number, numbers, rows, table


class Public(ViewSchema):
    """Brass: Lancashire, what every seat sees: the board, the markets, each player's
    money, income and VP; of the hands, the deck and the face-down cotton merchant
    tiles only their sizes."""
    options = table("the game's options")
    players = number("how many seats")
    era = name("canal | rail")
    round = number("the round within the era, from 1")
    order = numbers("this round's turn order (seats)")
    turn = number("index into order of the seat on turn")
    actions_left = number("actions left to the seat on turn")
    phase = name("turns | after_income | over")
    banker_surfaced = number("the rail round in which the Rothschild tile surfaced", nullable=True)
    discards = lists(fields.String(), "per seat: its discarded cards")
    money = numbers("per seat: £")
    spent = numbers("per seat: £ on the character tile this round")
    income = numbers("per seat: position on the income track")
    vp = numbers("per seat: victory points")
    mats = rows("per seat: industry -> tiles left per mat level")
    boxed = numbers("per seat: industry tiles put back in the box")
    board = table("town -> a tile or null per slot ({owner, industry, level, flipped, cubes})")
    links = table("link id -> owner")
    coal_market = number("cubes in the coal market")
    iron_market = number("cubes in the iron market")
    supply = table("cubes in the general supply")
    cotton_marker = number("the cotton demand marker")
    cotton_revealed = numbers("the cotton merchant tiles turned up")
    pending = rows("decisions interrupting play; the last one acts first")
    bank = number("£ in the bank")
    boxed_cards = number("cards removed before the rail era")
    rounds_played = table("era -> rounds played")
    vp_parts = table("scoring step -> VP it gave per seat")
    hand_sizes = numbers("per seat: cards in hand")
    deck_size = number("cards above the deck tile")
    beneath_deck_tile = number("cards under the deck tile")
    cotton_tiles_face_down = number("face-down cotton merchant tiles")
    income_level = numbers("per seat: income level")


class Private(ViewSchema):
    """Brass: Lancashire, what the viewing seat alone sees (nothing for a spectator)."""
    hand = names("the seat's cards", required=False)


VIEW_SCHEMAS = (Public, Private)
