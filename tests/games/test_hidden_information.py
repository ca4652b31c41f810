"""Issue 11, finding 1: the log is redacted per reader by the engine, like the view.
Every game type, played at random, is replayed entry by entry: no other seat and no
spectator finds in a log entry, its notation or the mailed board a value that only
another seat's private view holds."""
from __future__ import annotations

import pytest

from service.games.registry import game_types
from service.games.ultimate_railroads import GAME as ULTIMATE_RAILROADS
from tests.games.harness import assert_log_leaks_nothing, play_random_game


@pytest.mark.parametrize("game_id", sorted(game_types()))
def test_no_log_entry_shows_another_seats_private_values(game_id):
    game = game_types()[game_id]
    seats = game.max_seats
    played = play_random_game(game, seats, seed=1)
    assert_log_leaks_nothing(game, seats, 1, None, played.log)


def test_an_end_game_card_is_taken_face_down():
    """ULTIMATE RAILROADS, "Du suchst dir eine Spielendekarte aus dem Stapel aus und
    legst sie verdeckt vor dir ab": the others and spectators read `end_card #N hidden`."""
    played = play_random_game(ULTIMATE_RAILROADS, 2, seed=15)
    taken = [(seat, move) for seat, move in played.log
             if move["action"] == "end_card" and move["card"] != "none"]
    assert taken, "seed 15 takes an end-game card"
    assert assert_log_leaks_nothing(ULTIMATE_RAILROADS, 2, 15, None, played.log) == len(taken)
    seat, move = taken[0]
    entry = {"seat": seat, "move": move, "events": [
        {"type": "end_card", "seat": seat, "card": move["card"], "visible_to": [seat]}]}
    for reader in (None, 1 - seat):
        seen = ULTIMATE_RAILROADS.redact(entry, reader)
        assert seen["move"] == {**move, "card": "hidden"} and seen["events"] == []
        assert ULTIMATE_RAILROADS.engine.format(seen["move"]) == f"end_card #{move['item']} hidden"
    assert ULTIMATE_RAILROADS.redact(entry, seat) == entry
