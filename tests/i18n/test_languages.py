"""Which language a reader gets (issue 31): the seat's own setting first, else its
account's, else English; seats of one game differ; a mail's German commands and moves
read as the English ones; bad languages refused with the field named."""
from __future__ import annotations

from email.message import EmailMessage

from service import i18n
from service.games.registry import game_types
from service.store import Store
from tests.api.helpers import a_game
from workers.mail import german, inbound


def test_a_seat_reads_its_own_setting_else_its_accounts_language_else_english(app, redis_conn):
    client = app.test_client()
    signed = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test", "language": "de"})
    assert signed.status_code == 201 and signed.json["language"] == "de"
    player = {"Authorization": f"Bearer {signed.json['token']['token']}"}
    game = a_game(client, players=3)
    assert client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[0]},
                       headers=player).status_code in (200, 201)
    changed = client.put(f"/v1/games/{game.id}/seats/2/mail", json={"language": "de"}, headers=game.auth(2))
    assert changed.status_code == 200 and changed.json["language"] == "de"
    record = Store(redis_conn).game(game.id)
    assert [i18n.seat_language(redis_conn, record, seat) for seat in range(3)] == ["de", "en", "de"]
    own = client.put(f"/v1/games/{game.id}/seats/0/mail", json={"language": "en"}, headers=player)
    assert own.status_code == 200, own.json                             # the seat's holder now: the player
    assert i18n.seat_language(redis_conn, record, 0) == "en"             # the seat's own choice first
    refused = client.put(f"/v1/games/{game.id}/seats/1/mail", json={"language": "fr"}, headers=game.auth(1))
    assert refused.status_code == 400 and "language" in refused.text
    assert client.get("/v1/players/me", headers=player).json["language"] == "de"


def test_a_player_changes_its_language_later_and_its_seats_read_it(app, redis_conn):
    """PATCH /v1/players/me {"language"}: the seats without a language of their own read
    the new one at once; anything but en/de is refused naming the field, nothing changed."""
    client = app.test_client()
    signed = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"})
    player = {"Authorization": f"Bearer {signed.json['token']['token']}"}
    game = a_game(client, players=2)
    client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[0]}, headers=player)
    record = Store(redis_conn).game(game.id)
    assert i18n.seat_language(redis_conn, record, 0) == "en"
    changed = client.patch("/v1/players/me", json={"language": "de"}, headers=player)
    assert changed.status_code == 200 and changed.json["language"] == "de"
    assert i18n.seat_language(redis_conn, record, 0) == "de"
    for bad in ({"language": "fr"}, {"language": None}, {}, {"language": "de", "name": "Eve"}):
        refused = client.patch("/v1/players/me", json=bad, headers=player)
        assert refused.status_code == 400, bad
        assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert "language" in client.patch("/v1/players/me", json={"language": "fr"}, headers=player).text
    assert client.get("/v1/players/me", headers=player).json["language"] == "de"
    assert client.patch("/v1/players/me", json={"language": "en"}, headers=player).json["language"] == "en"
    assert i18n.seat_language(redis_conn, record, 0) == "en"


def test_german_commands_and_moves_read_as_the_notation():
    """Rulebook words (seeds/003 SPIELMATERIAL, AKTION: BAUEN): "bau ... Baumwollspinnerei"
    is `build ... cotton-mill`; a player's name that is a German word stays a name."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "a@p.test", "play@games.test", "Re"
    message.set_content("hilfe\nsprache deutsch\nZüge bau\nbau Manchester Baumwollspinnerei Karte=Bolton\n")
    reply = inbound.parse(message.as_bytes())
    assert reply.commands == [("help", ""), ("language", "deutsch"), ("moves", "bau")]
    brass = game_types()["brass-lancashire"]
    assert german.read(brass, reply.moves[0], []) == "build Manchester cotton-mill card=Bolton"
    assert german.read(brass, "entwickle Kohlebergwerk Hafen", []) == "develop coal-mine port"
    assert german.read(brass, "build manchester cotton", []) == "build manchester cotton"

    class Seat:
        name = "Hafen"
    assert german.read(brass, "verkaufe Hafen", [Seat()]) == "sell Hafen"
    railroads = game_types()["ultimate-railroads"]
    assert german.read(railroads, "setze Industrialisierung 1", []) == "place industry-1"
