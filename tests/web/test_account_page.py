"""Issue 31: the account page, where a player signed in with one of its tokens switches
its language (English/German) in a browser, as `PATCH /v1/players/me {language}` does
over the API. The page has no script of its own: the Flask test client posts its forms
as a browser would, with the session's cookie and the form's CSRF token."""
from __future__ import annotations

from service import i18n, players
from service.page_session import COOKIE
from tests.i18n.catalogue import english_in
from tests.web.test_page_vocabulary import visible_text
from tests.web.test_pages import csrf


def signed_up(client) -> tuple[dict, str]:
    made = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test", "language": "en"}).json
    return made, made["token"]["token"]


def sign_in(client, token: str):
    page = client.get("/account").text
    return client.post("/account/sign-in", data={"csrf": csrf(page), "token": token})


def test_a_signed_in_player_switches_its_language_on_the_account_page(app, redis_conn):
    client = app.test_client()
    made, token = signed_up(client)
    answer = sign_in(client, token)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/account")
    page = client.get("/account").text
    assert "Signed in as Ada (ada@p.test)." in visible_text(page) and '<html lang="en">' in page
    assert '<option value="en" lang="en" selected>English</option>' in page

    switched = client.post("/account/language", data={"csrf": csrf(page), "language": "de"})
    assert switched.status_code == 303
    assert players.load(redis_conn, made["id"])["language"] == "de"
    page = client.get("/account").text                           # no Accept-Language: the account's
    said = visible_text(page)
    assert '<html lang="de">' in page and "Angemeldet als Ada (ada@p.test)." in said
    assert "Deine Mails und Seiten sind jetzt auf Deutsch." in said and english_in(said) == []
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page
    auth = {"Authorization": f"Bearer {token}"}
    assert client.get("/v1/players/me", headers=auth).json["language"] == "de"      # the API's too
    assert '<html lang="de">' in client.get("/").text           # the session's other pages too

    back = client.post("/account/language", data={"csrf": csrf(page), "language": "en"})
    assert back.status_code == 303 and players.load(redis_conn, made["id"])["language"] == "en"
    assert "Your mails and pages are now in English." in visible_text(client.get("/account").text)


def test_the_account_page_keeps_csrf_scope_and_revocation(app, redis_conn):
    """A form without the session's CSRF token is refused (403) and changes nothing; a
    token without the scope `account` signs nobody in, nor does a wrong one; a language
    other than en/de is refused naming the field; a revoked token's session is signed
    out; signing out forgets the account."""
    client = app.test_client()
    made, token = signed_up(client)
    sign_in(client, token)
    page = client.get("/account").text
    refused = client.post("/account/language", data={"language": "de"}, headers={"Accept": "application/json"})
    assert refused.status_code == 403
    forged = client.post("/account/language", data={"csrf": "x" * 32, "language": "de"})
    assert forged.status_code == 403 and players.load(redis_conn, made["id"])["language"] == "en"
    wrong = client.post("/account/language", data={"csrf": csrf(page), "language": "fr"},
                        headers={"Accept": "application/json"})
    assert wrong.status_code == 400 and wrong.json["errors"][0]["field"] == "language"

    other = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    reader = client.post("/v1/players/me/tokens", json={"label": "read only", "scopes": ["read"]},
                         headers=auth).json
    assert sign_in(other, reader["token"]).status_code == 403
    assert sign_in(other, "pbp_" + "x" * 43).status_code == 401
    assert "Signed in as" not in other.get("/account").text

    players.revoke(redis_conn, made["id"], client.get("/v1/players/me/tokens", headers=auth).json
                   ["tokens"][0]["id"])                           # the token this session signed in with
    page = client.get("/account").text
    assert "Signed in as" not in page and 'name="token"' in page
    assert client.post("/account/language", data={"csrf": csrf(page), "language": "de"}).status_code == 401

    fresh = players.new_token(redis_conn, made["id"], "again", players.SCOPES)["token"]
    sign_in(client, fresh)
    page = client.get("/account").text
    assert "Signed in as Ada" in page
    client.post("/account/sign-out", data={"csrf": csrf(page)})
    assert "Signed in as" not in client.get("/account").text


def test_signing_out_signs_out_every_copy_of_the_session_cookie(app, redis_conn):
    """Review of issue 31: signing out cleared only the browser's own cookie, and a copy
    of the signed cookie taken before stayed signed in until the token was revoked; the
    account's session lives in Redis now and ends there."""
    client = app.test_client()
    _made, token = signed_up(client)
    sign_in(client, token)
    page = client.get("/account").text
    copied = client.get_cookie(COOKIE).value             # the signed cookie, as a thief copies it
    thief = app.test_client()
    thief.set_cookie(COOKIE, copied)
    assert "Signed in as Ada" in visible_text(thief.get("/account").text)
    client.post("/account/sign-out", data={"csrf": csrf(page)})
    assert "Signed in as" not in client.get("/account").text
    thief.set_cookie(COOKIE, copied)                     # replayed as it was before the sign-out
    page = thief.get("/account").text
    assert "Signed in as" not in page and 'name="token"' in page
    assert redis_conn.keys("account-session:*") == []


def test_the_languages_offered_and_refused_are_i18n_languages_by_their_names(app, redis_conn):
    client = app.test_client()
    made, token = signed_up(client)
    sign_in(client, token)
    page = client.get("/account").text
    assert [option.split('"')[1] for option in page.split("<option value=")[1:]] == list(i18n.LANGUAGES)
    assert '<option value="de" lang="de">Deutsch</option>' in page
    wrong = client.post("/account/language", data={"csrf": csrf(page), "language": "fr"},
                        headers={"Accept": "application/json"})
    assert wrong.json["detail"] == "language: choose one of English (en), German (de)"
    assert wrong.json["errors"] == [{"field": "language", "message": "one of en, de"}]
    players.change_language(redis_conn, made["id"], "de")             # the account's language says it
    wrong = client.post("/account/language", data={"csrf": csrf(page), "language": "fr"},
                        headers={"Accept": "application/json"})
    assert wrong.json["detail"] == "language: wähle eine dieser Sprachen: Englisch (en), Deutsch (de)"
