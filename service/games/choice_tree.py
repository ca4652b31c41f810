"""The legal moves as a choice tree (issue 15, "Playing well"): action -> the move's
next field -> ... in the order the engine writes a move's fields (Brass: action ->
card -> place -> source), each node with an English label, each complete move with
its effects as the engine computes them: the move applied to the state as the seat
may know it (base.concealed: what it cannot know dealt anew at random, so a card the
move draws is a guess), the seat's view before and after compared number by number,
and the events it makes.

Any engine of the protocol (service/games/base.py) gets its tree from here; nothing
is derived from a game's rules a second time.
"""
from __future__ import annotations

from service.games.base import Engine, Move, State, concealed


def label(field: str, value) -> str:
    """`build`, `card: blackburn`, `coal: [market, wigan]`: the field in words, then
    the value as the notation would name it."""
    words = field.replace("_", " ")
    if field == "action":
        return str(value).replace("_", " ")
    shown = ", ".join(map(str, value)) if isinstance(value, list) else value
    return f"{words}: {shown}"


def scalars(data, path: str = "") -> dict[str, object]:
    """Every number, text and truth value in a view, by its dotted path."""
    if isinstance(data, dict):
        return {k: v for key, value in data.items()
                for k, v in scalars(value, f"{path}.{key}" if path else str(key)).items()}
    if isinstance(data, list):
        return {k: v for i, value in enumerate(data)
                for k, v in scalars(value, f"{path}.{i}" if path else str(i)).items()}
    return {path: data}


def effects(engine: Engine, state: State, seat: int, move: Move, before: dict) -> dict:
    """What the move changes in the seat's view (`path: [before, after]`, new paths
    with before null, gone ones with after null) and the events it makes."""
    after_state, events = engine.apply(state, seat, move)
    return {"changes": changes(before, scalars(engine.view(after_state, seat))), "events": events}


def changes(before: dict, after: dict) -> dict:
    """Two views' scalars compared: each changed path as [before, after] (None: absent)."""
    return {path: [before.get(path), after.get(path)]
            for path in sorted(before.keys() | after.keys()) if before.get(path) != after.get(path)}


def choice_tree(engine: Engine, state: State, seat: int, moves: list[Move],
                with_effects: bool = True, guess: State | None = None) -> list[dict]:
    """`moves` (the flat list, or part of it) as a tree. A node is {"field", "value",
    "label", "children"}; a node where a move is complete also has "move", "notation"
    and (`with_effects`) "effects": each costs one apply and one view. Children come in the order the flat list first names them; the
    leaves are the list's moves exactly, each once, grouped. The effects are played on
    `guess`, by default the state concealed for the seat (one deal for the whole tree)."""
    before = scalars(engine.view(state, seat)) if with_effects else {}
    if with_effects and guess is None:
        guess = concealed(engine, state, seat)
    root: dict = {"children": [], "index": {}}
    for move in moves:
        node = root
        for field, value in steps(move):
            key = (field, frozen(value))
            if key not in node["index"]:
                child = {"field": field, "value": value, "label": label(field, value),
                         "children": [], "index": {}}
                node["index"][key] = child
                node["children"].append(child)
            node = node["index"][key]
        node.update(move=move, notation=engine.format(move))
        if with_effects:
            node["effects"] = effects(engine, guess, seat, move, before)
    return [strip(child) for child in root["children"]]


def steps(move: Move) -> list[tuple[str, object]]:
    """The move's fields in the tree's order: its action, then the others as written."""
    return [("action", move.get("action"))] + [(k, v) for k, v in move.items() if k != "action"]


def below(moves: list[Move], path: list[int]) -> list[Move] | None:
    """The moves of the subtree at `path` (choice_tree's node by its children's indices
    from the root), found without building the tree: at each depth the children are
    the distinct values of that field in the order the moves first name them, as
    choice_tree orders them. None for a path off the tree. The tree of these moves is a
    chain of single nodes down to that node (node_at(tree, [0] * len(path)))."""
    for depth, index in enumerate(path):
        children: dict = {}
        for move in moves:
            fields = steps(move)
            if len(fields) > depth:
                field, value = fields[depth]
                children.setdefault((field, frozen(value)), []).append(move)
        if not 0 <= index < len(children):
            return None
        moves = list(children.values())[index]
    return moves


def frozen(value):
    """A field's value as a dict key: lists as tuples, objects as sorted pairs, each plain
    value with its type (True is not 1). json.dumps of each field was some 40 % of a
    1,000-move Brass tree's time (issue 27: a level of it answers in < 100 ms)."""
    if isinstance(value, list):
        return tuple(map(frozen, value))
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    return type(value).__name__, value


def node_at(tree: list[dict], path: list[int]) -> dict | None:
    """The node reached by `path` (each step the index of a child, from the root's
    children); the root itself ({"children": tree}) for []; None for a path off the tree."""
    node = {"children": tree}
    for index in path:
        if not 0 <= index < len(node["children"]):
            return None
        node = node["children"][index]
    return node


def with_level_effects(engine: Engine, state: State, seat: int, nodes: list[dict]) -> list[dict]:
    """One level of a tree with the effects of each complete move on it (issue 27: a
    decision of thousands of moves is priced a level at a time, one apply per move of
    the level; Brass's widest level holds some 30). Played on the state concealed for
    the seat, as choice_tree's effects are."""
    before, guess = scalars(engine.view(state, seat)), concealed(engine, state, seat)
    for node in nodes:
        if "move" in node:
            node["effects"] = effects(engine, guess, seat, node["move"], before)
    return nodes


def strip(node: dict) -> dict:
    node.pop("index")
    node["children"] = [strip(child) for child in node["children"]]
    return node


def leaves(tree: list[dict]) -> list[Move]:
    """The complete moves of a tree, in its order (the flat list it was made from, grouped)."""
    return [m for node in tree for m in ([node["move"]] if "move" in node else [])
            + leaves(node["children"])]
