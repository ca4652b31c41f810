"""A greedy golden game's final scores, checked by the rulebook (issue 12 finding 7),
written out here independently of scoring.py:

WERTUNG, each round: only fields the locomotives reach score (their numbers add up,
up to the route's end); each track scores its field and the empty fields behind it
(virtual tracks of its colour) at the values on the tile above the tableau (wood 0);
a doubler doubles its field; PETERBURG field 7 reached by the green track and the
locomotive doubles the route; KYIV's stars add their points when reached by the wood
track and the locomotive. The industry strip scores the points over the wrench's
field, else the next lower printed points. Passing takes the points on the back of
the turn-order card. SPIELENDE: end-game cards, and 40/20 for the most engineers
among the players who have any. The players are read off as the engine scores them."""
from __future__ import annotations

import json

from service.games.ultimate_railroads import GAME, scoring
from service.games.ultimate_railroads.data import DATA, ROUTES, loco_number

from .golden import GAMES

ENGINE = GAME.engine
LANE = DATA["industry_strip"]["lane"]


def route_score(player: dict, route_id: str) -> int:
    route, tracks = ROUTES[route_id], player["tracks"][route_id]
    values = DATA["track_points"]["revalued" if player["revalued"] else "base"]["value"]
    reach = min(route["length"], sum(loco_number(s) for s in player["locos"][route_id] if s))

    def colour(field):          # the best track on or past the field
        return next((c for c in reversed(route["colours"]) if (tracks[c] or 0) >= field), None)

    def reached(special):
        return (tracks.get(special["track"]) or 0) >= special["field"] and \
            (not special["locomotive"] or reach >= special["field"])

    doubled = min(player["doublers"], route["doubler_fields"])
    points = sum(values[colour(f)] * (2 if f <= doubled else 1)
                 for f in range(1, reach + 1) if colour(f))
    for special in route["specials"]:
        if special["type"] == "route_doubling" and reached(special):
            points *= 2
    return points + sum(s.get("points", 0) for s in route["specials"]
                        if reached(s) and (s["type"] == "bonus_star" or (s["type"] == "medal" and player["medal"])))


def strip_score(field: int) -> int:
    printed = [v for v in LANE[:field + 1] if isinstance(v, int) or v == "end"]
    if printed and printed[-1] == "end":
        return DATA["industry_strip"]["end"]["points"]
    return printed[-1] if printed else 0


def test_greedy_two_seat_game_scores_by_the_rulebook(monkeypatch):
    """2 seats, 6 rounds; neither seat hires an engineer nor takes an end-game card, so
    SPIELENDE adds nothing. Per round (TRANSIB + PETERBURG + KYIV + industry):

    seat 0  2+0+1+3, 7+0+1+5, 11+0+1+5, 15+0+1+5, 32+0+1+5, 42+0+1+5
            = 6 + 13 + 17 + 21 + 38 + 48 = 143 (KYIV: the star on field 1, 1 point);
            passing 0 x 6 (turn-order card 1); points from actions 10 x 4 = 40
                                                                   143 + 0 + 40 = 183
    seat 1  2+0+1+1, 3+0+1+3, then 4+0+1+10 four times = 4 + 7 + 4 x 15 = 71;
            passing 2 x 6 = 12 (card 2); points from actions 2     71 + 12 + 2 = 85
    The points from actions (engineer spaces: 10 for taking no end-game card, points
    per step made) are taken as the engine reports them, not recomputed here.
    """
    scored = []
    round_points = scoring.round_points

    def as_scored(player):
        scored.append(json.loads(json.dumps(player)))
        return round_points(player)

    monkeypatch.setattr(scoring, "round_points", as_scored)
    lines = (GAMES / "greedy_two_seats.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    state = ENGINE.setup(head["options"], head["seats"], head["seed"])
    passing, actions = [0, 0], [0, 0]
    for line in lines[1:]:
        seat, text = json.loads(line)
        move = ENGINE.parse(text)
        if move["action"] == "pass":
            passing[seat] += DATA["pass_points"]["value"][str(state["players"][seat]["card"])]
        state, events = ENGINE.apply(state, seat, move)
        actions[seat] += sum(e["points"] for e in events if e["type"] == "points" and e["seat"] == seat)
    rounds = [[(route_score(p, "transsib"), route_score(p, "petersburg"), route_score(p, "kyiv"),
                sum(strip_score(w) for w in p["wrenches"])) for p in scored[seat::2]] for seat in (0, 1)]
    assert rounds == [[(2, 0, 1, 3), (7, 0, 1, 5), (11, 0, 1, 5), (15, 0, 1, 5), (32, 0, 1, 5), (42, 0, 1, 5)],
                      [(2, 0, 1, 1), (3, 0, 1, 3)] + [(4, 0, 1, 10)] * 4]
    assert (passing, actions) == ([0, 12], [40, 2])
    assert all(not p["engineers"] and not p["end_cards"] for p in state["players"])
    totals = [sum(map(sum, rounds[seat])) + passing[seat] + actions[seat] for seat in (0, 1)]
    assert totals == [143 + 0 + 40, 71 + 12 + 2] == [183, 85]
    assert ENGINE.result(state)["scores"] == [183, 85] == head["result"]["scores"]
