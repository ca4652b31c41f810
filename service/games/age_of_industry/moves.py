"""The moves' shapes: the fields each rulebook action takes, and their types.
Checked before any rule, so a malformed move is refused with a reason."""
from __future__ import annotations

# action -> {field: (type, required)}
SHAPES = {
    "build": {"card": (str, True), "space": (str, True), "industry": (str, True),
              "combined": (bool, False), "coal_from": (str, False), "iron_from": (str, False)},
    "rail": {"link": (str, True), "coal_from": (str, False), "iron_from": (str, False)},
    "sell": {"mill": (str, True), "outlet": (str, True)},
    "end_sale": {},
    "develop": {"industry": (str, True), "level": (int, True), "card": (str, True)},
    "draw": {"face_up": (list, True), "deck": (int, True)},
    "pass": {"card": (str, False)},
    "loan": {},
    "repay": {},
    "keep_loans": {},
}


def why_not_shape(move) -> tuple[str, str | None] | None:
    """(reason, field) when the move is not a well-formed move of this game."""
    if not isinstance(move, dict) or move.get("action") not in SHAPES:
        return f"unknown action; one of {sorted(SHAPES)}", "action"
    shape = SHAPES[move["action"]]
    for key, value in move.items():
        if key == "action":
            continue
        if key not in shape:
            return f"{move['action']} takes the fields {sorted(shape)}", key
        kind = shape[key][0]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)) or \
                (kind is list and not all(isinstance(v, str) for v in value)):
            return f"{key} must be a {kind.__name__}", key
    for key, (_, required) in shape.items():
        if required and key not in move:
            return f"{move['action']} needs the field {key}", key
    return None
