"""Spielende: Verteilung der Siegpunkte, and Subvention."""
import pytest

from service.games.base import IllegalMove
from service.games.industry.board import BOARD
from service.games.industry.scoring import final_scoring
from tests.games.industry.builders import a_game, assert_coins_kept, engine, owning, with_money


def scored(state, seat=0):
    return final_scoring(state)["breakdown"][seat]


def test_money_scores_one_vp_per_three_taler():
    """Geld: "1 Siegpunkt für jeweils 3 Taler." """
    state = with_money(a_game(), 8, 9, 2)
    assert [scored(state, s)["money"] for s in range(3)] == [2, 3, 0]


@pytest.mark.parametrize("kind,part", [("road", "roads"), ("tech_line", "lines")])
def test_connected_own_factories_or_technologies_score_three_vp_per_connection(kind, part):
    """Miteinander verbundene Fabriken bzw. Technologien: "für jede Verbindung 3
    Siegpunkte" - only when the seat owns both ends, developed."""
    a, b = BOARD.links(kind)[0]
    state = owning(owning(a_game(), a, 0, developed=True), b, 0, developed=True)
    expected = 3 * sum(1 for x, y in BOARD.links(kind) if {x, y} <= {a, b})
    assert scored(state)[part] == expected >= 3
    owning(state, b, 0, developed=False)
    assert scored(state)[part] == 0
    owning(state, b, 1, developed=True)
    assert scored(state)[part] == 0 and scored(state, 1)[part] == 0


def harbours_and_river_factories():
    harbours = [s for s, d in BOARD.spaces.items() if d.get("bonus") == "harbour"]
    factories = sorted({f for a, b in BOARD.links("river") for f in (a, b)
                        if BOARD.spaces[f]["kind"] == "factory"})
    return harbours, factories


def test_worked_example_three_harbours_and_four_river_factories_score_24():
    """Spielende, Beispiel: "Ein Spieler hat 3 „Hafen“-Bonusfelder (= 3 x 2 Siegpunkte)
    und 4 Fabriken, die am Fluss liegen ... Für jede der 4 Fabrik bekommt der Spieler
    also 6 Siegpunkte, macht zusammen 24 Siegpunkte." """
    harbours, factories = harbours_and_river_factories()
    two_vp = [h for h in harbours if BOARD.spaces[h]["vp_per_factory"] == 2]
    assert len(two_vp) >= 3 and len(factories) >= 4, "the board cannot show the example"
    state = a_game()
    for space in two_vp[:3] + factories[:4]:
        owning(state, space, 0, developed=True)
    assert scored(state)["bonus_spaces"] == 24


def test_bonus_space_scores_only_own_developed_factories_on_its_network():
    """Bonusfelder: "für jede seiner mit dem Bonusfeld verbundenen Fabriken" """
    bonus = next(s for s, d in BOARD.spaces.items() if d["kind"] == "bonus")
    linked = BOARD.connected_factories(bonus)
    unlinked = next(s for s, d in BOARD.spaces.items() if d["kind"] == "factory" and s not in linked)
    state = owning(a_game(), bonus, 0, developed=True)
    owning(state, unlinked, 0, developed=True)
    owning(state, linked[0], 1, developed=True)
    assert scored(state)["bonus_spaces"] == 0
    owning(state, linked[0], 0, developed=True)
    assert scored(state)["bonus_spaces"] == BOARD.spaces[bonus]["vp_per_factory"]
    owning(state, bonus, 0, developed=False)
    assert scored(state)["bonus_spaces"] == 0


def test_unused_jokers_score_two_vp_each():
    """Unbenutzte Joker: "jeweils 2 Siegpunkte." """
    state = a_game()
    state.jokers[1] = ["?", "wood"]
    assert scored(state, 1)["unused_jokers"] == 4


def test_subsidy_gives_three_taler_once_and_costs_five_vp_at_the_end():
    """Subvention: "einmal im Spiel ... sofort 3 Taler aus der Kasse ... verliert er dafür
    5 Siegpunkte." Taking it does not end the turn."""
    state = a_game()
    money = state.money[0]
    state, _ = engine.apply(state, 0, {"action": "subsidy"})
    assert state.money[0] == money + 3 and state.subsidy[0] and engine.to_act(state) == [0]
    assert_coins_kept(state)
    with pytest.raises(IllegalMove, match="only once"):
        engine.apply(state, 0, {"action": "subsidy"})
    assert {"action": "subsidy"} not in engine.legal_moves(state, 0)
    assert scored(state)["subsidy"] == -5 and scored(state, 1)["subsidy"] == 0


def test_score_track_points_count_in_the_total():
    """Siegpunkte werden sofort auf der Zählleiste addiert."""
    state = with_money(a_game(), 0, 0, 0)
    state.vp = [7, 0, 0]
    assert scored(state)["during_play"] == 7 and final_scoring(state)["scores"][0] == 7


def test_ties_go_to_most_markers_on_the_board_then_most_money():
    """Spielende: "Bei Gleichstand gewinnt der Spieler mit den meisten ausliegenden
    Besitzmarkern. Gibt es immer noch einen Gleichstand, gewinnt der Spieler mit dem
    meisten Geld." """
    state = with_money(a_game(seats=4), 2, 2, 1, 2)
    owning(state, next(s for s, d in BOARD.spaces.items() if d["kind"] == "technology"), 1,
           developed=True)
    result = final_scoring(state)
    assert result["scores"] == [0, 0, 0, 0]
    assert result["ranking"] == [[1], [0, 3], [2]]
