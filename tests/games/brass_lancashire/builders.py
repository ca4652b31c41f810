"""Small state builders for the Brass: Lancashire rule tests."""
from __future__ import annotations

import random
from collections import defaultdict

from service.games.brass_lancashire import GAME
from service.games.brass_lancashire.data import CUBES_IN_BOX, LEVELS, PRODUCERS, TILES_PER_PLAYER
from service.games.brass_lancashire.setup import BANK_START

ENGINE = GAME.engine


class Game:
    """A state to shape for one rule: `a_game(players=3).with_tile(...)`."""

    def __init__(self, players=4, seed=0, **options):
        self.state = ENGINE.setup(GAME.resolve_options(options), players, seed)

    def on_turn(self, seat, actions=2, era=None, round=None):
        s = self.state
        if era:
            s.era = era
        if round:
            s.round = round
        s.order = [seat] + [x for x in s.order if x != seat]
        s.turn, s.actions_left = 0, actions
        return self

    def with_hand(self, seat, *faces):
        self.state.hands[seat] = list(faces)
        return self

    def with_money(self, seat, amount):
        self.state.bank += self.state.money[seat] - amount
        self.state.money[seat] = amount
        return self

    def with_tile(self, ref, owner, industry, level=None, flipped=False, cubes=None):
        """Take the tile off the owner's mat (lowest level unless given) onto the board."""
        location, slot = ref.split(":")
        mat = self.state.mats[owner][industry]
        levels = sorted(LEVELS[industry])
        level = level if level is not None else next(l for i, l in enumerate(levels) if mat[i])
        mat[levels.index(level)] -= 1
        spec = LEVELS[industry][level]
        cubes = spec.cubes if cubes is None else cubes
        kind = PRODUCERS.get(industry)
        if kind:
            self.state.supply[kind] -= cubes
        self.state.board[location][int(slot)] = {"owner": owner, "industry": industry,
                                                 "level": level, "flipped": flipped, "cubes": cubes}
        return self

    def with_link(self, link, owner):
        self.state.links[link] = owner
        return self

    def with_market(self, coal=None, iron=None):
        s = self.state
        if coal is not None:
            s.supply["coal"] += s.coal_market - coal
            s.coal_market = coal
        if iron is not None:
            s.supply["iron"] += s.iron_market - iron
            s.iron_market = iron
        return self


def a_game(players=4, seed=0, **options) -> Game:
    return Game(players, seed, **options)


def apply(state, seat, text_or_move):
    move = ENGINE.parse(text_or_move) if isinstance(text_or_move, str) else text_or_move
    return ENGINE.apply(state, seat, move)[0]


def assert_conserved(state, deck_size):
    """Money between bank and players; each seat's 37 tiles; 20 cubes of each kind; cards."""
    assert sum(state.money) + state.bank == BANK_START
    on_board = defaultdict(int)
    cubes = {"coal": state.coal_market + state.supply["coal"],
             "iron": state.iron_market + state.supply["iron"]}
    for tiles in state.board.values():
        for t in tiles:
            if t is not None:
                on_board[t["owner"]] += 1
                kind = PRODUCERS.get(t["industry"])
                if kind:
                    cubes[kind] += t["cubes"]
    for seat in range(state.players):
        on_mat = sum(sum(c) for c in state.mats[seat].values())
        assert on_mat + on_board[seat] + state.boxed[seat] == TILES_PER_PLAYER
    assert cubes == {"coal": CUBES_IN_BOX, "iron": CUBES_IN_BOX}
    cards = (len(state.deck) + len(state.beneath) + sum(map(len, state.hands))
             + sum(map(len, state.discards)) + state.boxed_cards)
    assert cards == deck_size


def balanced_chooser(chooser: random.Random):
    """Pick an action kind first, then a move: plain random play would nearly always
    take the many two-card builds."""
    def choose(moves):
        kinds = sorted({m["action"] for m in moves})
        kind = chooser.choice(kinds)
        pool = [m for m in moves if m["action"] == kind]
        if kind == "build" and chooser.random() < 0.7:
            pool = [m for m in pool if "card" in m] or pool
        return chooser.choice(pool)
    return choose
