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
from service.games.brass_lancashire import data
from service.games.presentation import Words, capital
from service.games.speech import N_, _, ngettext

LETTER = {"cotton_mill": "C", "coal_mine": "M", "iron_works": "I", "port": "P", "shipyard": "S"}
SLOT, BOX_W, BOX_H = 26, 132, 62
LINES = {"canal": "#3a7bd5", "rail": "#666"}         # unbuilt; a built link is its owner's colour
# a link by the eras it is built in: unbuilt, and built (its owner's)
LINK_WORDS = {"canal and rail": (N_("{link}: canal and rail link, unbuilt"), N_("{link}: {owner}'s link (canal and rail)")),
              "canal": (N_("{link}: canal link, unbuilt"), N_("{link}: {owner}'s link (canal)")),
              "rail": (N_("{link}: rail link, unbuilt"), N_("{link}: {owner}'s link (rail)"))}
PROVISIONAL = N_("Provisional layout: town positions are not the printed map's")
ERAS = {"canal": N_("canal era, round {round}"), "rail": N_("rail era, round {round}")}


@cache
def layout() -> dict:
    return json.loads((Path(__file__).parent / "layouts" / "brass-lancashire.json").read_text())


def letter(industry: str, said: Words) -> str:
    """An industry's letter on a slot (German: B Baumwollspinnerei, K Kohlebergwerk, E
    Eisenhütte, H Hafen, W Werft)."""
    return svg.letter(industry, said, LETTER)


def era_words(public: dict) -> str:
    return _(ERAS[public["era"]]).format(round=public["round"])


def town(place: str, tiles: list, said: Words) -> str:
    x, y = layout()["places"][place]
    location = data.LOCATIONS[place]
    name = said.name(place)
    left, top = x - BOX_W / 2, y - BOX_H / 2
    told = []
    parts = [f'<rect x="{left}" y="{top}" width="{BOX_W}" height="{BOX_H}" rx="8" '
             f'fill="{"#e8e0c8" if location["kind"] == "town" else "#d9d9d9"}" stroke="#555"/>',
             f'<text x="{x}" y="{top + 15}" text-anchor="middle" font-size="13" '
             f'font-weight="bold">{escape(name)}</text>']
    slots = location["slots"]
    start = x - len(slots) * (SLOT + 4) / 2
    for i, allowed in enumerate(slots):
        sx, sy = start + i * (SLOT + 4) + 2, top + 24
        tile = tiles[i] if i < len(tiles) else None
        if tile is None:
            parts.append(f'<rect x="{sx}" y="{sy}" width="{SLOT}" height="{SLOT}" fill="#fff" '
                         f'stroke="#777" stroke-dasharray="3 2"/><text x="{sx + SLOT / 2}" '
                         f'y="{sy + 17}" text-anchor="middle" font-size="11" fill="#555">'
                         f'{"/".join(letter(a, said) for a in allowed)}</text>')
            told.append(_("slot {number} free for {industries}").format(
                number=i + 1, industries=_(" or ").join(map(said.name, allowed))))
            continue
        parts.append(svg.tile(sx, sy, SLOT, tile["owner"], tile["flipped"],
                              f'{letter(tile["industry"], said)}{tile["level"]}', tile["cubes"]))
        told.append(_("slot {number}: {tile}").format(number=i + 1, tile=svg.tile_words(tile, said)))
    if location["kind"] == "distant_market":
        told.append(_("distant market"))
    title = f"{name}: " + ("; ".join(told) or _("no industry"))
    return svg.described(title, parts)


def link(link_id: str, owner: int | None, said: Words) -> str:
    a, b = data.LINKS[link_id]
    (x1, y1), (x2, y2) = layout()["places"][a], layout()["places"][b]
    canal, rail = link_id in data.LINK_ERA["canal"], link_id in data.LINK_ERA["rail"]
    unbuilt, built = LINK_WORDS["canal and rail" if canal and rail else "canal" if canal else "rail"]
    between = f"{said.name(a)}–{said.name(b)}"
    if owner is None:
        style = f'stroke="{LINES["canal" if canal else "rail"]}" stroke-width="3"' + (
            '' if rail else ' stroke-dasharray="8 5"')
        title = _(unbuilt).format(link=between)
    else:
        style = f'stroke="{svg.seat_colour(owner)}" stroke-width="9"'
        title = _(built).format(link=between, owner=said.player(owner))
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}>'
            f'<title>{escape(title)}</title></line>')


def seat_line(public: dict, seat: int, said: Words) -> str:
    return _("{name}: £{money}, income {income}, {points} VP").format(
        name=said.player(seat), money=public["money"][seat], income=public["income_level"][seat],
        points=public["vp"][seat])


def draw(public: dict, said: Words) -> str:
    spec = layout()
    names = said.players
    width, height = spec["width"], spec["height"]
    board, links = public["board"], public["links"]
    cotton = public["cotton_marker"]
    summary = (_("Brass: Lancashire, {era}. Coal market {coal} of {spaces}, iron market {iron} of "
                 "{spaces}, cotton demand {cotton}.").format(
                   era=era_words(public), coal=public["coal_market"], iron=public["iron_market"],
                   spaces=len(data.MARKET_PRICES), cotton=_("X (closed)") if cotton == data.COTTON_X else cotton)
               + " " + " ".join(seat_line(public, s, said) + "." for s in range(len(names)))
               + " " + ngettext("{number} link built; provisional town positions.",
                                "{number} links built; provisional town positions.", len(links)).format(
                   number=len(links)))
    title = _("Brass: Lancashire board")
    out = [f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
           f'{height + 170}" role="group" aria-labelledby="board-title board-desc">',
           f'<title id="board-title">{escape(title)}</title>',
           f'<desc id="board-desc">{escape(summary)}</desc>']
    out += [link(link_id, links.get(link_id), said) for link_id in data.LINKS]
    out += [town(place, board.get(place, []), said) for place in spec["places"]]
    y = height + 20
    out.append(svg.track(20, y, _("Coal market"), data.MARKET_PRICES, public["coal_market"], "#222"))
    out.append(svg.track(240, y, _("Iron market"), data.MARKET_PRICES, public["iron_market"], "#c96"))
    cotton_spaces = [str(s) for s in data.COTTON_TRACK] + ["X"]
    out.append(svg.text(460, y - 6, _("Cotton demand (income steps)")))
    for i, label in enumerate(cotton_spaces):
        here = i == cotton
        out.append(f'<rect x="{460 + i * 26}" y="{y}" width="24" height="22" '
                   f'fill="{"#8e44ad" if here else "#fff"}" stroke="#444"/>'
                   f'<text x="{472 + i * 26}" y="{y + 15}" text-anchor="middle" font-size="11" '
                   f'fill="{"#fff" if here else "#000"}">{label}</text>')
    for s in range(len(names)):
        row = y + 50 + s * 22
        out.append(f'<rect x="20" y="{row - 13}" width="14" height="14" '
                   f'fill="{svg.seat_colour(s)}"/><text x="40" y="{row}" font-size="13">'
                   f'{escape(seat_line(public, s, said))}</text>')
    legend = _("Links: blue canal and rail, dashed canal only, grey rail only, thick built")
    out.append(f'<text x="{width - 10}" y="{height + 140}" text-anchor="end" font-size="13">'
               f'{escape(legend)}</text>'
               f'<text x="{width - 10}" y="{height + 160}" text-anchor="end" font-size="13" '
               f'fill="#a40">{escape(capital(era_words(public)))}. '
               f'{escape(_(PROVISIONAL))}</text>')
    out.append("</svg>")
    return "".join(out)
