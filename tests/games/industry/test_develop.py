"""Phase 4. Entwicklung: build cost, the two developments, VP on development."""
import pytest

from service.games.base import IllegalMove
from service.games.industry.board import BOARD
from service.games.industry.develop import build_cost
from tests.games.industry.builders import (
    a_game, assert_coins_kept, at_development, engine, find, owning, with_money)

FREE_FACTORY = find("factory", epoch=1, needs=[])
OTHER_FREE_FACTORY = find("factory", epoch=1, needs=[], skip=1)
THIRD_FREE_FACTORY = find("factory", epoch=1, needs=[], skip=2)


def developing(space, seat=0, epoch=None, won_in=None, money=(9, 9, 9)):
    state = with_money(at_development(a_game(), seat, epoch), *money)
    return owning(state, space, seat, epoch=won_in)


def develop_with_jokers(state, seat, space):
    """Develop paying every resource with a "?" joker."""
    state.jokers[seat] = ["?"] * len(BOARD.spaces[space]["needs"])
    move = next(m for m in engine.legal_moves(state, seat)
                if m.get("space") == space and set(m.get("supply", [])) <= {"joker?"})
    return engine.apply(state, seat, move)[0]


def develop(state, seat, space):
    return engine.apply(state, seat, {"action": "develop", "space": space})[0]


def test_developing_pays_the_build_cost_to_the_kasse_and_turns_the_marker():
    """Phase 4: "muss der auf dem Feld aufgedruckte Baupreis an die Kasse bezahlt werden";
    the marker is turned: the space is developed."""
    state = develop(developing(FREE_FACTORY), 0, FREE_FACTORY)
    assert state.money[0] == 9 - BOARD.spaces[FREE_FACTORY]["cost"]
    assert state.owned[FREE_FACTORY]["developed"]
    assert_coins_kept(state)


def test_up_to_two_developments_per_seat_then_the_next_seat():
    """Phase 4: "bis zu zwei seiner unentwickelten Felder" """
    state = developing(FREE_FACTORY)
    owning(state, OTHER_FREE_FACTORY, 0)
    owning(state, THIRD_FREE_FACTORY, 0)
    state = develop(state, 0, FREE_FACTORY)
    assert state.developer == 0
    state = develop(state, 0, OTHER_FREE_FACTORY)
    assert state.developer == 1 and not state.owned[THIRD_FREE_FACTORY]["developed"]


def test_only_own_undeveloped_spaces_are_developed():
    """Phase 4: "seiner unentwickelten Felder" """
    state = developing(FREE_FACTORY)
    owning(state, OTHER_FREE_FACTORY, 1)
    with pytest.raises(IllegalMove, match="own") as refused:
        develop(state, 0, OTHER_FREE_FACTORY)
    assert refused.value.field == "space"
    state = develop(state, 0, FREE_FACTORY)
    with pytest.raises(IllegalMove, match="developed already"):
        develop(state, 0, FREE_FACTORY)


def test_not_enough_money_means_no_development():
    """Phase 4: "Hat man nicht genügend Geld ... darf man das ... Feld nicht entwickeln." """
    space = max((s for s in BOARD.spaces.values() if s["kind"] == "factory" and not s["needs"]),
                key=lambda s: s["cost"])["id"]
    state = developing(space, money=(BOARD.spaces[space]["cost"] - 1, 9, 9))
    assert engine.legal_moves(state, 0) == [{"action": "done"}, {"action": "subsidy"}]
    with pytest.raises(IllegalMove, match="costs"):
        develop(state, 0, space)


@pytest.mark.parametrize("specials,discount", [(["bank"], 1), (["stock_exchange"], 1),
                                               (["bank", "stock_exchange"], 2)])
def test_bank_and_stock_exchange_lower_later_build_costs(specials, discount):
    """Besondere Fabriken: "verringern sich alle weitere Baukosten um jeweils 1 Taler.
    Besitzt er beide, ... um 2 Taler." Never below 0, nothing paid out."""
    state = developing(FREE_FACTORY)
    for special in specials:
        owning(state, find("factory", special=special), 0, developed=True)
    for space in (s for s in BOARD.spaces.values() if s["kind"] in ("factory", "bonus")):
        assert build_cost(state, 0, space["id"]) == max(0, space["cost"] - discount)
    assert build_cost(state, 1, FREE_FACTORY) == BOARD.spaces[FREE_FACTORY]["cost"]


def test_technologies_cost_nothing():
    """Phase 4: "Technologien haben keinen Baupreis, man darf sie kostenlos entwickeln" """
    tech = find("technology", epoch=1)
    state = developing(tech)
    assert build_cost(state, 0, tech) == 0


def test_technology_only_in_the_epoch_it_was_won():
    """Entwickeln und Siegpunkte erhalten, Technologie: "darf nur in der Epoche entwickelt
    werden, in der sie auch ersteigert wurde." """
    tech = find("technology", epoch=1)
    state = developing(tech, epoch=2, won_in=1, money=(0, 0, 0))
    state.jokers[0] = ["?", "?"]
    assert not [m for m in engine.legal_moves(state, 0) if m["action"] == "develop"]
    with pytest.raises(IllegalMove, match="only be developed in epoch 1"):
        develop(state, 0, tech)


def test_technology_scores_its_vp_when_developed():
    """Entwickeln und Siegpunkte erhalten: the VP in the cog go on the score track."""
    tech = max((s for s in BOARD.spaces.values() if s["kind"] == "technology" and s["epoch"] == 1),
               key=lambda s: s["vp"])
    state = develop_with_jokers(developing(tech["id"]), 0, tech["id"])
    assert state.vp[0] == tech["vp"] > 0


@pytest.mark.parametrize("won_in,epoch,scores", [(1, 1, True), (1, 2, False)])
def test_factory_scores_only_in_the_epoch_it_was_won(won_in, epoch, scores):
    """Fabrik: "Man bekommt die Siegpunkte nur, wenn man die Fabrik in der gleichen
    Epoche entwickelt, in der man sie ersteigert hat." """
    factory = next(s for s in BOARD.spaces.values()
                   if s["kind"] == "factory" and s["epoch"] == 1 and s["vp"] > 0)
    state = developing(factory["id"], epoch=epoch, won_in=won_in)
    state = develop_with_jokers(state, 0, factory["id"])
    assert state.vp[0] == (factory["vp"] if scores else 0)


def test_bonus_space_gives_no_vp_when_developed_in_any_epoch():
    """Bonusfeld: "Dafür bekommt man erst bei Spielende Siegpunkte. Es ist egal, in welcher
    Epoche es entwickelt wird." """
    bonus = find("bonus", epoch=1)
    state = develop_with_jokers(developing(bonus, epoch=3, won_in=1), 0, bonus)
    assert state.owned[bonus]["developed"] and state.vp[0] == 0


def test_done_ends_the_seats_development():
    """Phase 4: up to two: a seat may stop at none."""
    state = developing(FREE_FACTORY)
    state, _ = engine.apply(state, 0, {"action": "done"})
    assert state.developer == 1 and not state.owned[FREE_FACTORY]["developed"]


def test_bank_lowers_only_the_build_costs_after_it_not_its_own_nor_resources():
    """Besondere Fabriken: "verringern sich alle weitere Baukosten": the bank's own build
    cost is paid in full; a resource bought afterwards still costs 1 Taler."""
    bank = find("factory", special="bank")
    data = BOARD.spaces[bank]
    state = developing(bank, epoch=data["epoch"], money=(20, 9, 9))
    seller = find("factory", produces=data["needs"][0])
    later = next(f for f in (FREE_FACTORY, OTHER_FREE_FACTORY) if f != seller)
    owning(state, seller, 1, developed=True)
    owning(state, later, 0)
    state = develop(state, 0, bank)
    assert state.money[0] == 20 - data["cost"] - 1 and state.money[1] == 10
    state = develop(state, 0, later)
    assert state.money[0] == 20 - data["cost"] - 1 - max(0, BOARD.spaces[later]["cost"] - 1)
