"""Every rulebook heading the Brass engine names in a refusal has an English name for
the players (issue 20, finding 6: "German rule headings as the only rule name")."""
from __future__ import annotations

import re
from pathlib import Path

from service.games.brass_lancashire import GAME

SOURCE = Path(GAME.engine.__file__).parent


def test_every_heading_a_refusal_names_has_an_english_name():
    named = {heading for source in SOURCE.glob("*.py")
             for heading in re.findall(r'(?:RULE = |rule=)"([^"]+)"', source.read_text())}
    assert named and named <= dict(GAME.rule_names).keys(), named - dict(GAME.rule_names).keys()
