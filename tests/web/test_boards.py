"""Issue 16, "the board drawn as SVG from each game's own data files": each game's
picture after seeded random play is well-formed SVG with a text alternative, names
every place or space of its data, describes the pieces on it by their owner's name,
and says on the picture that its data is provisional."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from service.drawing.boards import GLOSS, board_svg
from service.games.age_of_industry.data import MAPS
from service.games.presentation import count
from service.games.registry import game_types
from tests.games.harness import play_game

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ada", "Brunel", "Cockerell", "Darby"]


class Enough(Exception):
    """Enough moves played."""


def played(game_id: str, options: dict, seats: int, moves: int, prefer: tuple = (), seed: int = 5):
    """The public view after up to `moves` random moves (the harness's play_game), those
    of the `prefer` actions chosen where there are any (so the board fills)."""
    chooser, last = random.Random(seed), {"count": 0}

    def choose(state, _seat, legal):
        last.update(state=state, count=last["count"] + 1)
        if last["count"] > moves:
            raise Enough
        return chooser.choice([m for m in legal if m["action"] in prefer] or legal)
    game = game_types()[game_id]
    try:
        state = play_game(game, seats, seed, options, choose).state
    except Enough:
        state = last["state"]
    return game.engine.view(state, None)["public"]


def picture(game_id: str, public: dict, seats: int) -> tuple[ET.Element, str]:
    drawn = board_svg(game_id, public, NAMES[:seats])
    root = ET.fromstring(str(drawn))
    assert root.tag == f"{SVG}svg" and root.get("role") == "group"
    assert root.find(f"{SVG}title").text and len(root.find(f"{SVG}desc").text) > 40
    said = " ".join(g.get("aria-label") for g in root.iter(f"{SVG}g") if g.get("aria-label"))
    return root, said


def printed(game_id: str, ident: str) -> str:
    """An identifier as the picture names it (issue 27): its printed name, without the
    German the words add in brackets."""
    return GLOSS.sub("", game_types()[game_id].presented(NAMES).text(ident))


def all_text(root: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


@pytest.mark.parametrize("map_id", ["germany", "new_england"])
def test_age_of_industry_both_maps_places_links_ports_demand(map_id):
    public = played("age-of-industry", {"map": map_id}, 3, 120,
                    ("build", "rail", "sell", "draw", "loan"))
    root, said = picture("age-of-industry", public, 3)
    game_map = MAPS[map_id]
    for location in game_map.locations.values():
        assert location.name in said
    for space, tile in public["tiles"].items():
        place = game_map.locations[space.split(".")[0]].name
        owner = NAMES[tile["owner"]]
        assert f"{owner}'s {tile['industry'].replace('_', ' ')} level {tile['level']}" \
            in said.split(place + ":", 1)[1]
    titles = [t.text for t in root.iter(f"{SVG}title")]
    lines = sum(len(v) for v in game_map.shipping_at.values()) // 2
    assert sum("shipping line" in t for t in titles) == lines
    assert sum("rail link" in t for t in titles) == len(game_map.links)
    assert sum("'s rail link" in t for t in titles) == len(public["rails"])
    words = all_text(root)
    assert "Coal demand" in words and "Iron demand" in words and "Provisional" in words
    assert ("distant port" in said) and ("market:" in said)


def test_industry_spaces_by_epoch_ownership_and_development():
    from service.games.industry.board import BOARD
    public = played("industry", {}, 3, 150, ("auction", "bid", "develop"))
    assert public["owned"] and any(o["developed"] for o in public["owned"].values())
    root, said = picture("industry", public, 3)
    for space_id, space in BOARD.spaces.items():
        assert f"{space_id} {printed('industry', space.get('name') or space['kind'])}" in said
    for space_id, owner in public["owned"].items():
        state = "developed" if owner["developed"] else "not developed"
        label = next(g.get("aria-label") for g in root.iter(f"{SVG}g")
                     if g.get("aria-label", "").startswith(f"{space_id} "))
        assert f"owned by {NAMES[owner['seat']]} since epoch {owner['epoch']}, {state}" in label
    assert said.count("owned by") == len(public["owned"])
    assert sum(1 for _ in root.iter(f"{SVG}path")) == len(BOARD.connections)
    assert "Provisional" in all_text(root) and "Epoch 5" in all_text(root)


@pytest.mark.parametrize("seats,options", [(1, {"emil": True}), (2, {}), (4, {}),
                                           (3, {"coal": True, "werklok": True})])
def test_ultimate_railroads_action_board_workers_and_player_boards(seats, options):
    from service.games.ultimate_railroads.data import ROUTES, SPACES, seat_rules
    public = played("ultimate-railroads", options, seats, 60, ("place", "step"))
    assert public["spaces"]
    root, said = picture("ultimate-railroads", public, seats)
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g")]
    side = seat_rules(seats)["board_side"]
    shown = [s for s in SPACES.values() if side in s["sides"]
             and (not s.get("module") or options.get(s["module"]))]
    assert len([lab for lab in labels if "player board" not in lab]) == len(shown)
    for space_id, held in public["spaces"].items():
        if space_id not in SPACES:
            continue                       # a seat's own engineer
        # by its name ("Coins": in a text the everyday word "coins" stays as it is)
        name = GLOSS.sub("", game_types()["ultimate-railroads"].presented(NAMES).name(space_id))
        label = next(lab for lab in labels if lab.startswith(name))
        who = "Emil" if held["seat"] == "emil" else NAMES[held["seat"]]
        assert f"{who}'s {held['workers'] + held['temps']} worker" in label
    for seat in range(seats):
        board = next(lab for lab in labels if lab.startswith(f"{NAMES[seat]}'s player board"))
        player = public["players"][seat]
        assert count(player["score"], "point") in board and count(player["doublers"], "doubler") in board
        for route in ROUTES:
            placed = [f"{c} on {p}" for c, p in player["tracks"][route].items() if p]
            assert f"{printed('ultimate-railroads', route)}: tracks {', '.join(placed)}" in board
        assert "wrenches on " + ", ".join(f"field {w}" for w in player["wrenches"]) in board
    assert "Provisional" in all_text(root)


def test_ultimate_railroads_asian_routes_and_the_industry_board_drawn_provisional():
    """ASIAN RAILROADS: the player boards show BEIJING, SEOUL, TOKYO (OSAKA once laid) with
    the construction tiles, marked provisional (*); the shared industry board's spots with
    their factories and maintenance cars."""
    public = played("ultimate-railroads", {"board": "asia", "industry_board": True}, 2, 60, ("place", "step"))
    root, said = picture("ultimate-railroads", public, 2)
    labels = [g.get("aria-label") for g in root.iter(f"{SVG}g")]
    board = next(lab for lab in labels if lab.startswith("Industry board: "))
    for spot, stack in enumerate(public["industry_board"]["spots"], 1):     # numbered as players count
        # INDUSTRIETABLEAU: a factory spot's printed factory, built over by the back of a
        # locomotive, with the board the alternative 2 locomotives' (issue 27: not "2a")
        built = [("the alternative 2 locomotive's factory" if tile == "2a" else f"locomotive {tile}'s factory")
                 for tile in stack[1:]]
        assert f"factory spot {spot}: the printed factory" + (
            f", built over by {' and then '.join(built)};" if built else ";") in board, board
    assert not re.search(r"\b2a\b|printed_", board + all_text(root)), board
    text = all_text(root)
    assert "BEIJING*" in text and "SEOUL*" in text and "TOKYO*" in text and "Industry board*" in text
    construction = public["players"][0]["construction"]
    if construction["beijing"]:
        assert f"{count(construction['beijing'], 'slot')} under construction" in text   # issue 27
@pytest.mark.parametrize("options", [{"board": "america"}, {"board": "germany", "strip": "america"}])
def test_ultimate_railroads_other_boards_routes_industry_tracks_and_the_stock_board(options):
    """Issue 17: each seat's own routes (the America or Germany board) and each industry track
    (the American strip's upper one too), the rubble, and the American stock board with its
    dividend tiles and steelworks, marked provisional."""
    from service.games.ultimate_railroads.boards import route_ids
    public = played("ultimate-railroads", options, 2, 80, ("place", "step", "industry"))
    root, said = picture("ultimate-railroads", public, 2)
    for seat in range(2):
        player = public["players"][seat]
        board = next(g.get("aria-label") for g in root.iter(f"{SVG}g")
                     if g.get("aria-label", "").startswith(f"{NAMES[seat]}'s player board"))
        for route in route_ids(player):
            placed = [f"{c} on {p}" for c, p in player["tracks"][route].items() if p]
            assert f"{printed('ultimate-railroads', route)}: tracks {', '.join(placed) or 'none'}" in board
        assert f"upper: wrenches on field {player['wrenches'][1]}" in board
    text = all_text(root)
    if options["board"] == "america":
        assert "Stock board*" in text and "steelworks*" in text and "rubble on field 8" in said
    assert "Provisional" in text
