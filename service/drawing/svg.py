"""What every board picture shares: the seats' colours, the SVG document with its text
alternative (title, desc, role), focusable described groups, a market or demand track
and the provisional mark drawn on the picture. Plain strings, no request context, so
the mail workers can embed a board too."""
from __future__ import annotations

from markupsafe import escape

SEAT_COLOURS = ("#c0392b", "#2e6fbd", "#d4a017", "#2e8b57", "#7d3c98")   # seats 0-4
PROVISIONAL_COLOUR = "#a40"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def document(key: str, title: str, summary: str, width: int, height: int,
             body: list[str]) -> str:
    """The picture: `title` and `summary` are its accessible name and description."""
    return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
            f'{height}" font-family="sans-serif" role="group" '
            f'aria-labelledby="{key}-title {key}-desc">'
            f'<title id="{key}-title">{escape(title)}</title>'
            f'<desc id="{key}-desc">{escape(summary)}</desc>' + "".join(body) + "</svg>")


def described(said: str, parts: list[str]) -> str:
    """A group read out as one thing and reachable by the keyboard."""
    return (f'<g tabindex="0" role="img" aria-label="{escape(said)}"><title>{escape(said)}'
            "</title>" + "".join(parts) + "</g>")


def text(x: float, y: float, words: str, size: int = 13, **attributes) -> str:
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


def provisional(x: int, y: int, words: str, anchor: str = "end") -> str:
    """The provisional mark, on the picture itself."""
    return text(x, y, f"Provisional: {words}", 13, text_anchor=anchor,
                fill=PROVISIONAL_COLOUR, font_weight="bold")


def seat_key(x: int, y: int, names: list[str], lines: list[str]) -> str:
    """One row per seat: its colour, its name and `lines[seat]`."""
    return "".join(f'<rect x="{x}" y="{y + s * 22 - 13}" width="14" height="14" '
                   f'fill="{seat_colour(s)}"/>' + text(x + 20, y + s * 22, f"{name}: {lines[s]}")
                   for s, name in enumerate(names))
