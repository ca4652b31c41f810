"""What every board picture shares: the seats' colours, the SVG document with its text
alternative (title, desc, role), focusable described groups, a market or demand track
and the provisional mark drawn on the picture. Plain strings, no request context, so
the mail workers can embed a board too."""
from __future__ import annotations

from markupsafe import escape

from service.games.presentation import Words
from service.games.speech import _, german, ngettext

# Seats 0-4 (issue 27): each at least 18 CIEDE2000 from every line, track and highlight the
# maps draw and from the links' blue, 31 from each other (tests/web/test_stylesheet.py
# measures it with coloraide); SEAT_INKS: the text written on each, >= 4.5:1 on it.
SEAT_COLOURS = ("#8e1616", "#4fd66b", "#4dd6e6", "#f28bdc", "#e9b9a0")
SEAT_INKS = ("#fff", "#000", "#000", "#000", "#000")
PROVISIONAL_COLOUR = "#a40"
SMALLEST_TEXT = 11          # px: no text of a picture is declared smaller (issue 27)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> str:
    """The colour of text written on the seat's colour."""
    return SEAT_INKS[seat % len(SEAT_INKS)]


def document(key: str, title: str, summary: str, width: int, height: int,
             body: list[str]) -> str:
    """The picture: `title` and `summary` are its accessible name and description."""
    return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
            f'{height}" font-family="sans-serif" role="group" '
            f'aria-labelledby="{key}-title {key}-desc">'
            f'<title id="{key}-title">{escape(title)}</title>'
            f'<desc id="{key}-desc">{escape(summary)}</desc>' + "".join(body) + "</svg>")


def described(said: str, parts: list[str]) -> str:
    """A group read out as one thing by a screen reader; not a tab stop of its own (the
    page's skip link passes the whole picture, issue 27)."""
    return (f'<g role="img" aria-label="{escape(said)}"><title>{escape(said)}'
            "</title>" + "".join(parts) + "</g>")


def text(x: float, y: float, words: str, size: int = 13, **attributes) -> str:
    if size < SMALLEST_TEXT:
        raise ValueError(f"a picture's text is at least {SMALLEST_TEXT} px, not {size}")
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attributes.items())
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(words)}</text>'


def track(x: int, y: int, label: str, spaces: list, filled: int, colour: str,
          currency: str = "£") -> str:
    """A row of market spaces (price in each), the dearest `filled` holding a cube."""
    out = [text(x, y - 6, label)]
    for i, price in enumerate(spaces):
        full = i >= len(spaces) - filled
        out.append(f'<rect x="{x + i * 24}" y="{y}" width="22" height="22" '
                   f'fill="{colour if full else "#fff"}" stroke="#444"/>'
                   + text(x + i * 24 + 11, y + 15, f"{currency}{price}", 11, text_anchor="middle",
                          fill="#fff" if full else "#000"))
    return "".join(out)


def tile(sx: float, sy: float, size: int, owner: int, flipped: bool, label: str,
         cubes: int) -> str:
    """A built industry tile in its owner's colour (a flipped one thick-edged and dotted),
    its label at the top and its cubes, if any, at the bottom, in the seat's ink."""
    ink = seat_ink(owner)
    return (f'<rect x="{sx}" y="{sy}" width="{size}" height="{size}" fill="{seat_colour(owner)}" '
            f'stroke="{"#000" if flipped else "#333"}" stroke-width="{3 if flipped else 1}"/>'
            + text(sx + size / 2, sy + 12, label, 12, text_anchor="middle", fill=ink,
                   font_weight="bold")
            + (f'<circle cx="{sx + size - 3}" cy="{sy + 3}" r="4" fill="#000"/>' if flipped else "")
            + (text(sx + size / 2, sy + size - 3, f"{cubes}▪", 11, text_anchor="middle", fill=ink)
               if cubes else ""))


def tile_words(tile: dict, said: Words) -> str:
    """A built industry tile in words: "Ada's cotton mill level 1, not flipped, 2 cubes"."""
    text = (_("{owner}'s {industry} level {level}, flipped") if tile["flipped"]
            else _("{owner}'s {industry} level {level}, not flipped")).format(
        owner=said.player(tile["owner"]), industry=said.name(tile["industry"]), level=tile["level"])
    return text + (", " + ngettext("{number} cube", "{number} cubes", tile["cubes"]).format(
        number=tile["cubes"]) if tile["cubes"] else "")


def provisional(x: int, y: int, words: str, anchor: str = "end") -> str:
    """The provisional mark, on the picture itself."""
    return text(x, y, _("Provisional: {words}").format(words=words), 13, text_anchor=anchor,
                fill=PROVISIONAL_COLOUR, font_weight="bold")


def seat_key(x: int, y: int, names: list[str], lines: list[str]) -> str:
    """One row per seat: its colour, its name and `lines[seat]`."""
    return "".join(f'<rect x="{x}" y="{y + s * 22 - 13}" width="14" height="14" '
                   f'fill="{seat_colour(s)}" stroke="#333"/>' + text(x + 20, y + s * 22, f"{name}: {lines[s]}")
                   for s, name in enumerate(names))


def letter(industry: str, said: Words, letters: dict[str, str]) -> str:
    """An industry's letter on a slot or space: in German the German name's initial
    (B Baumwollspinnerei, K Kohlebergwerk, E Eisenhütte), in English the game's `letters`."""
    return said.name(industry)[:1].upper() if german() else letters[industry]
