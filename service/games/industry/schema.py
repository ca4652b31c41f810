"""The board file's schema and the rulebook's structural facts it must meet.

Spielmaterial: "Der Spielplan ist senkrecht in 5 Epochen und waagrecht in 12 Spalten
(Bereiche) von "A" bis "L" unterteilt. Das macht zusammen 60 Felder" and "von links
nach rechts: die Epochenleiste, die Jokerfelder, die Bonusfelder, die Fabriken, die
Technologien und die Zählleiste".

A board file (`data/board.json`) is one JSON object:

    schema            "industry-board/1"
    provisional       true unless the file is a transcription of the printed board
    provisional_note  what is guessed and why (required when provisional)
    coin_columns      the area-marker letters that show the Taler symbol
    spaces            60 objects, one per space, each with
        id            "<epoch><column>", e.g. "1A" .. "5L"
        epoch, column the same, spelled out
        kind          "joker" | "bonus" | "factory" | "technology"
        joker         (joker)  a resource id, or "?" for the joker of any one resource
        name          (others) snake_case English name, e.g. "iron_ore_mine"
        name_en       (others, optional) the English name players read ("Iron ore mine";
                      left out: the words of `name`)
        name_de       (others, optional) the German name players read ("Eisenerzbergwerk")
        names         (others, optional) where the two names come from: "printed" (the
                      board), "rulebook" (the German rulebook prints the German name), or
                      "provisional" (chosen to fit, not transcribed: said so to players)
        cost          (bonus, factory) Baupreis in Taler; technologies have none
        needs         (bonus, factory, technology) list of 0-2 resource ids (Rohstoffe)
        produces      (factory) the resource id it produces, or null
        vp            (factory, technology) Siegpunkte in the cog, 0 for none
        bonus         (bonus) "harbour" | "railway_station" | "pumping_station" | "power_plant"
        vp_per_factory (bonus) 2 or 3
        special       (factory) null, "bank" or "stock_exchange" (Baukosten -1 each)
        source        where the values come from (free text)
    connections       objects {"type", "a", "b"}; the six types and their ends:
        road          factory - factory         (Straße)
        tech_line     technology - technology   (Linie)
        river         harbour - factory         (Fluss)
        rail          railway_station - factory (Schiene)
        pipe          pumping_station - factory (Rohr)
        power_line    power_plant - factory     (Stromleitung)
"""
from __future__ import annotations

from pathlib import Path

from service.games.common.datafiles import files_in_use, read_json

DATA = Path(__file__).parent / "data"
FILES = files_in_use(DATA, "industry")          # the shipped files, or their drop-ins
SCHEMA_ID = "industry-board/1"
EPOCHS = 5
COLUMNS = tuple("ABCDEFGHIJKL")
SPACES_TOTAL = 60
JOKERS_TOTAL = 7
ANY_RESOURCE = "?"
REGION_ORDER = ("joker", "bonus", "factory", "technology")
SPECIALS = ("bank", "stock_exchange")
BONUS_NETWORK = {"harbour": "river", "railway_station": "rail",
                 "pumping_station": "pipe", "power_plant": "power_line"}
CONNECTION_ENDS = {"road": ("factory", "factory"), "tech_line": ("technology", "technology"),
                   **{network: (bonus, "factory") for bonus, network in BONUS_NETWORK.items()}}
BONUS_VALUES = (2, 3)
NAME_SOURCES = ("printed", "rulebook", "provisional")


def load_json(name: str) -> dict:
    return read_json(FILES[name])


# Beschaffung erforderlicher Rohstoffe: the bank's resources by epoch (rulebook table).
RESOURCE_FILE = load_json("resources.json")
BANK_FROM_EPOCH = {r["id"]: r["bank_from_epoch"] for r in RESOURCE_FILE["resources"]}
# the English names are our own (the printed game is German): labelled in the file
NAMES_PROVISIONAL = RESOURCE_FILE.get("names_provisional", False)
RESOURCES = tuple(BANK_FROM_EPOCH)
