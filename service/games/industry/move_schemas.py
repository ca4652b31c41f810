"""The fields of each move of Phase 3. Auktion, Phase 4. Entwicklung and Subvention,
checked before any rule (service/games/base.py, why_not_move) and published in the
contract (`pbem contract`)."""
from __future__ import annotations

from marshmallow import Schema

from service.games.base import MoveSchema, text, texts, whole


class Auction(MoveSchema):
    """Phase 3. Auktion: the auctioneer chooses an available space."""
    space = text(description="the space auctioned")


class Bid(MoveSchema):
    """Phase 3. Auktion: one bid, higher than the last."""
    amount = whole(1, 1000, description="Taler")


class Pass(MoveSchema):
    """Phase 3. Auktion: no bid."""


class Sell(MoveSchema):
    """Phase 3. Auktion: the auctioneer leaves the space to the highest bidder."""


class Claim(MoveSchema):
    """Phase 3. Auktion: the auctioneer takes the space for the highest bid."""


class Develop(MoveSchema):
    """Phase 4. Entwicklung: develop one of your spaces."""
    space = text(description="your undeveloped space")
    supply = texts(required=False, description=(
        "where each resource with a choice of supplier comes from, in order; "
        "left out where there is no choice"))


class Done(MoveSchema):
    """Phase 4. Entwicklung: develop no more."""


class Subsidy(MoveSchema):
    """Subvention: 3 Taler now, 5 VP less at the end, once per game."""


MOVE_SCHEMAS: dict[str, type[Schema]] = {
    "auction": Auction, "bid": Bid, "pass": Pass, "sell": Sell, "claim": Claim,
    "develop": Develop, "done": Done, "subsidy": Subsidy}
