"""What a page says about the game beside its picture (issue 27), from the public view
only (so nothing hidden can reach it) and in the rulebooks' words: the players' panel
(each seat's name, colour, money, income, points, cards held, its place in the turn
order, whose turn it is) and the game's state ("Canal era, round 6", "Coal market: 8
cubes"), per game; and a seat's hand as cards by their printed names. A game without
words here (a plugin's, the test games) shows its view's plain numbers (boards.facts)."""
from __future__ import annotations

from dataclasses import dataclass, field

from service import i18n
from service.drawing import boards, svg
from service.drawing.brass_board import era_words
from service.drawing.ultimate_railroads_board import PHASES as RAILROAD_PHASES
from service.games.age_of_industry.names import DISPLAY as AGE_NAMES
from service.games.brass_lancashire.names import DISPLAY as BRASS_NAMES
from service.games.industry.names import DISPLAY as INDUSTRY_NAMES
from service.games.presentation import Words, capital
from service.games.registry import game_types
from service.games.speech import N_, Nn_, _, german, ngettext
from service.games.ultimate_railroads.data import IDEA_CARDS
from service.games.ultimate_railroads.names import DISPLAY as RAILROAD_NAMES
from service.games.ultimate_railroads.render import idea
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


def taler(count: int) -> str:
    """Industry's money: "1 Taler", "8 Taler" (the word is the same in both languages)."""
    return f"{i18n.number(count)} Taler"


CUBES = Nn_("{number} cube", "{number} cubes")                  # Brass: "Würfel"
# Age of Industry's rulebook: "Kohleklötzchen", "Eisenklötzchen"
COAL_CUBES = Nn_("{number} coal cube", "{number} coal cubes")
IRON_CUBES = Nn_("{number} iron cube", "{number} iron cubes")
CARDS = Nn_("{number} card", "{number} cards")


def counted(message: tuple[str, str], count: int) -> str:
    """"1 cube", "8 cubes" in the reader's language (the catalogue's plural)."""
    return ngettext(*message, count).format(number=i18n.number(count))


def pounds(amount: int, sign: str = "£") -> str:
    return f"−{sign}{i18n.number(-amount)}" if amount < 0 else f"{sign}{i18n.number(amount)}"


def brass(public: dict, seat: int) -> list[tuple[str, str]]:
    return [(_("Money"), pounds(public["money"][seat])),
            (_("Income"), _("{amount} a round").format(amount=pounds(public["income_level"][seat]))),
            (_("Points"), i18n.number(public["vp"][seat])),
            (_("Cards"), i18n.number(public["hand_sizes"][seat])),
            (_("Spent this round"), pounds(public["spent"][seat]))]


def age(public: dict, seat: int) -> list[tuple[str, str]]:
    player = public["players"][seat]
    return [(_("Money"), pounds(player["money"], "$")), (_("Loans"), i18n.number(player["loans"])),
            (_("Cards"), i18n.number(player["hand_size"])), (_("Rails left"), i18n.number(player["rails_left"]))]


def industry(public: dict, seat: int) -> list[tuple[str, str]]:
    return [(_("Money"), taler(public["money"][seat])),
            (_("Points"), i18n.number(public["vp"][seat])),
            (_("Jokers"), ", ".join(printed("industry", j) for j in public["jokers"][seat]) or _("none")),
            (_("Ownership markers left"), i18n.number(public["markers_left"][seat]))]


def railroads(public: dict, seat: int) -> list[tuple[str, str]]:
    player = public["players"][seat]
    left = player["workers"] + player["temps"] - player["placed"]
    return [(_("Coins"), i18n.number(player["coins"])), (_("Points"), i18n.number(player["score"])),
            (_("Workers to place"), i18n.number(max(0, left)))] + ([(_("Passed"), _("yes"))] if player["passed"] else [])


FIGURES = {"brass-lancashire": brass, "age-of-industry": age, "industry": industry,
           "ultimate-railroads": railroads}


def printed(type_id: str, ident: str) -> str:
    """A card, joker or tile by its printed name in the reader's language (the German
    rulebook's where the game has it: GameWords.german), else its words."""
    words = game_types()[type_id].words if type_id in game_types() else None
    if german() and words and ident in words.german:
        return words.german[ident]
    return PRINTED.get(type_id, {}).get(ident, readable(ident))


def figure_changes(type_id: str, before: dict, after: dict, names: list[str],
                   seat: int) -> list[str]:
    """What a move changes in the players' figures, in the panel's words, the seat's
    own first: "your money £26 → £19, cards 8 → 7", "Brunel's points 3 → 5"."""
    figures, out = FIGURES.get(type_id), []
    if figures is None:
        return out
    yes = _("yes")
    for s in sorted(range(len(names)), key=lambda s: s != seat):
        old, new = dict(figures(before, s)), dict(figures(after, s))
        changed = [f"{inline(label)} {old.get(label, '–')} → {value}"
                   for label, value in new.items() if old.get(label) != value
                   and not (value == yes and label not in old)]
        if changed:
            said = _("your {figures}") if s == seat else _("{player}'s {figures}")
            out.append(said.format(figures=", ".join(changed), player=names[s]))
        out += [(_("you: {figure}") if s == seat else _("{player}: {figure}")).format(
                    figure=inline(label), player=names[s])      # "you: passed"
                for label, value in new.items() if value == yes and label not in old]
    return out


def inline(label: str) -> str:
    """A panel's label inside a sentence: English lower-cased ("money"), German as its
    nouns are written ("Geld")."""
    return label if german() else label.lower()


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
    return [(_("Era"), capital(era_words(public))),
            (_("Actions left this turn"), i18n.number(public["actions_left"])),
            (_("Coal market"), counted(CUBES, public["coal_market"])),
            (_("Iron market"), counted(CUBES, public["iron_market"])),
            (_("Draw deck"), counted(CARDS, public["deck_size"])),
            (_("Distant cotton market"), ngettext(
                "demand marker on step {step}, {number} tile face down",
                "demand marker on step {step}, {number} tiles face down",
                public["cotton_tiles_face_down"]).format(
                    step=public["cotton_marker"], number=i18n.number(public["cotton_tiles_face_down"])))]


def age_state(public: dict) -> list[tuple[str, str]]:
    face_up = ", ".join(printed("age-of-industry", c) for c in public["face_up"])
    return [(_("Round"), i18n.number(public["round"])),
            (_("Actions left this turn"), i18n.number(public["actions_left"])),
            (_("Draw deck"), counted(CARDS, public["deck_size"])),
            (_("Face-up cards"), face_up or _("none")),
            (_("Coal track"), counted(COAL_CUBES, public["track"]["coal"])),
            (_("Iron track"), counted(IRON_CUBES, public["track"]["iron"])),
            (_("Market tiles left"), i18n.number(public["unused_market_tiles"]))]


# the phases as the rulebooks name them (Industry: "Phase 3. Auktion", "Phase 4. Entwicklung")
INDUSTRY_PHASES = {"auction": N_("auction"), "development": N_("development"), "over": N_("game over")}


def phase(phases: dict[str, str], name: str) -> str:
    return _(phases[name])


def industry_state(public: dict) -> list[tuple[str, str]]:
    return [(_("Epoch"), i18n.number(public["epoch"])), (_("Round"), i18n.number(public["round"])),
            (_("Phase"), phase(INDUSTRY_PHASES, public["phase"])),
            (_("The bank"), taler(public["kasse"])),
            (_("Developments left this round"), i18n.number(public["developments_left"])),
            (_("Tiles in the bag"), i18n.number(len(public["bag"])))]


def railroads_state(public: dict) -> list[tuple[str, str]]:
    say = game_types()["ultimate-railroads"].presented([]).saying()     # "2 Verdoppler", not "doublers"
    ideas = ", ".join(idea(card, IDEA_CARDS, say) for card in public["idea_cards"])
    return [(_("Round"), _("{round} of {rounds}").format(round=min(public["round"], public["rounds"]),
                                                         rounds=public["rounds"])),
            (_("Phase"), phase(RAILROAD_PHASES, public["phase"])),
            (_("End-game cards left"), i18n.number(public["end_deck"])),
            (_("Doublers in the supply"), i18n.number(public["doubler_supply"])),
            (_("Idea cards on display"), ideas or _("none"))]


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
    out = []
    for key, value in private.items():
        values = value if isinstance(value, list) else [value]
        cards = [printed(type_id, v) if isinstance(v, str) else readable(v) for v in values]
        out.append(Held(capital(words.field(key)), cards, readable(value)))
    return out
