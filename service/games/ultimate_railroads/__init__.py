"""Ultimate Railroads, base game (RUSSIAN RAILROADS) and the solo game against Emil:
the game type."""
from service.games.base import Bot, GameType, Option
from service.games.common.datafiles import engine_version
from service.games.speech import N_, _, in_english

from . import bot
from .box import open_box
from .data import FILES, PROVISIONAL
from .engine import ENGINE
from .events import EVENTS
from .move_schemas import MOVE_SCHEMAS
from .names import DISPLAY, WORDS
from .view_schemas import VIEW_SCHEMAS
from .setup import option_conflict

open_box()


def described() -> str:
    """The game in the reader's words: the base game, the solo game, the modules and
    boards as options, and which of its data is provisional (by the data's own names)."""
    return _("Ultimate Railroads, base game (Russian Railroads), 2-4 players, or 1 player against "
             "Emil (option emil, the solo variant), with the modules coal, werklok, special_ideas and "
             "extra_engineers as options, on the Russian board, the German one (board germany, its "
             "layout provisional), the Asian route board (board asia, its fields provisional) or the American "
             "one (board america: route fields, industry strip values, stock levels, dividend faces, steelworks' "
             "stacks and colours provisional), with any of the three industry strips (option strip) or the Asian "
             "chapter's shared industry board (industry_board, its layout provisional). PROVISIONAL DATA: "
             "part of the printed components are not transcribed yet, and the engine plays with "
             "values chosen to fit the rules, NOT the printed ones: {values}. See "
             "service/games/ultimate_railroads/data/SOURCES.md.").format(values=", ".join(PROVISIONAL))

GAME = GameType(
    id="ultimate-railroads",
    name="Ultimate Railroads",
    min_seats=1,
    max_seats=4,
    engine=ENGINE,
    # 5: the shared events, modules, Germany, the reusable-space swap; 6: drawing start
    # bonus cards chosen only when every draw can be done completely; 7: the completion
    # search's own budget a question (none shared), a re-used drawing space judged on every draw;
    # 8: coal only beside a regular action of the same turn, never in a turn that passes; a
    # maintenance car not used in the turn its owner woke it (issue 28)
    engine_version=engine_version("8", FILES),
    events=EVENTS,
    move_schemas=MOVE_SCHEMAS,
    view_schemas=VIEW_SCHEMAS,
    stage="provisional" if PROVISIONAL else "complete",
    options=(Option("board", "russia", N_("the player boards: RUSSIAN RAILROADS (the base game), GERMAN "
                    "RAILROADS (provisional layout, extensions and income tiles), ASIAN RAILROADS' route "
                    "board (asia: provisional fields; with the Russian industry strip, or the shared "
                    "industry board: option industry_board) or AMERICAN RAILROADS (provisional layout: "
                    "rubble and blasting, coin fields, the Golden Spike, the stock board with its dividend "
                    "tiles, the steelworks)"),
                    choices=("russia", "germany", "asia", "america"), label=N_("Board"),
                    choice_labels=("RUSSIAN RAILROADS", "GERMAN RAILROADS", "ASIAN RAILROADS", "AMERICAN RAILROADS")),
             Option("emil", False, N_("SOLOVARIANTE: one player against Emil, who blocks action "
                    "spaces (1 player only; left out, a 1-player game is this one)"),
                    choices=(False, True), seats=((False, (2, 3, 4)), (True, (1,))), label=N_("Solo game"),
                    choice_labels=(N_("no"), N_("against Emil"))),
             Option("coal", False, N_("KOHLE-MODUL: coal, the coal board's spaces, the stoker, foundries, "
                    "the coal factory; one round and one A engineer fewer"), choices=(False, True),
                    label="KOHLE-MODUL", choice_labels=(N_("no"), N_("yes"))),
             Option("werklok", False, N_("WERKLOK: the works train's action space and its tiles; one round "
                    "and one A engineer fewer (with coal: one round fewer in total)"), choices=(False, True),
                    label="WERKLOK", choice_labels=(N_("no"), N_("yes"))),
             Option("special_ideas", False, N_("SPEZIAL-IDEEN-MODUL: a special idea tile each and the 5 "
                    "special idea cards"), choices=(False, True),
                    label="SPEZIAL-IDEEN-MODUL", choice_labels=(N_("no"), N_("yes"))),
             Option("industry_board", False, N_("ASIAN RAILROADS' INDUSTRIETABLEAU: one shared industry board "
                    "instead of the strips (factories overbuilt level by level, maintenance cars, the "
                    "alternative #2 locos), with any route board; its layout provisional"),
                    choices=(False, True), label="INDUSTRIETABLEAU", choice_labels=(N_("no"), N_("yes"))),
             Option("extra_engineers", False, N_("ZUSÄTZLICHE INGENIEURINNEN: the 9 extra engineers shuffled "
                    "into the A and B stacks (never two with the same ordinal)"), choices=(False, True),
                    label="ZUSÄTZLICHE INGENIEURINNEN", choice_labels=(N_("no"), N_("yes"))),
             Option("strip", "board", N_("the industry strip: the board's own (board), or another one "
                    "(KOMBINATIONEN: AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE): russia, germany, or "
                    "america (two tracks, provisional values; with another board it lies without rubble)"),
                    choices=("board", "russia", "germany", "america"), label=N_("Industry strip"),
                    choice_labels=(N_("the board's own"), "RUSSIAN RAILROADS", "GERMAN RAILROADS",
                                   "AMERICAN RAILROADS"))),
    description=in_english(described),
    described=described,
    choice_fields=("temps", "wood", "coins", "swap"),
    money="{} coins",
    display_names=DISPLAY,
    words=WORDS,
    bot=Bot(bot.evaluate, candidates=30, follow_through=6, refine=8, turn_begins=bot.turn_begins,
            budget=bot.BUDGET, work=bot.work),
    option_conflict=option_conflict,
)
