"""API keys (issue 11, finding 4): the identity that creating a game which mails anyone
needs, until player accounts land. `pbem admin issue-key NAME` prints a key once; Redis
keeps only its SHA-256 (`apikey:<digest>`: the name; `apikeys`: name -> digest), and
`pbem admin revoke-key NAME` ends it at once."""
from __future__ import annotations

import secrets

from service.seating import hash_token

NAMES = "apikeys"
PREFIX = "pbem_"


class KeyExists(ValueError):
    """A key of that name is issued and not revoked."""


def key_of(digest: str) -> str:
    return f"apikey:{digest}"


def issue(conn, name: str) -> str:
    """A new key for name, returned once (only its hash is kept)."""
    if not name or len(name) > 60 or not name.isprintable():
        raise ValueError("a key's name is 1 to 60 printable characters")
    key = PREFIX + secrets.token_urlsafe(32)
    digest = hash_token(key)
    if not conn.hsetnx(NAMES, name, digest):
        raise KeyExists(f"a key named {name!r} exists; revoke it first")
    conn.set(key_of(digest), name)
    return key


def revoke(conn, name: str) -> bool:
    """End the key of that name; False when there is none."""
    digest = conn.hget(NAMES, name)
    if digest is None:
        return False
    conn.delete(key_of(digest.decode()))
    conn.hdel(NAMES, name)
    return True


def owner(conn, key: str) -> str | None:
    """The name the key was issued to; None for an unknown or revoked key."""
    name = conn.get(key_of(hash_token(key)))
    return name.decode() if name else None
