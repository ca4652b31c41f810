"""The pages around the seat's page in the reader's language (issue 31): the home page,
the page of a game just created, an invitation's page, the seat taken, a game waiting for
its players, the seat page's take-back and end-vote paragraphs, its flashes and the
error pages, asked for German by the browser's Accept-Language (or by the signed-in
seat's own language), with no English sentence of the catalogue; asked for English they
stay English, so the check can fail. Flask's app on the real test Redis."""
from __future__ import annotations

from service.games.registry import game_types
from service.mail import settings
from tests.api.helpers import a_game, submit
from tests.api.test_seat_handover import invited_game, sign_up
from tests.i18n.catalogue import english_in
from tests.web.test_page_vocabulary import visible_text
from tests.web.test_pages import csrf, enter

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
NO_GAME = "0123456789abcdef"


def german(page: str) -> str:
    """The page's visible text, checked to be German."""
    text = visible_text(page)
    assert '<html lang="de">' in page and english_in(text) == [], english_in(text)
    return " ".join(text.split())


def test_the_home_page_and_a_created_games_page_follow_the_browsers_language(app):
    client = app.test_client()
    home = client.get("/", headers=GERMAN).text
    said = german(home)
    assert "Brettspiele Zug um Zug" in said and "Eine Partie anlegen" in said and "Spieler 1" in said
    assert "(2–4 Spieler, vorläufig" in said
    english = client.get("/", headers=ENGLISH).text
    assert '<html lang="en">' in english and "Create a game" in english
    assert english_in(visible_text(english))                          # the check can fail
    created = client.post("/games", headers=GERMAN, data={
        "csrf": csrf(home), "game": "pile", "player": ["Ann", "Bob"]})
    assert created.status_code == 201
    said = german(created.text)
    assert "Partie angelegt" in said and "die Seite seines Platzes 14 Tage lang" in said


def test_an_invitation_the_seat_taken_and_the_waiting_game_in_german(app):
    client = app.test_client()
    ada, auth = sign_up(client)
    game = invited_game(client, auth, [{"name": "Ada", "player": ada["id"]}, {"name": "Bert"}])
    url = game["seats"][1]["invitation"]["url"]
    path = url[url.index("/games/"):]
    said = german(client.get(path, headers=GERMAN).text)
    assert "Du bist zu Pile (platform test game) eingeladen" in said and "Den Platz einnehmen" in said
    assert "/v1/players/me/seats mit {" in said
    waiting = german(client.get(f"/games/{game['id']}", headers=GERMAN).text)
    assert "warten auf Spieler" in waiting and "Bert (eingeladen)" in waiting
    page = client.get(path, headers=GERMAN).text
    taken = client.post(path, headers=GERMAN, data={"csrf": csrf(page)})
    assert taken.status_code == 200
    said = german(taken.text)
    assert "Dein Platz: Bert" in said and "Dieser Browser ist an deinem Platz angemeldet." in said


def test_the_take_back_and_end_vote_paragraphs_and_the_flashes_in_the_seats_language(app, redis_conn, work):
    """Seat 0 reads German by its own setting (no Accept-Language), seat 1 by its
    browser's; the take-back that waits for seat 1 and the end vote, as each sees them."""
    client = app.test_client()
    game = a_game(client, players=2)
    settings.change(redis_conn, game.id, 0, language="de")
    hand = client.get(f"/v1/games/{game.id}", headers=game.auth(0)).json["view"]["private"]["hand"]
    assert submit(client, game, 0, [{"action": "play", "card": hand[0]}], 0).status_code == 202
    work()
    assert client.post(f"/v1/games/{game.id}/takeback", headers=game.auth(0)).status_code == 202
    assert client.post(f"/v1/games/{game.id}/end-votes", json={"vote": "end"},
                       headers=game.auth(0)).status_code in (200, 202)
    enter(client, redis_conn, game.id, 0)
    own = client.get(f"/games/{game.id}/seat").text
    said = german(own)
    assert "wartet auf die Zustimmung von p1 (weil er Verdecktes aufgedeckt hat)." in said
    resigned = client.post(f"/games/{game.id}/seat/resign", data={"csrf": csrf(own)}, follow_redirects=True)
    assert "Nicht aufgegeben: kreuze das Kästchen an" in german(resigned.text)
    other = app.test_client()
    enter(other, redis_conn, game.id, 1)
    said = german(other.get(f"/games/{game.id}/seat", headers=GERMAN).text)
    assert "p0 bittet, den eigenen letzten Zug zurückzunehmen (ab Version 1); dazu braucht es " \
        "Zustimmung, weil er Verdecktes aufgedeckt hat." in said
    assert "p0 schlägt vor, die Partie unvollendet zu beenden; es fehlt die Zustimmung von: p1" in said
    english = visible_text(other.get(f"/games/{game.id}/seat", headers=ENGLISH).text)
    assert "p0 asks to take back their last turn" in english


def test_an_error_page_is_in_the_readers_language_for_a_browser_and_problem_json_for_others(app):
    client = app.test_client()
    missing = client.get(f"/games/{NO_GAME}", headers={**GERMAN, **BROWSER})
    assert missing.status_code == 404 and missing.mimetype == "text/html"
    said = german(missing.text)
    assert "Nicht gefunden" in said and "Diese Partie oder Seite gibt es nicht." in said
    assert "Zur Startseite" in said
    game = a_game(client, players=2)
    unsigned = client.get(f"/games/{game.id}/seat", headers={**GERMAN, **BROWSER})
    assert unsigned.status_code == 401
    said = german(unsigned.text)
    assert "Nicht angemeldet öffne den Link deines Platzes" in said            # the reason itself
    assert "auf Englisch" not in said
    refused = client.post(f"/games/{game.id}/seat/turns", headers={**GERMAN, **BROWSER},
                          data={"move": "x" * 5000})                          # no CSRF token
    said = german(refused.text)
    assert refused.status_code == 403 and "Nicht erlaubt" in said
    assert "Der Grund des Dienstes, auf Englisch: the form's CSRF token is missing" in said
    english = client.get(f"/games/{game.id}/seat", headers={**ENGLISH, **BROWSER})
    assert english.status_code == 401 and "open your seat's link" in visible_text(english.text)
    assert client.get(f"/games/{game.id}/seat", headers=GERMAN).json["detail"].startswith("open your seat's link")
    api_like = client.get(f"/games/{NO_GAME}", headers=GERMAN)                 # no Accept: as the API
    assert api_like.status_code == 404 and api_like.mimetype == "application/problem+json"


def test_a_game_ended_by_vote_says_so_in_the_seats_language(app, redis_conn):
    client = app.test_client()
    game = a_game(client, players=2)
    settings.change(redis_conn, game.id, 0, language="de")
    for seat in (0, 1):
        assert client.post(f"/v1/games/{game.id}/end-votes", json={"vote": "end"},
                           headers=game.auth(seat)).status_code in (200, 202)
    enter(client, redis_conn, game.id, 0)
    said = german(client.get(f"/games/{game.id}/seat").text)
    assert "Abgebrochen: die Spieler haben die Partie nach 0 Zügen unvollendet beendet " \
           "(p0, p1 stimmten zu). Keine Punkte, keine Rangfolge." in said


def test_an_error_page_says_a_reason_with_its_values_in_german(app):
    """A refusal whose reason holds a value (a Said: "no game {game} in progress", an
    invitation's page of a game that is not there) is said in German on a German page,
    not replaced by what the status means beside the English reason."""
    client = app.test_client()
    home = client.get("/", headers=GERMAN).text
    taken = client.post(f"/games/{NO_GAME}/invitation/abc", headers={**GERMAN, **BROWSER},
                        data={"csrf": csrf(home)})
    assert taken.status_code == 404 and taken.mimetype == "text/html"
    said = german(taken.text)
    assert f"keine laufende Partie {NO_GAME}" in said and "auf Englisch" not in said, said
    english = client.post(f"/games/{NO_GAME}/invitation/abc", headers={**ENGLISH, **BROWSER},
                          data={"csrf": csrf(home)})
    assert f"no game {NO_GAME} in progress" in visible_text(english.text)


def test_the_home_pages_games_and_options_are_described_in_german(app):
    """Issue 31: the game types' descriptions and their options (names, choices, what
    each does) on the home page in the reader's language, the rulebooks' words: none of
    the games' English descriptions, no option by its identifier; in English as before,
    the descriptions the API gives (GET /v1/game-types)."""
    client = app.test_client()
    said = german(client.get("/", headers=GERMAN).text)
    types = [g for g in game_types().values() if g.described]
    assert {g.id for g in types} >= {"brass-lancashire", "age-of-industry", "industry", "ultimate-railroads"}
    for game in types:
        assert game.description[:40] not in said, game.id
    assert "Age of Industry nach den Regeln der 2. Auflage, auf dem Spielplan Deutschland oder Neuengland." in said
    assert "VORLÄUFIGE DATEN: die Zusammensetzung der Karten" in said or "abgeschrieben" in said
    assert "Brass: Lancashire nach den Roxley-Regeln" in said and "Baumwollhändler-Plättchen" in said
    assert "Industry (Michael Schacht): Fabriken, Technologien und Bonusfelder" in said
    assert "Ultimate Railroads, Grundspiel (RUSSIAN RAILROADS)" in said
    for words in ("Spielplan Vorgabe Deutschland Neuengland welche Seite des Spielplans",
                  "Regeln Vorgabe Roxley klassisch Roxley: die Roxley-Regeln",
                  "Länge Vorgabe volles Spiel", "Bereichsmarker je Runde Vorgabe wie in den Grundregeln",
                  "KOHLE-MODUL Vorgabe nein ja KOHLE-MODUL: Kohle", "Solospiel Vorgabe nein gegen Emil"):
        assert words in said, words
    for identifier in ("new_england", "new england", "recommended marker counts", "false", "true", "introductory"):
        assert f" {identifier} " not in f" {said} ", identifier
    english = " ".join(visible_text(client.get("/", headers=ENGLISH).text).split())
    for game in types:
        assert game.description in english                         # as the API says it
    assert "Map default Germany New England which side of the board" in english
    assert "KOHLE-MODUL default no yes KOHLE-MODUL: coal" in english
