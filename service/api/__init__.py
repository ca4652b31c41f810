"""HTTP blueprints, one per URL area: thin views over service.play."""
from __future__ import annotations

from flask import current_app

from service import players, seating
from service.credentials import bearer
from service.page_session import api_seat
from service.store import GameRecord, Store


def store() -> Store:
    return Store(current_app.extensions["redis"])


def bearer_player() -> str | None:
    """The player whose personal token the bearer sent (service/players.py), else None."""
    return players.token_player(current_app.extensions["redis"], bearer())


def seat_of(record: GameRecord) -> int | None:
    """The bearer's seat in the game: by the seat's token, or by the token of the player
    bound to it; without a token, the seat the page session holds (page_session.api_seat:
    a browser on its seat's page); None for a spectator (no token, or a player without a
    seat here). 401 for a token, or a session, of a seat that has changed hands since
    (service/seating.py: every door asks there)."""
    token = bearer()
    if token is None:
        return api_seat(record)
    return seating.holder(record, token, bearer_player())
