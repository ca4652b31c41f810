"""The seat's move as a walk through the choice tree (service/games/choice_tree.py:
action → card → place → source, in the engine's field order), one level per page,
served without JavaScript: each step is a link `?v=VERSION&at=0.3.1` (the children's
indices from the root; a path of another version is dropped), a level with a single
choice is taken at once, and the complete moves shown carry their effects (one apply
each, for at most MAX_EFFECTS of them) and a button that plays them. A level with
few moves below it (FLAT_UP_TO) lists those moves at once, their remaining steps
named together."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from service.games.base import GameType, concealed
from service.games.choice_tree import changes, choice_tree, leaves, scalars
from service.games.presentation import Words, capital
from service.games.speech import _, listed, ngettext
from service.web import cubes, panel
from service.web.words import change_words

MAX_EFFECTS = 40             # complete moves of one level whose effects are computed
MAX_PATH = 12                # levels in a path (a Brass build has 6)
FLAT_UP_TO = 8               # a level with at most this many moves below lists them all


@dataclass
class Choice:
    label: str
    count: int                          # complete moves below (1 for a move)
    at: str                             # the path that leads here
    move: str | None = None             # the move as the form posts it, when complete
    notation: str = ""
    effects: list[str] = field(default_factory=list)
    more: bool = False                  # a complete move that also leads further


@dataclass
class Walk:
    trail: list[tuple[str, str]]        # (label, path) of each step taken
    choices: list[Choice]
    chosen: dict | None                 # the complete move the path ends on, if any
    at: str


def parse_path(at: str | None) -> list[int]:
    if not at:
        return []
    steps = at.split(".")[:MAX_PATH]
    return [int(s) for s in steps if s.isdigit() and len(s) < 6]


def posted(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def walk(game_type: GameType, state, seat: int, moves: list[dict], at: str | None,
         words: Words) -> Walk:
    """The walk to `at`; labels and effects in the game's words (its presentation seam)."""
    engine = game_type.engine
    view = engine.view(state, seat)
    pool = pool_items(view)
    tree = choice_tree(engine, state, seat, moves, with_effects=False)
    nodes, trail, path = tree, [], []
    chosen = None
    wanted = parse_path(at)
    while True:
        if wanted:
            index = wanted.pop(0)
            if index >= len(nodes):
                break
        elif len(nodes) == 1 and nodes[0]["children"]:
            index = 0                   # one choice only: taken at once
        else:
            break
        node = nodes[index]
        path.append(index)
        trail.append((said(node, words, pool), ".".join(map(str, path))))
        if not node["children"]:
            chosen = node["move"]
            break
        nodes = node["children"]
    here = ".".join(map(str, path))
    if chosen is not None:
        return Walk(trail, [], chosen, here)
    guess = guessed(engine, state, seat)
    listed = (list(complete(nodes, [], [], words, pool)) if len(leaves(nodes)) <= FLAT_UP_TO
              else [([i], [said(node, words, pool)], node) for i, node in enumerate(nodes)])
    choices, measured = [], 0
    for steps, labels, node in listed:
        to = ".".join(map(str, path + steps))
        choice = Choice(" · ".join(labels), len(leaves([node])), to)
        if "move" in node:
            choice.move, choice.notation = posted(node["move"]), node["notation"]
            choice.more = bool(node["children"])
            if measured < MAX_EFFECTS:
                measured += 1
                choice.effects = told(game_type, guess, seat, node["move"], view, words)
        choices.append(choice)
    return Walk(trail, choices, None, here)


def guessed(engine, state, seat: int):
    """The state a move's effects are played on: what the seat cannot know dealt anew
    with a fixed seed (base.deal_anew deals from the cards sorted), so the page is the
    same whatever is hidden, and the same at each look."""
    return concealed(engine, state, seat, random.Random(seat))


def told(game_type: GameType, guess, seat: int, move: dict, view: dict,
         words: Words) -> list[str]:
    """A complete move's effects in words, said to the seat that would play it (issue
    27): what it does and what that costs and pays, as its events say it ("You build a
    level-1 coal mine in Blackburn: you pay £7"; GameType.redact: a card drawn from a
    hidden pile is never named, nor guessed), what it does to the cubes on the board
    ("Blackburn's coal mine gets 2 cubes"), what it changes in the players' figures
    ("your money £26 → £19") and in the seat's own hand ("you discard Bolton")."""
    engine, names = game_type.engine, words.players
    after_state, events = engine.apply(guess, seat, move)
    after = engine.view(after_state, seat)
    public = game_type.redact({"version": 0, "seat": seat, "move": move, "events": events}, None)
    said = (words.effects(public["events"], seat)
            + cubes.cube_changes(game_type.id, view["public"], after["public"], words)
            + panel.figure_changes(game_type.id, view["public"], after["public"], names, seat))
    if game_type.id in panel.FIGURES:          # the figures said above: the hand's changes here
        said += hand_changes(view["private"], after["private"], words)
    else:
        said += change_words(changes(scalars(view), scalars(after)), view, names)
    return [capital(line) for line in said]


def hand_changes(before: dict, after: dict, words: Words) -> list[str]:
    """What a move changes in the seat's own cards, by their printed names: "you discard
    Cotton mill and Rochdale", "you draw 2 cards"; what comes may be drawn from a hidden
    deck (the guess dealt anew), so it is counted, never named."""
    said = []
    for key, held in after.items():
        if not isinstance(held, list) or not isinstance(before.get(key), list):
            continue
        gone = Counter(before[key]) - Counter(held)
        came = sum((Counter(held) - Counter(before[key])).values())
        if gone:
            said.append(_("You discard {cards}").format(
                cards=listed(words.name(card) for card in sorted(gone.elements()))))
        if came:
            said.append(ngettext("You draw {number} card", "You draw {number} cards", came).format(
                number=came))
    return said


def complete(nodes: list[dict], steps: list[int], labels: list[str], words: Words,
             pool: dict[int, dict]):
    """Every complete move below `nodes`: (its path from here, its labels, its node)."""
    for i, node in enumerate(nodes):
        here = labels + [said(node, words, pool)]
        if "move" in node:
            yield steps + [i], here, node
        yield from complete(node["children"], steps + [i], here, words, pool)


def pool_items(view: dict) -> dict[int, dict]:
    """The decisions waiting in the seat's action pool (Ultimate Railroads' AKTIONSPOOL)
    by their ids; {} for a game without one."""
    pool = view["public"].get("pool")
    items = pool.get("items") if isinstance(pool, dict) else None
    return {item["id"]: item for item in items or () if isinstance(item, dict) and "id" in item}


def said(node: dict, words: Words, pool: dict[int, dict]) -> str:
    """A step's label; a decision of the action pool by what it is ("Action pool: track
    (wood)"), not by its id."""
    if node["field"] == "item" and (item := pool.get(node["value"])):
        colours = _(" or ").join(words.name(colour) for colour in item.get("colours") or ())
        what = words.name(item["kind"]) + (f" ({colours})" if colours else "")
        return f"{words.field('item')}: {capital(what)}"
    return words.label(node["field"], node["value"])
