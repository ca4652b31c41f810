"""Subvention: once per game a seat takes 3 Taler from the Kasse and a subsidy token,
which costs it 5 VP at the end.

The rulebook does not say when; here a seat takes it whenever it is to act (before a
bid, a claim or a development), and it does not end its turn.
"""
from __future__ import annotations

from service.games.events import changes
from service.games.industry.events import EVENTS, tallies
from service.games.industry.markers import pay_from_kasse
from service.games.industry.state import State
from service.games.speech import N_, Said

RULE = "Subvention"
SUBSIDY_TALER = 3
SUBSIDY_VP = -5


def why_not_subsidy(state: State, seat: int, move: dict) -> str | None:
    if state.subsidy[seat]:
        return Said(N_("each seat may take a subsidy only once per game"))
    return None


def subsidy_moves(state: State, seat: int) -> list[dict]:
    return [] if why_not_subsidy(state, seat, {}) else [{"action": "subsidy"}]


def apply_subsidy(state: State, seat: int, move: dict, events: list) -> None:
    state.subsidy[seat] = True
    before = tallies(state)
    pay_from_kasse(state, seat, SUBSIDY_TALER)
    events.append(EVENTS.with_numbers(EVENTS.make("subsidy", seat, taler=SUBSIDY_TALER),
                                      changes(before, tallies(state))))


CHECKS = {"subsidy": why_not_subsidy}
APPLY = {"subsidy": apply_subsidy}
