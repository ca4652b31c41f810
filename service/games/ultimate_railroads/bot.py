"""The bot's evaluation of an Ultimate Railroads position (service/games/bot.py): per
seat, in points: the score so far, what a WERTUNG would score as the player board
stands now for every round still to be scored (this one included), the end-game
cards and the engineers' majority as SPIELENDE would count them now, and a little for
coins (they pay for action spaces)."""
from __future__ import annotations

from .scoring import end_card_points, majority, round_points

COIN_POINTS = 0.5


def evaluate(state: dict) -> list[float]:
    players = state["players"]
    scorings = max(0, state["rounds"] - state["round"] + 1)
    shares = majority(players)
    return [player["score"] + scorings * sum(round_points(player).values())
            + sum(end_card_points(player, card) for card in player["end_cards"])
            + shares[seat] + COIN_POINTS * player["coins"]
            for seat, player in enumerate(players)]
