"""Issue 11, finding 2: the invitation tells every seat the seed's commitment, and
that the creator chose the seed when a development server used it as given."""
from __future__ import annotations

from service.store import Store
from tests.workers.conftest import PLAYERS


def text(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_the_invitation_carries_the_commitment(conn, inbox, run_jobs, new_game, monkeypatch):
    monkeypatch.setenv("PBEM_DEVELOPMENT", "0")
    game_id = new_game("pile", seed=7)
    run_jobs()
    commitment = Store(conn).game(game_id).fairness["commitment"]
    for player in PLAYERS:
        invitation = text(inbox.last(player["email"]))
        assert commitment in invitation and "creator chose the seed" not in invitation


def test_the_invitation_says_the_creator_chose_the_seed(conn, inbox, run_jobs, new_game):
    new_game("pile", seed=7)        # the tests run as a development server
    run_jobs()
    for player in PLAYERS:
        assert "creator chose the seed" in text(inbox.last(player["email"]))
