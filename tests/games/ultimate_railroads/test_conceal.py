"""Engine.conceal for the modules' face-down stacks (what a dry run of a seat plays on):
KOHLE-MODUL's foundries ("legt sie als verdeckten Stapel neben den Spielplan", the
stoker "die oberste Gießerei vom verdeckten Stapel ... als Heizer") and the WERKLOK's
tiles ("Dieses legst du verdeckt unter den Stapel")."""
from __future__ import annotations

import random
from collections import Counter

from service.games.ultimate_railroads import GAME

from .builders import a_game, act, item

ENGINE = GAME.engine


def guesses(state, seat: int = 0, count: int = 30) -> list[dict]:
    return [ENGINE.conceal(state, seat, random.Random(n)) for n in range(count)]


def test_werklok_tiles_pushed_under_the_stack_stay_known_the_unseen_ones_are_a_guess():
    """WERKLOK ABLAUF: the tile pushed out was face up, it lies face down under the
    stack where everybody saw it go; only the tiles never turned up are shuffled."""
    state = a_game(2, werklok=True)
    works = state["werklok"]
    assert works["unseen"] == len(works["stack"]) == 6
    works["stack"] = ["points_5", "green_step", "bronze_step", "any_step", "coins_2", "industry_2"]
    works["unseen"] = 3                                       # the last 3 went under, seen
    tops = set()
    for guess in guesses(state):
        stack = guess["werklok"]["stack"]
        assert stack[3:] == ["any_step", "coins_2", "industry_2"]
        assert sorted(stack[:3]) == ["bronze_step", "green_step", "points_5"]
        assert ENGINE.view(guess, 0) == ENGINE.view(state, 0)
        tops.add(stack[0])
    assert tops == {"points_5", "green_step", "bronze_step"}


def test_foundries_the_stack_and_those_laid_unseen_as_stokers_are_dealt_anew():
    """DER HEIZER: the top foundry is laid boiler side up, nobody sees which: a dry
    run's stack is dealt from it and the rest of the stack (the view shows their
    number only); the 2 face-up foundries stay."""
    state = a_game(2, coal=True)
    state["players"][0].update(coal=4)
    state["players"][0]["locos"]["kyiv"][0] = "3"
    top = state["foundries"]["stack"][0]
    state = act(state, 0, {"action": "coal", "use": "stoker"})
    state = act(state, 0, {"action": "stoker", "item": item(state, "stoker"), "at": "kyiv:0"})
    foundries = state["foundries"]
    assert foundries["boilers"] == [top] and len(foundries["stack"]) == 9
    public = ENGINE.view(state, 1)["public"]["foundries"]
    assert public["boilers"] == 1 and public["stack"] == 9 and top not in str(ENGINE.view(state, 0))
    unseen = Counter(foundries["stack"] + foundries["boilers"])
    tops, boilers = set(), set()
    for guess in guesses(state):
        dealt = guess["foundries"]
        assert dealt["offer"] == foundries["offer"] and len(dealt["boilers"]) == 1
        assert Counter(dealt["stack"] + dealt["boilers"]) == unseen
        assert ENGINE.view(guess, 0) == ENGINE.view(state, 0)
        tops.add(dealt["stack"][0])
        boilers.add(dealt["boilers"][0])
    assert len(tops) > 3 and len(boilers) > 3
