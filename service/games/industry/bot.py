"""The bot's evaluation of an Industry position (service/games/bot.py): per seat, in VP.

Spielende's scoring as the board stands (VP scored, roads, lines, bonus spaces,
unused jokers, subsidies), Taler at a rate above the end's 1 VP per 3 (they still
develop spaces), part of what an undeveloped space may still bring once developed
("Entwickeln und Siegpunkte erhalten": a factory's VP only in the epoch it was won,
a technology only developable then) less its build cost, and in a running auction
(Phase 3) the space as the high bidder's at the price bid, the price as the
auctioneer's (he sells, or claims by paying it)."""
from __future__ import annotations

from service.games.industry.board import BOARD
from service.games.industry.develop import build_cost
from service.games.industry.scoring import UNUSED_JOKER_VP, seat_breakdown
from service.games.industry.state import State

TALER_VP = 0.45             # a Taler in hand, mid-game (the end pays 1/3)
LIKELY = 0.6                # share of an undeveloped space's worth
NETWORK_VP = 1.5            # what a developed space adds to roads, lines and bonus spaces


def worth(state: State, seat: int, space: str, epoch: int) -> float:
    """What owning `space` (won in `epoch`, undeveloped) is worth to the seat now."""
    info = BOARD.spaces[space]
    if info.get("joker"):
        return UNUSED_JOKER_VP
    if info["kind"] == "technology" and epoch != state.epoch:
        return 0.0
    vp = info.get("vp", 0) if epoch == state.epoch else 0
    return LIKELY * (vp + NETWORK_VP - build_cost(state, seat, space) * TALER_VP)


def evaluate(state: State) -> list[float]:
    values = []
    for seat in range(state.seats):
        parts = seat_breakdown(state, seat)
        value = sum(parts.values()) - parts["money"] + state.money[seat] * TALER_VP
        value += sum(worth(state, seat, space, mark["epoch"]) for space, mark in state.owned.items()
                     if mark["seat"] == seat and not mark["developed"])
        values.append(value)
    auction = state.auction
    if auction is not None and auction.high_bidder is not None:
        values[auction.high_bidder] += (worth(state, auction.high_bidder, auction.space, state.epoch)
                                        - auction.high_bid * TALER_VP)
        values[state.auctioneer] += auction.high_bid * TALER_VP
    return values


LOWEST_BIDS = 3


def shortlist(state: State, seat: int, moves: list[dict]) -> list[dict]:
    """Phase 3's bids: only the lowest few (a higher bid buys the same space dearer)."""
    bids = [m for m in moves if m["action"] == "bid"]
    return [m for m in moves if m["action"] != "bid"] + bids[:LOWEST_BIDS]
