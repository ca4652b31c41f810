"""ASIAN RAILROADS, INDUSTRIETABLEAU (p.35-37; option `industry_board`): one industry board
for all instead of the industry strips (data/industry_board.json, its layout provisional).

- The wrenches walk its fields as on a strip (industry.py): several may share a field, each
  scores. A factory spot is entered only once built over: the printed factories have no
  connection to the fields. Each player's `factories` mirrors the spots' top factories
  (None while a spot shows its printed one), so industry.py and the scoring read the
  board as they read a strip; the spots themselves are `state["industry_board"]["spots"]`.
- WAS MUSS ICH BEIM BAU EINER FABRIK BEACHTEN?: a factory goes on a spot of the lowest
  level; building gives (1) the covered factory's action as a direct action (a spot is
  offered only when it can be done completely) and (2) placing or moving one of your
  maintenance cars (`car`), not when all of yours stand in the workshop.
- SCHRAUBENSCHLÜSSEL AUF EINE FABRIK BEWEGEN: its action, and every inactive car there
  stands up (anyone's).
- DIE WARTUNGSWAGEN: instead of placing, `maintenance SPOT own|purple` uses one active car:
  the action of the factory it stands at (indirect: chosen here), then it goes to the
  workshop; not one you woke yourself in this turn (HINWEIS: "nicht im selben Zug
  einsetzen, in dem du ihn selbst aktiviert hast": a free action before your action can
  wake one); a key may bring one back (`key #N car`, inactive); the purple-car idea card:
  3 purple cars at once on different spots and 1 coin.
- IDEENPLÄTTCHEN ODER SCHLÜSSEL: a player's first wrench there uses an idea tile, the
  others must take a key.
- KOMBINATIONEN: with the industry board the alternative #2 locos (their factory side
  `2a`), no stokers on factories (coal.py), no special factory card, no engineer "use one
  of your factories", the per-factory end-game card scores nothing, Emil builds a factory
  on the first spot he may (setup: modules.py; the rest at their places)."""
from __future__ import annotations

from service.games.base import IllegalMove
from service.games.speech import N_, Said

from . import completion, effects, engine, flow, ideas, industry, locomotives, modules, pool
from .data import BOARD_FACTORIES, ENGINEERS, INDUSTRY_BOARD, STACKS, base_tile, factory_effect
from .effects import can_complete, loco_verdict, quick_verdict
from .free_actions import offer_after_action
from .chapter import into
from .gains import gain, gives
from .special_fields import gain_key

SIDES: dict = INDUSTRY_BOARD["sides"]
PRINTED: list[str] = [f["id"] for f in INDUSTRY_BOARD["printed_factories"]]
ALTERNATIVE_TWO: str = INDUSTRY_BOARD["alternative_two"]["id"]
CARS: int = INDUSTRY_BOARD["cars_per_player"]["value"]
PURPLE_CARD: str = INDUSTRY_BOARD["idea_card"]["id"]
KINDS = ("own", "purple")
RULE = "DIE WARTUNGSWAGEN"
assert ALTERNATIVE_TWO in BOARD_FACTORIES


def on(state: dict) -> bool:
    return "industry_board" in state


def setup_board(state: dict) -> None:
    """AUFBAU 4: the side for the player count, each wrench on the start field; 3 cars each
    beside your workers (the supply)."""
    side = "small" if state["seats"] <= 2 else "large"
    state["industry_board"] = {"spots": [[p] for p in PRINTED], "cars": [[] for _ in PRINTED]}
    for player in state["players"]:
        player.update(lane=side, cars={"supply": CARS, "workshop": []})


def mirror(state: dict, seat: int | None = None) -> None:
    """Every player's `factories` shows the spots' tops. A trial (completion.trial_copy)
    shares the other seats' boards with the real state: theirs are replaced, not changed."""
    tops = [stack[-1] if len(stack) > 1 else None for stack in state["industry_board"]["spots"]]
    for other, player in enumerate(state["players"]):
        if seat is None or other == seat:
            player["factories"] = list(tops)
        else:
            state["players"][other] = {**player, "factories": list(tops)}


def open_spots(state: dict) -> list[int]:
    """Erst wenn alle Plätze einer Ebene mit einer Fabrik belegt sind, darfst du die
    nächste Ebene beginnen."""
    levels = [len(stack) for stack in state["industry_board"]["spots"]]
    return [spot for spot, level in enumerate(levels) if level == min(levels)]


def covered(state: dict, spot: int) -> dict:
    return factory_effect(state["industry_board"]["spots"][spot][-1])


def buildable(state: dict, seat: int) -> list[int]:
    """ACHTUNG: only where the covered factory's action can be done completely."""
    return [spot for spot in open_spots(state) if can_complete(state, seat, covered(state, spot))]


def board_tile(source: str) -> str:
    return ALTERNATIVE_TWO if base_tile(source) == "2" else base_tile(source)


def build(state: dict, seat: int, tile: str, spot: int) -> list[dict]:
    """The factory lies on the spot; the covered one's action (direct), then a car."""
    effect = covered(state, spot)
    state["industry_board"]["spots"][spot].append(board_tile(tile))
    mirror(state, seat)
    events = [{"type": "factory", "seat": seat, "factory": board_tile(tile), "gap": spot}]
    events += gain(state, seat, effect, direct=True)
    if car_moves(state, seat, {"source": "build"}):
        pool.add(state, "car", False, source="build")
    return events


def emil_builds(state: dict, tile: str) -> list[dict]:
    """EMIL + INDUSTRIETABLEAU: on the first spot he may, in the wrenches' direction; no cars."""
    spot = open_spots(state)[0]
    state["industry_board"]["spots"][spot].append(board_tile(tile))
    mirror(state)
    return [{"type": "emil_builds", "factory": board_tile(tile), "gap": spot}]


def cars_of(state: dict, seat: int, spot: int, kind: str) -> list[dict]:
    return [c for c in state["industry_board"]["cars"][spot] if c["seat"] == seat and c["kind"] == kind]


def free_for(state: dict, seat: int, kind: str) -> list[int]:
    """One car of your colour per factory; one purple car per factory."""
    cars = state["industry_board"]["cars"]
    return [spot for spot in range(len(cars)) if not any(
        c["kind"] == kind and (kind == "purple" or c["seat"] == seat) for c in cars[spot])]


def car_moves(state: dict, seat: int, item: dict) -> list[dict]:
    player = state["players"][seat]
    source = item["source"]
    if source == "purple":
        return [{"spot": s} for s in free_for(state, seat, "purple")]
    if source == "workshop":
        kinds = sorted(set(player["cars"]["workshop"]))
        return [{"spot": s, **({"car": k} if len(kinds) > 1 else {})} for k in kinds for s in free_for(state, seat, k)]
    if player["cars"]["supply"]:
        return [{"spot": s} for s in free_for(state, seat, "own")]
    return [{"spot": s, "from": f} for f in range(len(state["industry_board"]["cars"]))
            if cars_of(state, seat, f, "own") for s in free_for(state, seat, "own")]


def car_options(state, seat, item):
    return [{"action": "car", "item": item["id"], **m} for m in car_moves(state, seat, item)]


def resolve_car(state, seat, item, move):
    """Placed (or moved) lying: inactive."""
    player = state["players"][seat]
    source = item["source"]
    kind = "purple" if source == "purple" else "own"
    if source == "workshop":
        kind = move.get("car", player["cars"]["workshop"][0])
        player["cars"]["workshop"].remove(kind)
    elif "from" in move:
        state["industry_board"]["cars"][move["from"]].remove(cars_of(state, seat, move["from"], "own")[0])
    elif source == "build":
        player["cars"]["supply"] -= 1
    state["industry_board"]["cars"][move["spot"]].append({"seat": seat, "kind": kind, "active": False})
    item["left"] = item.get("left", 1) - 1
    return [{"type": "car_placed", "seat": seat, "spot": move["spot"], "car": kind,
             **({"from": move["from"]} if "from" in move else {})}]


def activate(state: dict, seat: int, spot: int) -> list[dict]:
    """Es werden alle inaktiven Wartungswagen neben der Fabrik aktiviert (anyone's); those
    the seat wakes in its own turn are marked woken until that turn is over."""
    woken = [c for c in state["industry_board"]["cars"][spot] if not c["active"]]
    own_turn = state["phase"] == "actions" and state["order"][state["turn"]] == seat
    for car in woken:
        car["active"] = True
        if own_turn and car["seat"] == seat:
            car["woken"] = True
    return [{"type": "cars_activated", "spot": spot, "cars": len(woken)}] if woken else []


@into(industry.FIELDS, "idea_or_key")
def idea_or_key(state: dict, seat: int) -> list[dict]:
    """The first wrench of yours: an idea tile (laid on the board: it counts as used); a
    further one: you must take a key."""
    player = state["players"][seat]
    if "industry:idea_or_key" not in player["fired"]:
        player["fired"].append("industry:idea_or_key")
        pool.add(state, "idea", False)
        return []
    return gain_key(state, seat)


def can_redeploy(state: dict, seat: int) -> bool:
    """EINEN WARTUNGSWAGEN IN DER WERKSTATT ERNEUT EINSETZEN: the key's third use."""
    return on(state) and bool(state["players"][seat]["cars"]["workshop"])


def redeploy(state: dict, seat: int) -> list[dict]:
    pool.add(state, "car", True, source="workshop")
    return []


def purple_cars(state, seat, effect, direct):
    """IDEENKARTE MIT 3 LILA WARTUNGSWAGEN: 1 coin, and the 3 cars placed at once."""
    pool.add(state, "car", True, source="purple", left=effect["cars"])
    return gain(state, seat, {"type": "gain_coins", "coins": effect["coins"]}, direct)


def maintenance_moves(state: dict, seat: int) -> list[dict]:
    """EINEN AKTIVEN WARTUNGSWAGEN EINSETZEN: instead of a worker or a coin."""
    if not on(state) or state["players"][seat]["passed"]:
        return []
    return [{"action": "maintenance", "spot": spot, "car": kind}
            for spot in range(len(state["industry_board"]["cars"])) for kind in KINDS
            if any(usable(c) for c in cars_of(state, seat, spot, kind))]


def apply_maintenance(state: dict, seat: int, move: dict) -> list[dict]:
    if move not in maintenance_moves(state, seat):
        raise IllegalMove(Said(N_("no active maintenance car of yours stands there (one you woke this turn "
                                  "is used from your next turn on)")), rule=RULE, field="spot",
                          options=maintenance_moves(state, seat))
    spot, kind = move["spot"], move["car"]
    car = next(c for c in cars_of(state, seat, spot, kind) if usable(c))
    state["industry_board"]["cars"][spot].remove(car)
    state["players"][seat]["cars"]["workshop"].append(kind)
    pool.open_pool(state, seat, "turn")
    events = [{"type": "maintenance", "seat": seat, "spot": spot, "car": kind}]
    events += gain(state, seat, covered(state, spot), direct=False)
    offer_after_action(state, seat)
    return events


def board_factory_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    """A factory goes only where the covered action can be done completely; True where a loco
    can be laid (when a loco alone will do) and a spot's covered action surely can be done,
    else it must be tried."""
    can_lay = any(locomotives.lay_places(state["players"][seat], STACKS[s]) for s in locomotives.lowest_stacks(state))
    spot = any(quick_verdict(state, seat, covered(state, s)) is True for s in open_spots(state))
    if effect["as"] == "locomotive_or_factory":
        return True if can_lay or (spot and locomotives.factory_sources(state)) else None
    tiles = sum(state["stacks"].values()) + len(state["returned"])
    return True if can_lay and spot and tiles >= 2 else None


@into(effects.VERDICTS, "take_loco")
def take_loco_verdict(state: dict, seat: int, effect: dict) -> bool | None:
    return board_factory_verdict(state, seat, effect) if on(state) else loco_verdict(state, seat, effect)


@into(modules.ENGINEERS_IN)
def engineers(options: dict, tiles: list[int]) -> list[int]:
    """"Diese Ingenieurin dürft ihr nicht in Kombination mit dem Industrietableau" (use one of
    your factories)."""
    if not options.get("industry_board"):
        return tiles
    return [n for n in tiles if ENGINEERS[n]["effect"]["type"] != "use_factory"]


@into(modules.IDEA_CARDS)
def idea_cards(options: dict) -> list[str]:
    """IDEENKARTE MIT 3 LILA WARTUNGSWAGEN."""
    return [PURPLE_CARD] if options.get("industry_board") else []


@into(modules.SETUPS)
def setup_table(state: dict, rng: int) -> int:
    if state["options"].get("industry_board"):
        setup_board(state)
    return rng


@into(industry.FACTORY_USED)
def activated(state: dict, seat: int, factory: str, spot: int) -> list[dict]:
    return activate(state, seat, spot) if on(state) else []


@into(flow.TURN_OVER)
def turn_over(state: dict) -> None:
    """The cars woken in the turn just over may be used from the owner's next turn on."""
    if on(state):
        for car in (car for cars in state["industry_board"]["cars"] for car in cars):
            car.pop("woken", None)


def usable(car: dict) -> bool:
    return car["active"] and not car.get("woken")


pool.kind("car")((car_options, resolve_car))
gives({"purple_cars": purple_cars})
# a maintenance car can always be placed (5 spots, at most 3 cars of a kind of yours on them)
completion.ALWAYS_DOABLE.add("car")
locomotives.SPOTS["industry_board"] = {"buildable": buildable, "build": build, "emil_builds": emil_builds}
ideas.KEY_CHOICES["car"] = (can_redeploy, redeploy)
engine.ACTIONS["maintenance"] = (maintenance_moves, apply_maintenance)
