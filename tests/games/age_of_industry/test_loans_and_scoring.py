"""KREDITE and SPIELSIEGER."""
from __future__ import annotations

from service.games.age_of_industry.scoring import final_scoring, rail_income, result
from tests.games.age_of_industry.builders import (ENGINE, a_game, play, refused, with_hand, with_money,
                                                  with_rail, with_tile)


def test_loan_ten_dollars_at_any_time_in_turn():
    """Für jeden Kredit erhält man 10 $; er verbraucht keine Aktion."""
    state = play(a_game(), 0, {"action": "loan"})
    assert state.players[0].money == 10 and state.players[0].loans == 1
    assert state.actions_left == 2 and state.players[0].spent == 0
    assert refused(state, 1, {"action": "loan"})


def test_repay_at_face_value_not_counted_as_spent():
    """KREDITE: "Kredite zurückzahlen, und zwar genau für den Kreditwert." Repaying is no
    action, and DIE KOSTEN NICHT VERGESSEN counts only "alles in den beiden Aktionen
    ausgegebene Geld" for the turn order."""
    state = play(a_game(), 0, {"action": "loan"})
    state = play(state, 0, {"action": "repay"})
    assert state.players[0].money == 0 and state.players[0].loans == 0
    assert state.players[0].spent == 0 and state.actions_left == 2
    assert refused(state, 0, {"action": "repay"})


def test_loan_at_any_time_also_in_a_turn_that_passes():
    """KREDITE: "Man kann jederzeit, wenn man Geld braucht, einen oder mehrere Kredite
    aufnehmen": unlike Ultimate Railroads' coal (only beside a regular action), a loan is
    no action and binds the turn to none: a seat may take one and then pass (AKTION
    PASSEN: discard a card), and the loan stays."""
    state = a_game(round_no=1)
    card = state.deck[0]
    with_hand(state, 0, card)
    state = play(state, 0, {"action": "loan"})
    assert {"action": "pass", "card": card} in ENGINE.legal_moves(state, 0)
    state = play(state, 0, {"action": "pass", "card": card})
    assert state.players[0].loans == 1 and state.players[0].money == 10 and state.players[0].hand == []
    assert ENGINE.to_act(state) == [1]


def test_loans_only_by_the_seat_to_act():
    """KREDITE: "jederzeit, wenn man Geld braucht": a player pays only in his own turn (and
    phase three takes the loans its interest needs), so a loan is taken by the seat to
    act; another seat repays only before the interest (test_flow: repay any time in the
    round); the platform lets no other seat move (DESIGN.md: to_act)."""
    state = play(a_game(), 0, {"action": "loan"})
    state.players[1].loans, state.players[1].money, state.bank = 1, 10, state.bank - 10
    assert refused(state, 1, {"action": "loan"}) and refused(state, 1, {"action": "repay"})
    assert ENGINE.legal_moves(state, 1) == []


def finished(state):
    state.finished = True
    return state


def test_rail_income_two_plus_occupied_spaces_at_both_ends():
    """Jedes Eisenbahnplättchen: 2 $ plus besetzte Felder zu beiden Seiten, umgedreht oder
    nicht; ein Marktfeld und eine Ansiedlung zählen als besetzt."""
    state = a_game()
    with_tile(state, "berlin.1", 0, "cotton_mill", flipped=True)
    with_tile(state, "berlin.2", 1, "iron_works")
    with_tile(state, "poland.1", 1, "coal_mine")
    with_rail(state, "berlin-poland", 0)
    assert rail_income(state, "berlin-poland") == 2 + 2 + 2       # poland: tile + market
    with_rail(state, "frankfurt-fulda", 0)
    assert rail_income(state, "frankfurt-fulda") == 2 + 0 + 1     # fulda: settlement


def test_final_scoring_income_loans_money_levels():
    """Bahneinkommen, Kredite zurück, je 5 $ ein Punkt (Rest verfällt), Stufen als Punkte,
    -5 je offenem Kredit."""
    state = a_game()
    with_tile(state, "berlin.1", 0, "cotton_mill", level=3, flipped=True)
    with_tile(state, "kiel.1", 0, "port", level=2)
    with_rail(state, "hamburg-berlin", 0)                  # 2 + 0 + 1 = $3
    with_money(state, 0, 9)
    state.players[0].loans = 1
    with_money(state, 1, 4)
    state.players[1].loans = 2
    final_scoring(state)
    assert state.players[0].money == 2 and state.players[0].loans == 0
    scores = result(finished(state))["scores"]
    assert scores[0] == 0 + 5 and scores[1] == 0 - 10 and scores[2] == 0


def test_ties_go_to_the_earlier_player_in_turn_order():
    """Bei Gleichstand gewinnt, wer in der Spielerreihenfolge weiter vorne steht."""
    state = finished(a_game())
    state.order = [2, 0, 1]
    assert result(state)["ranking"] == [[2], [0], [1]]


def test_game_end_scoring_runs_once_at_the_end():
    """The rail income is paid when the game ends, not before."""
    state = a_game(round_no=3)
    state.discard, state.deck = state.deck, []
    with_tile(state, "koeln.1", 0, "cotton_mill")
    with_rail(state, "koeln-essen", 0)
    for seat in (0, 1, 2):
        state = play(play(state, seat, {"action": "pass"}), seat, {"action": "pass"})
    assert ENGINE.result(state)["details"]["money"][0] == 2 + 1 + 0
