"""The German catalogue as the tests read it (issue 31): the messages the sources mark
for translation (Babel's extractor over babel.cfg's mapping, as `pybabel extract` runs
it) and the English sentences a German reader must never see: the catalogue's sentences,
and the games' event sentences as the patterns of the texts their templates write."""
from __future__ import annotations

import functools
import html
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from service import i18n

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("service", "workers")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Nn_": (1, 2)}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
FRAGMENT_WORDS = 4          # an English fragment this long is a sentence, not a phrase an engine text shares
PIECE_WORDS = 3             # a template not about a seat this short is a piece of a sentence ("{cards} face up")
PLAIN_WORDS = 3             # a message without placeholders this short is a phrase ("the game"), not a sentence


def extracted() -> set[str | tuple[str, ...]]:
    """Every message id the sources mark, as babel.cfg maps them."""
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    found = set()
    for folder in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                str(ROOT / folder), method_map, options_map, keywords=KEYWORDS):
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def german():
    with i18n.po_path("de").open("rb") as source:
        return read_po(source, locale="de")


@functools.cache
def english_fragments() -> tuple[str, ...]:
    """The catalogue's English sentences, cut at their placeholders and lines: each
    piece of at least FRAGMENT_WORDS words (read once: the catalogue does not change
    while the tests run)."""
    pieces = set()
    for message in german():
        for english in ([message.id] if isinstance(message.id, str) else message.id):
            for piece in re.split(r"\{[^{}]*\}|\n", english or ""):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if len(piece.split()) >= FRAGMENT_WORDS:
                    pieces.add(piece)
    return tuple(sorted(pieces))


def english_in(text: str) -> list[str]:
    """The catalogue's English sentences found in a text meant for a German reader."""
    flat = " ".join(text.split())
    return [piece for piece in english_fragments() if piece in flat]


@functools.cache
def event_templates() -> tuple[str, ...]:
    """The English sentences of the games' events (issue 31): every message the events'
    modules mark (service/games/events.py and each game's events.py), singular and plural."""
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    found = set()
    for file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "service" / "games"), method_map, options_map, keywords=KEYWORDS):
        if Path(file).name == "events.py":
            found.update([message] if isinstance(message, str) else message)
    return tuple(sorted(found))


def template_pattern(template: str) -> re.Pattern | None:
    """A sentence template as a pattern of the text it writes: each placeholder any words
    on one line ("{seat} passes": "Ada passes"), whole words at its ends. None for what
    is no sentence: a plain word or phrase (no placeholder, fewer than PLAIN_WORDS words),
    a piece of a sentence ("{cards} face up", "the {name} ({space})": it does not begin
    with the seat and has fewer than PIECE_WORDS words)."""
    pieces = PLACEHOLDER.split(template)
    words = sum(len(re.findall(r"[A-Za-z]+", piece)) for piece in pieces)
    if (not words or (len(pieces) == 1 and words < PLAIN_WORDS)
            or (not template.startswith("{seat}") and words < PIECE_WORDS)):
        return None
    pattern = r"[^\n]*?".join(map(re.escape, pieces))
    return re.compile((r"\b" if template[0].isalpha() else "") + pattern
                      + (r"\b" if template[-1].isalpha() else ""))


def english_events_in(text: str) -> list[str]:
    """The English event sentences (as their templates) found in a text meant for a German
    reader."""
    return [template for template, pieces, pattern in event_patterns()
            if all(piece in text for piece in pieces) and pattern.search(text)]


@functools.cache
def event_patterns() -> tuple[tuple[str, tuple[str, ...], re.Pattern], ...]:
    """Each event template with its pattern, and the literal pieces between its
    placeholders: a text that lacks one cannot match, and `in` is ~100x cheaper than
    the pattern's search (the German whole-game test searched 1,400 patterns a look)."""
    return tuple((template, tuple(filter(None, PLACEHOLDER.split(template))), pattern)
                 for template in event_templates() if (pattern := template_pattern(template)))


# the modules that write the players' panel, the game's state and the board pictures
# (issue 31): their messages are the labels a German page must not show in English
LABEL_SOURCES = ("service/web/panel.py", "service/drawing")
# and the labels these showed in English before they were said through the catalogue,
# checked whatever the sources mark
SHOWN_IN_ENGLISH = ("Money", "Income", "Points", "Cards", "Coins", "Loans", "Jokers", "Era", "Round",
                    "Coal market", "Iron market", "Draw deck", "Coal demand", "Iron demand", "Epoch",
                    "Action board", "rail link, unbuilt", "owned by", "Provisional", "free for",
                    "not flipped", "Links: blue canal and rail", "Fields: W new worker",
                    "Circle: ownership marker", "player board", "wrenches on", "Workers to place",
                    # Ultimate Railroads' board raw (review of issue 31): the American strip's
                    # upper fields, the idea cards and action spaces by their ids, the dividend tiles
                    "over", "coins", "doublers", "doubler", "dividend")
WORD = re.compile(r"[A-Za-z]{3,}")


@functools.cache
def english_labels() -> tuple[tuple[str, re.Pattern], ...]:
    """The English of the panel's and the pictures' messages whose German differs: a
    message without placeholders whole ("Money", "Coal market"), else each piece of it
    between placeholders of at least two words ("canal link, unbuilt") that its German
    does not hold too ("Age of Industry"), as whole words (case as written: "Werklok" is
    not "werklok")."""
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    translations = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in german() if m.id}
    pieces = set()
    for source in LABEL_SOURCES:
        path = ROOT / source
        folder, only = (path, None) if path.is_dir() else (path.parent, path.name)
        for file, _line, message, _comments, _context in extract_from_dir(
                str(folder), method_map, options_map, keywords=KEYWORDS):
            if only and Path(file).name != only:
                continue
            for english in [message] if isinstance(message, str) else message:
                said = translations.get(english if isinstance(message, str) else message[0])
                if said in (None, english) or (isinstance(said, tuple) and english in said):
                    continue
                germans = " ".join(said) if isinstance(said, tuple) else said
                parts = [p.strip(" .,:;()") for p in PLACEHOLDER.split(english)]
                pieces.update(p for p in parts if WORD.search(p) and p not in germans   # "Age of Industry"
                              and (len(parts) == 1 or len(p.split()) >= 2))
    pieces.update(SHOWN_IN_ENGLISH)
    return tuple((piece, re.compile(rf"(?<![\w-]){re.escape(piece)}(?![\w-])")) for piece in sorted(pieces))


PANEL = re.compile(r'<section id="players".*?</section>|<dl id="facts">.*?</dl>|<svg.*?</svg>', re.S)
ARIA = re.compile(r'aria-label="([^"]*)"')


def english_labels_in(page: str, visible_text) -> list[str]:
    """The English labels (english_labels) found in a page's players' panel, the game's
    state and its board picture (its text, titles and the places' aria-labels), and any
    identifier written as it is (`dividend_points`)."""
    shown = PANEL.findall(page)
    text = " ".join([visible_text(part) for part in shown] + [html.unescape(label) for part in shown
                                                              for label in ARIA.findall(part)])
    flat = " ".join(text.split())
    return [piece for piece, pattern in english_labels() if pattern.search(flat)] + RAW_ID.findall(flat)


RAW_ID = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")     # snake_case: an identifier
