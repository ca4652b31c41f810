"""The text notation of moves, as they arrive by e-mail:

    build manchester cotton_mill card=manchester
    build bolton coal_mine cards=bolton+wigan overbuild=1 iron=preston:2
    connect bolton__manchester card=oldham          (also: network ...)
    connect bolton__wigan blackburn__wigan card=port coal=wigan:0,market
    develop cotton_mill port card=bury iron=bolton:2,bolton:2
    sell bolton:0 via=distant card=stockport        (then: sell ... / done)
    loan 30 card=wigan
    pass card=wigan
    remove_tile bolton:1                            (forced sale for a debt)
"""
from __future__ import annotations

import re

from service.games.base import NotationError
from service.games.speech import N_, Nn_, Said

from .data import LINKS
from .moves import SYNONYMS

# action -> (positional field, how many: "one" | "list" | "int"), keyed fields in order
GRAMMAR = {
    "build": (("location", "industry"), "one", ("card", "cards", "overbuild", "coal", "iron")),
    "connect": (("links",), "list", ("card", "coal")),
    "develop": (("industries",), "list", ("card", "iron")),
    "sell": (("mill",), "one", ("via", "card")),
    "done": ((), "one", ()),
    "loan": (("amount",), "int", ("card",)),
    "pass": ((), "one", ("card",)),
    "remove_tile": (("tile",), "one", ()),
}
LISTS = {"coal": ",", "iron": ",", "cards": "+"}
INTS = {"overbuild", "amount"}
ALIASES = {**SYNONYMS, "remove": "remove_tile"}


def _value(key: str, text: str):
    if key in LISTS:
        return text.split(LISTS[key])
    if key in INTS:
        if not text.lstrip("-").isdigit():
            raise NotationError(Said(N_("{key}= takes a number, not {text!r}"), key=key, text=text))
        return int(text)
    return text


def parse(text: str) -> dict:
    words = re.sub(r"\s*([=+,])\s*", r"\1", text.strip().lower()).split()   # `card = bolton` too
    if not words:
        raise NotationError(Said(N_("empty move; start with one of: {actions}"), actions=", ".join(GRAMMAR)))
    action = ALIASES.get(words[0], words[0])
    if action not in GRAMMAR:
        raise NotationError(Said(N_("unknown action {word!r}; expected one of: {actions}"), word=words[0],
                                 actions=", ".join(GRAMMAR)))
    names, kind, keys = GRAMMAR[action]
    move = {"action": action}
    positional = [w for w in words[1:] if "=" not in w]
    for word in words[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if key not in keys:
                raise NotationError(Said(N_("{action} takes no {key}=; it takes: {keys}"), action=action,
                                         key=key, keys=", ".join(keys) or Said(N_("nothing"))))
            move[key] = _value(key, value)
    if kind == "list":
        if not positional:
            raise NotationError(Said(N_("{action} needs at least one {name}"), action=action,
                                     name=names[0][:-1]))
        move[names[0]] = [link_id(w) for w in positional] if action == "connect" else positional
    elif len(positional) != len(names):
        raise NotationError(Said(Nn_("{action} takes {number} word before the key=value parts: {words}",
                                     "{action} takes {number} words before the key=value parts: {words}"),
                                 action=action, number=len(names), words=" ".join(names) or Said(N_("none"))))
    else:
        for name, word in zip(names, positional):
            move[name] = _value("amount", word) if kind == "int" else word
    return move


def link_id(word: str) -> str:
    """A link as `a__b`, also written `a-b` or with its towns the other way round."""
    a, _, b = word.replace("__", "-").partition("-")
    for candidate in (f"{a}__{b}", f"{b}__{a}"):
        if candidate in LINKS:
            return candidate
    return word


def _text(key: str, value) -> str:
    if key in LISTS:
        return LISTS[key].join(str(v) for v in value)
    return str(value)


def format_move(move: dict) -> str:
    action = move["action"]
    names, kind, keys = GRAMMAR[action]
    words = [action]
    for name in names:
        words += [str(v) for v in move[name]] if kind == "list" else [str(move[name])]
    words += [f"{key}={_text(key, move[key])}" for key in keys if key in move]
    return " ".join(words)
