"""Brass: Lancashire (Roxley 2018 rules, full map, 2-4 players)."""
from service.games.base import Bot, GameType, Option
from service.games.common.datafiles import engine_version
from service.games.speech import N_, _, in_english

from . import bot, engine
from .data import FILES
from .events import EVENTS
from .move_schemas import MOVE_SCHEMAS
from .names import DISPLAY, WORDS
from .view_schemas import VIEW_SCHEMAS


def described() -> str:
    return _("Brass: Lancashire with the Roxley rules on the full map for 2-4 players. "
             "Provisional data: which cards and cotton merchant tiles carry each player-count "
             "icon (one source, corrected to the rulebook's deck sizes), the 12th cotton tile at "
             "4 players, 1 link icon per flipped industry tile and an unlimited cube supply. "
             "The 2-player alternative map of the community variant is not in our data and is "
             "not offered.")


GAME = GameType(
    id="brass-lancashire",
    name="Brass: Lancashire",
    min_seats=2,
    max_seats=4,
    engine=engine,
    engine_version=engine_version("3", FILES),
    events=EVENTS,
    move_schemas=MOVE_SCHEMAS,
    view_schemas=VIEW_SCHEMAS,
    stage="provisional",
    description=in_english(described),
    described=described,
    options=(
        Option("rules", "roxley", N_("roxley: the Roxley rules; classic: the original rules "
               "(virtual Liverpool-Birkenhead connection; at 3/4 players all 66 cards and all 12 "
               "cotton merchant tiles, 9/6 cards under the deck tile and 6/2 boxed before the "
               "rail era)"),
               choices=("roxley", "classic"), label=N_("Rules"), choice_labels=("Roxley", N_("classic"))),
        Option("length", "full", N_("full game, or the short introductory game (canal era only, "
               "then its extra scoring: £4 = 1 VP up to 15, income level in VP, flipped tiles "
               "of level 2 and up scored again; no income after its last round)"),
               choices=("full", "introductory"), label=N_("Length"),
               choice_labels=(N_("full game"), N_("introductory game"))),
    ),
    rule_names=(
        ("SPIELZUG", "Player turn"), ("AKTIONEN", "Actions"), ("AKTIONEN: Passen", "Pass"),
        ("AKTION: BAUEN", "Build"), ("AKTION: VERBINDEN", "Network"),
        ("AKTION: ENTWICKELN", "Develop"), ("AKTION: VERKAUFEN", "Sell"),
        ("AKTION: KREDIT AUFNEHMEN", "Loan"),
        ("RUNDENENDE: Einkommen erhalten", "End of round: collect income"),
    ),
    choice_fields=("card", "cards", "overbuild", "coal", "iron"),
    money="£{}",
    display_names=DISPLAY,
    words=WORDS,
    bot=Bot(bot.evaluate, candidates=40),
)
