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
from service.games.speech import N_, _, in_english, ngettext
from service.games.common.datafiles import engine_version
from service.games.age_of_industry.names import DISPLAY, WORDS

PROVISIONAL = provisional_parts(RAW)
LABELS = {"maps/germany.json": N_("the Germany map"), "maps/new_england.json": N_("the New England map"),
          "player_board.json": N_("the player display"), "cards.json": N_("the card mix"),
          "market_tiles.json": N_("the market-tile mix"), "demand_tracks.json": N_("the demand-track prices")}
ROWS = sum(1 for part in PROVISIONAL if part not in LABELS)


def described() -> str:
    """The game in the reader's words: the rules, the maps, and which of its data is
    provisional."""
    parts = [_(LABELS[p]) for p in PROVISIONAL if p in LABELS] + [ngettext(
        "{number} row of the player display", "{number} rows of the player display", ROWS).format(number=ROWS)] * bool(ROWS)
    note = (_("PROVISIONAL DATA: {parts} were not found printed; the engine plays on stand-in data built on "
              "every verified fragment and labelled provisional in its files (see data/SOURCES.md).").format(
                  parts=", ".join(parts))
            if PROVISIONAL else _("The data files are transcribed from the printed components."))
    return _("Age of Industry, 2nd edition rules, on the Germany or New England map.") + " " + note


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
    description=in_english(described),
    described=described,
    options=(Option("map", "germany", N_("which side of the board"), choices=("germany", "new_england"),
                    label=N_("Map"), choice_labels=(N_("Germany"), N_("New England"))),),
    choice_fields=("card", "combined", "coal_from", "iron_from"),
    money="${}",
    display_names=DISPLAY,
    words=WORDS,
    bot=Bot(bot.evaluate, shortlist=bot.shortlist),
)
