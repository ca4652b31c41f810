"""A greedy golden game's final scores, checked by the rulebook's SPIELSIEGER (issue 12
finding 7), written out here independently of scoring.py:

1. every rail tile pays $2 plus the occupied spaces in the places at both its ends
   (tiles flipped or not; a market space, "No Demand" too; a settlement counts);
2. loans are repaid ($10 each) while the money lasts;
3. $5 = 1 VP (the rest counts nothing), every built industry tile its level in VP,
   and -5 VP for every loan still open.
The money and loans before the final scoring are read off as the engine starts it."""
from __future__ import annotations

from service.games.age_of_industry import GAME, flow
from service.games.age_of_industry.data import MAPS
from tests.games.age_of_industry.record import GAMES, replay

ENGINE = GAME.engine


def occupied(state, place: str) -> int:
    location = MAPS[state.map].locations[place]
    tiles = sum(space.rsplit(".", 1)[0] == place for space in state.tiles)
    return tiles + location.market + location.settlement


def breakdown(state, seat: int, money: int, loans: int) -> dict:
    links = MAPS[state.map].links
    rails = sum(2 + occupied(state, links[link][0]) + occupied(state, links[link][1])
                for link, owner in state.rails.items() if owner == seat)
    money += rails
    repaid = min(loans, money // 10)
    money -= 10 * repaid
    levels = sum(t["level"] for t in state.tiles.values() if t["owner"] == seat)
    return {"rail_income": rails, "repaid": repaid, "money": money, "cash_vp": money // 5,
            "levels": levels, "open_loans": loans - repaid,
            "score": money // 5 + levels - 5 * (loans - repaid)}


def test_greedy_four_seat_germany_game_scores_by_the_rulebook(monkeypatch):
    """Germany, 4 seats; the greedy player builds, sells and lays rails. Occupied
    spaces (tiles + market + settlement) are written after each place's name.

    seat 0  11 rails: augsburg0-stuttgart2 4, berlin4-danzig2 8, berlin4-poland2 8,
            bremen2-essen3 7, bremen2-hannover2 6, danzig2-poland2 6, frankfurt3-koeln4 9,
            mannheim2-france2 6, muenchen1-augsburg0 3, regensburg2-augsburg0 4,
            stuttgart2-mannheim2 6 = $67; $6 + 67 = 73, 7 of 9 loans repaid: $3 = 0 VP;
            levels coal 1+2+2, mill 1+1+2, iron 1+1+2+2, port 1 = 16; 2 open loans -10
            0 + 16 - 10 = 6
    seat 1  11 rails: bohemia1-austria1 4, dresden2-bohemia1 5, dresden2-hof1 5,
            hamburg4-berlin4 10, hamburg4-hannover2 8, hannover2-essen3 7, hof1-regensburg2 5,
            magdeburg2-berlin4 8, muenchen1-austria1 4, regensburg2-bohemia1 5,
            regensburg2-muenchen1 5 = $66; $8 + 66 = 74, 6 loans repaid: $14 = 2 VP;
            levels coal 5, mill 1+2, iron 6, port 1 = 15          2 + 15 = 17
    seat 2  5 rails: belgium2-netherlands1 5, essen3-netherlands1 6, frankfurt3-fulda1 6,
            fulda1-kassel2 5, kiel1-hamburg4 7 = $29; $9 + 29 = 38, 2 loans repaid:
            $18 = 3 VP; levels coal 5, mill 1+1+2+2, iron 1+2+2+3, port 1 = 20   3 + 20 = 23
    seat 3  9 rails: belgium2-france2 6, berlin4-dresden2 8, hamburg4-bremen2 8,
            hannover2-kassel2 6, hannover2-magdeburg2 6, koeln4-belgium2 8, koeln4-essen3 9,
            magdeburg2-dresden2 6, mannheim2-frankfurt3 7 = $64; $7 + 64 = 71, 7 loans
            repaid: $1 = 0 VP; levels coal 2+2, mill 1+1+2, iron 6, port 1 = 15   0 + 15 = 15
    """
    before = {}
    final_scoring = flow.final_scoring

    def as_scored(state):
        before.update(money=[p.money for p in state.players], loans=[p.loans for p in state.players])
        final_scoring(state)

    monkeypatch.setattr(flow, "final_scoring", as_scored)
    header, state = replay(GAMES / "greedy_germany_4p_3.jsonl")
    assert before == {"money": [6, 8, 9, 7], "loans": [9, 6, 2, 7]}
    parts = [breakdown(state, seat, before["money"][seat], before["loans"][seat]) for seat in range(4)]
    assert [(p["rail_income"], p["repaid"], p["money"], p["cash_vp"], p["levels"], p["open_loans"])
            for p in parts] == [(67, 7, 3, 0, 16, 2),
                                (66, 6, 14, 2, 15, 0),
                                (29, 2, 18, 3, 20, 0),
                                (64, 7, 1, 0, 15, 0)]
    assert [p["score"] for p in parts] == [6, 17, 23, 15]
    assert ENGINE.result(state)["scores"] == [6, 17, 23, 15] == header["result"]["scores"]
