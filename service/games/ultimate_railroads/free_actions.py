"""What you may do in your own turn besides your one action space, before it and/or after
it, several times, never when passing or relocating a turn-order worker:
KOHLE-MODUL's fields paid with coal (the move `coal`) and GERMAN RAILROADS' income tiles
(the move `income`). Before your action they are moves of their own; after it they wait
in your action pool as the decision `free_actions` until you drop it (it is offered only
while there is something to use)."""
from __future__ import annotations

from service.games.base import IllegalMove

from . import pool

RULE = "EINEN SPIELZUG AUSFÜHREN: zusätzlich zu deiner regulären Aktion"
PROVIDERS: dict = {}     # action -> (uses(state, seat) -> [what], use(state, seat, what) -> events)
LISTED = ("stock", "coal", "income")    # the free moves (move_schemas.py) in the order they are listed


def provider(action: str, uses, use) -> None:
    """A chapter's free move; the moves are kept in the order LISTED names them."""
    PROVIDERS[action] = (uses, use)
    for listed in sorted(PROVIDERS, key=LISTED.index):
        PROVIDERS[listed] = PROVIDERS.pop(listed)


def free_moves(state: dict, seat: int) -> list[dict]:
    return [{"action": action, "use": what} for action, (uses, _) in PROVIDERS.items()
            for what in uses(state, seat)]


def apply_free(state: dict, seat: int, move: dict) -> list[dict]:
    """Before your action: what it gives goes into an action pool of its own; your turn goes on."""
    if move not in free_moves(state, seat):
        raise IllegalMove(f"nothing of that kind to use now; you may: {free_moves(state, seat) or 'nothing'}",
                          rule=RULE, field="use", options=free_moves(state, seat))
    pool.open_pool(state, seat, "free")
    return PROVIDERS[move["action"]][1](state, seat, move["use"])


USED_THIS_ROUND = ("foundries_used", "income_used")


def new_round(state: dict) -> None:
    """Nach der Wertung: your foundries and income tiles may be used again (the income
    tiles turned face up, the coal on the fields back to the supply)."""
    for player in state["players"]:
        for key in USED_THIS_ROUND:
            if key in player:
                player[key] = []


def offer_after_action(state: dict, seat: int) -> None:
    if state["phase"] == "actions" and free_moves(state, seat):
        pool.add(state, "free_actions", False)


def after_options(state, seat, item):
    return [{**m, "item": item["id"]} for m in free_moves(state, seat)]


def resolve_after(state, seat, item, move):
    return PROVIDERS[move["action"]][1](state, seat, move["use"])       # the decision stays for more


pool.kind("free_actions")((after_options, resolve_after))
