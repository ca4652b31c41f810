"""`pbem admin`: a game's snapshot rebuilt from its setup and log and compared with the
stored one (`rebuild`, `verify`: and the seed checked against its commitment); API keys
issued and revoked (`issue-key`, `revoke-key`)."""
from __future__ import annotations

import json
import sys

from service import api_keys, fairness
from service.connection import redis_from_env
from service.play import matches_stored, rebuild
from service.store import Store


def check_rebuild(game_id: str, verify: bool, write: bool) -> None:
    """Prints what the rebuild found; exits 0 when the stored snapshot equals the rebuilt
    one (and, with `verify`, the commitment is kept), or when `write` replaced it."""
    store = Store(redis_from_env())
    rebuilt = rebuild(store, game_id)
    stored = store.snapshot(game_id)
    same = matches_stored(rebuilt, stored)
    report = {"game": game_id, "version": rebuilt.version, "equal_to_stored": same}
    if verify:              # issue 11, finding 2: what players check, from the store
        record = store.game(game_id)
        report["commitment_kept"] = fairness.keeps_commitment(record.seed, record.fairness)
        report["seed_chosen_by_client"] = record.fairness.get("seed_chosen_by_client")
        print(json.dumps(report))
        sys.exit(0 if same and report["commitment_kept"] else 1)
    print(json.dumps(report))
    if write and not same:
        store.replace_snapshot(game_id, rebuilt)
        print("stored snapshot replaced by the rebuilt one")
    sys.exit(0 if same or write else 1)


def key(action: str, name: str) -> None:
    """`issue-key NAME` prints a new API key once (Redis keeps its hash);
    `revoke-key NAME` ends it."""
    conn = redis_from_env()
    if action == "revoke-key":
        if not api_keys.revoke(conn, name):
            sys.exit(f"no key named {name!r}")
        print(f"key {name!r} revoked")
        return
    try:
        print(api_keys.issue(conn, name))
    except ValueError as refused:
        sys.exit(str(refused))
    print(f"the API key of {name!r}: shown only now, kept only as a hash", file=sys.stderr)
