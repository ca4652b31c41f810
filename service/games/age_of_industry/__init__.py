"""Age of Industry (Martin Wallace, Treefrog 2010, 2nd edition rules): both maps."""
from service.games.age_of_industry.engine import ENGINE
from service.games.base import GameType, Option

GAME = GameType(
    id="age-of-industry",
    name="Age of Industry",
    min_seats=3,
    max_seats=5,
    engine=ENGINE,
    engine_version="0.2.0",
    stage="provisional",
    description=(
        "Age of Industry, 2nd edition rules, on the Germany or New England map. PROVISIONAL "
        "DATA: neither printed map, most of the player display, the card mix, the market-tile "
        "mix and the demand-track prices were found; the engine plays on stand-in data built "
        "on every verified fragment and labelled provisional in its files (see data/SOURCES.md)."),
    options=(Option("map", "germany", "which side of the board", choices=("germany", "new_england")),),
)
