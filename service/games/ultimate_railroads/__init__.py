"""Ultimate Railroads, base game (RUSSIAN RAILROADS) and the solo game against Emil:
the game type."""
from service.games.base import Bot, GameType, Option
from service.games.common.datafiles import engine_version

from . import bot
from .data import FILES, PROVISIONAL
from .engine import ENGINE

GAME = GameType(
    id="ultimate-railroads",
    name="Ultimate Railroads",
    min_seats=1,
    max_seats=4,
    engine=ENGINE,
    engine_version=engine_version("3", FILES),
    stage="provisional" if PROVISIONAL else "complete",
    options=(Option("board", "russia", "the player boards: RUSSIAN RAILROADS (the base game); "
                    "the German, American and Asian boards are to come", choices=("russia",)),
             Option("emil", False, "SOLOVARIANTE: one player against Emil, who blocks action "
                    "spaces (1 player only; left out, a 1-player game is this one)",
                    choices=(False, True), seats=((False, (2, 3, 4)), (True, (1,))))),
    description=(
        "Ultimate Railroads, base game (Russian Railroads), 2-4 players, or 1 player against "
        "Emil (option emil, the solo variant). PROVISIONAL DATA: "
        "part of the printed components are not transcribed yet, and the engine plays with "
        "values chosen to fit the rules, NOT the printed ones: " + ", ".join(PROVISIONAL)
        + ". See service/games/ultimate_railroads/data/SOURCES.md."),
    bot=Bot(bot.evaluate, candidates=30, follow_through=6, refine=8),
)
