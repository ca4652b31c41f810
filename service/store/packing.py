"""What a key holds, packed: zlib of the JSON (the meta, snapshot and log keys), LZMA2
(a finished game's `final`); unpacked() reads all three, and plain JSON of before."""
from __future__ import annotations

import json
import lzma
import zlib


def dumps(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def packed(data) -> bytes:
    """What the meta, snapshot and log keys hold (issue 18, a small footprint): zlib of
    the JSON, a third of its size for a mid-game snapshot and a quarter for a log. A list
    of JSON entries (RPUSH) was measured at 184 B per Brass move against about 30 B here;
    the price is a log read and rewritten whole by each commit (some KB, well under a
    millisecond), and no LRANGE from an offset."""
    return zlib.compress(dumps(data).encode(), 9)


LZMA = b"\x01"           # the head of a finished game's log: raw LZMA2 follows
# lc=0, pb=0 (no literal context, no position bits): 2.5 % smaller than the preset's
# lc=3, pb=2 on JSON (measured on finished 4-seat Brass games: 3,505 B against 3,596 B).
LZMA_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "lc": 0, "pb": 0,
                 "dict_size": 64 << 20}]


def packed_finished(data) -> bytes:
    """A finished game's state, written once: LZMA2 without the .xz container (its 60 B
    of headers), 7 % smaller than zlib's level 9 on a 4-seat Brass game (measured: 3,729
    B against 4,004 B), for a key that is rarely read again. The dictionary is cut to
    the data's size (no match reaches further back, so the output is the same and
    LZMA_FILTERS still reads it): preset 9's 64 MiB made the encoder set up its tables
    for 70 ms on the 35 KB of a finished Brass game, 12 ms with 1 MiB (issue 10: a
    game's last turn)."""
    raw = dumps(data).encode()
    filters = [{**LZMA_FILTERS[0], "dict_size": dictionary_for(len(raw))}]
    return LZMA + lzma.compress(raw, format=lzma.FORMAT_RAW, filters=filters)


def dictionary_for(size: int) -> int:
    """The smallest power of two that holds `size` bytes, from LZMA's least (4 KiB) up to
    the preset's 64 MiB."""
    return min(max(4096, 1 << (size - 1).bit_length()), LZMA_FILTERS[0]["dict_size"])


def unpacked(raw: bytes):
    """The data of packed() or packed_finished(); plain JSON (a key written before issue
    18) is read as it is."""
    if raw[:1] == LZMA:
        return json.loads(lzma.decompress(raw[1:], format=lzma.FORMAT_RAW,
                                          filters=LZMA_FILTERS))
    return json.loads(raw if raw[:1] in (b"{", b"[") else zlib.decompress(raw))
