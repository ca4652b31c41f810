"""The German catalogue as the tests read it (issue 31): the messages the sources mark
for translation (Babel's extractor over babel.cfg's mapping, as `pybabel extract` runs
it) and the English sentences a German reader must never see."""
from __future__ import annotations

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


def english_fragments() -> list[str]:
    """The catalogue's English sentences, cut at their placeholders and lines: each
    piece of at least FRAGMENT_WORDS words."""
    pieces = set()
    for message in german():
        for english in ([message.id] if isinstance(message.id, str) else message.id):
            for piece in re.split(r"\{[^{}]*\}|\n", english or ""):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if len(piece.split()) >= FRAGMENT_WORDS:
                    pieces.add(piece)
    return sorted(pieces)


def english_in(text: str) -> list[str]:
    """The catalogue's English sentences found in a text meant for a German reader."""
    flat = " ".join(text.split())
    return [piece for piece in english_fragments() if piece in flat]
