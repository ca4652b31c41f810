"""The engine protocol (service/games/base.py): dispatch only, no rule bodies."""
from __future__ import annotations

from service.games.age_of_industry import build, cards, develop, loans, rail, sell, state as st
from service.games.age_of_industry.events import EVENTS
from service.games.age_of_industry.flow import current_seat, tallies
from service.games.age_of_industry.move_schemas import MOVE_SCHEMAS
from service.games.age_of_industry.notation import format_move, parse as parse_text
from service.games.age_of_industry.numbers import numbers
from service.games.age_of_industry.render import render_text as render
from service.games.age_of_industry.scoring import result as final_result
from service.games.age_of_industry.setup import setup_state
from service.games.age_of_industry.view import conceal as dealt_anew, reveals as drew_unseen, view as seat_view
from service.games.base import IllegalMove, neutral_move as first_of, why_not_move
from service.games.events import Saying

ACTIONS = {  # action -> (legal moves, apply)
    "build": (build.build_moves, build.apply_build),
    "rail": (rail.rail_moves, rail.apply_rail),
    "sell": (sell.sell_moves, sell.apply_sell),
    "end_sale": (sell.end_sale_moves, sell.apply_end_sale),
    "develop": (develop.develop_moves, develop.apply_develop),
    "draw": (cards.draw_moves, cards.apply_draw),
    "pass": (cards.pass_moves, cards.apply_pass),
    "loan": (loans.loan_moves_of("loan"), loans.apply_loan),
    "repay": (loans.loan_moves_of("repay"), loans.apply_loan),
    "keep_loans": (loans.loan_moves_of("keep_loans"), loans.apply_loan),
}
# AKTION Waren verkaufen sells "von einer oder mehreren" mills: end_sale stops; before
# the interest a seat may repay or keep its loans (KREDITE); "Als Aktion kann ein
# Spieler passen, wenn er keine andere Aktion ausführen will" (discarding a card).
NEUTRAL = ("end_sale", "keep_loans", "pass")


class Engine:
    def setup(self, options: dict, seats: int, seed: int):
        return setup_state(options.get("map", "germany"), seats, seed)

    def to_act(self, state) -> list[int]:
        seat = current_seat(state)
        return [] if seat is None else [seat]

    def legal_moves(self, state, seat: int) -> list[dict]:
        return [m for moves, _ in ACTIONS.values() for m in moves(state, seat)]

    def neutral_move(self, state, seat: int) -> dict | None:
        return first_of(self.legal_moves(state, seat), NEUTRAL)

    def apply(self, state, seat: int, move: dict):
        if refused := why_not_move(MOVE_SCHEMAS, move):
            raise IllegalMove(refused[0], field=refused[1])
        new = st.load(st.dump(state))
        events = ACTIONS[move["action"]][1](new, seat, move)
        return new, EVENTS.counted(events, numbers(state, new, events), lambda: {})

    def tallies(self, state) -> dict[str, list[int]]:
        return tallies(state)

    def view(self, state, seat):
        return seat_view(state, seat)

    def conceal(self, state, seat: int, rng):
        return dealt_anew(state, seat, rng)

    def reveals(self, before, after) -> bool:
        return drew_unseen(before, after)

    def result(self, state):
        return final_result(state)

    def dump(self, state) -> dict:
        return st.dump(state)

    def load(self, data: dict):
        return st.load(data)

    def parse(self, text: str) -> dict:
        return parse_text(text)

    def format(self, move: dict) -> str:
        return format_move(move)

    def render_text(self, state, seat, say: Saying | None = None) -> str:
        return render(state, seat, say)


ENGINE = Engine()
