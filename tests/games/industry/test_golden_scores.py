"""A greedy golden game's final scores, checked by the rulebook (issue 12 finding 7),
written out here independently of scoring.py and develop.py.

During play ("Entwickeln und Siegpunkte erhalten"): a technology scores its VP when
developed; a factory only when developed in the epoch it was won in; a bonus space
nothing. Spielende: undeveloped markers leave the board; then 1 VP per 3 Taler, 3 VP
per road joining two own factories and per line joining two own technologies, for each
own bonus space 2 or 3 VP per own factory joined to it by its network (harbours by
rivers, stations by rails, pumping stations by pipes, power plants by power lines),
2 VP per unused joker, -5 VP per subsidy."""
from __future__ import annotations

from service.games.industry import GAME
from service.games.industry.board import BOARD

from .golden import GAMES, read

ENGINE = GAME.engine
NETWORK = {"harbour": "river", "railway_station": "rail", "pumping_station": "pipe",
           "power_plant": "power_line"}


def joined(kind: str, a: str, b: str) -> bool:
    return (kind, a, b) in BOARD.connections or (kind, b, a) in BOARD.connections


def played(header: dict, moves: list) -> tuple[list[int], object]:
    """The VP scored on the track during play, from each development as it happens,
    and the final state."""
    vp = [0] * header["seats"]
    state = ENGINE.setup(header["options"], header["seats"], header["seed"])
    for seat, text in moves:
        move = ENGINE.parse(text)
        if move["action"] == "develop":
            space = BOARD.spaces[move["space"]]
            won_now = state.owned[move["space"]]["epoch"] == state.epoch
            if space["kind"] == "technology" or (space["kind"] == "factory" and won_now):
                vp[seat] += space["vp"]
        state, _ = ENGINE.apply(state, seat, move)
    return vp, state


def final_parts(state, seat: int) -> tuple:
    mine = sorted(s for s, mark in state.owned.items() if mark["seat"] == seat and mark["developed"])
    kinds = {s: BOARD.spaces[s]["kind"] for s in mine}
    pairs = [(a, b) for i, a in enumerate(mine) for b in mine[i + 1:]]
    roads = sum(kinds[a] == kinds[b] == "factory" and joined("road", a, b) for a, b in pairs)
    lines = sum(kinds[a] == kinds[b] == "technology" and joined("tech_line", a, b) for a, b in pairs)
    bonus = sum(BOARD.spaces[b]["vp_per_factory"]
                * sum(kinds[f] == "factory" and joined(NETWORK[BOARD.spaces[b]["bonus"]], b, f) for f in mine)
                for b in mine if kinds[b] == "bonus")
    return (state.money[seat] // 3, 3 * roads, 3 * lines, bonus, 2 * len(state.jokers[seat]),
            -5 if state.subsidy[seat] else 0)


def test_greedy_three_seat_game_scores_by_the_rulebook():
    """3 seats, no subsidy taken; per seat: during play + Taler // 3 + roads + lines
    + bonus spaces + unused jokers + subsidy. Developments as space:VP.

    seat 0  during play 1F:0 1G:2 2E:1 2G:1 2F:2 3J:3 4F:4 4E:2 4G:5 4J:3 5J:4 5G:5 5F:4 = 36;
            13 Taler = 4; roads 1F-1G 1F-2F 2E-2F 4F-4G 4G-5G = 15; line 4J-5J = 3;
            harbours 1B, 1C 2 x (1F 2E 2F) each = 12, station 3C 2 x (2G 4F 4G) = 6,
            pumping station 4C 3 x (5F) = 3: 21; joker brick 2      36+4+15+3+21+2 = 81
    seat 1  during play 1D:0 1J:1 1E:0 1K:2 2H:3 2I:2 2K:2 2D:1 2J:2 3I:3 3K:4 3F:1 4D:2
            4K:4 4L:4 5E:5 = 36; 3 Taler = 1; roads 1D-1E 1E-2D 2I-3I 3F-4D = 12;
            lines 1J-1K 2K-3K = 6; harbour 2C 2 x (1D 3F) = 4, power plant 5B 3 x (5E)
            = 3: 7; joker iron 2                                    36+1+12+6+7+2 = 64
    seat 2  during play 1I:3 1L:2 1H:0 (won in epoch 1, developed in 2) 2L:3 3D:1 3E:2
            3H:4 3G:1 4I:3 4H:3 5L:5 5K:4 5H:3 = 34; 17 Taler = 5; roads 1H-1I 3D-3E
            3H-4H = 9; lines 1L-2L 5K-5L = 6; station 3B 3 x (3D 3E 3H) = 9, pumping
            station 5C 2 x (4H 5H) = 4: 13; joker steel 2           34+5+9+6+13+2 = 69
    """
    header, moves = read(GAMES / "greedy_three_seats_seed_1.jsonl")
    during, state = played(header, moves)
    parts = [(during[seat], *final_parts(state, seat)) for seat in range(3)]
    #         play, Taler, roads, lines, bonus, jokers, subsidy
    assert parts == [(36, 4, 15, 3, 21, 2, 0),
                     (36, 1, 12, 6, 7, 2, 0),
                     (34, 5, 9, 6, 13, 2, 0)]
    assert [sum(p) for p in parts] == [81, 64, 69]
    assert ENGINE.result(state)["scores"] == [81, 64, 69] == header["result"]["scores"]
