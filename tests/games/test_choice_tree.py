"""Issue 15, "legal moves as a choice tree": over random games of every game the tree's
complete moves are exactly the flat list (each once), every node has an English label,
and each move's effects are the engine's own: its apply on the state as the seat may
know it (base.concealed: the seat's view and legal moves unchanged), compared."""
from __future__ import annotations

import random

import pytest

from service.games.base import concealed
from service.games.choice_tree import below, choice_tree, leaves, node_at
from service.games.registry import game_types
from tests.games.harness import canonical, play_game, play_random_game

SEATS = {"age-of-industry": 3, "brass-lancashire": 2, "industry": 3, "ultimate-railroads": 2}


def nodes(tree):
    for node in tree:
        yield node
        yield from nodes(node["children"])


@pytest.mark.parametrize("game_id", sorted(game_types()))
def test_the_trees_complete_moves_are_the_flat_list_at_every_decision(game_id):
    game = game_types()[game_id]
    checked = []

    def check(engine, state, seat, moves, chooser):
        with_effects = len(checked) % 7 == 0 and len(moves) <= 200   # effects: one apply each
        guess = None
        if with_effects:
            guess = concealed(engine, state, seat)    # what the seat cannot know, dealt anew
            assert engine.view(guess, seat) == engine.view(state, seat)
            assert engine.legal_moves(guess, seat) == moves
        tree = choice_tree(engine, state, seat, moves, with_effects, guess)
        assert sorted(map(canonical, leaves(tree))) == sorted(map(canonical, moves))
        assert len(leaves(tree)) == len(moves)
        for node in nodes(tree):
            assert node["label"] and ("move" in node or node["children"])
            if "move" in node and with_effects:
                after, events = engine.apply(guess, seat, node["move"])
                assert node["effects"]["events"] == events
                changed = node["effects"]["changes"]
                assert changed or engine.view(after, seat) == engine.view(state, seat)
        checked.append(len(moves))

    play_random_game(game, SEATS.get(game_id, game.min_seats), 1, check=check)
    assert checked


def test_a_brass_sale_shows_the_mill_flipped_and_the_income_it_brings():
    """AKTION: VERKAUFEN: the mill (and a port) flip, the income marker advances."""
    game = game_types()["brass-lancashire"]
    engine = game.engine

    class Found(Exception):
        pass

    def choose(state, seat, moves):
        sells = [m for m in moves if m["action"] == "sell"]
        if sells:
            raise Found(state, seat, sells)
        return chooser.choice([m for m in moves if m.get("industry") in ("cotton_mill", "port")]
                              or moves)

    chooser = random.Random(1)
    with pytest.raises(Found) as found:
        play_game(game, 2, 1, None, choose)
    state, seat, sells = found.value.args
    tree = choice_tree(engine, state, seat, sells)
    sale = next(n for n in nodes(tree) if "move" in n)
    changes = sale["effects"]["changes"]
    assert any(path.endswith(".flipped") and change == [False, True]
               for path, change in changes.items()), changes
    assert any("income" in path for path in changes), changes


def test_below_finds_the_moves_of_every_node_without_building_the_tree():
    """Issue 27: `at=` prices one level of a decision of ~1,000 moves; the moves under
    each node of a Brass mid-game tree, found by `below`, are exactly that node's."""
    engine = game_types()["brass-lancashire"].engine
    state, chooser = engine.setup({}, 3, 4), random.Random(4)
    for _ in range(9):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
    seat = engine.to_act(state)[0]
    moves = engine.legal_moves(state, seat)
    tree = choice_tree(engine, state, seat, moves, with_effects=False)

    def every(nodes, path):
        for i, node in enumerate(nodes):
            yield path + [i], node
            yield from every(node["children"], path + [i])
    checked = 0
    for path, node in every(tree, []):
        assert sorted(map(str, below(moves, path))) == sorted(map(str, leaves([node]))), path
        assert node_at(tree, path) is node
        checked += 1
    assert checked > 50 and below(moves, [len(tree)]) is None and below(moves, []) == moves
