"""Issue 29: what a webhook receives is what the contract's `webhooks` section says
(`playerEvent`: a `WebhookMessage`, its `data` a `PlayerEvent` whose `result` is the
`GameResult`), over a whole game to its end, delivered by rq's worker to a real HTTP
receiver; the signature headers are those the section declares."""
from __future__ import annotations

import json

from service import contract
from tests.workers import test_webhooks as hooks

# the fixtures of tests/workers/test_webhooks.py: the app, a receiver, rq's worker and scheduler
client, receiver, deliver = hooks.client, hooks.receiver, hooks.deliver


def webhook_operation() -> dict:
    return contract.spec()["webhooks"]["playerEvent"]["post"]


def test_every_message_of_a_whole_game_fits_the_webhooks_section(client, receiver, deliver):
    box = receiver()
    ada, auth, _hook = hooks.ada_with_hook(client, box.url)
    game = hooks.game_with(client, ada, auth)
    bert = {"Authorization": f"Bearer {game['seats'][1]['token']}"}
    for version, seat_auth in enumerate((auth, bert)):
        assert client.post(f"/v1/games/{game['id']}/turns?wait=5", headers=seat_auth, json={
            "expected_version": version, "moves": [{"action": "pass"}]}).status_code in (200, 202)
        deliver(lambda v=version: client.get(f"/v1/games/{game['id']}").json["version"] > v)
    deliver(lambda: any(b"game-over" in body for _, body, _ in box.got))
    operation = webhook_operation()
    schema = contract.compiled(contract.inline(
        operation["requestBody"]["content"]["application/json"]["schema"], contract.spec()))
    headers = {p["name"] for p in operation["parameters"] if p["in"] == "header" and p["required"]}
    messages = [json.loads(body) for _, body, _ in box.got]
    assert {m["type"] for m in messages} == {"game-started", "your-turn", "game-over"}
    assert [[e.message for e in schema.iter_errors(m)] for m in messages] == [[]] * len(messages)
    assert all(headers <= {h.lower() for h in got} for got, _, _ in box.got)
    over = next(m for m in messages if m["type"] == "game-over")
    assert over["data"]["result"]["scores"] and over["data"]["result"]["ranking"]
    wrong = dict(over, data=dict(over["data"], result={"scores": "many"}))   # not a GameResult
    assert list(schema.iter_errors(wrong))
