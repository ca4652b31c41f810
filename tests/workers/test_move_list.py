"""Issue 14, "A short, useful move list": many legal moves are grouped by action and by
what differs (a build: where and what, once), each written short with its cost; the
choices that only pay for a move (the card) are left to a stated rule; a short move
written back is read as the move the list meant, and one that fits moves doing
different things is asked back."""
from __future__ import annotations

import random

import pytest

from service.games.base import NotationError
from service.games.registry import game_types
from service.store import Store
from tests.workers.conftest import reply_to
from tests.workers.test_play_by_mail import players
from workers.mail import movelist

BRASS = game_types()["brass-lancashire"]


def states(game, seats: int, seed: int, moves: int):
    """The states of a random game, one per move, with the seat to act."""
    engine, choose = game.engine, random.Random(seed)
    state = engine.setup(game.resolve_options({}, seats), seats, seed)
    for _ in range(moves):
        if engine.result(state) is not None:
            return
        seat = engine.to_act(state)[0]
        yield state, seat
        state, _events = engine.apply(state, seat, choose.choice(engine.legal_moves(state, seat)))


@pytest.mark.parametrize("game_id", sorted(game_types()))
def test_every_short_move_listed_is_read_back_as_a_move_of_its_group(game_id):
    game = game_types()[game_id]
    seats = min(game.min_seats + 1, game.max_seats)
    for number, (state, seat) in enumerate(states(game, seats, seed=4, moves=30)):
        if number % 3:
            continue
        legal = game.engine.legal_moves(state, seat)
        text, playable = movelist.summary(game, state, seat, legal)
        assert "_" not in text, text
        for written in playable:
            move = movelist.resolve(game, state, seat, written)
            assert move in legal, (written, move)


def test_brass_builds_are_listed_once_per_place_and_industry_with_their_cost():
    for state, seat in states(BRASS, 3, seed=2, moves=40):
        legal = BRASS.engine.legal_moves(state, seat)
        builds = [m for m in legal if m["action"] == "build"]
        if len(builds) > 100:
            break
    text, playable = movelist.summary(BRASS, state, seat, legal)
    places = {(m["location"], m["industry"]) for m in builds}
    shown = [w for w in playable if w.startswith("build ")]
    moves_shown = [line for line in text.splitlines() if line.startswith("  ")
                   and not line.startswith("  choices of ")]
    assert len(shown) == len(places) and len(text.splitlines()) <= len(moves_shown) + 8, text
    assert "£" in text and "the first move `moves` lists" in text
    hand = {movelist.typed(m["card"]) for m in legal if m["action"] == "pass"}
    assert any(line.startswith("  choices of ") and "pass" in line and all(c in line for c in hand)
               for line in text.splitlines()), text                    # the cards as one choice


def test_a_short_move_takes_the_first_listed_choice_and_a_vague_one_is_asked_back():
    state, seat = next(states(BRASS, 3, seed=2, moves=1))
    legal = BRASS.engine.legal_moves(state, seat)
    first_loan = next(m for m in legal if m["action"] == "loan" and m["amount"] == 20)
    assert movelist.resolve(BRASS, state, seat, "loan 20") == first_loan
    town = next(m["location"] for m in legal if m["action"] == "build" and m["industry"] == "cotton_mill")
    build = movelist.resolve(BRASS, state, seat, f"build {town.split('_')[0]} cotton")
    assert (build["location"], build["industry"]) == (town, "cotton_mill") and build in legal
    with pytest.raises(NotationError, match="fits .* different moves"):
        movelist.resolve(BRASS, state, seat, "loan")
    exact = next(m for m in legal if m["action"] == "loan" and m["card"] != first_loan["card"])
    assert movelist.resolve(BRASS, state, seat, BRASS.engine.format(exact)) == exact


def test_a_short_move_by_mail_is_played(conn, inbox, mail_in, run_jobs, new_game):
    seated = players(3)
    game_id = new_game("brass-lancashire", players=seated)
    run_jobs()
    store = Store(conn)
    seat = store.snapshot(game_id).to_act[0]
    address = seated[seat]["email"]
    mail_in(reply_to(inbox.last(address), "loan 30", address))
    run_jobs()
    entry = store.log(game_id)[0]
    assert entry["move"]["action"] == "loan" and entry["move"]["amount"] == 30 and entry["move"]["card"]


def test_a_short_build_keeps_the_second_action_and_one_at_two_prices_is_asked_back():
    """Issue 27: `build blackburn coal-mine` played a two-card build that ended the turn;
    written short, a build now takes one card where it may, and one whose ways differ in
    price names the choice that sets it, and is asked back when written without."""
    kept = priced = None
    for state, seat in states(BRASS, 3, seed=1, moves=40):
        legal = BRASS.engine.legal_moves(state, seat)
        for group in movelist.groups(BRASS, legal) if len(legal) > movelist.FULL_LIST_UP_TO else ():
            found = movelist.ways(BRASS, state, seat, group.members)
            if kept is None and {w.ends_turn for w in found} == {True, False}:
                kept = state, seat, group
            if priced is None and len({w.cost for w in movelist.preferred(found)}) > 1:
                priced = state, seat, group
        if kept and priced:
            break
    state, seat, group = kept
    short = " ".join(w for w, _ in movelist.tagged_words(BRASS, group))
    move = movelist.resolve(BRASS, state, seat, short)
    assert seat in BRASS.engine.to_act(BRASS.engine.apply(state, seat, move)[0]), move
    state, seat, group = priced
    short = " ".join(w for w, _ in movelist.tagged_words(BRASS, group))
    with pytest.raises(NotationError, match="different prices"):
        movelist.resolve(BRASS, state, seat, short)
    text, _playable = movelist.summary(BRASS, state, seat, BRASS.engine.legal_moves(state, seat))
    line = next(line for line in text.splitlines() if line.startswith(f"  {movelist.typed(short)} "))
    assert "=" in movelist.without_note(line), line          # the choice that sets the price
