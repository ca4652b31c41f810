"""Issue 15: `GET /legal-moves?format=tree` answers the flat list's moves as a choice
tree with each move's effects from the engine; `action=` filters; the flat list stays
the default; bad parameters are refused by the contract and change nothing."""
from __future__ import annotations

from service.api import games
from service.games.choice_tree import leaves
from tests.api.helpers import a_game


def test_the_tree_holds_the_flat_lists_moves_with_labels_and_effects(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    flat = client.get(url, headers=game.auth(0)).json
    tree = client.get(url + "?format=tree", headers=game.auth(0)).json
    assert set(flat) == {"version", "game", "moves", "notation"}
    assert tree["version"] == flat["version"] and tree["effects"] is True
    assert sorted(map(str, leaves(tree["tree"]))) == sorted(map(str, flat["moves"]))
    action = tree["tree"][0]
    assert action["field"] == "action" and action["label"]
    complete = next(n for n in action["children"] or [action] if "move" in n)
    assert complete["notation"] in flat["notation"]
    assert complete["effects"]["changes"] and complete["effects"]["events"]


def test_action_filters_both_forms(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    every = client.get(url, headers=game.auth(0)).json["moves"]
    name = every[-1]["action"]
    only = client.get(url + f"?action={name}", headers=game.auth(0)).json["moves"]
    assert only == [m for m in every if m["action"] == name] and len(only) < len(every)
    tree = client.get(url + f"?action={name}&format=tree", headers=game.auth(0)).json["tree"]
    assert [node["value"] for node in tree] == [name]


def test_bad_format_or_action_is_a_problem_naming_the_parameter(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    for query, field in (("format=graph", "format"), ("action=" + "x" * 41, "action"),
                         ("action=Build!", "action")):
        answer = client.get(f"{url}?{query}", headers=game.auth(0))
        assert answer.status_code in (400, 422), answer.json
        assert answer.content_type == "application/problem+json"
        assert field in str(answer.json)


def test_large_answers_are_compressed_as_asked(client):
    """Issue 15, "large answers are compressed": a Brass decision's legal moves in gzip
    when Accept-Encoding asks for it (the same JSON once inflated), plain otherwise."""
    import gzip
    import json
    game = a_game(client, game="brass-lancashire", seed=5)
    url = f"/v1/games/{game.id}/legal-moves"     # the flat list: the tree's effects are guesses
    seat = client.get(f"/v1/games/{game.id}").json["to_act"][0]
    plain = client.get(url, headers=game.auth(seat))
    packed = client.get(url, headers={**game.auth(seat), "Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert json.loads(gzip.decompress(packed.data)) == plain.json
    assert len(packed.data) * 5 < len(plain.data)


def levels(client, url: str, auth: dict, at: str) -> dict:
    answer = client.get(f"{url}?format=tree&at={at}", headers=auth)
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_decision_of_hundreds_of_moves_is_priced_a_level_at_a_time(client, monkeypatch):
    """Issue 27, "choices with costs at every decision": Brass's first turn (200 moves;
    the whole tree's effects bound lowered to 100 so that it carries none, as above 300
    in play: `pbem bench choices` times decisions of ~1,000) walked with `at=`: each
    level answered carries the effects of every complete move on it, the same moves as
    the whole tree's at that node, down to a level of complete moves."""
    monkeypatch.setattr(games, "MAX_EFFECTS", 100)
    game = a_game(client, game="brass-lancashire", seed=5)
    url = f"/v1/games/{game.id}/legal-moves"
    seat = client.get(f"/v1/games/{game.id}").json["to_act"][0]
    auth = game.auth(seat)
    whole = client.get(url + "?format=tree", headers=auth).json
    assert whole["effects"] is False and len(leaves(whole["tree"])) > 100
    build = next(i for i, node in enumerate(whole["tree"]) if node["value"] == "build")
    path, node, priced = [build], whole["tree"][build], 0
    while True:
        answer = levels(client, url, auth, ".".join(map(str, path)))
        assert answer["effects"] is True and answer["at"] == ".".join(map(str, path))
        assert [n["label"] for n in answer["tree"]] == [n["label"] for n in node["children"]]
        assert leaves(answer["tree"]) == leaves(node["children"])
        for child in answer["tree"]:
            if "move" in child:
                priced += 1
                assert child["effects"]["changes"] and "events" in child["effects"], child["notation"]
        if priced or not node["children"]:
            break
        path.append(len(node["children"]) - 1)          # the last choice: a long way down
        node = node["children"][-1]
    assert priced
    root = levels(client, url, auth, "")
    assert [n["label"] for n in root["tree"]] == [n["label"] for n in whole["tree"]]
    assert all("effects" not in n for n in root["tree"] if "move" not in n)


def test_a_path_off_the_tree_or_without_the_tree_is_a_problem_naming_at(client):
    game = a_game(client)
    url = f"/v1/games/{game.id}/legal-moves"
    for query in ("format=tree&at=99", "format=tree&at=0.99.0", "at=0", "format=tree&at=0..1",
                  "format=tree&at=" + ".".join(["1"] * 17)):
        answer = client.get(f"{url}?{query}", headers=game.auth(0))
        assert answer.status_code == 400, (query, answer.json)
        assert answer.content_type == "application/problem+json" and "at" in str(answer.json)
