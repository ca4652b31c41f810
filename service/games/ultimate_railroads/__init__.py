"""Ultimate Railroads, base game (RUSSIAN RAILROADS): the game type."""
from service.games.base import GameType, Option
from service.games.common.datafiles import engine_version

from .data import FILES, PROVISIONAL
from .engine import ENGINE

GAME = GameType(
    id="ultimate-railroads",
    name="Ultimate Railroads",
    min_seats=2,
    max_seats=4,
    engine=ENGINE,
    engine_version=engine_version("2", FILES),
    stage="provisional" if PROVISIONAL else "complete",
    options=(Option("board", "russia", "the player boards: RUSSIAN RAILROADS (the base game); "
                    "the German, American and Asian boards are to come", choices=("russia",)),),
    description=(
        "Ultimate Railroads, base game (Russian Railroads), 2-4 players. PROVISIONAL DATA: "
        "part of the printed components are not transcribed yet, and the engine plays with "
        "values chosen to fit the rules, NOT the printed ones: " + ", ".join(PROVISIONAL)
        + ". See service/games/ultimate_railroads/data/SOURCES.md."),
)
