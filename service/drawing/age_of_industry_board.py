"""Age of Industry drawn as SVG from its map data (service/games/age_of_industry/data/
maps) and a public view: each place with its spaces (symbol or the tile on it: owner's
colour, industry, level, flipped, cubes), market tiles, distant ports, settlements,
coal imports, rail links (built ones in their owner's colour) and shipping lines, the
coal and iron demand tracks, the cards on show and each player's money, loans, rails
and display. Place positions come from layouts/age-of-industry-<map>.json: like the
maps themselves they are provisional, and the picture says so."""
from __future__ import annotations

import json
import textwrap
from functools import cache
from pathlib import Path

from markupsafe import escape

from service.drawing import svg
from service.games.age_of_industry.data import MAPS, RAW, SYMBOL_ALLOWS
from service.games.presentation import Words
from service.games.speech import N_, _, ngettext

LETTER = {"cotton_mill": "C", "manufactured_goods": "G", "coal_mine": "M", "iron_works": "I",
          "port": "P", "ship": "S"}
SYMBOL = ("blank", "coal", "port", "ship")         # the spaces' symbols, in the legend's order
REGION = {"light_green": "#b9dd8f", "blue": "#9fcbf0", "grey": "#cfcfcf", "pink": "#f5b8cf",
          "brown": "#c9ad9f"}
# the market tiles that are no industry, as the rulebook names them ("Kein Absatz")
MARKETS = {"cotton_or_goods": N_("cotton or goods"), "no_demand": N_("no demand")}
SLOT, BOX_W, BOX_H = 26, 128, 60
NOTE_CHARACTERS = BOX_W // 6    # an 11 px note's characters that fit the place's width
LINES = {"shipping": "#2a6fb0", "rail": "#777"}      # unbuilt; a built link is its owner's colour


@cache
def layout(map_id: str) -> dict:
    return json.loads((Path(__file__).parent / "layouts" / f"age-of-industry-{map_id}.json")
                      .read_text())


def letter(industry: str, said: Words) -> str:
    """An industry's letter on a space (German: B Baumwollspinnerei, K Konsumgüterfabrik,
    Z Zeche, E Eisenhütte, H Hafen, S Schiff)."""
    return svg.letter(industry, said, LETTER)


def symbol(name: str, said: Words) -> str:
    """What a free space takes, by its industries' letters ("C/G/I")."""
    return "/".join(letter(industry, said) for industry in SYMBOL_ALLOWS[name])


def space(sx: float, sy: float, allowed: str, tile: dict | None, said: Words) -> str:
    if tile is None:
        return (f'<rect x="{sx}" y="{sy}" width="{SLOT}" height="{SLOT}" fill="#fff" '
                f'stroke="#777" stroke-dasharray="3 2"/>'
                + svg.text(sx + SLOT / 2, sy + 17, symbol(allowed, said), 11,
                           text_anchor="middle", fill="#555"))
    return svg.tile(sx, sy, SLOT, tile["owner"], tile["flipped"],
                    f"{letter(tile['industry'], said)}{tile['level']}", tile["cubes"])


def place(public: dict, place_id: str, said: Words) -> str:
    location = MAPS[public["map"]].locations[place_id]
    name = said.name(place_id)
    x, y = layout(public["map"])["places"][place_id]
    if location.settlement:
        return svg.described(_("{place}: settlement").format(place=name),
                             [f'<circle cx="{x}" cy="{y}" r="9" fill="#fff" stroke="#333"/>',
                              svg.text(x, y + 24, name, 12, text_anchor="middle")])
    left, top = x - BOX_W / 2, y - BOX_H / 2
    parts = [f'<rect x="{left}" y="{top}" width="{BOX_W}" height="{BOX_H}" rx="8" '
             f'fill="{REGION.get(location.colour, "#eee")}" stroke="#555"/>',
             svg.text(x, top + 15, name, 13, text_anchor="middle", font_weight="bold")]
    told = [_("{colour} cards").format(colour=said.name(location.colour)) if location.colour
            else _("no cards")]
    start = x - len(location.spaces) * (SLOT + 4) / 2
    for n, allowed in enumerate(location.spaces, 1):
        tile = public["tiles"].get(f"{place_id}.{n}")
        parts.append(space(start + (n - 1) * (SLOT + 4) + 2, top + 24, allowed, tile, said))
        told.append(_("space {number}: {tile}").format(number=n, tile=svg.tile_words(tile, said)) if tile
                    else _("space {number} free for {industries}").format(
                        number=n, industries=_(" or ").join(map(said.name, SYMBOL_ALLOWS[allowed]))))
    notes = []
    if location.market:
        market = public["markets"].get(place_id)
        if market:
            kind = _(MARKETS[market["kind"]]) if market["kind"] in MARKETS else said.name(market["kind"])
            notes.append((_("market: {kind}, used") if market["flipped"] else _("market: {kind}")).format(kind=kind))
    if location.distant_port:
        notes.append(_("distant port"))
    if place_id in public["imports"]:
        notes.append(_("import coal {number}").format(number=public["imports"][place_id]))
    if location.pennsylvania:
        notes.append("Pennsylvania")
    lines = [line for note in notes for line in textwrap.wrap(note, NOTE_CHARACTERS)]
    for i, line in enumerate(lines):       # as wide as the place at most: a place at the edge
        parts.append(svg.text(x, top + BOX_H + 13 + i * 13, line, 11, text_anchor="middle"))
    return svg.described(f"{name}: " + "; ".join(told + notes), parts)


def link(public: dict, ends: tuple[str, str], owner: int | None, said: Words,
         shipping: bool = False) -> str:
    spots = layout(public["map"])["places"]
    (x1, y1), (x2, y2) = spots[ends[0]], spots[ends[1]]
    between = f"{said.name(ends[0])}–{said.name(ends[1])}"
    if shipping:
        style, told = (f'stroke="{LINES["shipping"]}" stroke-width="3" stroke-dasharray="10 6"',
                       _("{link}: shipping line"))
    elif owner is None:
        style, told = f'stroke="{LINES["rail"]}" stroke-width="3"', _("{link}: rail link, unbuilt")
    else:
        style, told = f'stroke="{svg.seat_colour(owner)}" stroke-width="9"', _("{link}: {owner}'s rail link")
    title = told.format(link=between, owner=said.player(owner) if owner is not None else "")
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}>'
            f'<title>{escape(title)}</title></line>')


def seat_line(player: dict) -> str:
    return ", ".join([f"${player['money']}",
                      ngettext("{number} loan", "{number} loans", player["loans"]).format(number=player["loans"]),
                      ngettext("{number} rail", "{number} rails", player["rails_left"]).format(
                          number=player["rails_left"]),
                      _("{number} in hand").format(number=player["hand_size"])])


def display_line(player: dict, said: Words) -> str:
    return "  ".join(f"{letter(industry, said)}: {','.join(map(str, levels)) or '-'}"
                     for industry, levels in player["display"].items())


def legend(said: Words) -> str:
    """The lines and the letters of the spaces, by the industries' names."""
    letters = "; ".join(f"{symbol(name, said)} " + ", ".join(map(said.name, SYMBOL_ALLOWS[name]))
                        for name in SYMBOL)
    return _("Lines: grey rail link, thick built, dashed blue shipping line; {letters}").format(letters=letters)


def draw(public: dict, said: Words) -> str:
    names = said.players
    game_map = MAPS[public["map"]]
    spec = layout(public["map"])
    width, height = spec["width"], spec["height"]
    tracks = RAW["demand_tracks"]
    players = public["players"]
    map_name = said.name(public["map"])
    face_up = ", ".join(map(said.name, public["face_up"]))
    summary = (_("Age of Industry, {map} map, round {round}. Demand tracks: coal {coal} of {coal_spaces} "
                 "cubes, iron {iron} of {iron_spaces}. Face-up cards: {cards}; {deck} in the deck.").format(
                   map=map_name, round=public["round"], coal=public["track"]["coal"],
                   coal_spaces=len(tracks["coal"]), iron=public["track"]["iron"], iron_spaces=len(tracks["iron"]),
                   cards=face_up or _("none"), deck=public["deck_size"])
               + " " + " ".join(f"{n}: {seat_line(players[s])}." for s, n in enumerate(names))
               + " " + ngettext("{number} rail link built. Provisional map and layout.",
                                "{number} rail links built. Provisional map and layout.",
                                len(public["rails"])).format(number=len(public["rails"])))
    body = [link(public, ends, public["rails"].get(link_id), said)
            for link_id, ends in game_map.links.items()]
    body += [link(public, (a, b), None, said, shipping=True)
             for a in game_map.locations for b in game_map.shipping_at[a] if a < b]
    body += [place(public, place_id, said) for place_id in spec["places"]]
    y = height + 20
    body.append(svg.track(20, y, _("Coal demand"), tracks["coal"], public["track"]["coal"], "#222",
                          "$"))
    body.append(svg.track(220, y, _("Iron demand"), tracks["iron"], public["track"]["iron"], "#c96", "$"))
    body.append(svg.text(420, y + 15, _("Supply ${price} a cube once a track is empty. Round {round}. "
                                        "Face up: {cards}; deck {deck}").format(
        price=tracks["supply_price"], round=public["round"], cards=face_up or "-", deck=public["deck_size"])))
    body.append(svg.seat_key(20, y + 55, names, [seat_line(p) for p in players]))
    rows = y + 55 + 22 * len(names)
    body += [svg.text(40, rows + 4 + s * 18, _("{name}'s display: {levels}").format(
                 name=names[s], levels=display_line(p, said)), 11)
             for s, p in enumerate(players)]
    bottom = rows + 18 * len(names) + 30
    body.append(svg.text(width - 10, bottom - 20, legend(said), 12, text_anchor="end"))
    body.append(svg.provisional(width - 10, bottom, _("the {map} map and these positions are stand-ins, "
                                                      "not the printed board").format(map=map_name)))
    return svg.document(f"aoi-{public['map']}", _("Age of Industry board: {map}").format(map=map_name),
                        summary, width, bottom + 12, body)
