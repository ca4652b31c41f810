"""A small seeded generator whose whole state is one integer (SplitMix64).

Engines keep `rng` (an int) in their state and call these functions, which
return the value drawn and the next state, so a snapshot stays small and
`setup + log` replays byte for byte. Never use the global `random` in a rule.
"""
MASK = (1 << 64) - 1


def next_u64(rng: int) -> tuple[int, int]:
    rng = (rng + 0x9E3779B97F4A7C15) & MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), rng


def below(rng: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the next state (rejection sampling)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = MASK - (MASK + 1) % n
    while True:
        value, rng = next_u64(rng)
        if value <= limit:
            return value % n, rng


def shuffled(rng: int, items: list) -> tuple[list, int]:
    """A new list, Fisher-Yates shuffled, and the next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, rng


def seed_state(seed: int) -> int:
    """The generator's first state for a game seed (any int, reduced to 64 bits)."""
    return seed & MASK
