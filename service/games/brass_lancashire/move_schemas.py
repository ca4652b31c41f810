"""The fields of each action (AKTIONEN) and pending decision, as the engine checks a
move's shape before any rule (service/games/base.py, why_not_move) and the contract
publishes them (`pbem contract`). A tile is named `town:slot`, a link `town__town`, a
coal or iron source `town:slot` or `market`."""
from __future__ import annotations

from marshmallow import Schema

from service.games.base import MoveSchema, text, texts, whole

CARD = "the card played, by its face (a town or an industry)"


class Build(MoveSchema):
    """AKTION: BAUEN."""
    location = text(description="the town")
    industry = text(description="the industry tile's kind, e.g. cotton_mill")
    card = text(required=False, description=CARD + "; or name two with `cards`")
    cards = texts(required=False, most=2, description="two cards played as one (any town)")
    overbuild = whole(0, 9, required=False, description="the slot whose tile is overbuilt")
    coal = texts(required=False, description="where each coal comes from, in order")
    iron = texts(required=False, description="where each iron comes from, in order")


class Connect(MoveSchema):
    """AKTION: VERBINDEN (canal or rail links)."""
    links = texts(most=2, description="the links, `town__town`")
    card = text(description=CARD)
    coal = texts(required=False, description="where each coal comes from (rail era)")


class Develop(MoveSchema):
    """AKTION: ENTWICKELN."""
    industries = texts(most=2, description="the industries whose lowest tile is removed")
    card = text(description=CARD)
    iron = texts(required=False, description="where each iron comes from, in order")


class Sell(MoveSchema):
    """AKTION: VERKAUFEN: one mill; a further sale (pending) plays no card."""
    mill = text(description="the cotton mill's tile, `town:slot`")
    via = text(description="a port tile `town:slot`, or `distant`")
    card = text(required=False, description=CARD + " (the first sale of the action only)")


class Done(MoveSchema):
    """AKTION: VERKAUFEN: stop selling."""


class Loan(MoveSchema):
    """AKTION: KREDIT AUFNEHMEN."""
    amount = whole(0, 1000, description="£10, £20 or £30")
    card = text(description=CARD)


class Pass(MoveSchema):
    """Passen: a card is played all the same."""
    card = text(description=CARD)


class RemoveTile(MoveSchema):
    """RUNDENENDE: Einkommen erhalten: a tile removed to pay what income cannot."""
    tile = text(description="your tile, `town:slot`")


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "build": Build, "connect": Connect, "develop": Develop, "sell": Sell, "done": Done,
    "loan": Loan, "pass": Pass, "remove_tile": RemoveTile}
