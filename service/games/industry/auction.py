"""Phase 3. Auktion: the auctioneer offers a space, each other seat bids once or
passes, then the auctioneer sells it or claims it himself.

Moves: auction <space>, bid <taler>, pass, sell, claim. "Kein Gebot" (nobody bid)
needs no move: the auctioneer must take the space for free.
"""
from __future__ import annotations

from service.games.events import changes
from service.games.industry.events import EVENTS, tallies
from service.games.industry.markers import available_spaces
from service.games.industry.ownership import award, why_no_marker
from service.games.industry.state import Auction, State
from service.games.speech import N_, Said

RULE = "Phase 3. Auktion"


def bidder(state: State) -> int | None:
    return state.auction.bidders[0] if state.auction and state.auction.bidders else None


def deciding(state: State) -> bool:
    """All bids are in and somebody bid: the auctioneer sells or claims."""
    return state.auction is not None and not state.auction.bidders


def why_not_auction(state: State, seat: int, move: dict) -> str | None:
    """"Er wählt eines der verfügbaren Felder aus" """
    if state.auction is not None:
        return Said(N_("a space is being auctioned already"))
    if seat != state.auctioneer:
        return Said(N_("only the auctioneer chooses the space"))
    if move.get("space") not in available_spaces(state):
        return Said(N_("space must be one of the available spaces {spaces}"), spaces=available_spaces(state))
    return None


def why_not_bid(state: State, seat: int, move: dict) -> str | None:
    """"genau ein Gebot machen oder passen. Ein Gebot muss immer höher sein als das
    vorhergehende." and "Man darf nur so viele Taler bieten, wie man auch bezahlen kann." """
    if bidder(state) != seat:
        return Said(N_("it is not your turn to bid"))
    if reason := why_no_marker(state, seat, state.auction.space):
        return reason
    amount = move["amount"]
    if amount <= state.auction.high_bid:
        return Said(N_("a bid must be higher than {bid}"), bid=state.auction.high_bid)
    if amount > state.money[seat]:
        return Said(N_("you cannot bid more than your {money} Taler"), money=state.money[seat])
    return None


def why_not_pass(state: State, seat: int, move: dict) -> str | None:
    return None if bidder(state) == seat else Said(N_("it is not your turn to bid or pass"))


def why_not_sell(state: State, seat: int, move: dict) -> str | None:
    """"Er überlässt das Feld dem Höchstbietenden" """
    if not deciding(state) or seat != state.auctioneer:
        return Said(N_("only the auctioneer sells, once every other seat has bid or passed"))
    return None


def claim_payments(state: State, seat: int) -> list[int] | None:
    """"Reihum, beginnend links von ihm, bezahlt er jeweils 1 Taler an jeden Spieler -
    auch an sich selbst - solange, bis er den vollen Preis erreicht hat." The seats
    paid, one Taler each, in order; None if he would have to hand over a Taler he does
    not hold at that moment (a Taler paid to himself stays in his hand)."""
    in_hand, paid = state.money[seat], []
    for k in range(state.auction.high_bid):
        if in_hand == 0:
            return None
        paid.append((seat + 1 + k) % state.seats)
        if paid[-1] != seat:
            in_hand -= 1
    return paid


def why_not_claim(state: State, seat: int, move: dict) -> str | None:
    """"Er beansprucht das Feld selbst und muss dafür soviel bezahlen, wie das
    Höchstgebot war": he must be able to pay it out Taler by Taler as printed."""
    if reason := why_not_sell(state, seat, move):
        return reason
    if reason := why_no_marker(state, seat, state.auction.space):
        return reason
    if claim_payments(state, seat) is None:
        return Said(N_("claiming means paying out {bid} Taler one at a time from your left, "
                       "yourself included; your {money} Taler run out first"),
                    bid=state.auction.high_bid, money=state.money[seat])
    return None


def field_at_fault(state: State, seat: int, move: dict) -> str:
    """For a refused bid: the amount, unless the seat may not bid for this space at all."""
    return "action" if state.auction and why_no_marker(state, seat, state.auction.space) else "amount"


def bid_moves(state: State, seat: int) -> list[dict]:
    if bidder(state) != seat:
        return []
    bids = [{"action": "bid", "amount": amount}
            for amount in range(state.auction.high_bid + 1, state.money[seat] + 1)]
    return [m for m in bids if not why_not_bid(state, seat, m)] + [{"action": "pass"}]


def auction_moves(state: State, seat: int) -> list[dict]:
    if state.auction is None:
        return [{"action": "auction", "space": space} for space in available_spaces(state)
                if seat == state.auctioneer]
    if deciding(state):
        return [m for m in ({"action": "sell"}, {"action": "claim"})
                if not CHECKS[m["action"]](state, seat, m)]
    return bid_moves(state, seat)


def hand_on_gavel(state: State) -> None:
    """"Sein linker Nachbar wird neuer Auktionator" (the start player marker stays)."""
    state.auctioneer = state.left_of(state.auctioneer)


def apply_auction(state: State, seat: int, move: dict, events: list) -> None:
    order = [(seat + k) % state.seats for k in range(1, state.seats)]
    state.auction = Auction(space=move["space"], bidders=order)
    events.append(EVENTS.make("auction", seat, space=move["space"]))


def apply_bid(state: State, seat: int, move: dict, events: list) -> None:
    state.auction.high_bid, state.auction.high_bidder = move["amount"], seat
    events.append(EVENTS.make("bid", seat, amount=move["amount"]))
    after_bid(state, events)


def apply_pass(state: State, seat: int, move: dict, events: list) -> None:
    events.append(EVENTS.make("pass", seat))
    after_bid(state, events)


def after_bid(state: State, events: list) -> None:
    """Kein Gebot: "muss der Auktionator das Feld selbst in Anspruch nehmen und bezahlt
    nichts dafür"; he hands the gavel on."""
    state.auction.bidders.pop(0)
    if state.auction.bidders or state.auction.high_bidder is not None:
        return
    auctioneer = state.auctioneer
    hand_on_gavel(state)
    award(state, auctioneer, events)


def apply_sell(state: State, seat: int, move: dict, events: list) -> None:
    """He takes the bid from the high bidder and stays auctioneer."""
    buyer, price = state.auction.high_bidder, state.auction.high_bid
    before = tallies(state)
    state.money[buyer] -= price
    state.money[seat] += price
    events.append(EVENTS.with_numbers(EVENTS.make("sold", seat, to=buyer, price=price),
                                      changes(before, tallies(state))))
    award(state, buyer, events)


def apply_claim(state: State, seat: int, move: dict, events: list) -> None:
    """"Reihum, beginnend links von ihm, bezahlt er jeweils 1 Taler an jeden Spieler -
    auch an sich selbst - solange, bis er den vollen Preis erreicht hat." """
    paid_to = claim_payments(state, seat)
    before = tallies(state)
    for paid in paid_to:
        state.money[seat] -= 1
        state.money[paid] += 1
    events.append(EVENTS.with_numbers(
        EVENTS.make("claimed", seat, price=state.auction.high_bid, paid_to=paid_to),
        changes(before, tallies(state))))
    hand_on_gavel(state)
    award(state, seat, events)


CHECKS = {"auction": why_not_auction, "bid": why_not_bid, "pass": why_not_pass,
          "sell": why_not_sell, "claim": why_not_claim}
APPLY = {"auction": apply_auction, "bid": apply_bid, "pass": apply_pass,
         "sell": apply_sell, "claim": apply_claim}
