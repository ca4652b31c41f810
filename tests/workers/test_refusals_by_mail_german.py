"""Issue 31: a German player's refused reply is answered in German. A move the rules
refuse (Brass, AKTION: KREDIT AUFNEHMEN: "einen Kredit über £10, £20 oder £30") comes
back with the engine's reason in German, and a reply to a mail the game has moved on
from is told so in German; neither answer holds an English sentence of the catalogue.
The same refusal to an English seat stays English, so the check can fail."""
from __future__ import annotations

import re

from service.players import MAX_GAMES, player_key
from service.games.presentation import typed
from service.games.registry import game_types
from service.play import load_game
from service.mail import consent
from service.store import Store
from tests.i18n.catalogue import english_in
from tests.workers.conftest import kind, listed_lines, reply_to
from tests.workers.test_challenges_by_mail import ADA, BERT, CLEO, client  # noqa: F401 (client: a fixture)
from tests.workers.test_play_by_mail import players
from tests.workers.test_play_by_mail_german import GAME, text


def in_german(move: str) -> str:
    """A listed move as a German player writes it: the German verb, and each name the
    German rulebook prints differently by that name."""
    words = game_types()[GAME].words
    verb, _, rest = move.partition(" ")
    german_verb = next(word for word, action in words.german_verbs.items() if typed(action) == verb)
    names = {ident.replace("_", "-"): name for ident, name in words.german.items()}
    keys = {key: word.lower() for key, word in words.german_fields.items()}

    def said(word: str) -> str:
        key, equals, value = word.partition("=")
        if equals:
            return f"{keys.get(key, key)}={names.get(value, value)}"
        return names.get(word, word)
    return " ".join([german_verb, *map(said, rest.split())])


def loan_of(moves: list[str], conn, game_id: str) -> tuple[str, str]:
    """A listed loan, and the same loan asked for £40 with a card of the hand."""
    loan = next(move for move in moves if move.startswith("loan "))
    game = load_game(Store(conn), game_id)
    card = game.state.hands[game.snapshot.to_act[0]][0]
    return loan, re.sub(r"^loan \d+.*", f"loan 40 card={typed(card)}", loan)


def test_a_refused_reply_in_german_is_answered_in_german(conn, inbox, mail_in, run_jobs, new_game):
    seated = players(2)
    game_id = new_game(GAME, players=seated, options={"length": "introductory"})
    run_jobs()
    store = Store(conn)
    first_seat = store.snapshot(game_id).to_act[0]
    first, second = seated[first_seat]["email"], seated[1 - first_seat]["email"]
    turn_mail = inbox.last(first)
    loan, too_much = loan_of(listed_lines(turn_mail, "Your legal moves"), conn, game_id)
    mail_in(reply_to(turn_mail, "sprache deutsch", first))
    run_jobs()
    mail_in(reply_to(turn_mail, in_german(too_much), first))
    run_jobs()
    refused = text(inbox.last(first))
    assert store.snapshot(game_id).version == 0
    assert kind(inbox.last(first)) == "Dein Zug wurde abgelehnt", refused
    assert "Grund: ein Kredit beträgt £10, £20 oder £30" in refused, refused
    assert english_in(refused) == [], english_in(refused)

    mail_in(reply_to(turn_mail, in_german(loan), first))       # played: the game moves on
    run_jobs()
    assert store.snapshot(game_id).version == 1
    mail_in(reply_to(turn_mail, in_german(loan) + "\nDanke!", first))      # the same mail answered again
    run_jobs()
    stale = text(inbox.last(first))
    assert store.snapshot(game_id).version == 1
    assert "Das Spiel ist seit deiner Mail weiter" in stale, stale
    assert english_in(stale) == [], english_in(stale)

    assert store.snapshot(game_id).to_act == [1 - first_seat]  # the English seat, refused alike
    english_mail = inbox.last(second)
    _loan, too_much = loan_of(listed_lines(english_mail, "Your legal moves"), conn, game_id)
    mail_in(reply_to(english_mail, too_much, second))
    run_jobs()
    assert "Reason: a loan is £10, £20 or £30 (amount=10|20|30)" in text(inbox.last(second))
    assert english_in(text(inbox.last(second)))


def test_a_refused_challenge_reply_in_german_is_answered_in_german(conn, client, inbox, mail_in, run_jobs):
    """Issue 30/31: a German player (its account's language) is challenged in German, and
    its `accept`, refused (the player sits in MAX_GAMES games already), is answered with
    the refusal in German; the English
    player's alike stays English, so the check can fail."""
    people = {}
    for address, language in ((ADA, "en"), (BERT, "de"), (CLEO, "en")):
        signed = client.post("/v1/players", json={"name": address.split("@")[0].title(),
                                                  "email": address, "language": language})
        assert signed.status_code == 201, signed.json
        conn.sadd(consent.CONFIRMED, consent.normal(address))
        people[address] = signed.json
    created = client.post("/v1/games", headers={
        "Authorization": f"Bearer {people[ADA]['token']['token']}"}, json={"game": "pile", "players": [
            {"name": "Ada", "player": people[ADA]["id"]}, {"challenge": people[BERT]["id"]},
            {"challenge": people[CLEO]["id"]}]})
    assert created.status_code == 201, created.json
    run_jobs()
    assert [kind(inbox.last(address)) for address in (BERT, CLEO)] == ["Herausforderung", "Challenge"]
    for address in (BERT, CLEO):        # seated in the most games allowed
        conn.hset(player_key(people[address]["id"], "seats"),
                  mapping={f"game{n}": 0 for n in range(MAX_GAMES)})
        mail_in(reply_to(inbox.last(address), "accept", address))
    run_jobs()
    german = text(inbox.last(BERT))
    assert f"der Spieler {people[BERT]['id']} sitzt schon in {MAX_GAMES} Partien" in german, german
    assert english_in(german) == [], english_in(german)
    english = text(inbox.last(CLEO))
    assert f"player {people[CLEO]['id']} is seated in {MAX_GAMES} games" in english, english
    assert client.get(f"/v1/games/{created.json['id']}").json["status"] == "waiting-for-players"
