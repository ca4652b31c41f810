"""The plain-text board and the seat's situation, as e-mails show it; its lines are
catalogue messages, said in the reader's language through a `Saying` (issue 31)."""
from __future__ import annotations

from service.games.age_of_industry.data import MAPS
from service.games.age_of_industry.flow import current_seat
from service.games.age_of_industry.scoring import result
from service.games.age_of_industry.state import State, space_id
from service.games.events import Saying
from service.games.speech import N_

# in English the board writes identifiers, which the presentation seam names
ENGLISH = Saying(lambda ident: ident)
# the plain words of the board's identifiers (a building space's symbol, a market's
# kind), catalogue messages that Saying.value says in the reader's language
PLAIN_WORDS = (N_("coal"), N_("blank"), N_("no demand"))


def tile_text(tile: dict | None, symbol: str, say: Saying) -> str:
    if tile is None:
        return f"[{say.value(symbol)}]"
    cubes = say.ngettext(" {count} cube", " {count} cubes", tile["cubes"]).format(count=tile["cubes"]) \
        if tile["cubes"] else ""
    return "[" + (say._("{industry} {level} seat {owner}{cubes} flipped") if tile["flipped"]
                  else say._("{industry} {level} seat {owner}{cubes}")).format(
        industry=say.value(tile["industry"]), level=tile["level"], owner=tile["owner"], cubes=cubes) + "]"


def place_line(state: State, place: str, say: Saying) -> str:
    location = MAPS[state.map].locations[place]
    if location.settlement:
        return "  " + say._("{place} (settlement)").format(place=say.value(place))
    spaces = " ".join(tile_text(state.tiles.get(space_id(place, n)), sym, say)
                      for n, sym in enumerate(location.spaces, 1))
    extra = []
    if location.market:
        market = state.markets[place]
        extra.append((say._("market {kind} used") if market["flipped"] else say._("market {kind}")).format(
            kind=say.value(market["kind"])))
    if place in state.imports:
        extra.append(say._("import coal {cubes}").format(cubes=state.imports[place]))
    if location.distant_port:
        extra.append(say._("distant port"))
    if location.pennsylvania:
        extra.append("Pennsylvania")
    more = f" ({', '.join(extra)})" if extra else ""
    return f"  {say.value(place)} [{say.value(location.colour)}] {spaces}{more}"


def cards(number: int, say: Saying) -> str:
    return say.ngettext("{count} card", "{count} cards", number).format(count=number)


def render_text(state: State, seat: int | None, say: Saying | None = None) -> str:
    """The board, the players' displays and the seat's hand, as `say` says them (None:
    in English)."""
    say = say or ENGLISH
    game_map = MAPS[state.map]
    lines = [say._("Age of Industry: {map} (provisional map and player display: the printed data was not found)"
                   ).format(map=say.value(state.map)),
             say._("Round {round}; turn order {order}").format(
                 round=state.round, order=", ".join(f"seat {s}" for s in state.order))]
    if state.finished:
        final = result(state)
        ranking = ", ".join(f"seat {s} {final['scores'][s]} VP" for [s] in final["ranking"])
        lines.append(say._("Game over. Ranking: {ranking}").format(ranking=ranking))
    elif state.repaying:
        lines.append(say._("To act: seat {seat}: repay a loan or keep your loans before the interest ($1 a loan)"
                           ).format(seat=current_seat(state)))
    else:
        lines.append((say.ngettext("To act: seat {seat}, {count} action left (selling)",
                                   "To act: seat {seat}, {count} actions left (selling)", state.actions_left)
                      if state.selling else
                      say.ngettext("To act: seat {seat}, {count} action left",
                                   "To act: seat {seat}, {count} actions left", state.actions_left)
                      ).format(seat=current_seat(state), count=state.actions_left))
    lines.append(say._("Demand tracks: coal {coal} cubes, iron {iron} cubes").format(
        coal=state.track["coal"], iron=state.track["iron"]))
    lines.append(say._("Face-up cards: {cards}; deck {deck}").format(
        cards=", ".join(map(say.value, state.face_up)) or "-", deck=cards(len(state.deck), say)))
    lines.append(say._("Places:"))
    lines += [place_line(state, p, say) for p in game_map.locations]
    rails = ", ".join(f"{say.value(link)} (seat {owner})" for link, owner in sorted(state.rails.items()))
    lines.append(say._("Rail links: {links}").format(links=rails or "-"))
    for s, player in enumerate(state.players):
        nxt = ", ".join(f"{say.value(i)} {lv[0]}" for i, lv in player.display.items() if lv)
        lines.append(say._("Seat {seat}: ${money}, {loans}, spent ${spent}, {cards}, {rails} rails; next tiles: {next}"
                           ).format(seat=s, money=player.money, spent=player.spent, cards=cards(len(player.hand), say),
                                    loans=say.ngettext("{count} loan", "{count} loans", player.loans).format(
                                        count=player.loans), rails=player.rails_left, next=nxt))
    if seat is not None:
        lines.append(say._("Your hand: {cards}").format(
            cards=", ".join(sorted(map(say.value, state.players[seat].hand))) or "-"))
    return "\n".join(lines)
