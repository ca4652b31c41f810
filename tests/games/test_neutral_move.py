"""Issue 15, "Each engine names its neutral move for an absent seat": over random games
of every game the neutral move is one of the listed legal moves at every decision,
and in the situations where "pass, else the first listed move" gave something away
it is the move the rulebook lets a player take to give up least."""
from __future__ import annotations

import random

import pytest

from service.games.registry import game_type
from tests.games.harness import play_game


def industry_developing(state, moves):
    """Phase 4. Entwicklung: "darf ... bis zu zwei ... entwickeln" - paying is optional."""
    return state.phase == "development" and any(m["action"] == "develop" for m in moves)


def industry_bidding(state, moves):
    """Phase 3. Auktion: "genau ein Gebot machen oder passen"."""
    return any(m["action"] == "bid" for m in moves)


def industry_deciding(state, moves):
    """Phase 3: the auctioneer sells to the high bidder (is paid) or claims (pays)."""
    return any(m["action"] == "claim" for m in moves)


def aoi_repaying(state, moves):
    """KREDITE: before the interest a seat may repay a loan or keep its loans."""
    return bool(state.repaying)


def ur_relocating(state, moves):
    """ARBEITER VON DER REIHENFOLGELEISTE VERSETZEN: "dürfen ... versetzen" - or stay."""
    return not state["pool"] and state["phase"] == "relocation" and len(moves) > 1


def ur_indirect(state, moves):
    """ALLGEMEIN: "Indirekte Aktionen darfst du auch verfallen lassen"."""
    return bool(state["pool"]) and any(m["action"] == "drop" for m in moves)


def ur_actions(state, moves):
    """ALLGEMEIN: "Du musst pro Zug genau 1 Aktionsfeld besetzen oder passen"."""
    return not state["pool"] and state["phase"] == "actions"


CASES = {  # game -> seats, the actions random play prefers, [(situation, neutral action), ...]
    "brass-lancashire": (3, (), []),
    "industry": (3, (), [(industry_developing, "done"), (industry_bidding, "pass"),
                     (industry_deciding, "sell")]),
    "age-of-industry": (3, (), [(aoi_repaying, "keep_loans")]),
    "ultimate-railroads": (2, (), [(ur_relocating, "stay"), (ur_indirect, "drop"),
                               (ur_actions, "pass")]),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_neutral_move_is_legal_and_gives_up_least(game_id):
    game = game_type(game_id)
    seats, prefer, situations = CASES[game_id]
    seen = {situation.__name__: 0 for situation, _ in situations}

    def check(engine, state, seat, moves, chooser):
        neutral = game.neutral_move(state, seat)
        assert neutral in moves
        assert neutral.get("action") != "subsidy"
        for situation, action in situations:
            if situation(state, moves):
                seen[situation.__name__] += 1
                assert neutral["action"] == action, (situation.__doc__, neutral, moves[:5])

    def choose(state, seat, moves):   # random, but taking the preferred actions when listed
        for action in prefer:
            if chosen := [m for m in moves if m["action"] == action]:
                return chooser.choice(chosen)
        return chooser.choice(moves)

    for seed in (1, 2):
        chooser = random.Random(seed)
        play_game(game, seats, seed, None, choose, check=check)
    assert all(seen.values()), f"situations never met: {seen}"


def brass_mid_sale(state, seat):
    state.pending.append({"kind": "sell", "seat": seat})    # as sell.sell_one leaves it


def aoi_mid_sale(state, seat):
    state.selling = True                                     # as sell.apply_sell leaves it


@pytest.mark.parametrize("game_id, seats, builds, mid_sale, stop", [
    ("brass-lancashire", 2, {"cotton_mill", "port"}, brass_mid_sale, {"action": "done"}),
    ("age-of-industry", 3, set(), aoi_mid_sale, {"action": "end_sale"}),
])
def test_mid_sale_the_neutral_move_stops_selling(game_id, seats, builds, mid_sale, stop):
    """Brass, AKTION: VERKAUFEN: after each mill the seat may sell another or stop; Age of
    Industry, AKTION Waren verkaufen: goods "von einer oder mehreren" mills. Random play
    seldom sells twice in one action, so the first state with a sale listed is taken
    mid-sale, as the engine leaves it after a first sale with another one possible."""
    game = game_type(game_id)
    class Found(Exception):
        pass

    def choose(state, seat, moves):   # builds `builds`, else random, until a sale is listed
        if any(m["action"] == "sell" for m in moves):
            raise Found(state, seat)
        return chooser.choice([m for m in moves if m.get("industry") in builds] or moves)

    for seed in (1, 2, 3):
        chooser = random.Random(seed)
        try:
            play_game(game, seats, seed, None, choose)
        except Found as found:
            state, seat = found.args
            break
    else:
        pytest.fail("no sale was ever listed")
    state = game.engine.load(game.engine.dump(state))
    mid_sale(state, seat)
    moves = game.engine.legal_moves(state, seat)
    assert stop in moves and moves[0]["action"] == "sell"     # "the first listed" sold on
    assert game.neutral_move(state, seat) == stop


def test_an_engine_without_its_own_neutral_move_passes_else_plays_the_first_listed():
    from service.games.base import neutral_move
    assert neutral_move([{"action": "build"}, {"action": "pass"}], ("pass",)) == {"action": "pass"}
    assert neutral_move([{"action": "build", "n": 1}, {"action": "build", "n": 2}],
                        ("pass",)) == {"action": "build", "n": 1}
    assert neutral_move([], ("pass",)) is None
