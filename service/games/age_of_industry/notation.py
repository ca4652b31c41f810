"""The text notation for e-mail and the command line; parse(format(m)) == m.

  build hamburg.2 cotton_mill with brown [combined] [coal from essen.1] [iron from ...]
  rail kiel-hamburg [coal from ...] [iron from ...]      (also: connect, link)
  (a source is a space "essen.1", an import "virginia.import", or "track"/"supply"
   where buying is one of the choices)
  sell berlin.1 to hamburg.1 | sell berlin.1 to poland.market
  end sale
  develop manufactured_goods 0 discard port
  draw deck deck | draw brown deck | draw brown port
  pass discard brown | pass
  loan | repay | keep loans
"""
from __future__ import annotations

from service.games.age_of_industry.data import COLOURS, MAPS
from service.games.age_of_industry.schema import INDUSTRIES
from service.games.base import NotationError
from service.games.speech import N_, Said

ALIASES = {"cotton": "cotton_mill", "mill": "cotton_mill", "goods": "manufactured_goods",
           "factory": "manufactured_goods", "mine": "coal_mine", "iron": "iron_works",
           "works": "iron_works"}
CARDS = set(COLOURS) | set(INDUSTRIES)
HELP = Said(N_("moves: build <place.N> <industry> with <card> [combined] [coal from <src>] "
                "[iron from <src>]; rail <a-b>; sell <mill> to <outlet>; end sale; "
                "develop <industry> <level> discard <card>; "
                "draw <deck|card> <deck|card>; pass [discard <card>]; loan; repay; keep loans"))


def industry(word: str) -> str:
    word = ALIASES.get(word, word)
    if word not in INDUSTRIES:
        raise NotationError(Said(N_("unknown industry {word!r}; one of {industries}"), word=word,
                                 industries=list(INDUSTRIES)))
    return word


def card(word: str) -> str:
    word = ALIASES.get(word, word) if word not in COLOURS else word
    if word not in CARDS:
        raise NotationError(Said(N_("unknown card {word!r}; one of {cards}"), word=word, cards=sorted(CARDS)))
    return word


def sources(words: list[str], move: dict) -> dict:
    """Trailing 'coal from X' / 'iron from Y' clauses."""
    while words:
        if len(words) < 3 or words[0] not in ("coal", "iron") or words[1] != "from":
            raise NotationError(Said(N_("expected 'coal from <source>' or 'iron from <source>', "
                                        "got {words!r}"),
                                     words=" ".join(words)))
        move[f"{words[0]}_from"] = words[2]
        words = words[3:]
    return move


def link(word: str) -> str:
    a, _, b = word.partition("-")
    for game_map in MAPS.values():
        for candidate in (f"{a}-{b}", f"{b}-{a}"):
            if candidate in game_map.links:
                return candidate
    raise NotationError(Said(N_("unknown rail link {word!r}; write it as place-place"), word=word))


def parse(text: str) -> dict:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError(Said(N_("empty move; {help}"), help=HELP))
    head, rest = words[0], words[1:]
    try:
        return PARSERS[head](rest)
    except KeyError:
        raise NotationError(Said(N_("unknown move {word!r}; {help}"), word=head, help=HELP)) from None
    except (IndexError, ValueError) as error:
        if isinstance(error, NotationError):
            raise
        raise NotationError(Said(N_("cannot read {text!r}; {help}"), text=text, help=HELP)) from None


def parse_build(w):
    if len(w) < 4 or w[2] != "with":
        raise NotationError(Said(N_("build <place.N> <industry> with <card> [combined] [coal from <src>]")))
    move = {"action": "build", "card": card(w[3]), "space": w[0], "industry": industry(w[1])}
    rest = w[4:]
    if rest[:1] == ["combined"]:
        move["combined"], rest = True, rest[1:]
    return sources(rest, move)


def parse_draw(w):
    if not 1 <= len(w) <= 2:
        raise NotationError(Said(N_("draw <deck|card> [<deck|card>]")))
    return {"action": "draw", "face_up": sorted(card(x) for x in w if x != "deck"),
            "deck": w.count("deck")}


def parse_pass(w):
    if not w:
        return {"action": "pass"}
    if len(w) != 2 or w[0] != "discard":
        raise NotationError(Said(N_("pass [discard <card>]")))
    return {"action": "pass", "card": card(w[1])}


def parse_develop(w):
    if len(w) != 4 or w[2] != "discard":
        raise NotationError(Said(N_("develop <industry> <level> discard <card>")))
    return {"action": "develop", "industry": industry(w[0]), "level": int(w[1]), "card": card(w[3])}


def parse_sell(w):
    if len(w) != 3 or w[1] != "to":
        raise NotationError(Said(N_("sell <place.N> to <place.N|place.market>")))
    return {"action": "sell", "mill": w[0], "outlet": w[2]}


def parse_word(action, second=None):
    """A bare move of one word, or of two ("end sale", "keep loans")."""
    def parse_bare(w):
        if second is not None:
            if w[:1] != [second]:
                raise NotationError(Said(N_("write {action}"), action=action.replace("_", " ")))
            w = w[1:]
        if w:
            raise NotationError(Said(N_("{action} takes nothing more"), action=action.replace("_", " ")))
        return {"action": action}
    return parse_bare


PARSERS = {"build": parse_build, "rail": lambda w: sources(w[1:], {"action": "rail", "link": link(w[0])}),
           "sell": parse_sell, "develop": parse_develop, "draw": parse_draw, "pass": parse_pass,
           "loan": parse_word("loan"), "repay": parse_word("repay"),
           "end": parse_word("end_sale", "sale"), "keep": parse_word("keep_loans", "loans")}
PARSERS["connect"] = PARSERS["link"] = PARSERS["rail"]


def _tail(move: dict) -> str:
    return "".join(f" {r} from {move[f'{r}_from']}" for r in ("coal", "iron") if f"{r}_from" in move)


FORMATTERS = {
    "build": lambda m: f"build {m['space']} {m['industry']} with {m['card']}"
                       f"{' combined' if m.get('combined') else ''}{_tail(m)}",
    "rail": lambda m: f"rail {m['link']}{_tail(m)}",
    "sell": lambda m: f"sell {m['mill']} to {m['outlet']}",
    "develop": lambda m: f"develop {m['industry']} {m['level']} discard {m['card']}",
    "draw": lambda m: "draw " + " ".join(list(m["face_up"]) + ["deck"] * m["deck"]),
    "pass": lambda m: f"pass discard {m['card']}" if "card" in m else "pass",
    "end_sale": lambda m: "end sale",
    "keep_loans": lambda m: "keep loans",
}


def format_move(move: dict) -> str:
    action = move.get("action")
    return FORMATTERS.get(action, lambda m: str(action))(move)
