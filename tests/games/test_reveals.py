"""Issue 30, take-back by consent: each engine says which moves reveal what was hidden
(Engine.reveals). A move that reveals nothing is taken back at once; one that reveals
only with the consent of every other seat (service/takeback.py). Checked both ways over
random games of every game type: a move said to reveal nothing plays the same on every
state its mover cannot tell from the real one (the unseen dealt anew: base.concealed),
and each rulebook's draws from hidden piles are said to reveal (one test per game).
A move is compared as the workers play it: on a state read back from its JSON."""
from __future__ import annotations

import json
import random
from functools import cache

import pytest

from service.games.base import concealed
from service.games.registry import game_types
from service.games.ultimate_railroads.view import looked_through
from tests.games.harness import canonical, play_random_game

DEALS = 2           # concealed deals tried per move said to reveal nothing
# the game each test plays: (seed, seats), one game per type shared by its tests
GAMES = {"brass-lancashire": (5, 2), "age-of-industry": (5, 3), "industry": (5, 3),
         "ultimate-railroads": (15, 2), "pile": (3, 3)}


def unordered(data):
    """The data with every list's items in one order: an engine may list a set's items
    in the order the set was built (Age of Industry's repaying), which is no news."""
    if isinstance(data, dict):
        return {k: unordered(v) for k, v in data.items()}
    if isinstance(data, list):
        return sorted((unordered(v) for v in data), key=canonical)
    return data


def seen_by_mover(engine, state, seat: int) -> str:
    return canonical(unordered(engine.view(state, seat)))


@cache
def reveals_over_a_game(game_id: str):
    """A random game of `game_id` (GAMES): (seat, move, events, reveals, before, after)
    for each move, after
    checking that every move said to reveal nothing shows its mover the same whatever
    the unseen holds."""
    game, (seed, seats) = game_types()[game_id], GAMES[game_id]
    rng, found = random.Random(seed), []

    def check(engine, state, seat, moves, chooser):
        kept = chooser.getstate()       # play_random_game picks after this: the same move
        move = chooser.choice(moves)
        chooser.setstate(kept)
        after, events = engine.apply(state, seat, move)
        said = game.reveals(state, after)
        found.append((seat, move, events, said, state, after))
        if said:
            return
        read_back = engine.load(json.loads(canonical(engine.dump(state))))  # as conceal reads it
        after = engine.apply(read_back, seat, move)[0]
        for _ in range(DEALS):
            other = concealed(engine, state, seat, rng)
            assert seen_by_mover(engine, engine.apply(other, seat, move)[0], seat) == \
                seen_by_mover(engine, after, seat), f"{move} said to reveal nothing"

    return play_random_game(game, seats, seed, check=check), found


@pytest.mark.parametrize("game_id", sorted(game_types()))
def test_a_move_said_to_reveal_nothing_plays_alike_on_every_unseen_deal(game_id):
    _played, found = reveals_over_a_game(game_id)
    assert not all(reveals for _s, _m, _e, reveals, *_ in found)


def test_brass_drawing_up_to_eight_cards_reveals():
    """Brass: Lancashire, SPIELZUG: "Nachdem du beide Aktionen ausgeführt hast, ziehst
    du vom Zugstapel auf 8 Handkarten nach": a move after which cards were drawn reveals,
    an action before the drawing does not (a card played from the hand is its holder's)."""
    _played, found = reveals_over_a_game("brass-lancashire")
    drew = [said for _s, _m, events, said, *_ in found if any(e["type"] == "drew" for e in events)]
    quiet = [said for _s, _m, events, said, before, after in found
             if before.deck == after.deck and before.rng == after.rng
             and before.cotton_face_down == after.cotton_face_down and before.beneath == after.beneath]
    assert drew and all(drew) and quiet and not any(quiet)


def test_age_of_industry_drawing_from_the_pile_reveals():
    """Age of Industry, AKTION Zwei Karten ziehen: a card from the face-down pile (or a
    face-up card, refilled from it) reveals; taking from the open display alone with
    nothing refilled would not, and building does not."""
    _played, found = reveals_over_a_game("age-of-industry")
    pile = [said for _s, move, _e, said, *_ in found if move["action"] == "draw"]
    built = [said for _s, move, events, said, before, after in found
             if move["action"] == "build" and before.deck == after.deck and before.rng == after.rng]
    assert pile and all(pile) and built and not any(built)


def test_industry_drawing_area_markers_from_the_bag_reveals():
    """Industry, Phase 2. Neue Bereichsmarker: "Pro Spieler wird ein Bereichsmarker aus
    dem Beutel gezogen": the move after which markers came out of the bag reveals, a
    bid in an auction does not."""
    _played, found = reveals_over_a_game("industry")
    drawn = [said for _s, _m, events, said, *_ in found
             if any(e["type"] == "area_marker_drawn" for e in events)]
    others = [said for _s, _m, events, said, *_ in found
              if not any(e["type"] == "area_marker_drawn" for e in events)]
    assert drawn and all(drawn) and others and not all(others)


def test_ultimate_railroads_looking_through_the_end_game_pile_reveals():
    """Ultimate Railroads, IDEENPLÄTTCHEN: "Du suchst dir eine Spielendekarte aus dem
    Stapel aus": the move that opens the pile to its mover reveals (its legal moves name
    the pile's cards), and so does taking a card from it."""
    _played, found = reveals_over_a_game("ultimate-railroads")
    opened = [said for *_, said, before, after in found
              if looked_through(after) and not looked_through(before)]
    taken = [said for _s, move, _e, said, *_ in found
             if move["action"] == "end_card" and move["card"] != "none"]
    assert opened and all(opened) and taken and all(taken)
