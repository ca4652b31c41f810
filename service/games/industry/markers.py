"""Phase 2. Neue Bereichsmarker: area markers drawn from the bag pick the columns.

"Pro Spieler wird ein Bereichsmarker aus dem Beutel gezogen ... Wenn der gezogene
Bereichsmarker ein Taler-Symbol zeigt, bekommt außerdem jeder Spieler sofort 1 Taler
aus der Kasse. Wenn zu Beginn dieser Phase der Beutel leer ist, kommen alle
Bereichsmarker in den Beutel." The bag is kept sorted: what is in it is public, and
the draw is the seeded generator's, so there is no hidden order to leak.
"""
from __future__ import annotations

from service.games.common.rng import below
from service.games.events import changes
from service.games.industry.board import BOARD
from service.games.industry.events import EVENTS, tallies
from service.games.industry.schema import COLUMNS
from service.games.industry.state import State

# Empfehlung: markers per round in late epochs, {seats: {epoch: count}}.
RECOMMENDED_COUNTS = {3: {4: 4, 5: 4}, 4: {5: 3}}


def markers_per_round(state: State) -> int:
    """One per seat; with the option `recommended_marker_counts` the rulebook's
    recommendation for the late epochs."""
    if state.options.get("recommended_marker_counts"):
        return RECOMMENDED_COUNTS.get(state.seats, {}).get(state.epoch, state.seats)
    return state.seats


def available_spaces(state: State) -> list[str]:
    """Phase 3: "Ein Feld gilt als verfügbar, wenn es auf dem Schnittpunkt der Zeile des
    Epochenmarkers und der Spalte eines Bereichsmarkers liegt." (face up ones)."""
    return [f"{state.epoch}{column}" for column in sorted(state.face_up)]


def pay_from_kasse(state: State, seat: int, amount: int) -> None:
    state.money[seat] += amount
    state.kasse -= amount


def draw_area_markers(state: State, events: list) -> None:
    if not state.bag:
        state.bag = list(COLUMNS)
        state.face_down = []
        events.append(EVENTS.make("bag_refilled", None))
    for _ in range(min(markers_per_round(state), len(state.bag))):
        index, state.rng = below(state.rng, len(state.bag))
        column = state.bag.pop(index)
        state.face_up.append(column)
        coin = column in BOARD.coin_columns
        before = tallies(state)
        if coin:
            for seat in range(state.seats):
                pay_from_kasse(state, seat, 1)
        events.append(EVENTS.with_numbers(EVENTS.make("area_marker_drawn", None, column=column,
                                                       coin=coin), changes(before, tallies(state))))
    state.face_up.sort()
