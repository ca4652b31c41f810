"""Small state builders for rule tests: a_game(...) then with_* helpers."""
from __future__ import annotations

from service.games.age_of_industry import GAME
from service.games.age_of_industry.setup import setup_state
from service.games.age_of_industry.state import new_tile
from service.games.base import IllegalMove

ENGINE = GAME.engine


def a_game(map_id: str = "germany", players: int = 3, round_no: int = 2, seed: int = 1):
    """Seats in order 0, 1, 2...; seat 0 to act with a full turn; empty hands, no money."""
    state = setup_state(map_id, players, seed)
    state.order = list(range(players))
    state.round = round_no
    state.actions_left = 1 if round_no == 1 else 2
    for player in state.players:
        state.deck.extend(player.hand)
        player.hand = []
    return state


def with_tile(state, space, owner, industry, level=1, cubes=0, flipped=False, **extra):
    tile = new_tile(owner, industry, level)
    tile.update(cubes=cubes, flipped=flipped, **extra)
    state.tiles[space] = tile
    if cubes:
        resource = "coal" if industry == "coal_mine" else "iron"
        state.supply[resource] -= cubes
    return state


def with_rail(state, link, owner):
    state.rails[link] = owner
    state.players[owner].rails_left -= 1
    state.players[owner].rails_built += 1
    return state


def with_hand(state, seat, *cards):
    for card in cards:
        state.deck.remove(card)
    state.players[seat].hand.extend(cards)
    return state


def with_money(state, seat, money):
    state.players[seat].money += money
    state.bank -= money
    return state


def empty_track(state, resource, cubes=0):
    state.supply[resource] += state.track[resource] - cubes
    state.track[resource] = cubes
    return state


def play(state, seat, move):
    """Apply and return the new state."""
    return ENGINE.apply(state, seat, move)[0]


def refused(state, seat, move) -> IllegalMove:
    try:
        ENGINE.apply(state, seat, move)
    except IllegalMove as error:
        return error
    raise AssertionError(f"{move} was accepted")


def build(space, industry, card, **extra):
    return {"action": "build", "card": card, "space": space, "industry": industry, **extra}


def money_total(state) -> int:
    return sum(p.money for p in state.players) + state.bank


def cubes_total(state, resource) -> int:
    source = "coal_mine" if resource == "coal" else "iron_works"
    on_tiles = sum(t["cubes"] for t in state.tiles.values() if t["industry"] == source)
    imports = sum(state.imports.values()) if resource == "coal" else 0
    return on_tiles + imports + state.track[resource] + state.supply[resource]
