"""The requests that make each documented error of the player operations (issue 13),
for tests/api/test_error_coverage.py: (operation, status) -> request(client, game)."""
from __future__ import annotations

FAKE = {"Authorization": "Bearer pbp_not-a-token"}
NO_ID = "0123456789abcdef"
BIG = "[" + "0," * 40000 + "0]"


def sign_up(client) -> dict:
    answer = client.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"})
    return {"Authorization": f"Bearer {answer.json['token']['token']}"}


def scoped(client, *scopes: str) -> dict:
    """The bearer of a new player's token with only those scopes (issue 29)."""
    answer = client.post("/v1/players/me/tokens", json={"scopes": list(scopes)},
                         headers=sign_up(client))
    return {"Authorization": f"Bearer {answer.json['token']}"}


def full_of_tokens(client):
    auth = sign_up(client)
    for _ in range(10):
        answer = client.post("/v1/players/me/tokens", json={}, headers=auth)
    return answer


def taken_seat(client, game, path: str = "/v1/players/me/seats", field: str = "token"):
    """A player who took one seat of the game takes another (one seat per player)."""
    auth = sign_up(client)
    client.post("/v1/players/me/seats", json={"game": game.id, "token": game.tokens[0]},
                headers=auth)
    return client.post(path, json={"game": game.id, field: game.tokens[1]}
                       if field == "token" else {field: game.tokens[1]}, headers=auth)


def invitation_taken_twice(client, game):
    return taken_seat(client, game, f"/v1/games/{game.id}/invitations/accept", "code")


def hook_of(client, auth: dict, base: str = "/v1/players/me") -> str:
    answer = client.post(f"{base}/webhooks", json={"url": "http://127.0.0.1:9/hook"}, headers=auth)
    return f"{base}/webhooks/{answer.json['id']}"


def admin(game) -> dict:
    return {"Authorization": f"Bearer {game.admin}"}


def full_of_hooks(client, base: str, auth: dict):
    for _ in range(6):
        answer = client.post(f"{base}/webhooks", json={"url": "http://127.0.0.1:9/"}, headers=auth)
    return answer


def unsafe_url(client, base: str, auth: dict):
    """A loopback receiver, refused outside development (issue 13: no SSRF)."""
    import os
    os.environ.pop("PBEM_DEVELOPMENT")
    try:
        return client.post(f"{base}/webhooks", json={"url": "http://127.0.0.1:9/"}, headers=auth)
    finally:
        os.environ["PBEM_DEVELOPMENT"] = "1"


ME = "/v1/players/me"
CASES = {
    # issue 29: a token without the scope the operation needs
    ("getGame", 403): lambda c, g: c.get(f"/v1/games/{g.id}", headers=scoped(c, "play")),
    ("getLog", 403): lambda c, g: c.get(f"/v1/games/{g.id}/log", headers=scoped(c, "play")),
    ("streamGameEvents", 403): lambda c, g: c.get(f"/v1/games/{g.id}/events",
                                                  headers=scoped(c, "play", "account")),
    ("getMe", 403): lambda c, g: c.get(ME, headers=scoped(c, "play")),
    ("changeMe", 403): lambda c, g: c.patch(ME, json={"language": "de"}, headers=scoped(c, "read", "play")),
    ("listMyGames", 403): lambda c, g: c.get(f"{ME}/games", headers=scoped(c, "play")),
    ("streamPlayerEvents", 403): lambda c, g: c.get(f"{ME}/events", headers=scoped(c, "account")),
    ("listPlayerTokens", 403): lambda c, g: c.get(f"{ME}/tokens", headers=scoped(c, "read")),
    ("createPlayerToken", 403): lambda c, g: c.post(f"{ME}/tokens", json={
        "scopes": ["read", "play"]}, headers=scoped(c, "read", "account")),      # wider
    ("revokePlayerToken", 403): lambda c, g: c.delete(f"{ME}/tokens/{NO_ID}",
                                                      headers=scoped(c, "read", "play")),
    ("listPlayerWebhooks", 403): lambda c, g: c.get(f"{ME}/webhooks", headers=scoped(c, "read")),
    ("createPlayerWebhook", 403): lambda c, g: c.post(f"{ME}/webhooks", json={
        "url": "http://127.0.0.1:9/"}, headers=scoped(c, "play")),
    ("deletePlayerWebhook", 403): lambda c, g: c.delete(f"{ME}/webhooks/{NO_ID}",
                                                        headers=scoped(c, "read")),
    ("changePlayerWebhook", 403): lambda c, g: c.patch(f"{ME}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=scoped(c, "play")),
    ("listPlayerWebhookDeliveries", 403): lambda c, g: c.get(f"{ME}/webhooks/{NO_ID}/deliveries",
                                                             headers=scoped(c, "read", "play")),
    ("createPlayer", 400): lambda c, g: c.post("/v1/players", json={"name": "", "email": "a@p.test"}),
    ("createPlayer", 413): lambda c, g: c.post("/v1/players", data=BIG, content_type="application/json"),
    ("createPlayer", 415): lambda c, g: c.post("/v1/players", data="Ada", content_type="text/plain"),
    ("getMe", 401): lambda c, g: c.get("/v1/players/me", headers=FAKE),
    ("changeMe", 400): lambda c, g: c.patch(ME, json={"language": "fr"}, headers=sign_up(c)),
    ("changeMe", 401): lambda c, g: c.patch(ME, json={"language": "de"}, headers=FAKE),
    ("changeMe", 415): lambda c, g: c.patch(ME, data="de", content_type="text/plain", headers=sign_up(c)),
    ("listPlayerTokens", 401): lambda c, g: c.get("/v1/players/me/tokens", headers=g.auth(0)),
    ("createPlayerToken", 400): lambda c, g: c.post("/v1/players/me/tokens", json={"label": "x" * 61},
                                                    headers=sign_up(c)),
    ("createPlayerToken", 401): lambda c, g: c.post("/v1/players/me/tokens", json={}, headers=FAKE),
    ("createPlayerToken", 409): lambda c, g: full_of_tokens(c),
    ("createPlayerToken", 415): lambda c, g: c.post("/v1/players/me/tokens", data="x",
                                                    content_type="text/plain", headers=sign_up(c)),
    ("revokePlayerToken", 400): lambda c, g: c.delete("/v1/players/me/tokens/xyz", headers=sign_up(c)),
    ("revokePlayerToken", 401): lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}", headers=FAKE),
    ("revokePlayerToken", 404): lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}",
                                                      headers=sign_up(c)),
    ("acceptSeat", 400): lambda c, g: c.post("/v1/players/me/seats", json={"game": g.id},
                                             headers=sign_up(c)),
    ("acceptSeat", 401): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": g.tokens[0]}, headers=FAKE),
    ("acceptSeat", 403): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": "not-a-seat"}, headers=sign_up(c)),
    ("acceptSeat", 404): lambda c, g: c.post("/v1/players/me/seats", json={
        "game": NO_ID, "token": g.tokens[0]}, headers=sign_up(c)),
    ("acceptSeat", 409): taken_seat,
    ("acceptSeat", 415): lambda c, g: c.post("/v1/players/me/seats", data="x",
                                             content_type="text/plain", headers=sign_up(c)),
    ("acceptInvitation", 400): lambda c, g: c.post(f"/v1/games/{g.id}/invitations/accept",
                                                   json={}),
    ("acceptInvitation", 401): lambda c, g: c.post(f"/v1/games/{g.id}/invitations/accept",
                                                   json={"code": g.tokens[0]}, headers=FAKE),
    ("acceptInvitation", 403): lambda c, g: c.post(f"/v1/games/{g.id}/invitations/accept",
                                                   json={"code": "not-a-seat"}),
    ("acceptInvitation", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/invitations/accept",
                                                   json={"code": g.tokens[0]}),
    ("acceptInvitation", 409): invitation_taken_twice,
    ("acceptInvitation", 415): lambda c, g: c.post(f"/v1/games/{g.id}/invitations/accept",
                                                   data="x", content_type="text/plain"),
    ("listMyGames", 400): lambda c, g: c.get("/v1/players/me/games?to_act=maybe", headers=sign_up(c)),
    ("listMyGames", 401): lambda c, g: c.get("/v1/players/me/games", headers=FAKE),
    ("streamPlayerEvents", 400): lambda c, g: c.get("/v1/players/me/events", headers={
        **sign_up(c), "Last-Event-ID": "7"}),
    ("streamPlayerEvents", 401): lambda c, g: c.get("/v1/players/me/events", headers=FAKE),
    ("listPlayerWebhooks", 401): lambda c, g: c.get(f"{ME}/webhooks", headers=FAKE),
    ("createPlayerWebhook", 400): lambda c, g: c.post(f"{ME}/webhooks", json={"url": "x"},
                                                      headers=sign_up(c)),
    ("createPlayerWebhook", 401): lambda c, g: c.post(f"{ME}/webhooks", json={
        "url": "https://example.org/"}, headers=FAKE),
    ("createPlayerWebhook", 409): lambda c, g: full_of_hooks(c, ME, sign_up(c)),
    ("createPlayerWebhook", 415): lambda c, g: c.post(f"{ME}/webhooks", data="x",
                                                      content_type="text/plain", headers=sign_up(c)),
    ("createPlayerWebhook", 422): lambda c, g: unsafe_url(c, ME, sign_up(c)),
    ("deletePlayerWebhook", 400): lambda c, g: c.delete(f"{ME}/webhooks/x", headers=sign_up(c)),
    ("deletePlayerWebhook", 401): lambda c, g: c.delete(f"{ME}/webhooks/{NO_ID}", headers=FAKE),
    ("deletePlayerWebhook", 404): lambda c, g: c.delete(f"{ME}/webhooks/{NO_ID}", headers=sign_up(c)),
    ("changePlayerWebhook", 400): lambda c, g: c.patch(hook_of(c, auth := sign_up(c)), json={
        "enabled": "yes"}, headers=auth),
    ("changePlayerWebhook", 401): lambda c, g: c.patch(f"{ME}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=FAKE),
    ("changePlayerWebhook", 404): lambda c, g: c.patch(f"{ME}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=sign_up(c)),
    ("changePlayerWebhook", 415): lambda c, g: c.patch(f"{ME}/webhooks/{NO_ID}", data="x",
                                                       content_type="text/plain", headers=sign_up(c)),
    ("changeGameWebhook", 400): lambda c, g: c.patch(hook_of(c, admin(g), f"/v1/games/{g.id}"),
                                                     json={}, headers=admin(g)),
    ("changeGameWebhook", 401): lambda c, g: c.patch(f"/v1/games/{g.id}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=g.auth(0)),
    ("changeGameWebhook", 404): lambda c, g: c.patch(f"/v1/games/{g.id}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=admin(g)),
    ("changeGameWebhook", 415): lambda c, g: c.patch(f"/v1/games/{g.id}/webhooks/{NO_ID}",
                                                     data="x", content_type="text/plain",
                                                     headers=admin(g)),
    ("listPlayerWebhookDeliveries", 400): lambda c, g: c.get(f"{ME}/webhooks/x/deliveries",
                                                             headers=sign_up(c)),
    ("listPlayerWebhookDeliveries", 401): lambda c, g: c.get(f"{ME}/webhooks/{NO_ID}/deliveries",
                                                             headers=FAKE),
    ("listPlayerWebhookDeliveries", 404): lambda c, g: c.get(
        hook_of(c, admin(g), f"/v1/games/{g.id}").replace(f"/v1/games/{g.id}", ME) + "/deliveries",
        headers=sign_up(c)),
    ("listGameWebhooks", 401): lambda c, g: c.get(f"/v1/games/{g.id}/webhooks", headers=g.auth(0)),
    ("listGameWebhooks", 404): lambda c, g: c.get(f"/v1/games/{NO_ID}/webhooks", headers=admin(g)),
    ("createGameWebhook", 400): lambda c, g: c.post(f"/v1/games/{g.id}/webhooks", json={
        "url": "https://example.org/", "events": ["moved"]}, headers=admin(g)),
    ("createGameWebhook", 401): lambda c, g: c.post(f"/v1/games/{g.id}/webhooks", json={
        "url": "https://example.org/"}, headers=g.auth(0)),
    ("createGameWebhook", 404): lambda c, g: c.post(f"/v1/games/{NO_ID}/webhooks", json={
        "url": "https://example.org/"}, headers=admin(g)),
    ("createGameWebhook", 409): lambda c, g: full_of_hooks(c, f"/v1/games/{g.id}", admin(g)),
    ("createGameWebhook", 415): lambda c, g: c.post(f"/v1/games/{g.id}/webhooks", data="x",
                                                    content_type="text/plain", headers=admin(g)),
    ("createGameWebhook", 422): lambda c, g: unsafe_url(c, f"/v1/games/{g.id}", admin(g)),
    ("deleteGameWebhook", 400): lambda c, g: c.delete(f"/v1/games/{g.id}/webhooks/x", headers=admin(g)),
    ("deleteGameWebhook", 401): lambda c, g: c.delete(f"/v1/games/{g.id}/webhooks/{NO_ID}",
                                                      headers=g.auth(0)),
    ("deleteGameWebhook", 404): lambda c, g: c.delete(f"/v1/games/{g.id}/webhooks/{NO_ID}",
                                                      headers=admin(g)),
    ("listGameWebhookDeliveries", 400): lambda c, g: c.get(f"/v1/games/{g.id}/webhooks/x/deliveries",
                                                           headers=admin(g)),
    ("listGameWebhookDeliveries", 401): lambda c, g: c.get(
        f"/v1/games/{g.id}/webhooks/{NO_ID}/deliveries", headers=g.auth(0)),
    ("listGameWebhookDeliveries", 404): lambda c, g: c.get(
        hook_of(c, sign_up(c)).replace(ME, f"/v1/games/{g.id}") + "/deliveries", headers=admin(g)),
}
# each answers 429 to a locked-out client and 503 without Redis
REQUESTS = {
    "createPlayer": lambda c, g: c.post("/v1/players", json={"name": "Ada", "email": "ada@p.test"}),
    "getMe": lambda c, g: c.get("/v1/players/me", headers=FAKE),
    "changeMe": lambda c, g: c.patch(ME, json={"language": "de"}, headers=FAKE),
    "listPlayerTokens": lambda c, g: c.get("/v1/players/me/tokens", headers=FAKE),
    "createPlayerToken": lambda c, g: c.post("/v1/players/me/tokens", json={}, headers=FAKE),
    "revokePlayerToken": lambda c, g: c.delete(f"/v1/players/me/tokens/{NO_ID}", headers=FAKE),
    "acceptSeat": lambda c, g: c.post("/v1/players/me/seats", json={
        "game": g.id, "token": g.tokens[0]}, headers=FAKE),
    "acceptInvitation": lambda c, g: c.post(f"/v1/games/{g.id}/invitations/accept", json={
        "code": g.tokens[0]}, headers=FAKE),
    "listMyGames": lambda c, g: c.get("/v1/players/me/games", headers=FAKE),
    "streamPlayerEvents": lambda c, g: c.get("/v1/players/me/events", headers=FAKE),
    "listPlayerWebhooks": lambda c, g: c.get(f"{ME}/webhooks", headers=FAKE),
    "createPlayerWebhook": lambda c, g: c.post(f"{ME}/webhooks", json={
        "url": "https://example.org/"}, headers=FAKE),
    "deletePlayerWebhook": lambda c, g: c.delete(f"{ME}/webhooks/{NO_ID}", headers=FAKE),
    "listPlayerWebhookDeliveries": lambda c, g: c.get(f"{ME}/webhooks/{NO_ID}/deliveries",
                                                      headers=FAKE),
    "changePlayerWebhook": lambda c, g: c.patch(f"{ME}/webhooks/{NO_ID}", json={"enabled": True},
                                                headers=FAKE),
    "changeGameWebhook": lambda c, g: c.patch(f"/v1/games/{g.id}/webhooks/{NO_ID}", json={
        "enabled": True}, headers=admin(g)),
    "listGameWebhooks": lambda c, g: c.get(f"/v1/games/{g.id}/webhooks", headers=admin(g)),
    "createGameWebhook": lambda c, g: c.post(f"/v1/games/{g.id}/webhooks", json={
        "url": "https://example.org/"}, headers=admin(g)),
    "deleteGameWebhook": lambda c, g: c.delete(f"/v1/games/{g.id}/webhooks/{NO_ID}",
                                               headers=admin(g)),
    "listGameWebhookDeliveries": lambda c, g: c.get(f"/v1/games/{g.id}/webhooks/{NO_ID}/deliveries",
                                                    headers=admin(g)),
}
