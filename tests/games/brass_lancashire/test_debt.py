"""RUNDENENDE 2: negative income, the forced sale of tiles and the VP penalty."""
from __future__ import annotations

import pytest

from service.games.base import IllegalMove
from service.games.brass_lancashire import flow
from service.games.brass_lancashire.income import HIGHEST_POSITION

from .builders import ENGINE, a_game, apply


def in_debt(money=1, level=-3):
    """Seat 0 has £1 and income -3; a level-1 mill (£12) and coal mine (£5) on the board."""
    g = (a_game(2).with_money(0, money).with_tile("bolton:0", 0, "cotton_mill")
         .with_tile("wigan:0", 0, "coal_mine"))
    g.state.income[0] = HIGHEST_POSITION[level]
    return g


def test_negative_income_is_paid_to_the_bank():
    g = in_debt(money=10)
    flow.collect_income(g.state)
    assert g.state.money[0] == 7 and g.state.pending == []


def test_forced_sale_is_a_turn_of_the_indebted_seat():
    """£1 against a £3 debt: seat 0 picks a tile to sell for half its cost."""
    g = in_debt()
    flow.collect_income(g.state)
    s = g.state
    assert s.pending == [{"kind": "forced_sale", "seat": 0, "debt": 3}] and ENGINE.to_act(s) == [0]
    assert sorted(m["tile"] for m in ENGINE.legal_moves(s, 0)) == ["bolton:0", "wigan:0"]
    s = apply(s, 0, "remove_tile wigan:0")      # £5 // 2 = £2: £3 pays the debt
    assert s.money[0] == 0 and s.pending == [] and s.board["wigan"][0] is None
    assert s.board["bolton"][0] is not None and s.boxed[0] == 1


def test_forced_sale_keeps_the_change():
    g = in_debt()
    flow.collect_income(g.state)
    s = apply(g.state, 0, "remove_tile bolton:0")    # £12 // 2 = £6: £7 - £3 = £4 kept
    assert s.money[0] == 4 and s.board["wigan"][0] is not None


def test_only_own_tiles_may_be_sold():
    g = in_debt().with_tile("manchester:0", 1, "coal_mine")
    flow.collect_income(g.state)
    with pytest.raises(IllegalMove, match="not one of your industry tiles"):
        apply(g.state, 0, "remove_tile manchester:0")


def test_unpaid_debt_costs_one_vp_per_pound():
    g = in_debt(money=1, level=-10)
    g.state.vp[0] = 7
    flow.collect_income(g.state)
    s = apply(g.state, 0, "remove_tile wigan:0")
    s = apply(s, 0, "remove_tile bolton:0")      # £1 + £2 + £6 = £9 of £10
    assert s.money[0] == 0 and s.vp[0] == 6 and s.pending == []


def test_vp_never_below_zero():
    g = a_game(2).with_money(0, 0)
    g.state.income[0] = HIGHEST_POSITION[-5]
    flow.collect_income(g.state)
    assert g.state.vp[0] == 0 and g.state.money[0] == 0 and g.state.pending == []
