"""Player accounts (issue 13): one identity across games.

A player is a name and an e-mail address; `POST /v1/players` makes one and its first
personal API token. A token is shown once and kept only as its SHA-256; a player holds
at most MAX_TOKENS, each revocable at once. A player's token acts for every seat bound
to the player (bound at creation by player id, or by accepting an invitation, or a
quick game's seat token handed to the player, which then stops working).

Keys (global, outside the games' hash slots, like `apikey:*`):

  player:<id>              JSON: id, name, email, created_at
  player:<id>:tokens       hash token id -> JSON {id, label, created_at, scopes, digest}
  ptoken:<digest>          "<player id> <token id> <scope,...>": who a token is and what it
                           may do, deleted at revocation (a token of before scopes: all)

A token's scopes (issue 29, lichess's personal tokens as the model) are chosen when it
is made: `read` (the player's games, views, logs, streams and inbox), `play` (turns,
previews, taking seats, creating games) and `account` (tokens and webhooks). A token
makes tokens of its own scopes or fewer, never wider.
  player:<id>:seats        hash game id -> seat: the player's games (the inbox)

The e-mail address is confirmed through service/mail/consent.py (the same signed link
and the same `mail:confirmed` set as a game's invitations): no game mail goes to it
before."""
from __future__ import annotations

import json
import re
import secrets
import time
import uuid
from dataclasses import dataclass

from service import handover, problems, seating
from service.connection import state_redis
from service.games.speech import N_, Said
from service.seating import hash_token
from service.store import GameRecord, Snapshot, key, unpacked

PREFIX = "pbp_"                 # a player token: told apart from seat tokens without a lookup
MAX_TOKENS = 10                 # tokens a player holds at once
MAX_GAMES = 1000                # games a player may be seated in
LABEL_LENGTH = 60
SCOPES = ("read", "play", "account")
PLAYER_ID = re.compile(r"^[0-9a-f]{16}$")

NotFound = problems.NotFound
TooManyTokens = problems.problem(409, "too-many-tokens", "The player holds as many tokens as allowed")
UnknownPlayer = problems.problem(422, "unknown-player", "No such player")


def player_key(player_id: str, *parts: str) -> str:
    return ":".join(("player", player_id) + parts)


def token_key(digest: str) -> str:
    return f"ptoken:{digest}"


def create(conn, name: str, email: str, language: str = "en") -> tuple[dict, dict]:
    """A new player and its first token: (player, token with its secret, shown once);
    `language` the one its seats read (issue 31, service/i18n.py)."""
    player = {"id": uuid.uuid4().hex[:16], "name": name, "email": email,
              "created_at": time.time(), "language": language}
    conn.set(player_key(player["id"]), json.dumps(player))
    return player, new_token(conn, player["id"], "first token", SCOPES)


def load(conn, player_id: str) -> dict | None:
    raw = conn.get(player_key(player_id)) if PLAYER_ID.match(player_id or "") else None
    return json.loads(raw) if raw else None


def change_language(conn, player_id: str, language: str) -> dict:
    """The player with its language changed (one of service/i18n.py's LANGUAGES, as the
    contract allows), atomically against a concurrent change of the record."""
    held = player_key(player_id)

    def change(pipe):
        player = json.loads(pipe.get(held))
        pipe.multi()
        pipe.set(held, json.dumps({**player, "language": language}))
        return {**player, "language": language}
    return conn.transaction(change, held, value_from_callable=True)


@dataclass(frozen=True)
class Holder:
    """Who a player's token is: the player, the token and its scopes."""
    player: str
    token: str
    scopes: tuple[str, ...]


def new_token(conn, player_id: str, label: str, scopes) -> dict:
    """A new token for the player (MAX_TOKENS at most) with those scopes (of SCOPES):
    {id, label, created_at, scopes, token}."""
    token = PREFIX + secrets.token_urlsafe(32)
    entry = {"id": uuid.uuid4().hex[:16], "label": label, "created_at": time.time(),
             "scopes": [s for s in SCOPES if s in scopes], "digest": hash_token(token)}
    held = player_key(player_id, "tokens")

    def add(pipe):
        if pipe.hlen(held) >= MAX_TOKENS:
            raise TooManyTokens(f"a player holds at most {MAX_TOKENS} tokens; revoke one first",
                                errors=[{"field": "label", "message":
                                         f"at most {MAX_TOKENS} tokens per player"}])
        pipe.multi()
        pipe.hset(held, entry["id"], json.dumps(entry))
        pipe.set(token_key(entry["digest"]), f"{player_id} {entry['id']} {','.join(entry['scopes'])}")
    conn.transaction(add, held)
    return {**public_token(entry), "token": token}


def public_token(entry: dict) -> dict:
    return {"id": entry["id"], "label": entry["label"], "created_at": entry["created_at"],
            "scopes": entry.get("scopes", list(SCOPES))}


def tokens(conn, player_id: str) -> list[dict]:
    entries = [json.loads(raw) for raw in conn.hvals(player_key(player_id, "tokens"))]
    return sorted((public_token(e) for e in entries), key=lambda e: e["created_at"])


def token_scopes(conn, player_id: str, token_id: str) -> list[str] | None:
    """The scopes of one of the player's tokens; None once it is revoked (or never was)."""
    raw = conn.hget(player_key(player_id, "tokens"), token_id)
    return json.loads(raw).get("scopes", list(SCOPES)) if raw else None


def revoke(conn, player_id: str, token_id: str) -> bool:
    """End one of the player's tokens at once; False when it has none of that id."""
    raw = conn.hget(player_key(player_id, "tokens"), token_id)
    if raw is None:
        return False
    pipe = conn.pipeline()
    pipe.delete(token_key(json.loads(raw)["digest"]))
    pipe.hdel(player_key(player_id, "tokens"), token_id)
    pipe.execute()
    return True


def token_holder(conn, token: str | None) -> Holder | None:
    """Whose (unrevoked) player's token this is, with its scopes; None for any other."""
    if not token or not token.startswith(PREFIX):
        return None
    found = conn.get(token_key(hash_token(token)))
    if not found:
        return None
    player, token_id, *scopes = found.decode().split(" ")
    return Holder(player, token_id, tuple(scopes[0].split(",")) if scopes else SCOPES)


def token_player(conn, token: str | None) -> str | None:
    """The id of the player whose (unrevoked) token this is; None for any other token."""
    holder = token_holder(conn, token)
    return holder.player if holder else None


# seats ---------------------------------------------------------------------------
def check_bindings(conn, players: list[dict], bearer_player: str | None,
                   api_key: str | None) -> dict[int, dict]:
    """The players the new game's seats name (`players[i].player`), by seat: each must
    exist, be named once, and be the bearer itself unless the game is created with an
    API key (nobody seats, and so mails, a stranger)."""
    bound, errors = {}, []
    for seat, entry in enumerate(players):
        if "challenge" in entry:
            player = challenged(conn, entry, f"players[{seat}]", bearer_player)
            if player["id"] in (p["id"] for p in bound.values()):
                errors.append({"field": f"players[{seat}].challenge",
                               "message": "a player holds one seat of a game"})
            bound[seat] = player
            continue
        if "player" not in entry:
            continue
        field = f"players[{seat}].player"
        if entry["player"] in (p["id"] for p in bound.values()):
            errors.append({"field": field, "message": "a player holds one seat of a game"})
        elif (player := load(conn, entry["player"])) is None:
            raise UnknownPlayer(f"{field}: no player {entry['player']}",
                           errors=[{"field": field, "message": "no such player"}])
        elif api_key is None and entry["player"] != bearer_player:
            message = ("a seat is bound to another player only with an API key; "
                       "invite the player instead (leave out `player`: the seat's invitation "
                       "is in the answer)")
            raise problems.Forbidden(f"{field}: {message}",
                                     errors=[{"field": field, "message": message}])
        else:
            bound[seat] = player
    if errors:
        raise problems.ValidationFailed("; ".join(f"{e['field']}: {e['message']}"
                                                  for e in errors), errors=errors)
    for player in bound.values():
        room_for_game(conn, player["id"])
    return bound


def challenged(conn, entry: dict, field: str, bearer_player: str | None) -> dict:
    """The player a seat challenges (`players[i].challenge`, service/challenges.py): a
    player challenges another by its id, with its own token; the seat takes no other
    holder."""
    others = [name for name in ("player", "email", "bot") if entry.get(name)]
    if others:
        raise problems.ValidationFailed(
            f"{field} challenges a player and takes no {others[0]}",
            errors=[{"field": f"{field}.{others[0]}",
                     "message": "a challenged seat is the challenged player's to accept"}])
    if bearer_player is None:
        message = "a challenge comes from a player: send your player's token as the bearer"
        raise problems.Unauthorized(f"{field}.challenge: {message}",
                                    errors=[{"field": f"{field}.challenge", "message": message}])
    if entry["challenge"] == bearer_player:
        raise problems.ValidationFailed(
            f"{field}.challenge: a player does not challenge itself",
            errors=[{"field": f"{field}.challenge", "message": "another player's id"}])
    if (player := load(conn, entry["challenge"])) is None:
        raise UnknownPlayer(f"{field}.challenge: no player {entry['challenge']}",
                            errors=[{"field": f"{field}.challenge", "message": "no such player"}])
    return player


def with_addresses(players: list[dict], bound: dict[int, dict]) -> list[dict]:
    """The players of a new game, each seat bound to (or challenging) a player addressed
    at the player's e-mail unless it names one (mail waits for the address's
    confirmation); a challenged seat named as its player unless named."""
    return [{**entry, "email": entry.get("email") or bound[seat]["email"],
             "name": entry.get("name") or bound[seat]["name"]} if seat in bound
            else entry for seat, entry in enumerate(players)]


def room_for_game(conn, player_id: str) -> None:
    if conn.hlen(player_key(player_id, "seats")) >= MAX_GAMES:
        raise problems.Conflict(Said(N_("player {player} is seated in {number} games, the most allowed"),
                                     player=player_id, number=MAX_GAMES))


def seated(conn, record: GameRecord) -> None:
    """Index the game under each player it seats (their inbox)."""
    pipe = conn.pipeline()
    for seat, entry in enumerate(record.seats):
        if entry.player:
            pipe.hset(player_key(entry.player, "seats"), record.id, seat)
    pipe.execute()


def accept(conn, player: dict, game_id: str, code: str) -> handover.Taken:
    """The player takes the seat an invitation (or a quick game's seat token handed
    over) opens (service/handover.py): the seat is bound to the player, its mail goes to
    the player's address, and the code, and any earlier credential of the seat, stop
    working. The player's inbox entry, on REDIS_URL's Redis, follows."""
    room_for_game(conn, player["id"])
    taken = handover.take(conn, game_id, code, player)
    conn.hset(player_key(player["id"], "seats"), game_id, taken.seat)
    return taken


def games(conn, player_id: str) -> list[tuple[str, int]]:
    """(game id, seat) of each game the player is seated in."""
    return sorted((g.decode(), int(s)) for g, s in conn.hgetall(player_key(player_id, "seats")).items())


def seated_games(conn, player_id: str) -> list[tuple[int, GameRecord, Snapshot]]:
    """(seat, record, snapshot) of every game the player is seated in, read in one
    round trip; a game deleted since is left out."""
    seated_in = games(conn, player_id)
    pipe = state_redis(conn).pipeline(transaction=False)     # where the game state lives
    for game_id, _seat in seated_in:
        for part in ("meta", "snapshot", "final"):          # a cluster pipeline takes no MGET
            pipe.get(key(game_id, part))
    read = pipe.execute()
    out = []
    for (_game_id, seat), meta, snap, final in zip(seated_in, read[::3], read[1::3], read[2::3]):
        if final is not None:                      # a finished game: one key
            whole = unpacked(final)
            out.append((seat, GameRecord.from_stored(whole["meta"]), Snapshot(**whole["snapshot"])))
        elif meta is not None and snap is not None:
            out.append((seat, GameRecord.from_stored(unpacked(meta)), Snapshot(**unpacked(snap))))
    return out


def inbox(conn, player_id: str, only_to_act: bool = False) -> list[dict]:
    """Every game the player is seated in (read in one round trip), those where it is
    to act first; `only_to_act` keeps those alone. A seat it resigned never acts (the
    bot plays it: service/seating.py)."""
    out = []
    for seat, record, snapshot in seated_games(conn, player_id):
        game_id = record.id
        acting = snapshot.status == "active" and seat in snapshot.to_act \
            and not seating.resigned(record, seat)
        if acting or not only_to_act:
            out.append({"id": game_id, "game": record.game, "seat": seat,
                        "players": [s.name for s in record.seats], "status": snapshot.status,
                        "version": snapshot.version, "to_act": acting,
                        "seats_to_act": snapshot.to_act})
    return sorted(out, key=lambda g: (not g["to_act"], g["id"]))
