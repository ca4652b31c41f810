"""Which modules a game plays with (options coal, werklok, special_ideas,
extra_engineers) and what they change in the set-up: rounds, engineers, the cards,
tiles and spaces in play (KOHLE-MODUL, WERKLOK, SPEZIAL-IDEEN-MODUL, ZUSÄTZLICHE
INGENIEURINNEN; KOMBINATIONEN UND SONDERFÄLLE: KOHLE-MODUL + WERKLOK)."""
from __future__ import annotations

from service.games.common.rng import shuffled

from .data import AMERICA, ASIA, BASE_ENGINEERS, DATA, ENGINEERS, GERMANY, INDUSTRY_BOARD, MODULES
from .industry_board import setup_board

MODULE_OPTIONS = ("coal", "werklok", "special_ideas", "extra_engineers", "industry_board")
COAL = MODULES["coal"]


def on(options: dict, module: str) -> bool:
    return bool(options.get(module))


def one_round_fewer(options: dict) -> bool:
    """Mit der Werklok (and with coal) spielt ihr eine Runde weniger ... und legt eine
    A-Ingenieurin weniger aus; KOHLE-MODUL + WERKLOK: insgesamt 1 Runde weniger."""
    return on(options, "coal") or on(options, "werklok")


def rounds(options: dict, rules: dict) -> int:
    return rules["rounds"] - int(one_round_fewer(options))


def engineer_counts(options: dict, rules: dict) -> dict:
    counts = dict(rules["engineers"])
    if one_round_fewer(options):
        counts["A"] -= 1
    return counts


def engineer_box(options: dict) -> list[int]:
    """The engineer tiles shuffled at set-up: the base ones, the extra ones (ZUSÄTZLICHE
    INGENIEURINNEN: all nine, the players may choose), the coal engineer with coal
    ("empfehlen wir immer mit der Kohle-Ingenieurin zu spielen")."""
    tiles = list(BASE_ENGINEERS)
    if on(options, "extra_engineers"):
        tiles += [t["number"] for t in MODULES["extra_engineers"]["tiles"]]
    if on(options, "coal"):
        tiles.append(COAL["engineer"]["number"])
    if on(options, "industry_board"):      # "Diese Ingenieurin dürft ihr nicht in Kombination mit
        tiles = [n for n in tiles if ENGINEERS[n]["effect"]["type"] != "use_factory"]   # dem Industrietableau"
    return tiles


def idea_tiles(options: dict) -> list[str]:
    tiles = [t["id"] for t in DATA["idea_tiles"]]
    if on(options, "coal"):
        tiles.append(COAL["idea_tile"]["id"])
    if on(options, "special_ideas"):
        tiles.append(MODULES["special_ideas"]["tile"]["id"])
    if options.get("board") == "asia":        # OSAKA-STRECKENAUSBAU: its idea tile, one each
        tiles.append(ASIA["idea_tile"]["id"])
    if options.get("board") == "america":     # AMERICAN RAILROADS, AUFBAU 5: stock, golden spike
        tiles += [t["id"] for t in AMERICA["idea_tiles"]]
    return tiles


def idea_cards(options: dict) -> list[str]:
    """The module cards join the others: the coal factory; GERMAN RAILROADS' special
    track-points tile."""
    return [c["id"] for c in DATA["idea_cards"]] + ([COAL["idea_card"]["id"]] if on(options, "coal") else []) + (
        [GERMANY["idea_card"]["id"]] if options.get("board") == "germany" else []) + (
        [INDUSTRY_BOARD["idea_card"]["id"]] if on(options, "industry_board") else [])


def start_bonus_cards(options: dict) -> list[str]:
    return [c["id"] for c in DATA["start_bonus_cards"]] + (
        [COAL["start_bonus"]["id"]] if on(options, "coal") else [])


def module_setup(state: dict, rng: int) -> int:
    """AUFBAU of each module on: the Werklok's tiles (2 on the train, 3 face up, 6 in a
    stack none has seen), the foundries (12 face down, 2 face up; those laid as stokers
    boiler side up, unseen, apart) with 1 coal and 1 more coin each,
    the special idea cards face up. Returns the random state."""
    options = state["options"]
    if on(options, "werklok"):
        tiles, rng = shuffled(rng, [t["id"] for t in MODULES["werklok"]["tiles"]])
        held, offered = MODULES["werklok"]["on_train"], MODULES["werklok"]["offered"]
        state["werklok"] = {"train": [None] + tiles[:held], "offer": tiles[held:held + offered],
                            "stack": tiles[held + offered:], "unseen": len(tiles) - held - offered}
    if on(options, "coal"):
        foundries, rng = shuffled(rng, [f["id"] for f in COAL["foundries"]])
        state["foundries"] = {"offer": foundries[:2], "stack": foundries[2:], "boilers": []}
        for player in state["players"]:
            player["coins"] += COAL["per_player"]["coins"]
            player.update(coal=COAL["per_player"]["coal"], foundries=[], foundries_used=[])
    if options.get("board") == "germany":
        state["extensions"] = [e["id"] for e in GERMANY["extensions"]]
        state["income_tiles"] = [t["id"] for t in GERMANY["income_tiles"]]
    if on(options, "special_ideas"):     # INDUSTRIETABLEAU + SPEZIAL-IDEEN-MODUL: no special factory
        state["special_cards"] = [c["id"] for c in MODULES["special_ideas"]["cards"] if not (
            on(options, "industry_board") and c["effect"]["type"] == "special_factory")]
    if on(options, "industry_board"):
        setup_board(state)
    return rng
