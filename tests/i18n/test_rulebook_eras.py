"""Brass's eras in German as its rulebook names them (seeds/003 SPIELZIEL: "Das Spiel
geht über 2 Epochen: die Kanalepoche (1770-1830) und die Eisenbahnepoche"), not
"Kanalperiode": the German catalogue's words for "canal era" and "rail era" occur in
the rulebook's text."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.i18n.catalogue import german

SEEDS = Path(os.environ.get("PBEM_RULEBOOKS", "/work/shared/seeds"))
BRASS_RULEBOOK = "003_*.txt"


@pytest.mark.parametrize("era", ["canal era", "rail era"])
def test_the_german_catalogue_says_brass_eras_in_the_rulebooks_words(era):
    rulebooks = sorted(SEEDS.glob(BRASS_RULEBOOK))
    if not rulebooks:
        pytest.skip(f"no Brass rulebook under {SEEDS} (PBEM_RULEBOOKS)")
    said = german()[era].string
    assert said and said in rulebooks[0].read_text(encoding="utf-8"), said
