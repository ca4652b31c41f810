"""Industry (Michael Schacht, Ystari 2010): auctions and development over 5 epochs.

The shipped board is PROVISIONAL: the printed board's 60 spaces and connections are not
in any public source found, so `data/board.json` is built to the rulebook's structural
facts and is replaceable by a transcription of the printed board (see data/SOURCES.md);
the stage and the description follow the board file's own "provisional" mark; the
description also data/resources.json's "names_provisional" (the English names are our
own: a label only, as they change no play).
"""
from service.games.base import Bot, GameType, Option
from service.games.common.datafiles import engine_version
from service.games.speech import N_, _, in_english
from service.games.industry import bot, engine
from service.games.industry.board import BOARD
from service.games.industry.events import EVENTS
from service.games.industry.move_schemas import MOVE_SCHEMAS
from service.games.industry.view_schemas import VIEW_SCHEMAS
from service.games.industry.schema import FILES, NAMES_PROVISIONAL
from service.games.industry.names import DISPLAY, PROVISIONAL_NAMES, WORDS


def described() -> str:
    """The game in the reader's words: the rules, whether its board is the printed one,
    and how the engine reads what the rulebook leaves open."""
    board = (_("PROVISIONAL BOARD: the printed board's spaces, costs, resources, VP, connections, joker "
               "kinds and Taler markers are not publicly documented; this board is built to the rulebook's "
               "structural facts and is not the printed one.")
             if BOARD.provisional else _("The board is a transcription of the printed one."))
    names = [_("PROVISIONAL NAMES: {count} spaces' printed names are not transcribed; their English and "
               "German names are chosen to fit (data/board.json: \"name_source\": \"provisional\").").format(
                   count=len(PROVISIONAL_NAMES))] if PROVISIONAL_NAMES else []
    english = [_("The spaces' and resources' English names and their capitals are provisional: our own for "
                 "the printed German game's, not the English edition's.")] if NAMES_PROVISIONAL else []
    return " ".join([
        _("Industry (Michael Schacht): auction factories, technologies and bonus spaces over 5 epochs and "
          "develop them for victory points."), board, *names, *english,
        _("The rules are the rulebook's; where it is silent the engine reads: the Kasse never runs out; a "
          "subsidy may be taken whenever the seat is to act; a claim must be payable Taler by Taler as "
          "printed; a seat whose 23 ownership markers (24 less the one on the score track) are all on the "
          "board cannot bid for or claim a space, and if it must take one (no bid) the space stays unowned.")])


GAME = GameType(
    id="industry",
    name="Industry",
    min_seats=3,
    max_seats=4,
    engine=engine,
    engine_version=engine_version("3", FILES),
    events=EVENTS,
    move_schemas=MOVE_SCHEMAS,
    view_schemas=VIEW_SCHEMAS,
    stage="provisional" if BOARD.provisional else "complete",
    description=in_english(described),
    described=described,
    options=(
        Option("recommended_marker_counts", False,
               N_("the rulebook's recommendation: with 3 seats draw 4 area markers per round "
                  "in epochs 4 and 5; with 4 seats 3 per round in epoch 5"),
               choices=(False, True), label=N_("Area markers per round"),
               choice_labels=(N_("as in the base rules"), N_("the rulebook's recommended counts"))),
    ),
    choice_fields=("supply",),
    money="{} Taler",
    display_names=DISPLAY,
    words=WORDS,
    bot=Bot(bot.evaluate, candidates=20, shortlist=bot.shortlist),
)
