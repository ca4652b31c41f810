"""Brass: Lancashire drawn as SVG from its board data (service/games/brass_lancashire/data)
and a public view: towns with their industry slots, the tiles in them (owner colour,
industry, level, flipped, cubes), canal and rail links (built ones in their owner's
colour), the coal and iron markets, the cotton demand track, money, income and VP.
Town positions come from layouts/brass-lancashire.json, which is provisional and
says so on the picture."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from markupsafe import escape

from service.drawing import svg
from service.games.presentation import count
from service.games.brass_lancashire import data

LETTER = {"cotton_mill": "C", "coal_mine": "M", "iron_works": "I", "port": "P", "shipyard": "S"}
SLOT, BOX_W, BOX_H = 26, 132, 62
LINES = {"canal": "#3a7bd5", "rail": "#666"}         # unbuilt; a built link is its owner's colour


@cache
def layout() -> dict:
    return json.loads((Path(__file__).parent / "layouts" / "brass-lancashire.json").read_text())


def words(industry: str) -> str:
    return industry.replace("_", " ")


def tile_text(tile: dict, names: list[str]) -> str:
    state = "flipped" if tile["flipped"] else "not flipped"
    cubes = f", {tile['cubes']} cubes" if tile["cubes"] else ""
    return f"{names[tile['owner']]}'s {words(tile['industry'])} level {tile['level']}, {state}{cubes}"


def town(place: str, tiles: list, names: list[str]) -> str:
    x, y = layout()["places"][place]
    location = data.LOCATIONS[place]
    left, top = x - BOX_W / 2, y - BOX_H / 2
    said = []
    parts = [f'<rect x="{left}" y="{top}" width="{BOX_W}" height="{BOX_H}" rx="8" '
             f'fill="{"#e8e0c8" if location["kind"] == "town" else "#d9d9d9"}" stroke="#555"/>',
             f'<text x="{x}" y="{top + 15}" text-anchor="middle" font-size="13" '
             f'font-weight="bold">{escape(location["name"])}</text>']
    slots = location["slots"]
    start = x - len(slots) * (SLOT + 4) / 2
    for i, allowed in enumerate(slots):
        sx, sy = start + i * (SLOT + 4) + 2, top + 24
        tile = tiles[i] if i < len(tiles) else None
        if tile is None:
            parts.append(f'<rect x="{sx}" y="{sy}" width="{SLOT}" height="{SLOT}" fill="#fff" '
                         f'stroke="#777" stroke-dasharray="3 2"/><text x="{sx + SLOT / 2}" '
                         f'y="{sy + 17}" text-anchor="middle" font-size="11" fill="#555">'
                         f'{"/".join(LETTER[a] for a in allowed)}</text>')
            said.append(f"slot {i + 1} free for {' or '.join(map(words, allowed))}")
            continue
        parts.append(svg.tile(sx, sy, SLOT, tile["owner"], tile["flipped"],
                              f'{LETTER[tile["industry"]]}{tile["level"]}', tile["cubes"]))
        said.append(f"slot {i + 1}: {tile_text(tile, names)}")
    if location["kind"] == "distant_market":
        said.append("distant market")
    title = f"{location['name']}: " + ("; ".join(said) or "no industry")
    return svg.described(title, parts)


def link(link_id: str, owner: int | None, names: list[str]) -> str:
    a, b = data.LINKS[link_id]
    (x1, y1), (x2, y2) = layout()["places"][a], layout()["places"][b]
    canal, rail = link_id in data.LINK_ERA["canal"], link_id in data.LINK_ERA["rail"]
    kind = "canal and rail" if canal and rail else "canal" if canal else "rail"
    if owner is None:
        style = f'stroke="{LINES["canal" if canal else "rail"]}" stroke-width="3"' + (
            '' if rail else ' stroke-dasharray="8 5"')
        title = f"{data.NAMES[a]}–{data.NAMES[b]}: {kind} link, unbuilt"
    else:
        style = f'stroke="{svg.seat_colour(owner)}" stroke-width="9"'
        title = f"{data.NAMES[a]}–{data.NAMES[b]}: {names[owner]}'s link ({kind})"
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}>'
            f'<title>{escape(title)}</title></line>')


def draw(public: dict, names: list[str]) -> str:
    spec = layout()
    width, height = spec["width"], spec["height"]
    board, links = public["board"], public["links"]
    cotton = public["cotton_marker"]
    summary = (f"Brass: Lancashire, {public['era']} era, round {public['round']}. "
               f"Coal market {public['coal_market']} of {len(data.MARKET_PRICES)}, iron market "
               f"{public['iron_market']} of {len(data.MARKET_PRICES)}, cotton demand "
               f"{'X (closed)' if cotton == data.COTTON_X else cotton}. "
               + " ".join(f"{n}: £{public['money'][s]}, income {public['income_level'][s]}, "
                          f"{public['vp'][s]} VP." for s, n in enumerate(names))
               + f" {count(len(links), 'link')} built; provisional town positions.")
    out = [f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
           f'{height + 170}" role="group" aria-labelledby="board-title board-desc">',
           '<title id="board-title">Brass: Lancashire board</title>',
           f'<desc id="board-desc">{escape(summary)}</desc>']
    out += [link(link_id, links.get(link_id), names) for link_id in data.LINKS]
    out += [town(place, board.get(place, []), names) for place in spec["places"]]
    y = height + 20
    out.append(svg.track(20, y, "Coal market", data.MARKET_PRICES, public["coal_market"], "#222"))
    out.append(svg.track(240, y, "Iron market", data.MARKET_PRICES, public["iron_market"], "#c96"))
    cotton_spaces = [str(s) for s in data.COTTON_TRACK] + ["X"]
    out.append(f'<text x="460" y="{y - 6}" font-size="13">Cotton demand (income steps)</text>')
    for i, label in enumerate(cotton_spaces):
        here = i == cotton
        out.append(f'<rect x="{460 + i * 26}" y="{y}" width="24" height="22" '
                   f'fill="{"#8e44ad" if here else "#fff"}" stroke="#444"/>'
                   f'<text x="{472 + i * 26}" y="{y + 15}" text-anchor="middle" font-size="11" '
                   f'fill="{"#fff" if here else "#000"}">{label}</text>')
    for s, name in enumerate(names):
        row = y + 50 + s * 22
        out.append(f'<rect x="20" y="{row - 13}" width="14" height="14" '
                   f'fill="{svg.seat_colour(s)}"/><text x="40" y="{row}" font-size="13">'
                   f'{escape(name)}: £{public["money"][s]}, income {public["income_level"][s]}, '
                   f'{public["vp"][s]} VP</text>')
    out.append(f'<text x="{width - 10}" y="{height + 140}" text-anchor="end" font-size="13">'
               f'Links: blue canal and rail, dashed canal only, grey rail only, thick built</text>'
               f'<text x="{width - 10}" y="{height + 160}" text-anchor="end" font-size="13" '
               f'fill="#a40">{escape(public["era"])} era, round {public["round"]}. '
               f'Provisional layout: town positions are not the printed map\'s</text>')
    out.append("</svg>")
    return "".join(out)
