"""Issue 27, "contrast computed from the stylesheet's colours >= 4.5:1", for the mails'
HTML part too (workers/mail/html_part.STYLE), in light and in dark mode: every text
colour on its background at least 4.5:1 (WCAG 2.1 AA, coloraide), and the links'
colour on every background a link sits on; read as the pages' stylesheet is
(tests/web/test_stylesheet.py)."""
from __future__ import annotations

import pytest
from coloraide import Color

from tests.web.test_stylesheet import AA, declared, pairs, rules
from workers.mail import html_part

MODES = {"light": rules(html_part.STYLE, media="no such query"),
         "dark": rules(html_part.STYLE, media="prefers-color-scheme: dark")}


def text_pairs(sheet) -> list[tuple[str, str, str]]:
    """(selector, text colour, background) of the rules about text (a picture holds none)."""
    return [pair for pair in pairs(sheet) if not pair[0].startswith("img")]


@pytest.mark.parametrize("mode", MODES)
def test_every_text_colour_of_a_mail_on_its_background_is_aa(mode):
    found = text_pairs(MODES[mode])
    assert len(found) >= 6 and any(selector == "body" for selector, _f, _b in found)
    low = [(selector, fore, back, round(Color(fore).contrast(back), 2)) for selector, fore, back in found
           if Color(fore).contrast(back) < AA]
    assert low == [], (mode, low)


@pytest.mark.parametrize("mode", MODES)
def test_a_mails_links_are_aa_on_every_background_a_link_sits_on(mode):
    sheet = MODES[mode]
    link = declared("a", ("color",), sheet)
    backs = {back for selector, _fore, back in text_pairs(sheet) if not selector.startswith("a.button")}
    assert [back for back in backs if Color(link).contrast(back) < AA] == [], (mode, link)
