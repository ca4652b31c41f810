"""Brass's eras in German as its rulebook names them (Brass: Lancashire, SPIELZIEL: "Das
Spiel geht über 2 Epochen: die Kanalepoche (1770-1830) und die Eisenbahnepoche"), not
"Kanalperiode". The words are quoted here from the rulebook (it is not in the
repository, ../shared/seeds/), so the test runs on any machine."""
from __future__ import annotations

import pytest

from tests.i18n.catalogue import german

# SPIELZIEL: "Das Spiel geht über 2 Epochen: die Kanalepoche (1770-1830) und die Eisenbahnepoche"
RULEBOOK = {"canal era": "Kanalepoche", "rail era": "Eisenbahnepoche"}


@pytest.mark.parametrize("era", sorted(RULEBOOK))
def test_the_german_catalogue_says_brass_eras_in_the_rulebooks_words(era):
    assert german()[era].string == RULEBOOK[era]
