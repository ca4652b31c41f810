"""SPIELABLAUF, PHASE ZWEI (turn order), PHASE DREI (interest), SPIELENDE."""
from __future__ import annotations

from tests.games.age_of_industry.builders import (ENGINE, a_game, build, play, refused,
                                                  with_hand, with_money)

DRAW = {"action": "draw", "face_up": [], "deck": 2}


def test_first_round_one_action_each():
    """In der ersten Spielrunde führen alle Spieler nur eine Aktion aus."""
    state = play(a_game(round_no=1), 0, DRAW)
    assert ENGINE.to_act(state) == [1]


def test_two_actions_per_turn():
    """Jeder Spieler muss zwei Aktionen ausführen."""
    state = play(a_game(), 0, DRAW)
    assert ENGINE.to_act(state) == [0] and state.actions_left == 1
    state = play(state, 0, DRAW)
    assert ENGINE.to_act(state) == [1]


def test_combined_actions_build_anywhere_with_any_card():
    """Zwei Aktionen zu einer kombinieren: in einem Feld seiner Wahl mit einer beliebigen Karte."""
    state = with_money(with_hand(a_game(), 0, "port"), 0, 10)
    state.tiles["essen.3"] = {"owner": 0, "industry": "cotton_mill", "level": 1, "flipped": False, "cubes": 0}
    state.players[0].display["cotton_mill"].pop(0)
    move = build("muenchen.1", "cotton_mill", "port")
    assert refused(state, 0, move)                      # a port card alone cannot
    state = play(state, 0, {**move, "combined": True})
    assert state.tiles["muenchen.1"]["owner"] == 0 and ENGINE.to_act(state) == [1]


def test_combined_build_needs_a_full_two_action_turn():
    """ZWEI AKTIONEN ZU EINER KOMBINIEREN: "statt zwei Aktionen nur eine auszuführen"; the
    combined build costs both actions, so it is refused in the first round ("in der alle
    Spieler nur eine Aktion ausführen") and after the turn's first action."""
    move = build("koeln.1", "cotton_mill", "port", combined=True)
    state = with_money(with_hand(a_game(round_no=1), 0, "port"), 0, 10)
    assert "both actions" in refused(state, 0, move).reason
    state = with_money(with_hand(a_game(), 0, "port"), 0, 10)
    assert play(state, 0, move).tiles["koeln.1"]["owner"] == 0
    state = play(state, 0, DRAW)
    assert "both actions" in refused(state, 0, move).reason


def test_new_turn_order_least_spent_first():
    """BEISPIEL: Gelb baut für 4 $, Rot für 2 $: in der nächsten Runde ist Rot vor Gelb."""
    yellow, red, other = 0, 1, 2
    state = a_game(round_no=1)
    with_money(with_hand(state, yellow, "cotton_mill"), yellow, 4)
    with_money(with_hand(state, red, "iron_works"), red, 2)
    state = play(state, yellow, build("koeln.1", "cotton_mill", "cotton_mill"))
    state = play(state, red, build("berlin.1", "iron_works", "iron_works"))
    assert [state.players[s].spent for s in (yellow, red)] == [4, 2]
    state = play(state, other, DRAW)
    assert state.order == [other, red, yellow]
    assert all(p.spent == 0 for p in state.players)


def test_new_turn_order_ties_keep_order():
    """Bei Gleichstand bleibt die relative Reihenfolge bestehen."""
    state = a_game(round_no=1)
    state.order = [2, 0, 1]
    for seat in (2, 0, 1):
        state = play(state, seat, DRAW)
    assert state.order == [2, 0, 1]


def test_interest_one_dollar_per_loan_at_the_end_of_the_round():
    """PHASE DREI: KREDITZINSEN ZAHLEN: "Jeder Spieler muss nun 1 $ Zinsen für jeden seiner
    noch offenen 10 $ Kredite an die Bank zahlen", once a round, after the new turn order
    (the rule's own phase; KREDITE's "Zum Ende seines Spielzuges" is not a second charge).
    Interest is not money spent in the actions, so it does not move the turn order."""
    state = a_game(round_no=1)
    for _ in range(2):
        state = play(state, 0, {"action": "loan"})
    state = play(state, 0, DRAW)
    assert state.players[0].money == 20, "no interest at the end of the turn"
    for seat in (1, 2):
        state = play(state, seat, DRAW)
    state = play(state, 0, {"action": "keep_loans"})
    assert state.players[0].money == 18 and state.players[0].loans == 2
    assert state.order == [0, 1, 2] and state.round == 2


def test_repay_any_time_in_the_round_before_the_interest():
    """KREDITE: "Die Spieler können jederzeit während einer Spielrunde Kredite
    zurückzahlen." Money earned after one's own turn (here seat 0's mine, emptied in
    seat 1's turn) may still repay a loan before phase three's interest; seats without
    a loan or without $10 are not asked."""
    state = a_game(round_no=1)
    with_money(with_hand(state, 1, "cotton_mill"), 1, 10)
    state.players[1].display["cotton_mill"] = [2]
    state.tiles["essen.1"] = {"owner": 0, "industry": "coal_mine", "level": 1, "flipped": False, "cubes": 1}
    state.supply["coal"] -= 1
    state = play(play(state, 0, {"action": "loan"}), 0, DRAW)
    state.players[0].money, state.bank = 6, state.bank + 4
    state = play(state, 1, build("essen.3", "cotton_mill", "cotton_mill"))
    assert state.players[0].money == 10, "the emptied mine paid seat 0 in seat 1's turn"
    state = play(state, 2, DRAW)
    assert ENGINE.to_act(state) == [0] and state.repaying == [0]
    assert {m["action"] for m in ENGINE.legal_moves(state, 0)} == {"repay", "keep_loans"}
    assert refused(state, 0, DRAW) and refused(state, 1, {"action": "repay"})
    kept = play(state, 0, {"action": "keep_loans"})
    assert kept.round == 2 and kept.players[0].money == 9 and kept.players[0].loans == 1
    state = play(state, 0, {"action": "repay"})
    assert state.round == 2 and state.players[0].money == 0 and state.players[0].loans == 0
    assert state.order == [0, 2, 1] and ENGINE.to_act(state) == [0]


def test_interest_loan_taken_to_pay_it_pays_none():
    """Wer dafür einen neuen Kredit aufnehmen muss, zahlt für diesen keine Zinsen."""
    state = a_game(round_no=1)
    state = play(state, 0, {"action": "loan"})
    state.players[0].money, state.bank = 0, state.bank + 10    # spent it all elsewhere
    for seat in (0, 1, 2):
        state = play(state, seat, DRAW)
    assert state.players[0].loans == 2 and state.players[0].money == 9


def test_game_ends_after_the_round_deck_empty_and_a_hand_empty():
    """Ende der Runde, in der der Stapel leer ist und ein Spieler keine Karte hat;
    die offenen Karten zählen nicht zum Stapel."""
    state = a_game(round_no=3)
    state.discard.extend(state.deck[2:])
    state.deck = state.deck[:2]
    with_hand(state, 1, *state.deck[:2])
    assert state.face_up
    state = play(state, 0, {"action": "pass"})
    state = play(state, 0, {"action": "pass"})
    assert ENGINE.result(state) is None, "the round is not over yet"
    for _ in range(2):
        state = play(state, 1, {"action": "pass", "card": state.players[1].hand[0]})
    state = play(play(state, 2, {"action": "pass"}), 2, {"action": "pass"})
    assert ENGINE.result(state) is not None and state.face_up


def test_game_goes_on_while_cards_remain_in_the_deck():
    """The end needs the deck empty too."""
    state = a_game(round_no=3)
    with_hand(state, 0, "brown", "port")
    state = play(play(state, 0, {"action": "pass", "card": "brown"}), 0, {"action": "pass", "card": "port"})
    for seat in (1, 2):
        state = play(play(state, seat, DRAW), seat, DRAW)
    assert any(not p.hand for p in state.players) and state.deck
    assert ENGINE.result(state) is None and state.round == 4


def test_turn_order_example_most_spent_last_ties_keep_order():
    """BEISPIEL: Gelb gibt am meisten aus und wird Letzter, Rot Vorletzter; Blau und Grün
    haben gleich viel ausgegeben und behalten ihre relative Position."""
    yellow, red, blue, green = range(4)
    state = a_game(players=4, round_no=1)
    for seat, spent in ((yellow, 9), (red, 5), (blue, 2), (green, 2)):
        state.players[seat].spent = spent
        state = play(state, seat, DRAW)
    assert state.order == [blue, green, red, yellow]
