"""The HTML part of a mail (issue 14, "An HTML part that helps"): the same sections as
the plain text, which stays complete on its own, laid out for a phone and for dark
mode, with a button to the seat's own page (signed link), the board as a picture, the
legal moves as mailto links each with its cost, and for a game that has no picture
yet the board's facts as a table.

The picture: the game's SVG board (service/drawing/boards.py) sent as a PNG attached to
the HTML part (multipart/related, `cid:`). Gmail, Outlook and most webmail do not show
SVG in mail at all, and no client fetches a remote image unasked; a PNG inline part
is what every common client shows. It is rendered with CairoSVG (PyPI, over Debian's
libcairo2), offline, once per picture in each process, and stored with a palette
(Pillow) to stay near 40 KB; its alt text is the SVG's own
description, and the plain-text board stays in the text part."""
from __future__ import annotations

import hashlib
import html
import logging
import sys
from functools import lru_cache
from io import BytesIO
from typing import Callable

from PIL import Image

from service.drawing.boards import VIEWBOX

log = logging.getLogger(__name__)
FALLBACK_WIDTH = 720                # pixels: a picture whose own size is not found
PALETTE = 128
CAIRO_PIXELS = "BGRX" if sys.byteorder == "little" else "XRGB"   # cairo's RGB24, as Pillow names it
STYLE = """
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; background: #f6f4ef; color: #1d1d1b;
       font: 16px/1.45 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.wrap { max-width: 640px; margin: 0 auto; padding: 12px; }
h1 { font-size: 20px; margin: 0 0 8px; }
h2 { font-size: 18px; margin: 20px 0 6px; }
p, .text { margin: 0 0 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
pre { font: 13px/1.35 Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere;
      background: #fffdf8; border: 1px solid #ddd6c8; border-radius: 6px; padding: 8px; }
.board-pan { max-width: 100%; overflow-x: auto; }
img.board { max-width: none; height: auto; border-radius: 6px; background: #ffffff; }
a { color: #1a5fb4; }
a.button { display: inline-block; background: #1a5fb4; color: #ffffff; text-decoration: none;
           padding: 10px 16px; border-radius: 6px; font-weight: 600; }
ul.moves { list-style: none; padding: 0 0 6px; margin: 0 0 8px; border-bottom: 1px solid #ddd6c8; }
ul.moves li { display: inline-block; margin: 0 6px 8px 0; }
ul.moves a { display: inline-block; padding: 6px 10px; border: 1px solid #1a5fb4; border-radius: 16px;
             text-decoration: none; font-family: Menlo, Consolas, monospace; font-size: 14px; }
.cost { color: #5b5b57; font-size: 13px; }
table.facts { border-collapse: collapse; width: 100%; }
table.facts td { border-bottom: 1px solid #ddd6c8; padding: 4px 6px; vertical-align: top; }
.footer { color: #5b5b57; font-size: 13px; }
@media (prefers-color-scheme: dark) {
  body { background: #1b1c1e; color: #e8e6e1; }
  pre { background: #25272a; border-color: #3b3e42; }
  a { color: #8ab4f8; }
  a.button { background: #8ab4f8; color: #10141a; }
  ul.moves a { border-color: #8ab4f8; }
  ul.moves { border-bottom-color: #3b3e42; }
  .cost, .footer { color: #a9a7a2; }
  table.facts td { border-bottom-color: #3b3e42; }
}
"""


@lru_cache(maxsize=64)
def picture_width(svg: str) -> int:
    """The picture's own width (its viewBox's, in its units), the PNG's in pixels: shown
    at that width none of its text is under 11 px (issue 27), where the 720 px picture
    squeezed into a phone's 360 px showed it at 4 px; a narrower screen pans it sideways
    inside its own box (`.board-pan`), not the mail."""
    found = VIEWBOX.search(svg)
    return round(float(found.group(1))) if found else FALLBACK_WIDTH


def png(svg: str) -> bytes | None:
    """The SVG picture as a PNG, picture_width wide (the same board for every seat of a
    version is rendered once per process); None when it cannot be rendered: the mail
    goes without its picture (the text part holds the board) rather than not at all."""
    try:
        # imported here, not at the top: CairoSVG loads Debian's libcairo2 as it is
        # imported, and only this picture needs it; the service (README's run command,
        # `pbem dev`) starts without it, its mail then without the picture (issue 33)
        from cairosvg.parser import Tree
        from cairosvg.surface import PNGSurface
        # drawn on CairoSVG's surface and handed to Pillow as pixels (what svg2png does,
        # less its PNG written and read back); a palette of PALETTE colours by Pillow's
        # fast octree, saved unoptimised: 0.05 s a picture where median cut and
        # optimize=True took 0.3 s (issue 33), and no more bytes (31 KB for Age of Industry)
        drawn = PNGSurface(Tree(bytestring=svg.encode()), None, 96, output_width=picture_width(svg),
                           background_color="white").cairo
        drawn.flush()
        pixels = Image.frombuffer("RGB", (drawn.get_width(), drawn.get_height()),
                                  bytes(drawn.get_data()), "raw", CAIRO_PIXELS, drawn.get_stride())
        small = BytesIO()
        pixels.quantize(PALETTE, method=Image.Quantize.FASTOCTREE).save(small, "PNG")
        return small.getvalue()
    except Exception:           # any failure of the optional picture: logged, never the mail's
        log.exception("the board picture could not be rendered")
        return None


def picture_id(svg: str, domain: str) -> str:
    return f"board.{hashlib.sha256(svg.encode()).hexdigest()[:16]}@{domain}"


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def moves_list(moves: dict[str, str], link: Callable[[str], str]) -> str:
    """The moves as mailto links with their cost, one row of them per action."""
    rows: dict[str, list[str]] = {}
    for move, cost in moves.items():
        rows.setdefault(move.split()[0], []).append(
            f'<li><a href="{esc(link(move))}">{esc(move)}</a>'
            + (f' <span class="cost">{esc(cost)}</span>' if cost else "") + "</li>")
    return ("<p>Tap a move to answer with it (your mail program opens the reply):</p>"
            + "".join(f'<ul class="moves">{"".join(items)}</ul>' for items in rows.values()))


def section(title: str, text: str, mail, link: Callable[[str], str], picture: str | None) -> str:
    """One section: the board as the picture (or the facts table) above its text, the
    moves as links below the list's explanation, other text as it is."""
    out = [f"<h2>{esc(title)}</h2>"] if title else []
    if title == "The board":
        if picture:
            width = picture_width(mail.picture_svg)
            # styled inline too: some mail programs drop a <style> element
            out.append(f'<div class="board-pan" style="max-width: 100%; overflow-x: auto;">'
                       f'<img class="board" src="cid:{esc(picture)}" width="{width}" '
                       f'style="width: {width}px; max-width: none; height: auto;" '
                       f'alt="{esc(mail.picture_alt or "The board")}"></div>')
        elif mail.facts:
            out.append('<table class="facts">' + "".join(
                f"<tr><td>{esc(name)}</td><td>{esc(value)}</td></tr>" for name, value in mail.facts)
                + "</table>")
        out.append(f"<pre>{esc(text)}</pre>")
    elif title == "Your legal moves" and mail.quick_replies and mail.reply_to:
        out.append(moves_list(mail.quick_replies, link))
        out.append(f"<pre>{esc(text)}</pre>")
    elif title == "Your page" and mail.page_url:
        out.append(f'<p><a class="button" href="{esc(mail.page_url)}">Open your page: the board '
                   f'and your moves</a></p><p class="footer">{esc(text.split(chr(10), 1)[-1])}</p>')
    else:
        out.append(f'<p class="text">{esc(text)}</p>')
    return "\n".join(out)


def render(mail, footer: str, game_link: str, link: Callable[[str], str], picture: str | None) -> str:
    """The whole HTML document of a mail."""
    body = [f"<h1>{esc(mail.subject)}</h1>"]
    body += [section(title, text, mail, link, picture) for title, text in mail.sections]
    body.append(f'<hr><p class="footer">{esc(footer)}<br><a href="{esc(game_link)}">'
                f"{esc(game_link)}</a></p>")
    return ('<!doctype html><html><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="color-scheme" content="light dark">'
            '<meta name="supported-color-schemes" content="light dark">'
            f"<title>{esc(mail.subject)}</title><style>{STYLE}</style></head>"
            f'<body><div class="wrap">{"".join(body)}</div></body></html>')
