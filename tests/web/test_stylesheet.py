"""Issue 27, "Pages": the pages' stylesheet (service/templates/pages/style.css) read with
tinycss2 and its colours measured with coloraide: every text colour on its background
at least 4.5:1 (WCAG 2.1 AA, computed from the declared colours), no font-size under
11 px, in the stylesheet and in every board's picture; the seats' colours apart from
every line the maps draw and from the links' blue, and their ink readable on them."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import tinycss2
from coloraide import Color

from service.drawing import age_of_industry_board, boards, brass_board, industry_board, svg, ultimate_railroads_board
from service.games.registry import game_types

STYLESHEET = Path(__file__).parents[2] / "service/templates/pages/style.css"
AA = 4.5
SMALLEST_PX = 11
ROOT_PX = 16                     # the browsers' default: 1rem, and 1em at the root
APART = 15                       # CIEDE2000: seat colours from the map's lines (2.3 is a just-noticeable step)


Rules = list[tuple[str, dict[str, str]]]


def rules(source: str | None = None, media: str = "") -> Rules:
    """(selector, {property: value}) of every rule of the pages' stylesheet (or of the
    CSS `source`), those inside @media included; with `media`, only the @media rules whose
    query holds it (a mail's "prefers-color-scheme: dark") and none of the others."""
    out = []

    def read(nodes, query: str):
        for node in nodes:
            if node.type == "qualified-rule" and (not media or query == "" or media in query):
                declared = {d.name: tinycss2.serialize(d.value).strip()
                            for d in tinycss2.parse_blocks_contents(node.content)
                            if d.type == "declaration"}
                out.append((tinycss2.serialize(node.prelude).strip(), declared))
            elif node.type == "at-rule" and node.content is not None:
                read(tinycss2.parse_rule_list(node.content, skip_whitespace=True, skip_comments=True),
                     tinycss2.serialize(node.prelude).strip())
    read(tinycss2.parse_stylesheet(source if source is not None else STYLESHEET.read_text(),
                                   skip_whitespace=True, skip_comments=True), "")
    return out


def rule(selector: str, sheet: Rules | None = None) -> dict[str, str]:
    """The first rule of `selector` (outside any @media: those come last)."""
    return next(declared for found, declared in sheet or rules() if found == selector)


def colour_in(value: str) -> str | None:
    """The colour a `background` or `color` value names (#hex or a CSS name), if any."""
    for token in value.split():
        if token.startswith("#") or Color.match(token):
            try:
                return Color(token).to_string(hex=True)
            except ValueError:
                continue
    return None


def declared(selector: str, names: tuple[str, ...], sheet: Rules | None = None) -> str | None:
    """The colour the rules of `selector` or else of its nearest ancestor in the
    selector (`.banner.yours a`: `.banner.yours`) set in one of `names`, the later rule's
    (a dark mode's over the light); the page's (body) at the last."""
    sheet = sheet or rules()
    parts = selector.split()
    while parts:
        colours = [colour_in(properties.get(name, "")) for found, properties in sheet
                   if " ".join(parts) in (p.strip() for p in found.split(",")) for name in names]
        if any(colours):
            return [c for c in colours if c][-1]         # the cascade: the later rule wins
        parts.pop()
    body = {}
    for found, properties in sheet:
        if found == "body":
            body.update(properties)
    return colour_in(" ".join(body[name] for name in names if name in body))


def pairs(sheet: Rules | None = None) -> list[tuple[str, str, str]]:
    """(selector, text colour, background) of every rule that sets either: the colour it
    or its nearest ancestor sets, on the background it or its nearest ancestor sets."""
    sheet = sheet or rules()
    out = []
    for selector in dict.fromkeys(found for found, _ in sheet):
        for one in selector.split(","):
            one = one.strip()
            properties = {}
            for found, declared_here in sheet:
                if one in (p.strip() for p in found.split(",")):
                    properties.update(declared_here)
            if colour_in(properties.get("color", "")) or colour_in(
                    properties.get("background", "") or properties.get("background-color", "")):
                out.append((one, declared(one, ("color",), sheet),
                            declared(one, ("background", "background-color"), sheet)))
    return list(dict.fromkeys(out))


def test_the_stylesheet_is_read_whole():
    """The reading itself: the colours the test measures are the stylesheet's (so the
    contrast test below cannot pass by reading nothing)."""
    found = pairs()
    assert len(found) >= 15
    assert ("body", "#1a1a1a", "#ffffff") in found
    assert any(selector == "a" and fore == "#0645ad" for selector, fore, _ in found)


@pytest.mark.parametrize("selector,fore,back", pairs(), ids=[p[0] for p in pairs()])
def test_every_text_colour_on_its_background_is_aa(selector, fore, back):
    """Issue 27: text contrast WCAG AA, >= 4.5:1, computed (coloraide's WCAG 2.1 ratio)."""
    assert Color(fore).contrast(back) >= AA, (selector, fore, back, Color(fore).contrast(back))


def test_the_links_blue_is_aa_on_every_background_a_link_sits_on():
    link = rule("a")["color"]
    for selector, _fore, back in pairs():
        if selector.startswith(".banner.yours"):
            continue                         # its links are white (.banner.yours a)
        assert Color(link).contrast(back) >= AA, (selector, back)


def px(value: str) -> float | None:
    number = re.fullmatch(r"([\d.]+)(px|rem|em|%)", value.strip())
    if not number:
        return None
    size, unit = float(number[1]), number[2]
    return {"px": size, "rem": size * ROOT_PX, "em": size * ROOT_PX, "%": size * ROOT_PX / 100}[unit]


def test_no_font_size_under_11px_is_declared():
    """Issue 27: no text under 11 px (rem and em counted from the browsers' 16 px)."""
    sizes = [(selector, declared["font-size"]) for selector, declared in rules()
             if "font-size" in declared]
    assert sizes
    for selector, value in sizes:
        assert px(value) is not None, f"{selector}: font-size {value} is not px, rem, em or %"
        assert px(value) >= SMALLEST_PX, (selector, value)


@pytest.mark.parametrize("type_id", ["brass-lancashire", "age-of-industry", "industry",
                                     "ultimate-railroads"])
def test_no_text_of_a_board_under_11px(type_id):
    """Issue 27 ("cube counts at 9 px"): every font-size of each game's picture, at
    mid-game with tiles and cubes on the board, is at least 11."""
    engine = game_types()[type_id].engine
    state, chooser = engine.setup({}, 4, 3), random.Random(3)
    for _ in range(60):
        if engine.result(state) is not None:
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))
    picture = boards.board_svg(type_id, engine.view(state, None)["public"], list("ABCD"))
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', picture)]
    assert sizes and min(sizes) >= SMALLEST_PX, sorted(set(sizes))
    assert 'tabindex="0"' not in picture.replace('<svg', '')      # no tab stop per place


def map_lines() -> dict[str, str]:
    """Every colour a map draws its lines, tracks and marks in (the drawings' tables)."""
    return {**{f"Brass {k}": v for k, v in brass_board.LINES.items()},
            **{f"Age of Industry {k}": v for k, v in age_of_industry_board.LINES.items()},
            **{f"Industry {k}": v for k, v in industry_board.LINK.items()},
            "Industry's auction ring": industry_board.AUCTIONED,
            **{f"Ultimate Railroads {k} track": v for k, v in ultimate_railroads_board.TRACK.items()},
            "a purple car": ultimate_railroads_board.PURPLE_CAR,
            "Emil": ultimate_railroads_board.EMIL_COLOUR, "the board": "#f6f1e3"}


def test_seat_colours_are_apart_from_the_maps_lines_and_the_links_blue():
    """Issue 27 ("seat blue is the links' blue"): each seat's colour is at least APART
    (CIEDE2000) from every colour the maps draw lines and tracks in and from the links'
    blue, and from every other seat's."""
    lines = map_lines()
    lines["the links' blue"] = rule("a")["color"]
    for seat, colour in enumerate(svg.SEAT_COLOURS):
        for name, line in lines.items():
            assert Color(colour).delta_e(line, method="2000") >= APART, (seat, colour, name, line)
        for other in svg.SEAT_COLOURS[seat + 1:]:
            assert Color(colour).delta_e(other, method="2000") >= 2 * APART, (colour, other)


def test_a_seats_ink_is_aa_on_its_colour():
    """The letters and cube counts on a seat's tiles (white on yellow was 2.4:1)."""
    for seat in range(len(svg.SEAT_COLOURS)):
        assert Color(svg.seat_ink(seat)).contrast(svg.seat_colour(seat)) >= AA, seat
