"""The bot's evaluation of an Ultimate Railroads position (service/games/bot.py): per
seat, in points: the score so far, what a WERTUNG would score as the player board
stands now for every round still to be scored (this one included), the end-game
cards and the engineers' majority as SPIELENDE would count them now, a little for
coins (they pay for action spaces), and, while the seat has not passed, what its
pieces still to be placed this round are worth: passing gives them up (issue 28: the
bot passed with workers in hand for the turn-order card's points, and lost at 4 seats)."""
from __future__ import annotations

from .completion import WORK
from .free_actions import OWED
from .scoring import end_card_points, majority, round_points

COIN_POINTS = 0.5
# The work a decision may do (Bot.budget): engine calls, and the situations the completion
# search tries inside them (completion.WORK), each about 1 ms of CPU. Counting calls alone
# did not bound the time: one listing that asks the search about each pool move took up to
# 0.5 s, and a decision of 55 calls 2.6 s. Chosen on all modules together at 2 seats (games
# 3-6, CPU time, load average 21-25): unbounded p99 279 ms (max 2.6 s); budget 120: p99
# 142 ms, max 186 ms; 80: p99 97 ms, max 131 ms; 100 leaves room under the 200 ms ceiling
# for a busier machine. The win rates it keeps: `pbem bench bot` (README, Bots).
BUDGET = 100
PIECE_POINTS = 4.0      # a worker, temporary or wooden worker not yet placed this round


def pieces_to_place(player: dict, rounds_after: int) -> int:
    """The pieces the player may still place this round (ALLGEMEIN: passing ends them) and
    its workers in each round after this one: the value so counted stays the same as a
    round ends and the workers come back, and only the pieces given up by passing are lost."""
    in_hand = 0 if player["passed"] else (player["workers"] - player["placed"] + player["temps"]
                                          + int(player["wooden"] and not player["wooden_placed"]))
    return in_hand + rounds_after * (player["workers"] + int(player["wooden"]))


def evaluate(state: dict) -> list[float]:
    players = state["players"]
    scorings = max(0, state["rounds"] - state["round"] + 1)
    shares = majority(players)
    return [player["score"] + scorings * sum(round_points(player).values())
            + sum(end_card_points(player, card) for card in player["end_cards"])
            + shares[seat] + COIN_POINTS * player["coins"] + PIECE_POINTS * pieces_to_place(player, max(0, scorings - 1))
            for seat, player in enumerate(players)]


def turn_begins(state: dict, seat: int) -> bool:
    """The seat is to place or pass anew: nothing in its action pool, no action owed."""
    return state["phase"] == "actions" and not state["pool"] and OWED not in state


def work() -> int:
    """The situations the completion search has tried in this thread (Bot.work)."""
    return WORK.situations
