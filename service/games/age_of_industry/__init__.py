"""Age of Industry (Martin Wallace, Treefrog 2010, 2nd edition rules): both maps.
The stage and the description follow what the data files mark provisional."""
from service.games.age_of_industry import bot
from service.games.age_of_industry.data import FILES, RAW
from service.games.age_of_industry.engine import ENGINE
from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.move_schemas import MOVE_SCHEMAS
from service.games.age_of_industry.view_schemas import VIEW_SCHEMAS
from service.games.age_of_industry.schema import provisional_parts
from service.games.base import Bot, GameType, Option
from service.games.common.datafiles import engine_version
from service.games.age_of_industry.names import DISPLAY, WORDS

PROVISIONAL = provisional_parts(RAW)
LABELS = {"maps/germany.json": "the Germany map", "maps/new_england.json": "the New England map",
          "player_board.json": "the player display", "cards.json": "the card mix",
          "market_tiles.json": "the market-tile mix", "demand_tracks.json": "the demand-track prices"}
ROWS = sum(1 for part in PROVISIONAL if part not in LABELS)
DATA_NOTE = (
    " PROVISIONAL DATA: " + ", ".join([LABELS[p] for p in PROVISIONAL if p in LABELS]
                                      + [f"{ROWS} rows of the player display"] * bool(ROWS))
    + " were not found printed; the engine plays on stand-in data built on every verified "
    "fragment and labelled provisional in its files (see data/SOURCES.md)."
    if PROVISIONAL else " The data files are transcribed from the printed components.")

GAME = GameType(
    id="age-of-industry",
    name="Age of Industry",
    min_seats=3,
    max_seats=5,
    engine=ENGINE,
    engine_version=engine_version("0.3.0", FILES),
    events=EVENTS,
    move_schemas=MOVE_SCHEMAS,
    view_schemas=VIEW_SCHEMAS,
    stage="provisional" if PROVISIONAL else "complete",
    description="Age of Industry, 2nd edition rules, on the Germany or New England map." + DATA_NOTE,
    options=(Option("map", "germany", "which side of the board", choices=("germany", "new_england")),),
    choice_fields=("card", "combined", "coal_from", "iron_from"),
    money="${}",
    display_names=DISPLAY,
    words=WORDS,
    bot=Bot(bot.evaluate, shortlist=bot.shortlist),
)
