"""How a chapter of the box (box.py) adds a rule to one of the core's registries: the
function is registered where it is defined."""
from __future__ import annotations


def into(registry, key: str | None = None):
    """A decorator: the function joins a registry of the core (a list; a dict under `key`)."""
    def register(function):
        if key is None:
            registry.append(function)
        else:
            registry[key] = function
        return function
    return register
