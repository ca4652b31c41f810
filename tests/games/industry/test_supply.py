"""Phase 4, Beschaffung erforderlicher Rohstoffe: the four ways to get a resource."""
import pytest

from service.games.base import IllegalMove
from service.games.industry import supply
from service.games.industry.board import BOARD, board_from
from service.games.industry.schema import BANK_FROM_EPOCH, load_json
from service.games.industry.supply import sources
from tests.games.industry.builders import (
    a_game, assert_coins_kept, at_development, engine, find, owning, with_money)

# A space needing one resource, and the factory producing that resource.
NEEDY = next(s["id"] for s in sorted(BOARD.spaces.values(), key=lambda s: s["id"])
             if s["kind"] == "factory" and len(s["needs"]) == 1 and s["epoch"] == 2)
RESOURCE = BOARD.spaces[NEEDY]["needs"][0]
PRODUCER = find("factory", produces=RESOURCE)


def needing(epoch=2, money=(9, 9, 9, 9), seats=3):
    state = with_money(at_development(a_game(seats=seats), 0, epoch), *money[:seats])
    return owning(state, NEEDY, 0, epoch=epoch)


def develop_moves(state, seat=0):
    return [m for m in engine.legal_moves(state, seat) if m["action"] == "develop"]


def test_own_developed_factory_supplies_the_resource_free():
    """"Man selbst hat bereits entwickelte Fabriken, die die benötigten Rohstoffe
    produzieren - ... automatisch als entrichtet." """
    state = owning(needing(), PRODUCER, 0, developed=True)
    assert sources(state, 0, RESOURCE) == ["own"]
    assert develop_moves(state) == [{"action": "develop", "space": NEEDY}]
    state, _ = engine.apply(state, 0, develop_moves(state)[0])
    assert state.money[0] == 9 - BOARD.spaces[NEEDY]["cost"]


def test_buying_from_another_seats_factory_costs_one_taler_to_that_seat():
    """"Man zahlt dem Mitspieler 1 Taler ... Der Kauf darf nicht verweigert werden." """
    state = owning(needing(), PRODUCER, 1, developed=True)
    assert sources(state, 0, RESOURCE) == ["seat1"]
    state, _ = engine.apply(state, 0, {"action": "develop", "space": NEEDY})
    assert state.money[:2] == [9 - BOARD.spaces[NEEDY]["cost"] - 1, 10]
    assert engine.to_act(state) == [0]
    assert_coins_kept(state)


def test_the_buyer_chooses_between_sellers(monkeypatch):
    """Where two seats produce the resource, the move names the seller (here on a board
    where a second factory produces it)."""
    data = load_json("board.json")
    second = next(s for s in data["spaces"] if s["kind"] == "factory" and not s.get("produces")
                  and not s.get("special") and s["epoch"] >= BOARD.spaces[PRODUCER]["epoch"])
    second["produces"] = RESOURCE
    monkeypatch.setattr(supply, "BOARD", board_from(data))
    state = needing(seats=4)
    owning(state, PRODUCER, 2, developed=True)
    owning(state, second["id"], 3, developed=True)
    assert sources(state, 0, RESOURCE) == ["seat2", "seat3"]
    assert [m["supply"] for m in develop_moves(state)] == [["seat2"], ["seat3"]]
    state, _ = engine.apply(state, 0, {"action": "develop", "space": NEEDY, "supply": ["seat3"]})
    assert state.money[2:] == [9, 10]


def test_bank_sells_only_resources_no_seat_produces():
    """"Man kauft den benötigten Rohstoff für 1 Taler bei der Kasse. Wichtig: das gilt
    jedoch nur für Rohstoffe, die kein Spieler produziert!" """
    epoch = BANK_FROM_EPOCH[RESOURCE]
    state = needing(epoch=epoch)
    assert sources(state, 0, RESOURCE) == ["bank"]
    kasse = state.kasse
    after, _ = engine.apply(state, 0, {"action": "develop", "space": NEEDY})
    assert after.kasse == kasse + BOARD.spaces[NEEDY]["cost"] + 1
    owning(state, PRODUCER, 1, developed=True)
    assert sources(state, 0, RESOURCE) == ["seat1"]
    owning(state, PRODUCER, 1, developed=False)
    assert sources(state, 0, RESOURCE) == ["bank"]


# Übersicht der Rohstoffe, die bei der Kasse verfügbar sind, as printed.
PRINTED_BANK_TABLE = {"stone": 2, "brick": 2, "wood": 2, "ceramics": 3, "glass": 3, "iron": 3,
                      "cable": 4, "steel": 4, "cement": 4, "plastic": 5, "computer": 5}


def test_the_bank_table_is_the_printed_one():
    """Übersicht der Rohstoffe: the data file holds exactly the rulebook's table."""
    assert BANK_FROM_EPOCH == PRINTED_BANK_TABLE


@pytest.mark.parametrize("resource,bank_from", sorted(PRINTED_BANK_TABLE.items()))
def test_bank_sells_only_resources_the_epoch_has_released(resource, bank_from):
    """Übersicht der Rohstoffe, die bei der Kasse verfügbar sind (epoch 1: none; 2: stone,
    brick, wood; 3: + ceramics, glass, iron; 4: + cable, steel, cement; 5: + plastic,
    computer)."""
    state = a_game()
    for epoch in range(1, 6):
        state.epoch = epoch
        assert ("bank" in sources(state, 0, resource)) == (epoch >= bank_from)


def test_joker_pays_one_resource_and_leaves_the_game():
    """"Setzt man ihn ein, gilt der Rohstoff als bezahlt und kommt aus dem Spiel." """
    state = needing(epoch=1)
    state.jokers[0] = [RESOURCE, "?"]
    assert sources(state, 0, RESOURCE) == ["joker", "joker?"]
    assert [m["supply"] for m in develop_moves(state)] == [["joker"], ["joker?"]]
    state, _ = engine.apply(state, 0, {"action": "develop", "space": NEEDY, "supply": ["joker"]})
    assert state.jokers[0] == ["?"] and state.money[0] == 9 - BOARD.spaces[NEEDY]["cost"]


def test_question_mark_joker_pays_any_one_resource():
    """"Der Joker mit "?" entspricht genau einem Rohstoff nach Wahl." """
    state = needing(epoch=1)
    state.jokers[0] = ["?"]
    for resource in BANK_FROM_EPOCH:
        assert "joker?" in sources(state, 0, resource)
    state, _ = engine.apply(state, 0, {"action": "develop", "space": NEEDY})
    assert state.jokers[0] == []


def test_a_joker_is_spent_only_once():
    """"Ein Joker entspricht genau einem Rohstoff." """
    two = next(s for s in BOARD.spaces.values() if len(s.get("needs", [])) == 2 and s["kind"] == "factory")
    state = with_money(at_development(a_game(), 0, 1), 9, 9, 9)
    owning(state, two["id"], 0)
    state.jokers[0] = ["?"]
    with pytest.raises(IllegalMove, match="enough jokers"):
        engine.apply(state, 0, {"action": "develop", "space": two["id"]})


def test_unobtainable_resource_means_no_development():
    """"ist ein benötigter Rohstoff nicht erhältlich, darf man das ... Feld nicht
    entwickeln." (epoch 1: the bank sells nothing)"""
    state = needing(epoch=1)
    assert develop_moves(state) == []
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, 0, {"action": "develop", "space": NEEDY})
    assert f"no {RESOURCE} to be had" in refused.value.reason and refused.value.field == "supply"
    with pytest.raises(IllegalMove, match="leave out supply"):
        engine.apply(state, 0, {"action": "develop", "space": NEEDY, "supply": ["bank"]})


def test_paying_for_resources_counts_against_the_money():
    """Build cost plus bought resources must be affordable."""
    state = needing(money=(BOARD.spaces[NEEDY]["cost"], 9, 9))
    owning(state, PRODUCER, 1, developed=True)
    assert develop_moves(state) == []
