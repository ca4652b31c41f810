"""Small state builders for the Industry rule tests.

Spaces are found on the shipped board by what they are (a factory that needs nothing,
a technology, ...), so the tests hold for any valid board file, the printed one too.
"""
from __future__ import annotations

from service.games.industry import GAME
from service.games.industry.board import BOARD
from service.games.industry.state import COINS_TOTAL

engine = GAME.engine


def a_game(seats: int = 3, seed: int = 1, **options):
    return engine.setup(GAME.resolve_options(options), seats, seed)


def find(kind: str, epoch: int | None = None, skip: int = 0, **fields) -> str:
    """The (skip+1)-th space of a kind (and epoch, and field values) on the board."""
    found = [sid for sid, s in sorted(BOARD.spaces.items())
             if s["kind"] == kind and epoch in (None, s["epoch"])
             and all(s.get(k) == v for k, v in fields.items())]
    assert len(found) > skip, f"the board has no {kind} with {fields} in epoch {epoch}"
    return found[skip]


def owning(state, space: str, seat: int, developed: bool = False, epoch: int | None = None):
    state.owned[space] = {"seat": seat, "epoch": epoch or int(space[0]), "developed": developed}
    state.auctioned.append(space)
    return state


def at_development(state, seat: int, epoch: int | None = None):
    """Phase 4 with `seat` to develop (and start player), in `epoch`."""
    state.epoch = epoch or state.epoch
    state.phase, state.auction, state.face_up = "development", None, []
    state.developer = state.start_player = seat
    state.developments_left = 2
    return state


def with_money(state, *amounts):
    """Set the seats' money, keeping the coins' total by adjusting the Kasse."""
    for seat, amount in enumerate(amounts):
        state.kasse += state.money[seat] - amount
        state.money[seat] = amount
    return state


def coins(state) -> int:
    return sum(state.money) + state.kasse


def play(state, *moves):
    """Apply moves in notation, each by the seat to act."""
    for text in moves:
        state, _ = engine.apply(state, engine.to_act(state)[0], engine.parse(text))
    return state


def assert_coins_kept(state):
    assert coins(state) == COINS_TOTAL


def without_markers(state, seat: int, left: int = 0):
    """Put all but `left` of the seat's ownership markers on spaces of epochs 2-5."""
    spaces = [sid for sid, s in sorted(BOARD.spaces.items())
              if s["kind"] != "joker" and s["epoch"] > 1 and sid not in state.owned]
    for space in spaces[:state.markers_left(seat) - left]:
        owning(state, space, seat)
    assert state.markers_left(seat) == left
    return state
