"""Age of Industry drawn as SVG from its map data (service/games/age_of_industry/data/
maps) and a public view: each place with its spaces (symbol or the tile on it: owner's
colour, industry, level, flipped, cubes), market tiles, distant ports, settlements,
coal imports, rail links (built ones in their owner's colour) and shipping lines, the
coal and iron demand tracks, the cards on show and each player's money, loans, rails
and display. Place positions come from layouts/age-of-industry-<map>.json: like the
maps themselves they are provisional, and the picture says so."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from service.drawing import svg
from service.games.presentation import count
from service.games.age_of_industry.data import MAPS, RAW, SYMBOL_ALLOWS

LETTER = {"cotton_mill": "C", "manufactured_goods": "G", "coal_mine": "M", "iron_works": "I",
          "port": "P", "ship": "S"}
SYMBOL = {"blank": "C/G/I", "coal": "M", "port": "P", "ship": "S"}
REGION = {"light_green": "#b9dd8f", "blue": "#9fcbf0", "grey": "#cfcfcf", "pink": "#f5b8cf",
          "brown": "#c9ad9f"}
SLOT, BOX_W, BOX_H = 26, 128, 60
LINES = {"shipping": "#2a6fb0", "rail": "#777"}      # unbuilt; a built link is its owner's colour
MAP_NAMES = {"germany": "Germany", "new_england": "New England"}


@cache
def layout(map_id: str) -> dict:
    return json.loads((Path(__file__).parent / "layouts" / f"age-of-industry-{map_id}.json")
                      .read_text())


def words(name: str) -> str:
    return name.replace("_", " ")


def tile_text(tile: dict, names: list[str]) -> str:
    cubes = f", {tile['cubes']} cubes" if tile["cubes"] else ""
    return (f"{names[tile['owner']]}'s {words(tile['industry'])} level {tile['level']}, "
            f"{'flipped' if tile['flipped'] else 'not flipped'}{cubes}")


def space(sx: float, sy: float, symbol: str, tile: dict | None) -> str:
    if tile is None:
        return (f'<rect x="{sx}" y="{sy}" width="{SLOT}" height="{SLOT}" fill="#fff" '
                f'stroke="#777" stroke-dasharray="3 2"/>'
                + svg.text(sx + SLOT / 2, sy + 17, SYMBOL[symbol], 11,
                           text_anchor="middle", fill="#555"))
    return svg.tile(sx, sy, SLOT, tile["owner"], tile["flipped"],
                    f"{LETTER[tile['industry']]}{tile['level']}", tile["cubes"])


def place(public: dict, place_id: str, names: list[str]) -> str:
    location = MAPS[public["map"]].locations[place_id]
    x, y = layout(public["map"])["places"][place_id]
    if location.settlement:
        said = f"{location.name}: settlement"
        return svg.described(said, [f'<circle cx="{x}" cy="{y}" r="9" fill="#fff" stroke="#333"/>',
                                    svg.text(x, y + 24, location.name, 12, text_anchor="middle")])
    left, top = x - BOX_W / 2, y - BOX_H / 2
    parts = [f'<rect x="{left}" y="{top}" width="{BOX_W}" height="{BOX_H}" rx="8" '
             f'fill="{REGION.get(location.colour, "#eee")}" stroke="#555"/>',
             svg.text(x, top + 15, location.name, 13, text_anchor="middle", font_weight="bold")]
    said = [f"{words(location.colour or 'no')} cards"]
    start = x - len(location.spaces) * (SLOT + 4) / 2
    for n, symbol in enumerate(location.spaces, 1):
        tile = public["tiles"].get(f"{place_id}.{n}")
        parts.append(space(start + (n - 1) * (SLOT + 4) + 2, top + 24, symbol, tile))
        said.append(f"space {n}: {tile_text(tile, names)}" if tile
                    else f"space {n} free for {' or '.join(map(words, SYMBOL_ALLOWS[symbol]))}")
    notes = []
    if location.market:
        market = public["markets"].get(place_id)
        if market:
            notes.append(f"market: {words(market['kind'])}{', used' if market['flipped'] else ''}")
    if location.distant_port:
        notes.append("distant port")
    if place_id in public["imports"]:
        notes.append(f"import coal {public['imports'][place_id]}")
    if location.pennsylvania:
        notes.append("Pennsylvania")
    for i, note in enumerate(notes):
        parts.append(svg.text(x, top + BOX_H + 13 + i * 13, note, 11, text_anchor="middle"))
    return svg.described(f"{location.name}: " + "; ".join(said + notes), parts)


def link(public: dict, ends: tuple[str, str], owner: int | None, names: list[str],
         shipping: bool = False) -> str:
    spots = layout(public["map"])["places"]
    (x1, y1), (x2, y2) = spots[ends[0]], spots[ends[1]]
    locations = MAPS[public["map"]].locations
    between = f"{locations[ends[0]].name}–{locations[ends[1]].name}"
    if shipping:
        style, said = f'stroke="{LINES["shipping"]}" stroke-width="3" stroke-dasharray="10 6"', "shipping line"
    elif owner is None:
        style, said = f'stroke="{LINES["rail"]}" stroke-width="3"', "rail link, unbuilt"
    else:
        style, said = (f'stroke="{svg.seat_colour(owner)}" stroke-width="9"',
                       f"{names[owner]}'s rail link")
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}>'
            f'<title>{between}: {said}</title></line>')


def seat_line(player: dict, name: str) -> str:
    return (f"${player['money']}, {count(player['loans'], 'loan')}, {count(player['rails_left'], 'rail')}, "
            f"{player['hand_size']} in hand")


def display_line(player: dict) -> str:
    return "  ".join(f"{LETTER[industry]}: {','.join(map(str, levels)) or '-'}"
                     for industry, levels in player["display"].items())


def draw(public: dict, names: list[str]) -> str:
    game_map = MAPS[public["map"]]
    spec = layout(public["map"])
    width, height = spec["width"], spec["height"]
    tracks = RAW["demand_tracks"]
    players = public["players"]
    map_name = MAP_NAMES.get(public["map"], public["map"])
    summary = (f"Age of Industry, {map_name} map, round {public['round']}. Demand tracks: coal "
               f"{public['track']['coal']} of {len(tracks['coal'])} cubes, iron "
               f"{public['track']['iron']} of {len(tracks['iron'])}. Face-up cards: "
               f"{', '.join(map(words, public['face_up'])) or 'none'}; {public['deck_size']} "
               "in the deck. " + " ".join(f"{n}: {seat_line(players[s], n)}."
                                          for s, n in enumerate(names))
               + f" {count(len(public['rails']), 'rail link')} built. Provisional map and layout.")
    body = [link(public, ends, public["rails"].get(link_id), names)
            for link_id, ends in game_map.links.items()]
    body += [link(public, (a, b), None, names, shipping=True)
             for a in game_map.locations for b in game_map.shipping_at[a] if a < b]
    body += [place(public, place_id, names) for place_id in spec["places"]]
    y = height + 20
    body.append(svg.track(20, y, "Coal demand", tracks["coal"], public["track"]["coal"], "#222",
                          "$"))
    body.append(svg.track(220, y, "Iron demand", tracks["iron"], public["track"]["iron"], "#c96", "$"))
    body.append(svg.text(420, y + 15, f"Supply ${tracks['supply_price']} a cube once a track is "
                         f"empty. Round {public['round']}. Face up: "
                         f"{', '.join(map(words, public['face_up'])) or '-'}; "
                         f"deck {public['deck_size']}"))
    body.append(svg.seat_key(20, y + 55, names, [seat_line(p, n) for p, n in zip(players, names)]))
    rows = y + 55 + 22 * len(names)
    body += [svg.text(40, rows + 4 + s * 18, f"{names[s]}'s display: {display_line(p)}", 11)
             for s, p in enumerate(players)]
    bottom = rows + 18 * len(names) + 30
    body.append(svg.text(width - 10, bottom - 20, "Lines: grey rail link, thick built, dashed "
                         "blue shipping line; C/G/I cotton mill, goods, iron works; M coal mine; "
                         "P port; S ship", 12, text_anchor="end"))
    body.append(svg.provisional(width - 10, bottom, f"the {map_name} map and these positions "
                                "are stand-ins, not the printed board"))
    return svg.document(f"aoi-{public['map']}", f"Age of Industry board: {map_name}", summary,
                        width, bottom + 12, body)
