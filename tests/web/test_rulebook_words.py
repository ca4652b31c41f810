"""Issue 27, things the pages said in the engine's words, said in the rulebooks':

- Ultimate Railroads' hand: "End-game cards" (Spielendekarten), not "End cards";
- a decision of its action pool (AKTIONSPOOL) named by what it is ("Action pool:
  Track (wood)"), never "item: 0", in the walk's trail and choices and a move's words;
- Industry's spaces in the picture capitalised as their labels are ("Clay pit" as
  "Harbour", never "clay pit");
- the industry board (INDUSTRIETABLEAU) without the `2a` of the alternative 2 locomotives
  (tests/web/test_boards.py reads its spots)."""
from __future__ import annotations

import random
import re

from service.drawing.boards import board_svg
from service.games.registry import game_types
from service.web import choices, panel

NAMES = ["Ada", "Brunel"]
RAILROADS = game_types()["ultimate-railroads"]


def test_the_end_game_cards_are_headed_as_the_rulebook_names_them():
    words = RAILROADS.presented(NAMES)
    assert [held.title for held in panel.hand("ultimate-railroads", {"end_cards": ["x"]}, words)] \
        == ["End-game cards"]


def test_a_decision_of_the_action_pool_is_named_by_what_it_is_not_by_its_id():
    """Random games until a seat has a decision of its action pool waiting: each step and
    choice of the walk that names it says its kind, and no label says "item"."""
    engine, words, seen = RAILROADS.engine, RAILROADS.presented(NAMES), 0
    for seed in range(3):
        state, chooser = engine.setup(RAILROADS.resolve_options({}, 2), 2, seed), random.Random(seed)
        for _ in range(60):
            seat = engine.to_act(state)[0]
            moves = engine.legal_moves(state, seat)
            pooled = [m for m in moves if "item" in m]
            if pooled:
                walk = choices.walk(RAILROADS, state, seat, moves, "", words)
                labels = [label for label, _at in walk.trail] + [c.label for c in walk.choices]
                assert not any(re.search(r"\bitem\b|action pool: \d", label) for label in labels), labels
                assert all("item" not in words.move(m) for m in pooled)
                seen += any(label.startswith("action pool: ") for label in labels)
            state, _events = engine.apply(state, seat, chooser.choice(moves))
    assert seen


def test_industrys_spaces_are_capitalised_as_their_labels():
    industry = game_types()["industry"]
    state, chooser = industry.engine.setup(industry.resolve_options({}, 3), 3, 3), random.Random(3)
    for _ in range(12):
        seat = industry.engine.to_act(state)[0]
        state, _events = industry.engine.apply(state, seat, chooser.choice(industry.engine.legal_moves(state, seat)))
    drawn = str(board_svg("industry", industry.engine.view(state, None)["public"], NAMES + ["Clara"]))
    titles = re.findall(r'text-anchor="middle">([^<]+)</text>', drawn)
    assert "Clay pit" in titles and "Harbour" in titles and "Bank" in titles, titles
    assert not [t for t in titles if re.fullmatch(r"clay pit|flour mill|bank|joker|aircraft", t)], titles
