"""Phase 3. Auktion."""
import pytest

from service.games.base import IllegalMove
from service.games.industry.board import BOARD
from service.games.industry.markers import available_spaces
from tests.games.industry.builders import (
    a_game, assert_coins_kept, engine, find, play, with_money)



def offered(state):
    return play(state, f"auction {non_joker(state)}")


def non_joker(state):
    return next(s for s in available_spaces(state) if BOARD.spaces[s]["kind"] != "joker")


def test_auctioneer_chooses_one_of_the_available_spaces():
    """Phase 3: available = epoch marker's row x a face-up area marker's column."""
    state = a_game()
    assert engine.to_act(state) == [state.start_player]
    spaces = [m["space"] for m in engine.legal_moves(state, 0) if m["action"] == "auction"]
    assert spaces == [f"1{c}" for c in state.face_up] and len(spaces) == 3
    unavailable = next(f"1{c}" for c in "ABCDEFGHIJKL" if c not in state.face_up)
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, 0, {"action": "auction", "space": unavailable})
    assert refused.value.field == "space" and refused.value.rule == "Phase 3. Auktion"


def test_each_other_seat_bids_once_from_the_auctioneers_left():
    """Phase 3: "Reihum, beginnend links vom Auktionator, darf jeder Spieler - außer er
    selbst - genau ein Gebot machen oder passen." """
    state = offered(a_game(seats=4))
    order = []
    for _ in range(3):
        order.append(engine.to_act(state)[0])
        state = play(state, "pass" if order[-1] != 2 else "bid 1")
    assert order == [1, 2, 3]
    assert engine.to_act(state) == [0]
    assert {m["action"] for m in engine.legal_moves(state, 0)} == {"sell", "claim", "subsidy"}


def test_bid_must_be_higher_than_the_last():
    """Phase 3: "Ein Gebot muss immer höher sein als das vorhergehende." """
    state = play(offered(with_money(a_game(), 5, 5, 5)), "bid 3")
    with pytest.raises(IllegalMove, match="higher than 3"):
        engine.apply(state, 2, {"action": "bid", "amount": 3})
    assert [m["amount"] for m in engine.legal_moves(state, 2) if m["action"] == "bid"] == [4, 5]


def test_bid_never_more_than_own_money():
    """Weiteres zu den Auktionen: "Man darf nur so viele Taler bieten, wie man auch
    bezahlen kann." """
    state = offered(with_money(a_game(), 5, 2, 5))
    with pytest.raises(IllegalMove, match="more than your 2"):
        engine.apply(state, 1, {"action": "bid", "amount": 3})
    assert [m for m in engine.legal_moves(state, 1) if m["action"] == "bid"] == [
        {"action": "bid", "amount": 1}, {"action": "bid", "amount": 2}]


def test_sell_gives_the_space_to_the_high_bidder_and_the_auctioneer_stays():
    """Phase 3: "Er überlässt das Feld dem Höchstbietenden und kassiert dafür den
    gebotenen Betrag von ihm. Er bleibt Auktionator" """
    state = with_money(a_game(), 5, 5, 5)
    space = non_joker(state)
    state = play(state, f"auction {space}", "bid 2", "bid 4", "sell")
    assert state.owned[space] == {"seat": 2, "epoch": 1, "developed": False}
    assert state.money == [9, 5, 1]
    assert state.auctioneer == 0 and engine.to_act(state) == [0]
    assert_coins_kept(state)


@pytest.mark.parametrize("seats,bid,money_after", [
    (3, 5, [1, 7, 7]),        # 1 each to seats 1, 2, himself, then 1 each to 1, 2
    (4, 2, [3, 6, 6, 5]),     # 1 each to seats 1, 2
    (4, 4, [2, 6, 6, 6])])    # 1 each to seats 1, 2, 3, himself
def test_claim_pays_one_taler_at_a_time_clockwise_from_the_left_himself_included(seats, bid, money_after):
    """Phase 3: "Reihum, beginnend links von ihm, bezahlt er jeweils 1 Taler an jeden
    Spieler - auch an sich selbst - solange, bis er den vollen Preis erreicht hat." """
    state = with_money(a_game(seats=seats), *[5] * seats)
    space = non_joker(state)
    state = play(state, f"auction {space}", f"bid {bid}", *["pass"] * (seats - 2), "claim")
    assert state.owned[space]["seat"] == 0
    assert state.money == money_after
    assert state.auctioneer == 1 and state.start_player == 0
    assert_coins_kept(state)


def test_claim_pays_out_taler_by_taler_so_the_taler_to_himself_stays_in_hand():
    """Phase 3: "muss dafür soviel bezahlen, wie das Höchstgebot war. Reihum ... bezahlt er
    jeweils 1 Taler an jeden Spieler - auch an sich selbst": with 4 Taler he pays a top
    bid of 5 (seat 1, seat 2, himself, seat 1, seat 2)."""
    state = play(offered(with_money(a_game(), 4, 5, 5)), "bid 5", "pass")
    assert {"action": "claim"} in engine.legal_moves(state, 0)
    state = play(state, "claim")
    assert state.money == [0, 7, 7] and state.auctioneer == 1
    assert_coins_kept(state)


@pytest.mark.parametrize("money,bid", [((2, 5, 5), 3), ((1, 5, 5), 2), ((0, 5, 5), 1)])
def test_claim_refused_when_a_taler_falls_due_that_he_does_not_hold(money, bid):
    """Phase 3: each payment hands over 1 Taler; with 2 Taler and a bid of 3 he has none
    left for the third payment (to himself), with 1 Taler none for the second."""
    state = play(offered(with_money(a_game(), *money)), f"bid {bid}", "pass")
    assert {"action": "claim"} not in engine.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="run out first"):
        engine.apply(state, 0, {"action": "claim"})


def test_no_bid_means_the_auctioneer_must_take_the_space_for_free():
    """Kein Gebot: "muss der Auktionator das Feld selbst in Anspruch nehmen und bezahlt
    nichts dafür." Then his left neighbour auctions."""
    state = a_game()
    space = non_joker(state)
    money = list(state.money)
    state = play(state, f"auction {space}", "pass", "pass")
    assert state.owned[space]["seat"] == 0 and state.money == money
    assert state.auctioneer == 1 and engine.to_act(state) == [1] and state.start_player == 0


def test_joker_goes_to_the_winners_supply_without_a_marker():
    """Ein Feld beanspruchen: "Bei einem Feld mit Joker nimmt der Spieler nur den Joker ...
    und legt keinen Besitzmarker auf das Feld." """
    state = a_game()
    joker = find("joker", epoch=1)
    state.face_up = sorted(set(state.face_up) | {joker[1]})
    if joker[1] in state.bag:
        state.bag.remove(joker[1])
    state = play(state, f"auction {joker}", "pass", "pass")
    assert joker not in state.owned and joker in state.auctioned
    assert state.jokers[0] == [BOARD.spaces[joker]["joker"]]


def test_area_marker_is_turned_face_down_after_its_auction():
    """Ein Feld beanspruchen: "Anschließend wird der zugehörige Bereichsmarker umgedreht." """
    state = a_game()
    space = non_joker(state)
    state = play(state, f"auction {space}", "pass", "pass")
    assert space[1] in state.face_down and space not in available_spaces(state)


def test_former_auctioneer_may_bid_and_win_several_spaces():
    """Weiteres zu den Auktionen: "Ein Spieler kann in einer Runde mehrere Felder
    ersteigern. Der ehemalige Auktionator darf ... mitbieten." """
    state = with_money(a_game(), 5, 5, 5)
    state = play(state, f"auction {non_joker(state)}", "pass", "pass")
    state = play(state, f"auction {non_joker(state)}", "pass", "bid 1", "sell")
    assert len(state.owned_by(0)) == 2 and state.auctioneer == 1


def test_development_follows_when_every_available_space_is_auctioned():
    """Phase 3: "Wenn alle verfügbaren Felder versteigert wurden, endet die Phase." """
    state = a_game()
    for _ in range(3):
        state = play(state, f"auction {available_spaces(state)[0]}", "pass", "pass")
    assert state.phase == "development" and state.developer == state.start_player


def test_a_seat_with_a_single_legal_move_makes_it_without_being_asked():
    """Engine convenience: a bidder without money and without subsidy can only pass."""
    state = with_money(a_game(), 5, 0, 5)
    state.subsidy = [True, True, True]
    state = offered(state)
    assert engine.to_act(state) == [2]


def test_development_starts_with_the_start_player_not_the_last_auctioneer():
    """Phase 4: "Beginnend beim Startspieler"; claiming or a space taken without a bid
    hands the gavel on, "Den Startspielermarker behält er jedoch!" """
    state = with_money(a_game(), 9, 9, 9)
    state = play(state, f"auction {non_joker(state)}", "pass", "pass")
    assert state.auctioneer == 1
    for _ in range(2):
        state = play(state, f"auction {available_spaces(state)[0]}", "pass", "bid 1", "sell")
    assert state.phase == "development" and state.developer == 0 == state.start_player
