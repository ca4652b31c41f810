"""A small engine for testing the platform only (never registered in the product).

"Pile": each seat holds three cards (1-5) dealt from a shuffled deck; in turn,
a seat plays a card onto the pile (and draws a replacement, seen only by it)
or passes. The game ends when the pile reaches 20 or every seat passed in a
row; each seat scores the cards it played.
"""
from __future__ import annotations

import copy
import time

from service.games.base import GameType, IllegalMove, NotationError, Option
from service.games.common import rng

TARGET = 20


class Pile:
    def setup(self, options, seats, seed):
        deck, state_rng = rng.shuffled(rng.seed_state(seed), [1, 2, 3, 4, 5] * 4)
        hand_size = options["hand"]
        hands = [deck[i * hand_size:(i + 1) * hand_size] for i in range(seats)]
        return {"rng": state_rng, "deck": deck[seats * hand_size:], "hands": hands,
                "pile": 0, "scores": [0] * seats, "turn": 0, "passes": 0,
                "delay": options["delay"]}

    def to_act(self, state):
        return [] if self.result(state) else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"action": "play", "card": c} for c in sorted(set(state["hands"][seat]))] + \
            [{"action": "pass"}]

    def apply(self, state, seat, move):
        if seat not in self.to_act(state):
            raise IllegalMove(f"seat {seat} is not to act", rule="order of play")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("not a legal move", rule="play a card", field="card",
                              options=self.legal_moves(state, seat))
        time.sleep(state.get("delay", 0))       # tests of a worker killed mid-job only
        state, events = copy.deepcopy(state), []
        if move["action"] == "play":
            state["hands"][seat].remove(move["card"])
            state["pile"] += move["card"]
            state["scores"][seat] += move["card"]
            state["passes"] = 0
            events.append({"type": "played", "seat": seat, "text": f"seat {seat} plays a {move['card']}",
                           "card": move["card"]})
            if state["deck"]:
                card = state["deck"].pop()
                state["hands"][seat].append(card)
                events.append({"type": "drew", "seat": seat, "text": f"seat {seat} draws a {card}",
                               "card": card, "visible_to": [seat]})
        else:
            state["passes"] += 1
        state["turn"] = (seat + 1) % len(state["hands"])
        return state, events

    def reveals(self, before, after):
        """A card drawn from the deck (a play) reveals; a pass does not."""
        return before["deck"] != after["deck"]

    def view(self, state, seat):
        public = {"pile": state["pile"], "scores": state["scores"], "deck": len(state["deck"]),
                  "hand_sizes": [len(h) for h in state["hands"]], "turn": state["turn"]}
        return {"public": public, "private": {} if seat is None else {"hand": state["hands"][seat]}}

    def result(self, state):
        if state["pile"] < TARGET and state["passes"] < len(state["hands"]):
            return None
        best = sorted(set(state["scores"]), reverse=True)
        return {"scores": state["scores"],
                "ranking": [[s for s, v in enumerate(state["scores"]) if v == b] for b in best],
                "breakdown": [{"cards_played": score} for score in state["scores"]],
                "tiebreak": [{} for _ in state["scores"]]}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)

    def parse(self, text):
        words = text.split()
        if words == ["pass"]:
            return {"action": "pass"}
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return {"action": "play", "card": int(words[1])}
        raise NotationError("write 'play N' or 'pass'")

    def format(self, move):
        return "pass" if move["action"] == "pass" else f"play {move['card']}"

    def render_text(self, state, seat, say=None):
        lines = [f"Pile: {state['pile']} of {TARGET}", f"Scores: {state['scores']}"]
        if seat is not None:
            lines.append(f"Your hand: {sorted(state['hands'][seat])}")
        return "\n".join(lines)


GAME = GameType(id="pile", name="Pile (platform test game)", min_seats=2, max_seats=4,
                engine=Pile(), engine_version="1", description="For tests only.",
                options=(Option("hand", 3, "cards in hand", int_range=(1, 4)),
                         Option("delay", 0, "seconds each apply sleeps (tests only)",
                                int_range=(0, 10))))
