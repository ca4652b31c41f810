"""AMERICAN RAILROADS (data/america.json): SPRENGUNGEN (rubble and blast fields), FELDER MIT
MÜNZE (coin fields, paid in your own turn: the free move `stock`), DER GOLDEN SPIKE,
VERDOPPLER on three routes, AKTIENTABLEAU (stock steps, dividend tiles, PERSÖNLICHE and
ALLGEMEINE AUSSCHÜTTUNG), DAS STAHLWERK, DAS AKTIEN-IDEENPLÄTTCHEN, BONUS BEI SPIELENDE;
KOMBINATIONEN UND SONDERFÄLLE: AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE (which rubble
lies), AMERIKA-INDUSTRIELEISTE + DEUTSCHLANDTABLEAU (the 3rd wrench on a track of your
choice), EMIL + AMERIKA (his marker on level 3), AMERIKATABLEAU + INDUSTRIETABLEAU (the big
nut on field 35, no steelworks on the board; a strip named with the board is refused). The
two-track industry strip itself: industry.py; the routes: boards.py.

The stock board is `state["stock"]`: `levels` (lowest field first; each a list of markers,
leftmost first: a seat, or "emil"), `tiles` (the dividend tile on each level's star, None
until the first player there chooses one) and `offer` (the tiles still beside the board,
face up)."""
from __future__ import annotations

from . import board, flow, free_actions, industry, modules, pool, scoring, setup, special_fields
from .boards import route, route_ids, wrench_track
from .completion import ALWAYS_DOABLE
from .data import AMERICA, EMIL, STEELWORKS
from .effects import DOUBLERS_PLACED
from .chapter import into
from .gains import gain, gives, score
from .locomotives import LAST_TAKEN, gap_choices, put_factory
from .special_fields import gain_key

DIVIDENDS: dict = {t["id"]: t for t in AMERICA["dividend_tiles"]}
LEVELS = AMERICA["stock_board"]["levels"]["value"]
END_BONUS = AMERICA["stock_board"]["end_bonus"]["value"]
SPIKE = AMERICA["golden_spike"]
BLAST_POINTS = AMERICA["blast_points"]["value"]
ROUTE_RUBBLE = {r["id"]: r["rubble"]["field"] for r in AMERICA["routes"] if "rubble" in r}
STRIP_RUBBLE = AMERICA["industry_strip"]["rubble"]["field"]
UPPER = 1       # the American strip's upper track
NUT_FIELD = AMERICA["industry_board_nut"]["field"]


def on(options: dict) -> bool:
    """The chapter's pieces (stock board, dividend tiles, steelworks, the two idea tiles,
    the Golden Spike tile) come with the America board."""
    return options.get("board") == "america"


@into(setup.CONFLICTS)
def option_conflict(options: dict) -> tuple[str, str] | None:
    """KOMBINATIONEN UND SONDERFÄLLE: the Industrietableau takes the place of every industry
    strip (AMERIKATABLEAU ODER AMERIKA-INDUSTRIELEISTE names it beside "einer anderen
    Industrieleiste"), so a strip named with it is refused."""
    if options.get("industry_board") and options.get("strip", "board") != "board":
        return "strip", ("the industry board (option industry_board) replaces the industry strips: with it, "
                         "strip must be 'board' (KOMBINATIONEN UND SONDERFÄLLE: AMERIKATABLEAU ODER "
                         "AMERIKA-INDUSTRIELEISTE)")
    return None


@into(modules.IDEA_TILES)
def idea_tiles(options: dict) -> list[str]:
    """AUFBAU 5: the stock and the Golden Spike idea tiles."""
    return [t["id"] for t in AMERICA["idea_tiles"]] if on(options) else []


def strip_choice(options: dict) -> str:
    """The industry strip played: the board's own unless the `strip` option names another."""
    choice = options.get("strip", "board")
    return options.get("board", "russia") if choice == "board" else choice


@into(setup.PLAYERS)
def setup_player(player: dict, options: dict) -> None:
    """AUFBAU 2, 6: the rubble tiles (KOMBINATIONEN: with another strip only the route's;
    the American strip with another board: none), both wrenches on the start fields."""
    board, strip = options.get("board", "russia"), strip_choice(options)
    if options.get("industry_board"):       # the Industrietableau: only the route's rubble
        strip = None
    elif strip != board:
        player["strip"] = strip
    if strip == "america":
        player.update(wrenches=[0, 0], wrench_tracks=[0, UPPER])
    if board == "america":
        player.update(rubble=["route"] + (["industry"] if strip == "america" else []),
                      doubler_routes={r: 0 for r in route_ids(player)}, golden_spike=False,
                      coin_fields=[], coin_fields_done=[])


@into(setup.TABLE)
def setup_table(state: dict) -> None:
    """AUFBAU 7-10: every marker on the lowest field (EMIL + AMERIKA: his on the left of
    level 3), the 8 dividend tiles face up, the steelworks right of their stacks."""
    if not on(state["options"]):
        return
    levels = [[seat for seat in range(state["seats"])]] + [[] for _ in range(LEVELS)]
    if state["options"].get("emil"):
        levels[AMERICA["stock_board"]["emil_level"]["value"]].append(EMIL)
    state["stock"] = {"levels": levels, "tiles": [None] * (LEVELS + 1), "offer": list(DIVIDENDS)}
    state["steelworks"] = {s["stack"]: s["id"] for s in AMERICA["steelworks"]}
    state["payout_queue"] = []


def level_of(state: dict, marker) -> int:
    return next(i for i, markers in enumerate(state["stock"]["levels"]) if marker in markers)


# --- AKTIENTABLEAU ---------------------------------------------------------------------

def stock_step(state: dict, seat: int, payout: bool = False) -> list[dict]:
    """Up one level: the first player there chooses the level's dividend tile and does it,
    later ones go right of the others and may do it; already on top: a personal payout.
    `payout`: a personal payout follows the new level's tile (the stock idea tile)."""
    stock = state["stock"]
    level = level_of(state, seat)
    if level == LEVELS:
        return [{"type": "stock_step", "seat": seat, "level": level}] + personal_payout(state, seat) + (
            personal_payout(state, seat) if payout else [])
    stock["levels"][level].remove(seat)
    stock["levels"][level + 1].append(seat)
    events = [{"type": "stock_step", "seat": seat, "level": level + 1}]
    if stock["tiles"][level + 1] is None:
        pool.add(state, "dividend", True, level=level + 1, payout=payout)
        return events
    return events + dividend(state, seat, stock["tiles"][level + 1]) + (
        personal_payout(state, seat) if payout else [])


def dividend(state: dict, seat: int, tile: str) -> list[dict]:
    return gain(state, seat, DIVIDENDS[tile]["effect"], direct=False)


def dividend_options(state, seat, item):
    return pool.offered(item, "dividend", "tile", state["stock"]["offer"])


def resolve_dividend(state, seat, item, move):
    """Laid on the level's star; its action is done (indirect: it may lapse)."""
    item["left"] = 0
    state["stock"]["offer"].remove(move["tile"])
    state["stock"]["tiles"][item["level"]] = move["tile"]
    return [{"type": "dividend_tile", "seat": seat, "level": item["level"], "tile": move["tile"]}] + \
        dividend(state, seat, move["tile"]) + (personal_payout(state, seat) if item.get("payout") else [])


def personal_payout(state: dict, seat: int) -> list[dict]:
    """The tiles of your level and all below, in any order, each may lapse."""
    tiles = [t for t in state["stock"]["tiles"][:level_of(state, seat) + 1] if t]
    events = [{"type": "payout", "seat": seat, "tiles": tiles}]
    for tile in tiles:
        events += dividend(state, seat, tile)
    return events


def stock_idea(state, seat, effect, direct):
    """DAS AKTIEN-IDEENPLÄTTCHEN: first the step up and the new level's tile (chosen first when
    nobody was there yet), then a personal payout as well (that tile in it)."""
    return stock_step(state, seat, payout=True)


def golden_spike_idea(state, seat, effect, direct):
    state["players"][seat]["golden_spike"] = True
    return [{"type": "golden_spike_tile", "seat": seat}]


@into(scoring.SPECIAL_POINTS, "golden_spike")
def golden_spike_points(player: dict) -> int:
    """DER GOLDEN SPIKE: each route end reached scores at every scoring; the idea tile
    raises it."""
    return SPIKE["with_idea_tile"] if player.get("golden_spike") else SPIKE["points"]


def end_bonus(state: dict) -> list[int]:
    """BONUS BEI SPIELENDE: 20 to the highest marker, 10 to the second; on one level the
    one further left wins (EMIL + AMERIKA: Emil's marker takes its place, scoring nothing)."""
    out = [0] * state["seats"]
    if "stock" not in state:
        return out
    ranked = [m for markers in reversed(state["stock"]["levels"]) for m in markers]
    for marker, points in zip(ranked, END_BONUS):
        if marker != EMIL:
            out[marker] = points
    return out


# --- ALLGEMEINE AUSSCHÜTTUNG -----------------------------------------------------------

def payout_waiting(state: dict) -> bool:
    return bool(state.get("payout_queue"))


def next_payout(state: dict) -> list[dict]:
    """After the turn in which a steelworks was taken: each player from its taker on, in
    turn order, gets a personal payout at once (nothing saved for their turn)."""
    seat = state["payout_queue"].pop(0)
    pool.open_pool(state, seat, "payout")
    return personal_payout(state, seat)


def general_payout(state: dict, seat: int) -> None:
    order = state["order"]
    start = order.index(seat)
    state["payout_queue"] += order[start:] + order[:start]


# --- DAS STAHLWERK ----------------------------------------------------------------------

@into(LAST_TAKEN)
def last_loco_taken(state: dict, seat: int | None, stack: str) -> list[dict]:
    """Taking the last loco of a stack with a steelworks beside it gives the steelworks too
    (to be built or boxed), and a general payout after the turn. Emil, taking it, puts it
    out of the game (he takes tiles away only; no payout)."""
    works = state.get("steelworks", {})
    if stack not in works or state["stacks"][stack] > 0:
        return []
    tile = works.pop(stack)
    if seat is None:
        return [{"type": "steelworks_removed", "steelworks": tile}]
    general_payout(state, seat)
    events = [{"type": "steelworks", "seat": seat, "steelworks": tile}]
    if state["options"].get("industry_board"):
        return events + steelworks_refused(state, seat, tile)
    pool.add(state, "steelworks", True, tile=tile)
    return events


def steelworks_refused(state: dict, seat: int, tile: str) -> list[dict]:
    """AMERIKATABLEAU + INDUSTRIETABLEAU: "Das Stahlwerk darfst du nicht auf dem Industrietableau
    einsetzen. Erhältst du eines, so lege es aus dem Spiel und nimm dir 1 Gleisschritt." Reading
    (the step's icon is not in the text): the steelworks' own step, indirect. The general payout
    after the turn stays (DAS STAHLWERK, ACHTUNG: the steelworks was received)."""
    return [{"type": "steelworks_removed", "seat": seat, "steelworks": tile}] + gain(
        state, seat, STEELWORKS[tile]["effect"], direct=False)


# --- AMERIKATABLEAU + INDUSTRIETABLEAU: the big nut --------------------------------------

@into(industry.BOARD_FIELDS)
def nut(state: dict, seat: int, field: int) -> list[dict]:
    """"Legt beim Spielaufbau die große Mutter auf das letzte Feld (35) des Industrietableaus.
    Erreichst du dieses Feld mit deinem Schraubenschlüssel, erhältst du entweder einen
    Schlüssel oder einen Aktienschnitt." Once per player (like the strip's end field)."""
    player = state["players"][seat]
    if field != NUT_FIELD or not on(state["options"]) or "industry:nut" in player["fired"]:
        return []
    player["fired"].append("industry:nut")
    pool.add(state, "nut", True)
    return []


def nut_options(state, seat, item):
    return [{"action": "nut", "item": item["id"], "reward": r} for r in ("key", "stock")]


def resolve_nut(state, seat, item, move):
    item["left"] = 0
    return gain_key(state, seat) if move["reward"] == "key" else stock_step(state, seat)


def steelworks_options(state, seat, item):
    """Built like a factory (the leftmost empty gap, or over any once all are filled, or over
    another steelworks) or back in the box."""
    return [{"action": "steelworks", "item": item["id"], "gap": g} for g in gap_choices(state["players"][seat])] + [
        {"action": "steelworks", "item": item["id"], "box": 1}]


def resolve_steelworks(state, seat, item, move):
    item["left"] = 0
    if move.get("box"):
        return [{"type": "steelworks_removed", "seat": seat, "steelworks": item["tile"]}]
    return put_factory(state, seat, item["tile"], move["gap"])


# --- SPRENGUNGEN, FELDER MIT MÜNZE, VERDOPPLER ------------------------------------------

@into(board.ROUTE_BLOCKS)
def route_block(player: dict, route_id: str) -> int | None:
    """The rubble field no track may enter or pass while the rubble lies."""
    return ROUTE_RUBBLE.get(route_id) if "route" in player.get("rubble", ()) else None


@into(industry.STRIP_BLOCKS)
def strip_block(player: dict, wrench: int) -> int | None:
    if "industry" in player.get("rubble", ()) and wrench_track(player, wrench) == 0:
        return STRIP_RUBBLE
    return None


def blast(state: dict, seat: int) -> list[dict]:
    """A blast field's condition met: remove one rubble tile of your choice (a decision
    while both lie) and take 10 points. No rubble left: nothing (the points are for it)."""
    rubble = state["players"][seat].get("rubble", [])
    if len(rubble) > 1:
        pool.add(state, "blast", True)
        return []
    return clear(state, seat, rubble[0]) if rubble else []


def clear(state: dict, seat: int, which: str) -> list[dict]:
    state["players"][seat]["rubble"].remove(which)
    return [{"type": "blasted", "seat": seat, "rubble": which}] + score(state, seat, BLAST_POINTS, "blasting")


def blast_options(state, seat, item):
    return pool.offered(item, "blast", "rubble", state["players"][seat]["rubble"])


def resolve_blast(state, seat, item, move):
    item["left"] = 0
    return clear(state, seat, move["rubble"])


def one_time(state: dict, seat: int, special: dict, tag: str) -> list[dict]:
    """The America board's special fields that fire once: stock steps, blast fields, and
    coin fields (reached: from now on payable in your own turns)."""
    kind = special["type"]
    if kind == "stock":
        return stock_step(state, seat)
    if kind == "blast":
        return blast(state, seat)
    state["players"][seat]["coin_fields"].append(tag)
    return [{"type": "coin_field", "seat": seat, "field": tag}]


ONE_TIME = {"stock", "blast", "coin_stock"}


def coin_uses(state: dict, seat: int) -> list[str]:
    """FELDER MIT MÜNZE: each reached field not done yet, while you have a coin."""
    player = state["players"][seat]
    if player["coins"] < 1:
        return []
    return [f for f in player.get("coin_fields", []) if f not in player["coin_fields_done"]]


def pay_coin(state: dict, seat: int, tag: str) -> list[dict]:
    """1 coin for the stock step; a done-marker on the field."""
    player = state["players"][seat]
    player["coins"] -= 1
    player["coin_fields_done"].append(tag)
    return [{"type": "coin_field_paid", "seat": seat, "field": tag}] + stock_step(state, seat)


def doubler_routes(player: dict) -> dict | None:
    return player.get("doubler_routes")


@into(scoring.DOUBLERS, "america")
def doublers_on(player: dict, route_id: str) -> int:
    """The doublers lying on a route (one doubler route: all a player has)."""
    routes = doubler_routes(player)
    return player["doublers"] if routes is None else routes[route_id]


def doubler_options(state, seat, item):
    """VERDOPPLER: each doubler onto SACRAMENTO, OMAHA or the main route, where a doubler
    field is free."""
    player = state["players"][seat]
    return pool.offered(item, "doubler", "route", [
        r for r, n in player["doubler_routes"].items() if n < route(player, r)["doubler_fields"]])


def resolve_doubler(state, seat, item, move):
    state["players"][seat]["doubler_routes"][move["route"]] += 1
    item["left"] -= 1
    return [{"type": "doubler_laid", "seat": seat, "route": move["route"]}]


@into(DOUBLERS_PLACED)
def place_doublers(state: dict, seat: int, count: int) -> None:
    if count and doubler_routes(state["players"][seat]) is not None:
        pool.add(state, "doubler", True, left=count)


# --- AMERIKA-INDUSTRIELEISTE + DEUTSCHLANDTABLEAU ---------------------------------------

@into(special_fields.NEW_WRENCH)
def new_wrench(state: dict, seat: int) -> bool:
    """The 3rd wrench on the American strip goes onto a track of your choice (a decision);
    True when it is placed that way."""
    if "wrench_tracks" not in state["players"][seat]:
        return False
    pool.add(state, "wrench_track", True)
    return True


def wrench_track_options(state, seat, item):
    return [{"action": "wrench_track", "item": item["id"], "track": t} for t in (0, UPPER)]


def resolve_wrench_track(state, seat, item, move):
    player = state["players"][seat]
    item["left"] = 0
    player["wrenches"].append(0)
    player["wrench_tracks"].append(move["track"])
    return [{"type": "wrench", "seat": seat, "track": move["track"]}]


@into(flow.BETWEEN_TURNS)
def payout_between_turns(state: dict) -> list[dict] | None:
    return next_payout(state) if payout_waiting(state) else None


@into(flow.FINAL)
def bonus_at_end(state: dict, final: list[dict]) -> None:
    if "stock" in state:    # BONUS BEI SPIELENDE
        for extra, points in zip(final, end_bonus(state)):
            extra["stock"] = points


gives({"stock_idea": stock_idea, "golden_spike_idea": golden_spike_idea})
# Direct decisions that always have a move and take no track or industry room (a dividend tile
# is left while its level has none; a steelworks may go back in the box; a doubler is taken only
# with a free field; the rubble to blast and the 3rd wrench's track are there): completion.py
# need not search them.
ALWAYS_DOABLE.update({"dividend", "steelworks", "blast", "doubler", "wrench_track", "nut"})
pool.kind("dividend")((dividend_options, resolve_dividend))
pool.kind("steelworks")((steelworks_options, resolve_steelworks))
pool.kind("blast")((blast_options, resolve_blast))
pool.kind("doubler")((doubler_options, resolve_doubler))
pool.kind("wrench_track")((wrench_track_options, resolve_wrench_track))
pool.kind("nut")((nut_options, resolve_nut))
free_actions.provider("stock", coin_uses, pay_coin, rule="AMERICAN RAILROADS, FELDER MIT MÜNZE: auch in "
                      "einem späteren Spielzug; auch passen gilt als Spielzug, nicht die Ausschüttung oder das "
                      "Versetzen des Zugreihenfolge-Arbeiters")
special_fields.MODULE_KINDS.update(dict.fromkeys(ONE_TIME, one_time))
