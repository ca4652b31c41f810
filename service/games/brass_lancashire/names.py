"""Display names (issue 14): the printed English names of the towns and distant
markets (data/board.json) and of the industries, by identifier. A link `a__b` is
written from its towns ("Liverpool – Wigan") by whoever shows it."""
from __future__ import annotations

from .data import INDUSTRIES, NAMES

DISPLAY = {**NAMES, **{industry: industry.replace("_", " ").capitalize() for industry in INDUSTRIES}}
