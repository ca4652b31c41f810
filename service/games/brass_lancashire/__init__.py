"""Brass: Lancashire (Roxley 2018 rules, full map, 2-4 players)."""
from service.games.base import GameType, Option

from . import engine

GAME = GameType(
    id="brass-lancashire",
    name="Brass: Lancashire",
    min_seats=2,
    max_seats=4,
    engine=engine,
    engine_version="1",
    stage="provisional",
    description=(
        "Brass: Lancashire with the Roxley rules on the full map for 2-4 players. "
        "Provisional data: which cards and cotton merchant tiles carry each player-count "
        "icon (one source, corrected to the rulebook's deck sizes), the 12th cotton tile at "
        "4 players, 1 link icon per flipped industry tile, and an unlimited cube supply. "
        "The 2-player alternative map of the community variant is not in our data and is "
        "not offered."),
    options=(
        Option("rules", "roxley", "roxley: the Roxley rules; classic: the original rules "
               "(virtual Liverpool-Birkenhead connection; all 66 cards with 9/6 under the deck "
               "tile and 6/2 boxed before the rail era at 3/4 players)",
               choices=("roxley", "classic")),
        Option("length", "full", "full game, or the short introductory game (canal era only, "
               "with its extra scoring)", choices=("full", "introductory")),
    ),
)
