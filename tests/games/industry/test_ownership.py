"""Phase 3, Ein Feld beanspruchen: ownership markers, 24 per seat (Spielmaterial)."""
import pytest

from service.games.base import IllegalMove
from service.games.industry.board import BOARD
from service.games.industry.markers import available_spaces
from service.games.industry.state import OWNERSHIP_MARKERS
from tests.games.industry.builders import (
    a_game, assert_coins_kept, engine, find, play, with_money, without_markers)
from tests.games.industry.golden import GAMES, read


def offering(state, joker=False):
    """The auctioneer (seat 0) offers an available space, a joker space if asked."""
    if joker:
        space = find("joker", epoch=1)
        state.face_up = sorted(set(state.face_up) | {space[1]})
        state.bag = [c for c in state.bag if c != space[1]]
    else:
        space = next(s for s in available_spaces(state) if BOARD.spaces[s]["kind"] != "joker")
    return play(state, f"auction {space}"), space


def test_a_seat_has_23_markers_for_the_board_and_each_won_space_takes_one():
    """Spielmaterial: "96 Besitzmarker (24 pro Spieler ...)"; Spielvorbereitung: one of
    them goes on the score track. "Der Gewinner einer Auktion legt einen Besitzmarker aus
    seinem Vorrat auf das gerade ersteigerte Feld"; a joker takes none."""
    state = a_game()
    assert engine.view(state, None)["public"]["markers_left"] == [23, 23, 23]
    state, space = offering(state)
    state = play(state, "pass", "pass")
    assert state.owned[space]["seat"] == 0 and state.markers_left(0) == 22
    state, joker = offering(a_game(), joker=True)
    state = play(state, "pass", "pass")
    assert state.jokers[0] and state.markers_left(0) == 23


def test_a_seat_without_a_marker_left_cannot_bid_for_a_space():
    """PROVISIONAL (the rulebook is silent): no marker in the supply, no space won, so no
    bid for one ("Man darf nur so viele Taler bieten, wie man auch bezahlen kann")."""
    state = without_markers(with_money(a_game(), 5, 5, 5), seat=1)
    state, space = offering(state)
    assert engine.legal_moves(state, 1) == [{"action": "pass"}, {"action": "subsidy"}]
    with pytest.raises(IllegalMove, match="no ownership marker left") as refused:
        engine.apply(state, 1, {"action": "bid", "amount": 1})
    assert refused.value.field == "action"


def test_a_seat_without_a_marker_left_may_still_bid_for_a_joker():
    """Ein Feld beanspruchen: a joker space takes no marker."""
    state = without_markers(with_money(a_game(), 5, 5, 5), seat=1)
    state, joker = offering(state, joker=True)
    state = play(state, "bid 2", "pass", "sell")
    assert state.jokers[1] == [BOARD.spaces[joker]["joker"]]


def test_an_auctioneer_without_a_marker_left_cannot_claim_but_may_sell():
    """PROVISIONAL: claiming puts his marker on the space, so he needs one."""
    state = without_markers(with_money(a_game(), 5, 5, 5), seat=0)
    state, space = offering(state)
    state = play(state, "bid 2", "pass")
    assert engine.legal_moves(state, 0) == [{"action": "sell"}, {"action": "subsidy"}]
    with pytest.raises(IllegalMove, match="no ownership marker left"):
        engine.apply(state, 0, {"action": "claim"})
    state = play(state, "sell")
    assert state.owned[space]["seat"] == 1 and state.money[:2] == [7, 3]


def test_no_bid_and_no_marker_left_the_space_is_taken_but_stays_unowned():
    """Kein Gebot: the auctioneer "muss das Feld selbst in Anspruch nehmen"; PROVISIONAL:
    with no marker to put on it, the area marker is turned and the space stays unowned.
    His left neighbour auctions next."""
    state = without_markers(a_game(), seat=0)
    state, space = offering(state)
    state, events = engine.apply(state, 1, {"action": "pass"})
    state, events = engine.apply(state, 2, {"action": "pass"})
    assert space not in state.owned and space in state.auctioned and space[1] in state.face_down
    assert {"type": "won", "seat": 0, "space": space, "no_marker_left": True} in [
        {k: v for k, v in e.items() if k != "text"} for e in events]
    assert state.auctioneer == 1 and state.markers_left(0) == 0
    assert_coins_kept(state)


def test_recorded_game_in_which_a_seat_uses_up_its_markers():
    """Golden game three_seats_markers_run_out_seed_4: a seat puts its 23rd marker on the
    board, and from then on no seat ever has more than 23 there."""
    header, moves = read(GAMES / "three_seats_markers_run_out_seed_4.jsonl")
    state = engine.setup(header["options"], header["seats"], header["seed"])
    lowest = OWNERSHIP_MARKERS
    for seat, text in moves:
        state, _ = engine.apply(state, seat, engine.parse(text))
        if state.phase != "over":
            lowest = min(lowest, *(state.markers_left(s) for s in range(state.seats)))
            assert lowest >= 0
    assert lowest == 0 and engine.result(state) == header["result"]
