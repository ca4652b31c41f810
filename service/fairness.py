"""Provably fair randomness (issue 11, finding 2; DESIGN.md "Fairness").

The server draws each game's seed. A seed a client sends is mixed (XOR) with 63 random
bits, so nobody learns the deal from it; the result is stored, so setup + log still
replays. At creation the game publishes the SHA-256 commitment of "SEED:SALT" (the
seed in decimal, a random salt that puts the commitment beyond brute force over the
64-bit seed); when the game ends it publishes seed and salt, and anyone can check the
commitment and replay setup + log. A client's seed is used as given only on a server
configured for development or tests (PBEM_DEVELOPMENT=1), and such a game says so.
"""
from __future__ import annotations

import hashlib
import os
import secrets

SEED_BITS = 63          # openapi.yaml: seed 0..2^63-1
DEVELOPMENT = "PBEM_DEVELOPMENT"


def development() -> bool:
    return os.environ.get(DEVELOPMENT) == "1"


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def draw(client_seed: int | None) -> tuple[int, dict]:
    """The game's seed and what is stored of its fairness (salt, commitment, and
    whether a client chose the seed)."""
    chosen = client_seed is not None and development()
    seed = client_seed if chosen else secrets.randbits(SEED_BITS) ^ (client_seed or 0)
    salt = secrets.token_hex(16)
    return seed, {"salt": salt, "commitment": commitment(seed, salt),
                  "seed_chosen_by_client": chosen}


def public(seed: int, fairness: dict, finished: bool) -> dict | None:
    """What everyone may see: the commitment from the start, seed and salt once the
    game is over (the seed as a decimal string: it may exceed 2^53). None for a game
    created before commitments."""
    if not fairness:
        return None
    return {"commitment": fairness["commitment"],
            "seed_chosen_by_client": fairness["seed_chosen_by_client"],
            "seed": str(seed) if finished else None, "salt": fairness["salt"] if finished else None}


def keeps_commitment(seed: int, fairness: dict) -> bool:
    return bool(fairness) and secrets.compare_digest(commitment(seed, fairness["salt"]),
                                                     fairness["commitment"])
