"""ENDEN DER EPOCHEN (link and flipped-tile scoring), ENDE DER EISENBAHNEPOCHE
(cash), SPIELSIEG (ties: income, then cash, then shared) and the extra scoring of
the VARIANTE ZUM EINSTIEG."""
from __future__ import annotations

from service.games.results import ranked

from .data import BOARD_LINK_ICONS, LEVELS, LINKS
from .income import income_level
from .state import State, tile_refs


def link_icons(state: State, location: str) -> int:
    """Icons on the board plus on the flipped tiles there (1 per tile, provisional)."""
    return BOARD_LINK_ICONS[location] + sum(
        LEVELS[t["industry"]][t["level"]].link_icons
        for t in state.board.get(location, ()) if t is not None and t["flipped"])


def score_links(state: State) -> None:
    """1: each link scores the icons of the two towns it joins, then leaves the board."""
    for link, owner in state.links.items():
        a, b = LINKS[link]
        state.vp[owner] += link_icons(state, a) + link_icons(state, b)
    state.links = {}


def score_flipped_tiles(state: State, min_level: int = 0) -> None:
    """2: each flipped industry tile scores the VP in its hexagon."""
    for _ref, _loc, tile in tile_refs(state):
        if tile["flipped"] and tile["level"] >= min_level:
            state.vp[tile["owner"]] += LEVELS[tile["industry"]][tile["level"]].vp


def score_cash(state: State) -> None:
    """ENDE DER EISENBAHNEPOCHE 3: £10 = 1 VP."""
    for seat in range(state.players):
        state.vp[seat] += state.money[seat] // 10


def score_introductory_extras(state: State) -> None:
    """VARIANTE ZUM EINSTIEG, after the canal era's own scoring: 1 "Je £4 zählen 1 SP
    (allerdings maximal 15 SP)"; 2 "Deine Einkommensstufe zählt ihren Wert in SP"
    (negative subtracts); 3 "Alle Industrieplättchen der Stufe 2 und höher werden
    erneut gewertet": scored again, so as ENDEN BEIDER EPOCHEN 2 scores them (only
    flipped tiles; "Nicht umgedrehte Industrieplättchen werden nicht gewertet")."""
    for seat in range(state.players):
        state.vp[seat] += min(15, state.money[seat] // 4) + income_level(state.income[seat])
    score_flipped_tiles(state, min_level=2)


def tiebreak(state: State, seat: int) -> dict:
    return {"income_level": income_level(state.income[seat]), "money": state.money[seat]}


def ranking(state: State) -> list[list[int]]:
    """Most VP; ties broken by higher income, then more cash; still tied: shared."""
    return ranked(state.players, lambda seat: (state.vp[seat], *tiebreak(state, seat).values()))


def breakdown(state: State, seat: int) -> dict:
    """The VP of each scoring step (links, flipped tiles, cash, the introductory game's
    extras; both eras together), and what unpaid debts took (RUNDENENDE 2: "1 SP pro
    £1"), the only other way VP change: the parts add up to the seat's VP."""
    parts = {step.removeprefix("score_"): vp[seat] for step, vp in sorted(state.vp_parts.items())}
    return parts | {"unpaid_debt": state.vp[seat] - sum(parts.values())}


def result(state: State) -> dict:
    """The shared result shape (service/games/results.py)."""
    seats = range(state.players)
    return {"scores": list(state.vp), "ranking": ranking(state),
            "breakdown": [breakdown(state, seat) for seat in seats],
            "tiebreak": [tiebreak(state, seat) for seat in seats],
            "details": {"rounds": dict(state.rounds_played)}}
