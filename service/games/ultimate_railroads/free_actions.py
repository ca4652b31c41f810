"""What you may do in your own turn besides your one action space, before it and/or after
it, several times, never when relocating a turn-order worker: KOHLE-MODUL's fields paid
with coal (the move `coal`), GERMAN RAILROADS' income tiles (the move `income`) and
AMERICAN RAILROADS' coin fields (the move `stock`). Before your action they are moves of
their own; after it they wait in your action pool as the decision `free_actions` until you
drop it (it is offered only while there is something to use).

When they may be used differs by chapter (each provider names its rule):
- coal only "zusätzlich zu deiner regulären Aktion", never "wenn du passt oder deinen
  Arbeiter von der Reihenfolgeleiste versetzt": used before your action, it binds the turn
  to a regular action (no pass after it), and it is offered there only while a regular
  action can follow it;
- the income tiles "bevor oder nachdem du eine Aktion (auch vor dem Passen) machst", and
  the coin fields ("Auch passen gilt dabei als Spielzug"): also before passing.
None is offered in the relocation phase (ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN)."""
from __future__ import annotations

import json

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from . import pool

PROVIDERS: dict = {}     # action -> (uses(state, seat) -> [what], use(state, seat, what) -> events)
RULES: dict = {}         # action -> the rulebook sentence on when it may be used
BESIDE_ACTION: set = set()   # the actions used only together with a regular action of the same turn
REGULAR: list = []       # the core's lister of the regular actions (engine.py): regular(state, seat) -> [move]
LISTED = ("stock", "coal", "income")    # the free moves (move_schemas.py) in the order they are listed
OWED = "action_owed"     # the state's mark: a free action that binds the turn was used before the action


def provider(action: str, uses, use, rule: str, beside_action: bool = False) -> None:
    """A chapter's free move; the moves are kept in the order LISTED names them.
    `beside_action`: usable only together with a regular action of the same turn."""
    PROVIDERS[action] = (uses, use)
    RULES[action] = rule
    if beside_action:
        BESIDE_ACTION.add(action)
    for listed in sorted(PROVIDERS, key=LISTED.index):
        PROVIDERS[listed] = PROVIDERS.pop(listed)


def free_moves(state: dict, seat: int) -> list[dict]:
    return [{"action": action, "use": what} for action, (uses, _) in PROVIDERS.items()
            for what in uses(state, seat)]


def regular_moves(state: dict, seat: int) -> list[dict]:
    return [move for regular in REGULAR for move in regular(state, seat)]


def action_follows(state: dict, seat: int, move: dict) -> bool:
    """Whether a regular action can still be made once `move` is used (tried on a copy)."""
    trial = json.loads(json.dumps(state))
    pool.open_pool(trial, seat, "free")
    PROVIDERS[move["action"]][1](trial, seat, move["use"])
    return bool(regular_moves(trial, seat))


def before_action(state: dict, seat: int) -> list[dict]:
    """The free moves before your regular action: one used only beside a regular action is
    offered only while a regular action can follow it (never to a seat that can only pass)."""
    return [move for move in free_moves(state, seat)
            if move["action"] not in BESIDE_ACTION or action_follows(state, seat, move)]


def apply_free(state: dict, seat: int, move: dict) -> list[dict]:
    """Before your action: what it gives goes into an action pool of its own; your turn goes on."""
    offered = before_action(state, seat)
    if move not in offered:
        reason = Said(N_("nothing of that kind to use now"))
        if move in free_moves(state, seat):
            reason = Said(N_("{action} only together with a regular action, and you can only pass"),
                          action=move["action"])
        raise IllegalMove(Said(N_("{reason}; you may: {offered}"), reason=reason,
                               offered=offered or Said(N_("nothing"))), rule=RULES[move["action"]],
                          field="use", options=offered)
    pool.open_pool(state, seat, "free")
    if move["action"] in BESIDE_ACTION:
        state[OWED] = move["action"]
    return PROVIDERS[move["action"]][1](state, seat, move["use"])


def why_not_pass(state: dict, seat: int) -> IllegalMove | None:
    """After a free action that binds the turn to a regular action, no pass (while a regular
    action is left: should a decision in between have taken each away, the turn must still end)."""
    owed = state.get(OWED)
    regular = regular_moves(state, seat) if owed else []
    if not regular:
        return None
    return IllegalMove(Said(N_("you used {owed} this turn: it is used only together with a regular action, "
                            "so now place your workers (or a coin) on an action space; you may not pass"),
                            owed=owed),
                       rule=RULES[owed], field="action", options=regular)


def turn_over(state: dict) -> None:
    """The turn ends: nothing is owed any more."""
    state.pop(OWED, None)


def refuse_relocating(move: dict) -> None:
    """ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN: not your own turn, no free action."""
    raise IllegalMove(Said(N_("{action} may not be used while you move your worker from the turn-order "
                              "track"),
                           action=move["action"]), rule=RULES[move["action"]], field="action")


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
