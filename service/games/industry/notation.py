"""The text notation, one line per move, as moves arrive by e-mail:

    auction 2D          the auctioneer offers space 2D
    bid 3 | pass        a bid of 3 Taler, or pass
    sell | claim        the auctioneer sells to the high bidder, or claims the space
    develop 2D          develop a space (resources with one source come from it)
    develop 3H seat1 joker?
                        develop a space, naming the source of each needed resource
                        that has a choice (joker, joker?, bank, seat<N>), in the order
                        the space prints its needs
    done                end your development
    subsidy             take the subsidy (3 Taler, -5 VP at the end)
"""
from __future__ import annotations

import re

from service.games.base import NotationError
from service.games.speech import N_, Said

SPACE = re.compile(r"^[1-5][A-La-l]$")
BARE = ("pass", "sell", "claim", "done", "subsidy")


def _space(word: str) -> str:
    if not SPACE.match(word):
        raise NotationError(Said(N_("{word!r} is not a space: write epoch and column, e.g. 2D"), word=word))
    return word.upper()


def parse(text: str) -> dict:
    words = text.strip().split()
    if not words:
        raise NotationError(Said(N_("empty move; try: auction 2D, bid 3, pass, sell, claim, "
                                    "develop 2D [sources], done, subsidy")))
    action, args = words[0].lower(), words[1:]
    if action in BARE and not args:
        return {"action": action}
    if action == "auction" and len(args) == 1:
        return {"action": "auction", "space": _space(args[0])}
    if action == "bid" and len(args) == 1:
        if not args[0].isdigit():
            raise NotationError(Said(N_("a bid is a whole number of Taler, not {word!r}"), word=args[0]))
        return {"action": "bid", "amount": int(args[0])}
    if action == "develop" and args:
        move = {"action": "develop", "space": _space(args[0])}
        if args[1:]:
            move["supply"] = [word.lower() for word in args[1:]]
        return move
    raise NotationError(Said(N_("cannot read {text!r}; moves are: auction 2D, bid 3, pass, sell, claim, "
                                "develop 2D [joker|joker?|bank|seat1 ...], done, subsidy"),
                             text=text.strip()))


def format(move: dict) -> str:
    action = move["action"]
    if action == "auction":
        return f"auction {move['space']}"
    if action == "bid":
        return f"bid {move['amount']}"
    if action == "develop":
        return " ".join(["develop", move["space"], *move.get("supply", [])])
    return action
