"""SOLOVARIANTE (EMIL WILL SPIELEN): one seat against Emil, who only blocks action
spaces. His turn is no move of anyone's: it happens by itself before each of yours
(Emil beginnt), drawn from his shuffled deck (data/solo_emil.json)."""
from __future__ import annotations

from service.games.base import deal_anew
from service.games.common.rng import shuffled

from . import completion, engine, flow, setup, spaces, view
from .data import EMIL, SOLO, loco_number
from .locomotives import last_taken, lowest_stacks, spots
from .scoring import MAJORITY, engineer_count
from .spaces import is_free, space_spec
from .chapter import into

YOU = 0                    # the one seat
PUBLIC_ENGINEER = "engineer_public"
LOCO_SPACES = ("loco_or_factory_1", "loco_and_factory_3")


def solo(state: dict) -> bool:
    return state.get("emil") is not None


def deck_cards(modules: tuple = ()) -> list[str]:
    """The 16 base cards; a module's card only with its module (HINWEIS, p.45)."""
    return [c["id"] for c in SOLO["cards"] if c.get("module") in (None, *modules)]


CARDS = {c["id"]: c for c in SOLO["cards"]}


def modules_on(options: dict) -> tuple:
    """KOMBINATIONEN: EMIL + KOHLE, EMIL + WERKLOK: their solo cards go into the deck."""
    return tuple(m for m in ("coal", "werklok") if options.get(m))


def new_emil(rng: int, options: dict) -> tuple[dict, int]:
    """AUFBAU 4: the shuffled deck; 6 workers, the other 2 beside field 50."""
    deck, rng = shuffled(rng, deck_cards(modules_on(options)))
    setup = SOLO["setup"]
    return {"deck": deck, "discard": [], "workers": setup["workers"], "placed": 0,
            "reserve": list(setup["reserve_at"]), "passed": False, "engineers": [],
            "tiles": []}, rng


@into(setup.TABLE)
def solo_setup(state: dict) -> None:
    """AUFBAU 1-3: the 2-player set-up without start bonus cards, turn-order cards and
    last-round tile; you take 5 coins; Emil's deck and workers."""
    if not state["options"].get("emil"):
        return
    state["emil"], state["rng"] = new_emil(state["rng"], state["options"])
    state.update(phase="actions", bonus_queue=[], start_bonus=[])
    state["players"][YOU]["coins"] = SOLO["setup"]["coins"]


def target(state: dict, card: dict) -> str | None:
    """The space the card shows, or None when Emil cannot block it: occupied, not
    enough workers (EMIL IST SELBST BLOCKIERT), or steps of a colour you cannot use
    yet (EMIL BLOCKIERT NUR FELDER, DIE DU AUCH WILLST)."""
    emil = state["emil"]
    if card["workers"] > emil["workers"] - emil["placed"]:
        return None
    spaces = SOLO["public_engineer_space"]["value"] if card["space"] == PUBLIC_ENGINEER else [card["space"]]
    for space_id in spaces:
        spec = space_spec(state, YOU, space_id)
        if spec is None or not is_free(state, space_id, spec):
            continue
        effect = spec["effect"]
        if effect["type"] == "track_steps" and effect["colours"] != "any" and not set(
                effect["colours"]) & set(state["players"][YOU]["unlocked"]):
            return None
        return space_id
    return None


def take_tile(state: dict) -> list[dict]:
    """EMIL SAMMELT LOKOMOTIVEN: the lowest loco of the display; with none left, the
    factory with the lowest number. Only taken away."""
    stacks = lowest_stacks(state)
    events = []
    if stacks:
        stack = sorted(stacks)[0]
        state["stacks"][stack] -= 1
        events = last_taken(state, None, stack)
    elif state["returned"]:
        stack = min(state["returned"], key=lambda s: (loco_number(s), s))
        state["returned"].remove(stack)
    else:
        return []
    if board := spots(state):        # EMIL + INDUSTRIETABLEAU: he always builds a factory
        return board["emil_builds"](state, stack)
    state["emil"]["tiles"].append(stack)
    return [{"type": "emil_takes", "tile": stack}] + events


def take_engineer(state: dict) -> list[dict]:
    """EMIL SAMMELT INGENIEURINNEN: he hires the engineer on the hiring field."""
    number = state["strip"][-1]
    if number is None:
        return []
    state["strip"][-1] = None
    state["emil"]["engineers"].append(number)
    return [{"type": "emil_hires", "engineer": number}]


def emil_turn(state: dict) -> list[dict]:
    """Zu Beginn jedes Zuges deckst du eine Karte auf ... until Emil blocks a space or
    has no card left; with no card or no worker at the start of his turn he passes."""
    emil = state["emil"]
    if emil["passed"]:
        return []
    if not emil["deck"] or emil["placed"] >= emil["workers"]:
        emil["passed"] = True
        return [{"type": "emil_passes"}]
    skipped = []
    while emil["deck"]:
        card = CARDS[emil["deck"].pop(0)]
        emil["discard"].append(card["id"])
        space_id = target(state, card)
        if space_id is None:
            skipped.append(card["id"])
            continue
        emil["placed"] += card["workers"]
        state["spaces"][space_id] = {"seat": EMIL, "workers": card["workers"], "temps": 0,
                                     "wood": 0, "coins": card["coins"]}
        events = [{"type": "emil_blocks", "card": card["id"], "space": space_id,
                   "workers": card["workers"], "coins": card["coins"], "skipped": skipped}]
        if space_id in LOCO_SPACES:
            events += take_tile(state)
        elif space_id == "engineer_hire":
            events += take_engineer(state)
        return events
    return [{"type": "emil_blocks", "card": None, "skipped": skipped}]


def new_workers(state: dict) -> list[dict]:
    """EMIL BEKOMMT NEUES SPIELZEUG: one worker at 50 points, the last at 150."""
    emil, score = state["emil"], state["players"][YOU]["score"]
    events = []
    while emil["reserve"] and score >= emil["reserve"][0]:
        emil["workers"] += 1
        events.append({"type": "emil_worker", "at": emil["reserve"].pop(0)})
    return events


def new_round(state: dict) -> list[dict]:
    """After the scoring his workers come back and all his cards are shuffled; Emil
    begins the round (the 2013 Emil rules say so for every round, KLF)."""
    emil = state["emil"]
    emil["deck"], state["rng"] = shuffled(state["rng"], deck_cards(modules_on(state["options"])))
    emil.update(discard=[], placed=0, passed=False)
    return emil_turn(state)


def majority(player: dict, emil: dict) -> int:
    """SPIELENDE: Hat Emil mehr Ingenieurinnen als du, bekommst du nur die Punkte für
    den 2. Platz (a tie is not "more"); without engineers you get nothing."""
    if not player["engineers"]:
        return 0
    return MAJORITY[1] if len(emil["engineers"]) > engineer_count(player) else MAJORITY[0]


def public(emil: dict) -> dict:
    """Emil's deck is face down: its size only."""
    return {**emil, "deck": len(emil["deck"])}


@into(engine.STARTS)
def begins(state: dict) -> None:
    """ABLAUF: Emil beginnt das Spiel."""
    if state["emil"]:
        emil_turn(state)


@into(flow.TURN_ENDED)
def after_your_turn(state: dict) -> list[dict]:
    """Emil's turn, unless you passed (then the round ends), with the workers your points
    brought him first."""
    if not state["emil"] or state["players"][YOU]["passed"]:
        return []
    return new_workers(state) + emil_turn(state)


@into(flow.NEW_ROUND)
def next_round(state: dict) -> list[dict]:
    return new_workers(state) + new_round(state) if state["emil"] else []


@into(flow.FINAL)
def final_majority(state: dict, final: list[dict]) -> None:
    """SPIELENDE: only Emil's engineer count matters."""
    if state["emil"]:
        final[YOU]["engineers"] = majority(state["players"][YOU], state["emil"])


@into(spaces.CLOSED)
def closed(state: dict, space_id: str) -> bool:
    """AUFBAU 1-2: covered, or not in the solo game."""
    return bool(state.get("emil")) and space_id in SOLO["setup"]["closed_spaces"]


@into(completion.MASKS)
def masked(state: dict) -> dict:
    """His deck in sorted order."""
    return {"emil": {**state["emil"], "deck": sorted(state["emil"]["deck"])}} if state.get("emil") else {}


def conceal(emil: dict, rng) -> None:
    """His deck shuffled."""
    emil["deck"] = deal_anew([emil["deck"]], rng)[0]


view.FACE_DOWN["emil"] = {"public": public, "conceal": conceal}
