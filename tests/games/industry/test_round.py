"""Spielvorbereitung; Spielablauf: Phase 1, 2, 5; Epochenwechsel; Spielende (timing)."""
import pytest

from service.games.industry.board import BOARD
from service.games.industry.flow import begin_round, end_round
from service.games.industry.markers import draw_area_markers, markers_per_round
from service.games.industry.schema import COLUMNS
from service.games.industry.state import COINS_TOTAL
from tests.games.industry.builders import a_game, assert_coins_kept, at_development, engine, owning


@pytest.mark.parametrize("seats", [3, 4])
def test_setup_four_taler_each_jokers_on_board_markers_in_bag_epoch_1(seats):
    """Spielvorbereitung: epoch marker on 1, jokers on their spaces, markers in the bag,
    4 Taler each; then round 1 starts (income 1 Taler, one marker per seat)."""
    state = engine.setup({"recommended_marker_counts": False}, seats, seed=7)
    public = engine.view(state, None)["public"]
    assert state.epoch == 1 and state.round == 1 and state.start_player == 0
    assert len(public["jokers_on_board"]) == 7 and state.jokers == [[]] * seats
    coin_bonus = sum(1 for c in state.face_up if c in BOARD.coin_columns)
    assert state.money == [4 + 1 + coin_bonus] * seats
    assert len(state.face_up) == seats and len(state.bag) == 12 - seats
    assert sorted(state.bag + state.face_up) == list(COLUMNS)
    assert state.vp == [0] * seats and state.subsidy == [False] * seats
    assert sum(state.money) + state.kasse == COINS_TOTAL


def test_income_one_taler_each():
    """Phase 1. Einnahmen: "Jeder bekommt 1 Taler aus der Kasse." """
    state = a_game()
    state.bag = [c for c in state.bag if c not in BOARD.coin_columns]
    before = list(state.money)
    begin_round(state, [])
    assert state.money == [m + 1 for m in before]
    assert_coins_kept(state)


def test_one_area_marker_per_seat_is_drawn():
    """Phase 2: "Pro Spieler wird ein Bereichsmarker aus dem Beutel gezogen" """
    state = a_game(seats=4)
    state.face_up, state.bag = [], list(COLUMNS)
    draw_area_markers(state, [])
    assert len(state.face_up) == 4 and len(state.bag) == 8


def test_coin_symbol_pays_every_seat_one_taler():
    """Phase 2: "Wenn der gezogene Bereichsmarker ein Taler-Symbol zeigt, bekommt außerdem
    jeder Spieler sofort 1 Taler aus der Kasse." """
    state = a_game()
    coin, plain = sorted(BOARD.coin_columns)[0], next(c for c in COLUMNS if c not in BOARD.coin_columns)
    before = list(state.money)
    state.face_up, state.bag = [], [coin]
    draw_area_markers(state, [])
    assert state.money == [m + 1 for m in before]
    state.face_up, state.bag = [], [plain]
    draw_area_markers(state, [])
    assert state.money == [m + 1 for m in before]
    assert_coins_kept(state)


def test_bag_is_refilled_when_empty():
    """Phase 2: "Wenn zu Beginn dieser Phase der Beutel leer ist, kommen alle
    Bereichsmarker in den Beutel." """
    state = a_game()
    state.face_up, state.bag, state.face_down = [], [], list(COLUMNS)
    draw_area_markers(state, [])
    assert len(state.bag) == 9 and state.face_down == []


@pytest.mark.parametrize("seats,epoch,default,recommended", [
    (3, 3, 3, 3), (3, 4, 3, 4), (3, 5, 3, 4), (4, 4, 4, 4), (4, 5, 4, 3)])
def test_recommended_marker_counts_for_late_epochs(seats, epoch, default, recommended):
    """Phase 2, Empfehlung: 3 players 4 markers in epochs 4 and 5; 4 players 3 in epoch 5."""
    plain, option = a_game(seats=seats), a_game(seats=seats, recommended_marker_counts=True)
    plain.epoch = option.epoch = epoch
    assert (markers_per_round(plain), markers_per_round(option)) == (default, recommended)


def test_start_player_marker_passes_to_the_left_after_the_round():
    """Phase 5. Neuer Startspieler: "wandert der Startspielermarker zum linken Nachbarn" """
    state = at_development(a_game(seats=4), seat=3)
    end_round(state, [])
    assert state.start_player == 0 and state.auctioneer == 0 and state.round == 2


def test_development_goes_round_from_the_start_player():
    """Phase 4: "Beginnend beim Startspieler darf nun jeder der Reihe nach ..." """
    state = at_development(a_game(), seat=1)
    order = []
    while state.phase == "development":
        order.append(state.developer)
        state, _ = engine.apply(state, state.developer, {"action": "done"})
    assert order == [1, 2, 0] and state.start_player == 2


def test_epoch_changes_after_the_round_in_which_all_12_spaces_were_auctioned():
    """Epochenwechsel: "wenn alle 12 Felder einer Epoche versteigert worden sind, kommt es
    am Ende der Runde zu einem Epochenwechsel." """
    state = at_development(a_game(), seat=0)
    state.auctioned = [f"1{c}" for c in COLUMNS[:11]]
    end_round(state, [])
    assert state.epoch == 1
    state = at_development(state, seat=0)
    state.auctioned.append("1L")
    end_round(state, [])
    assert state.epoch == 2


@pytest.mark.parametrize("seats,option,rounds", [
    (3, False, [4, 4, 4, 4, 4]), (4, False, [3, 3, 3, 3, 3]),
    (3, True, [4, 4, 4, 3, 3]), (4, True, [3, 3, 3, 3, 4])])
def test_twelve_spaces_per_epoch_and_the_game_ends_after_epoch_5(seats, option, rounds):
    """Spielablauf: an epoch change after every 3rd (4 players) or 4th (3 players) round;
    with the recommended counts the late epochs take fewer or more rounds. After the
    fifth epoch the game ends."""
    state = a_game(seats=seats, recommended_marker_counts=option)
    state.subsidy = [True] * seats
    seen = set()
    while state.phase != "over":
        seen.add((state.round, state.epoch))
        seat = engine.to_act(state)[0]
        if state.phase == "development":
            move = {"action": "done"}
        elif state.auction is None:
            move = {"action": "auction", "space": f"{state.epoch}{state.face_up[0]}"}
        else:
            move = {"action": "pass"}
        state, _ = engine.apply(state, seat, move)
    assert [sum(1 for _, e in seen if e == epoch) for epoch in range(1, 6)] == rounds
    assert sorted(state.auctioned) == sorted(BOARD.spaces)
    assert engine.result(state) is not None and engine.to_act(state) == []


def test_undeveloped_markers_are_removed_at_the_end():
    """Spielende: "Zunächst werden alle Besitzmarker abgeräumt, bei denen noch das
    „Uhr“-Symbol sichtbar ist." """
    state = at_development(a_game(), seat=0, epoch=5)
    owning(state, "1D", 0, developed=True)
    owning(state, "1E", 1, developed=False)
    state.auctioned = sorted(BOARD.spaces)
    end_round(state, [])
    assert state.phase == "over" and set(state.owned) == {"1D"}
    assert state.final["tiebreak"][0]["markers"] == 1
