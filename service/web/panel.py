"""What a page says about the game beside its picture (issue 27), from the public view
only (so nothing hidden can reach it) and in the rulebooks' words: the players' panel
(each seat's name, colour, money, income, points, cards held, its place in the turn
order, whose turn it is) and the game's state ("Canal era, round 6", "Coal market: 8
cubes"), per game; and a seat's hand as cards by their printed names. A game without
words here (a plugin's, the test games) shows its view's plain numbers (boards.facts)."""
from __future__ import annotations

from dataclasses import dataclass, field

from service.drawing import boards, svg
from service.games.age_of_industry.names import DISPLAY as AGE_NAMES
from service.games.brass_lancashire.names import DISPLAY as BRASS_NAMES
from service.games.industry.names import DISPLAY as INDUSTRY_NAMES
from service.games.presentation import Words, capital
from service.games.ultimate_railroads.names import DISPLAY as RAILROAD_NAMES
from service.web.words import readable

PRINTED = {"brass-lancashire": BRASS_NAMES, "age-of-industry": AGE_NAMES,
           "industry": INDUSTRY_NAMES, "ultimate-railroads": RAILROAD_NAMES}


@dataclass
class Player:
    seat: int
    name: str
    colour: str
    ink: str
    you: bool
    to_act: bool
    place: int | None                    # 1 = first in this round's turn order
    figures: list[tuple[str, str]] = field(default_factory=list)


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def pounds(amount: int, sign: str = "£") -> str:
    return f"−{sign}{-amount}" if amount < 0 else f"{sign}{amount}"


def brass(public: dict, seat: int) -> list[tuple[str, str]]:
    return [("Money", pounds(public["money"][seat])),
            ("Income", pounds(public["income_level"][seat]) + " a round"),
            ("Points", str(public["vp"][seat])),
            ("Cards", str(public["hand_sizes"][seat])),
            ("Spent this round", pounds(public["spent"][seat]))]


def age(public: dict, seat: int) -> list[tuple[str, str]]:
    player = public["players"][seat]
    return [("Money", pounds(player["money"], "$")), ("Loans", str(player["loans"])),
            ("Cards", str(player["hand_size"])), ("Rails left", str(player["rails_left"]))]


def industry(public: dict, seat: int) -> list[tuple[str, str]]:
    return [("Money", plural(public["money"][seat], "Taler", "Taler")),
            ("Points", str(public["vp"][seat])),
            ("Jokers", ", ".join(INDUSTRY_NAMES.get(j, readable(j)) for j in public["jokers"][seat]) or "none"),
            ("Ownership markers left", str(public["markers_left"][seat]))]


def railroads(public: dict, seat: int) -> list[tuple[str, str]]:
    player = public["players"][seat]
    left = player["workers"] + player["temps"] - player["placed"]
    return [("Coins", str(player["coins"])), ("Points", str(player["score"])),
            ("Workers to place", str(max(0, left)))] + ([("Passed", "yes")] if player["passed"] else [])


FIGURES = {"brass-lancashire": brass, "age-of-industry": age, "industry": industry,
           "ultimate-railroads": railroads}


def figure_changes(type_id: str, before: dict, after: dict, names: list[str],
                   seat: int) -> list[str]:
    """What a move changes in the players' figures, in the panel's words, the seat's
    own first: "your money £26 → £19, cards 8 → 7", "Brunel's points 3 → 5"."""
    figures, out = FIGURES.get(type_id), []
    if figures is None:
        return out
    for s in sorted(range(len(names)), key=lambda s: s != seat):
        old, new = dict(figures(before, s)), dict(figures(after, s))
        changed = [f"{label.lower()} {old.get(label, '–')} → {value}"
                   for label, value in new.items() if old.get(label) != value
                   and not (value == "yes" and label not in old)]
        if changed:
            out.append(("your " if s == seat else f"{names[s]}'s ") + ", ".join(changed))
        out += [f"{'you' if s == seat else names[s]}: {label.lower()}"      # "you: passed"
                for label, value in new.items() if value == "yes" and label not in old]
    return out


def turn_order(type_id: str, public: dict, seats: int) -> list[int]:
    """The seats in this round's turn order (Industry: from the start player on)."""
    if type_id == "industry":
        return [(public["start_player"] + i) % seats for i in range(seats)]
    order = public.get("order")
    return list(order) if isinstance(order, list) else []


def players(type_id: str, public: dict, names: list[str], to_act: list[int],
            seat: int | None) -> list[Player]:
    """The players' panel, in turn order (the seats outside it after)."""
    figures = FIGURES.get(type_id)
    order = turn_order(type_id, public, len(names))
    rows = [Player(s, name, svg.seat_colour(s), svg.seat_ink(s), s == seat, s in to_act,
                   order.index(s) + 1 if s in order else None,
                   figures(public, s) if figures else [])
            for s, name in enumerate(names)]
    return sorted(rows, key=lambda row: (row.place is None, row.place or 0, row.seat))


def brass_state(public: dict) -> list[tuple[str, str]]:
    return [("Era", f"{public['era'].capitalize()} era, round {public['round']}"),
            ("Actions left this turn", str(public["actions_left"])),
            ("Coal market", plural(public["coal_market"], "cube")),
            ("Iron market", plural(public["iron_market"], "cube")),
            ("Draw deck", plural(public["deck_size"], "card")),
            ("Distant cotton market", f"demand marker on step {public['cotton_marker']}, "
                                      f"{plural(public['cotton_tiles_face_down'], 'tile')} face down")]


def age_state(public: dict) -> list[tuple[str, str]]:
    face_up = ", ".join(AGE_NAMES.get(c, readable(c)) for c in public["face_up"])
    return [("Round", str(public["round"])),
            ("Actions left this turn", str(public["actions_left"])),
            ("Draw deck", plural(public["deck_size"], "card")),
            ("Face-up cards", face_up or "none"),
            ("Coal track", plural(public["track"]["coal"], "cube")),
            ("Iron track", plural(public["track"]["iron"], "cube")),
            ("Market tiles left", str(public["unused_market_tiles"]))]


def industry_state(public: dict) -> list[tuple[str, str]]:
    return [("Epoch", str(public["epoch"])), ("Round", str(public["round"])),
            ("Phase", readable(public["phase"])),
            ("The bank", plural(public["kasse"], "Taler", "Taler")),
            ("Developments left this round", str(public["developments_left"])),
            ("Tiles in the bag", str(len(public["bag"])))]


def railroads_state(public: dict) -> list[tuple[str, str]]:
    ideas = ", ".join(RAILROAD_NAMES.get(c, readable(c)) for c in public["idea_cards"])
    return [("Round", f"{min(public['round'], public['rounds'])} of {public['rounds']}"),
            ("Phase", readable(public["phase"])),
            ("End-game cards left", str(public["end_deck"])),
            ("Doublers in the supply", str(public["doubler_supply"])),
            ("Idea cards on display", ideas or "none")]


STATE = {"brass-lancashire": brass_state, "age-of-industry": age_state,
         "industry": industry_state, "ultimate-railroads": railroads_state}


def state_words(type_id: str, public: dict, seats: int) -> list[tuple[str, str]]:
    said = STATE.get(type_id)
    return said(public) if said else boards.facts(public, seats)


@dataclass
class Held:
    title: str
    cards: list[str]                     # each by its printed name; [] for none
    said: str                            # as the hand is written in a line


def hand(type_id: str, private: dict, words: Words) -> list[Held]:
    """The seat's private view as cards: each list a row of cards by printed name, under
    the rulebook's word for it ("End-game cards", GameWords.fields)."""
    names = PRINTED.get(type_id, {})
    out = []
    for key, value in private.items():
        values = value if isinstance(value, list) else [value]
        cards = [names.get(v, readable(v)) if isinstance(v, str) else readable(v) for v in values]
        out.append(Held(capital(words.field(key)), cards, readable(value)))
    return out
