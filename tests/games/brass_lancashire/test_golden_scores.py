"""A greedy golden game's final scores, checked by the rulebook's scoring (issue 12
finding 7), written out here independently of scoring.py:

ENDEN BEIDER EPOCHEN 1: each own link scores the link icons of its two towns (on the
board and on the flipped tiles there); 2: each own flipped industry tile the VP in its
hexagon. ENDE DER EISENBAHNEPOCHE 3: £10 of cash = 1 VP. The board each era is scored
on is the one the engine hands to its scoring (read off as it passes), cash the final
one."""
from __future__ import annotations

from service.games.brass_lancashire import flow
from service.games.brass_lancashire.data import BOARD_LINK_ICONS, LEVELS, LINKS

from .builders import ENGINE
from .golden import GAMES, replay


def icons(board: dict, town: str) -> int:
    """The town's printed link icons plus those of the flipped tiles in it."""
    return BOARD_LINK_ICONS[town] + sum(LEVELS[t["industry"]][t["level"]].link_icons
                                        for t in board.get(town, ()) if t and t["flipped"])


def era_score(era: dict, seat: int) -> tuple[int, int]:
    """(link VP, flipped-tile VP) of the seat at the end of an era."""
    links = sum(icons(era["board"], LINKS[link][0]) + icons(era["board"], LINKS[link][1])
                for link, owner in era["links"].items() if owner == seat)
    tiles = sum(LEVELS[t["industry"]][t["level"]].vp for slots in era["board"].values()
                for t in slots if t and t["owner"] == seat and t["flipped"])
    return links, tiles


def test_greedy_three_seat_game_scores_by_the_rulebook(monkeypatch):
    """Roxley rules, 3 seats, 9 rounds an era; the greedy player sells, builds and
    links. Per seat: canal links + canal tiles + rail links + rail tiles + cash // 10.
    Link icons: 2 printed on yorkshire, blackpool, northwich; 1 per flipped tile in a
    town (provisional, SOURCES.md 4). Tile VP: mill 3/5, port 2/4, coal 2/3, iron 5.

    seat 0  canal links blackburn-wigan 2+0, burnley-colne 2+0, colne-yorkshire 0+2 = 6
            canal tiles mill 1 blackburn 3, mill 1 burnley 3 = 6
            rail: no links 0; coal 2 + coal 3 (blackburn), coal 3 (bolton), coal 2
            (oldham), iron 2 (preston) 5 = 15; cash £36 = 3        6+6+0+15+3 = 30
    seat 1  canal links blackburn-burnley 2+2, bolton-manchester 2+0,
            manchester-warrington 0+1 = 7; tiles mill 1 + mill 1 3+3, port 1 2,
            port 2 (warrington, scored again in the rail era) 4 = 12
            rail links ellesmere-warrington 1+2, birkenhead-ellesmere 0+1,
            ellesmere-northwich 1+2, fleetwood-preston 0+1, blackburn-preston 2+1,
            blackburn-bolton 2+1, blackburn-burnley 2+0, blackburn-wigan 2+0 = 18;
            tiles port 2 = 4; cash £0                             7+12+18+4+0 = 41
    seat 2  canal links preston-wigan 1+0, bolton-bury 2+0, ellesmere-warrington 1+1,
            ellesmere-liverpool 1+0, liverpool-wigan 0+0 = 6; tiles mill 1 3+3,
            port 1 2 = 8; rail links lancaster-preston 1+1, barrow-lancaster 0+1,
            manchester-oldham 0+2, manchester-warrington 0+2, blackpool-preston 2+1 = 10;
            tiles port 2 4, three mills 2 5+5+5 = 19; cash £4 = 0  6+8+10+19+0 = 43
    """
    eras = []
    score_links = flow.STEPS["score_links"]

    def board_as_scored(state):
        eras.append(ENGINE.dump(state))
        score_links(state)

    monkeypatch.setitem(flow.STEPS, "score_links", board_as_scored)
    header, state = replay(GAMES / "greedy_roxley_3p.jsonl")
    canal, rail = eras
    assert (canal["era"], rail["era"]) == ("canal", "rail")
    breakdown = [(*era_score(canal, seat), *era_score(rail, seat), state.money[seat] // 10)
                 for seat in range(3)]
    #                canal links, tiles | rail links, tiles | cash
    assert breakdown == [(6, 6, 0, 15, 3),
                         (7, 12, 18, 4, 0),
                         (6, 8, 10, 19, 0)]
    assert state.money == [36, 0, 4]
    assert [sum(parts) for parts in breakdown] == [30, 41, 43]
    assert ENGINE.result(state)["scores"] == [30, 41, 43] == header["result"]["scores"]
    assert [t["income_level"] for t in ENGINE.result(state)["tiebreak"]] == [15, 5, 13], "a plausible end: every income positive"
