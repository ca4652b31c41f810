"""A game's board as an SVG picture, by game type, and the plain facts of a view."""
from __future__ import annotations

import re

from markupsafe import Markup, escape

from service.drawing import age_of_industry_board, brass_board, industry_board, ultimate_railroads_board
from service.games.registry import game_types

DRAW = {"brass-lancashire": brass_board.draw, "age-of-industry": age_of_industry_board.draw,
        "industry": industry_board.draw, "ultimate-railroads": ultimate_railroads_board.draw}
SHORT_LIST = 8
TEXT = re.compile(r">([^<]+)<")         # the text between two tags
LABEL = re.compile(r'aria-label="([^"]*)"')     # a place's label, read out by a screen reader
GLOSS = re.compile(r" \([^()]*\)")      # a bracket after a name
VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) [\d.]+"')     # the picture's own size, in its units


def board_svg(game_type: str, public: dict, names: list[str]) -> Markup | None:
    """The picture of a public view (`engine.view(state, seat)["public"]`) with the
    players' names, or None for a game with no picture. Needs no request: the mail
    workers may embed it."""
    drawer = DRAW.get(game_type)
    if drawer is None:
        return None
    said = game_types()[game_type].presented(names)     # its text in the players' words (issue 27)
    drawn = TEXT.sub(lambda found: f">{short(said.text(found.group(1)), found.group(1))}<",
                     at_full_size(drawer(public, said)))
    return Markup(LABEL.sub(lambda found: f'aria-label="{escape(labelled(said, found.group(1)))}"',
                            drawn))


def at_full_size(drawn: str) -> str:
    """The picture never drawn smaller than its own units (issue 27): at its viewBox's
    width in CSS pixels at least, so no text of it renders under svg.SMALLEST_TEXT px;
    on a narrower screen it pans sideways inside its region (the pages' .board-wrap)."""
    found = VIEWBOX.search(drawn)
    if not found:
        return drawn
    return drawn.replace(found.group(0), f'{found.group(0)} style="min-width: {found.group(1)}px"', 1)


def labelled(said, label: str) -> str:
    """A place's aria-label (escaped as drawn) in the players' words, as its text."""
    drawn = Markup(label).unescape()
    return short(said.text(drawn), drawn)


def short(worded: str, drawn: str) -> str:
    """A picture's text in words without the printed German names the words add in
    brackets ("Ceramics (Keramik)"): a tile's text must fit its tile, at 360 px too."""
    return GLOSS.sub(lambda gloss: gloss.group(0) if gloss.group(0) in drawn else "", worded)


def facts(public: dict, seats: int) -> list[tuple[str, str]]:
    """The view's numbers and short lists in words (the text beside the picture):
    a list with one entry per seat is shown per seat."""
    out = []
    for key, value in public.items():
        if isinstance(value, (int, float, str)) and not isinstance(value, bool):
            out.append((key.replace("_", " "), str(value)))
        elif isinstance(value, list) and len(value) <= SHORT_LIST \
                and all(isinstance(v, (int, float, str)) for v in value):
            out.append((key.replace("_", " ") + (" (per seat)" if len(value) == seats else ""),
                        ", ".join(map(str, value))))
    return out
