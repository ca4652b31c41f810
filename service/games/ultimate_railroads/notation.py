"""The text notation of every move, as it arrives by e-mail:

  place track_wood_2 2w          place track_any_coin 1w 1c     place coins 1t
  place turn_order_1 1c swap coins                               pass
  start_bonus coin               relocate industry_1            stay
  step #0 kyiv [green]           industry #0 [wrench 1]         drop #1
  step #0 muenchen branch hamburg (GERMAN RAILROADS: the step onto field 9)
  extension #0 e3b               income_tile #0 income_coin     income income_coin
  construction #0 beijing coin|industry   medal #0 seoul:7 (ASIAN RAILROADS)
  car #0 2 [own|purple] [from 1]  maintenance 2 own  key #0 car (INDUSTRIETABLEAU)
  lay #0 kyiv 0   lay #0 10a kyiv 0 (naming the stack when both 10s are open)
  factory #0 [SOURCE] [gap N]    return #1                      key #0 steps|points
  idea #0 medal [discard coins]  idea_card #0 wooden_worker     end_card #0 keys|none
  use_factory #0 3               reuse #0 coins                 advance #0 kyiv
  bonus_card #0 coin             engineer #0 7 workers (another player's engineer #7, with
                                 one of your workers|temps|wood|coins)
  werklok #0 coin (WERKLOK: the tile laid on the train, or the one of its 3 you pick)
  special_card #0 freight_car    box_engineer #0 12    freight_car #0 kyiv
  module_factory #0 2 (the special or coal factory into gap 2)
  coal stoker | coal reuse (before your action: the stoker field, a foundry)
  coal #3 stoker (after it)      foundry #0 reuse     stoker #1 kyiv:0 | factory:2
  close #2 kyiv:1                again #4 0           hand_in #2 3
  AMERICAN RAILROADS: dividend #0 coin (the tile for the level you reached first)
  steelworks #0 gap 2 | steelworks #0 box 1   blast #0 route|industry   doubler #0 omaha
  stock omaha:6 | stock #3 omaha:6 (a coin field paid, before or after your action)
  wrench_track #0 1 (the 3rd wrench onto the upper track, 0 the lower)

"#N" names a waiting decision of your action pool; a stack or gap is named only where
there is a choice (so a colour, a stack, a gap, a wrench); pieces are Nw (own workers), Nt (temporary workers), wood (the
wooden worker), Nc (coins).
"""
from __future__ import annotations

from service.games.base import NotationError
from service.games.common.words import either
from service.games.speech import N_, Said

FIELDS = {
    "pass": (), "stay": (), "start_bonus": ("card",), "relocate": ("space",),
    "return": ("item",), "drop": ("item",),
    "key": ("item", "choice"), "idea_card": ("item", "card"), "end_card": ("item", "card"),
    "use_factory": ("item", "gap"), "reuse": ("item", "space"), "advance": ("item", "route"),
    "bonus_card": ("item", "card"), "engineer": ("item", "engineer", "piece"),
    "werklok": ("item", "tile"), "special_card": ("item", "card"),
    "box_engineer": ("item", "engineer"), "freight_car": ("item", "route"),
    "module_factory": ("item", "gap"), "foundry": ("item", "foundry"), "stoker": ("item", "at"),
    "close": ("item", "at"), "again": ("item", "part"), "hand_in": ("item", "coal"),
    "extension": ("item", "tile"), "income_tile": ("item", "tile"),
    "construction": ("item", "route", "reward"), "medal": ("item", "field"),
    "maintenance": ("spot", "car"),
    "dividend": ("item", "tile"), "blast": ("item", "rubble"), "doubler": ("item", "route"),
    "wrench_track": ("item", "track"), "nut": ("item", "reward"),
}
VARIANTS = {"step": (("item", "route", "colour"), ("item", "route"), ("item", "route", "branch"),
                     ("item", "route", "colour", "branch")),
            "industry": (("item",), ("item", "wrench")),
            "lay": (("item", "source", "route", "slot"), ("item", "route", "slot")),
            "idea": (("item", "tile"), ("item", "tile", "discard")),
            "factory": (("item",), ("item", "source"), ("item", "gap"), ("item", "source", "gap")),
            "car": (("item", "spot"), ("item", "spot", "car"), ("item", "spot", "from")),
            "coal": (("use",), ("item", "use")), "income": (("use",), ("item", "use")),
            "stock": (("use",), ("item", "use")), "steelworks": (("item", "gap"), ("item", "box"))}
INTS = {"wrench", "gap", "slot", "engineer", "part", "coal", "spot", "from", "track", "box"}
# written before their value
KEYWORDS = {"idea": {"discard"}, "factory": {"gap"}, "industry": {"wrench"}, "step": {"branch"},
            "car": {"from"}, "steelworks": {"gap", "box"}}
PIECE_SUFFIX = {"w": "workers", "t": "temps", "c": "coins"}


def _value(name: str, token: str):
    if name == "item":
        if not token.startswith("#") or not token[1:].isdigit():
            raise NotationError(Said(N_("expected a decision number like #0, got {word!r}"), word=token))
        return int(token[1:])
    if name in INTS:
        if not token.isdigit():
            raise NotationError(Said(N_("expected a number for {name}, got {word!r}"), name=name, word=token))
        return int(token)
    return token


def _format_value(name: str, value) -> str:
    return f"#{value}" if name == "item" else str(value)


def parse_place(tokens: list[str]) -> dict:
    if not tokens:
        raise NotationError(Said(N_("place needs a space, e.g. 'place track_wood_2 2w'")))
    move = {"action": "place", "space": tokens[0], "workers": 0, "temps": 0, "wood": 0, "coins": 0}
    rest = tokens[1:]
    while rest:
        token = rest.pop(0)
        if token == "wood":
            move["wood"] = 1
        elif token == "swap" and rest:
            move["swap"] = rest.pop(0)
        elif token[:-1].isdigit() and token[-1] in PIECE_SUFFIX:
            move[PIECE_SUFFIX[token[-1]]] = int(token[:-1])
        else:
            raise NotationError(Said(N_("unknown piece {word!r}: use Nw, Nt, wood, Nc or 'swap SPACE'"),
                                     word=token))
    return move


def format_place(move: dict) -> str:
    parts = ["place", move["space"]]
    parts += [f"{move[name]}{suffix}" for suffix, name in PIECE_SUFFIX.items() if move.get(name)]
    if move.get("wood"):
        parts.append("wood")
    if "swap" in move:
        parts += ["swap", move["swap"]]
    return " ".join(parts)


def parse_move(text: str) -> dict:
    tokens = text.strip().lower().split()
    if not tokens:
        raise NotationError(Said(N_("empty move; e.g. 'place coins 1w' or 'pass'")))
    action, args = tokens[0], tokens[1:]
    if action == "place":
        return parse_place(args)
    shapes = VARIANTS.get(action) or ((FIELDS[action],) if action in FIELDS else None)
    if shapes is None:
        known = sorted(set(FIELDS) | set(VARIANTS) | {"place"})
        raise NotationError(Said(N_("unknown action {word!r}; one of {actions}"), word=action,
                                 actions=", ".join(known)))
    keyed = {}
    positional = []
    while args:
        token = args.pop(0)
        if token in KEYWORDS.get(action, ()) and args:
            keyed[token] = args.pop(0)
        else:
            positional.append(token)
    for shape in shapes:
        if set(keyed) <= set(shape) and len(shape) == len(positional) + len(keyed):
            names = [n for n in shape if n not in keyed]
            values = dict(zip(names, positional)) | keyed
            return {"action": action, **{n: _value(n, values[n]) for n in shape}}
    wanted = either([" ".join(s) or Said(N_("(nothing)")) for s in shapes])
    raise NotationError(Said(N_("{action} takes: {shapes}"), action=action, shapes=wanted))


def format_move(move: dict) -> str:
    action = move["action"]
    if action == "place":
        return format_place(move)
    shapes = VARIANTS.get(action) or (FIELDS[action],)
    shape = next(s for s in shapes if set(s) == set(move) - {"action"})
    words = [action]
    for name in shape:
        words += ([name] if name in KEYWORDS.get(action, ()) else []) + [_format_value(name, move[name])]
    return " ".join(words)
