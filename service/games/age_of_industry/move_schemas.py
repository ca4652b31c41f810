"""The fields of each action (AKTION: ... and KREDITE), checked before any rule
(service/games/base.py, why_not_move) and published in the contract (`pbem contract`).
A space is `place.N`, a link `place-place`, a source of coal or iron a space,
`place.import`, or `track` / `supply` where buying is one of the choices."""
from __future__ import annotations

from marshmallow import Schema

from service.games.base import MoveSchema, flag, text, texts, whole

CARD = "the card, by its colour or its industry"


class Build(MoveSchema):
    """AKTION: INDUSTRIE BAUEN."""
    card = text(description=CARD)
    space = text(description="the space, `place.N`")
    industry = text(description="the industry, e.g. cotton_mill")
    combined = flag("a combined build (two industries on one card)")
    coal_from = text(required=False, description="where the coal comes from")
    iron_from = text(required=False, description="where the iron comes from")


class Rail(MoveSchema):
    """AKTION: EISENBAHNSTRECKE BAUEN."""
    link = text(description="the rail link, `place-place`")
    coal_from = text(required=False, description="where the coal comes from")
    iron_from = text(required=False, description="where the iron comes from")


class Sell(MoveSchema):
    """AKTION: WAREN VERKAUFEN: one mill."""
    mill = text(description="the cotton mill's space")
    outlet = text(description="a port's space or a market, `place.market`")


class EndSale(MoveSchema):
    """AKTION: WAREN VERKAUFEN: stop selling."""


class Develop(MoveSchema):
    """AKTION: ENTWICKLUNG."""
    industry = text(description="the industry developed")
    level = whole(0, 9, description="the level of the tile removed")
    card = text(description="the card discarded")


class Draw(MoveSchema):
    """AKTION: ZWEI KARTEN ZIEHEN, face up or from the deck."""
    face_up = texts(most=2, description="the face-up cards taken, sorted")
    deck = whole(0, 2, description="how many are drawn from the deck")


class Pass(MoveSchema):
    """AKTION: PASSEN, discarding a card or none."""
    card = text(required=False, description="the card discarded")


class Loan(MoveSchema):
    """KREDITE: take a loan."""


class Repay(MoveSchema):
    """KREDITE: repay a loan."""


class KeepLoans(MoveSchema):
    """KREDITE: keep the loans and pay their interest."""


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "build": Build, "rail": Rail, "sell": Sell, "end_sale": EndSale, "develop": Develop,
    "draw": Draw, "pass": Pass, "loan": Loan, "repay": Repay, "keep_loans": KeepLoans}
