"""Issue 13, "a contract that generates a typed client": openapi-python-client makes a
client of openapi.yaml (offline, into a temporary folder, imported from there) and
that client alone, with no hand-written HTTP, plays a whole game of each of the four
games against a real gunicorn server and rq worker: typed games, legal moves (each
game's own move models), turns and log entries (each event its game's own event type's
model), nothing lost between the JSON sent and the models read."""
from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from service.contract import SPEC_PATH

PACKAGE = "pbem_client"
# short games: the introductory Brass, the solo Ultimate Railroads; the first listed move
# (Industry: the last, which passes or stops developing and ends sooner: 220 moves, not 332)
GAMES = [("brass-lancashire", 2, {"length": "introductory"}, 0), ("age-of-industry", 3, {}, 0),
         ("industry", 3, {}, -1), ("ultimate-railroads", 1, {"emil": True}, 0)]
MAX_TURNS = 1000


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """The generated client package, imported from a temporary folder."""
    folder = tmp_path_factory.mktemp("generated")
    config = folder / "config.yaml"
    config.write_text(f"post_hooks: []\nproject_name_override: {PACKAGE}\n"
                      f"package_name_override: {PACKAGE}\n")
    made = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(SPEC_PATH),
         "--meta", "none", "--output-path", str(folder / PACKAGE), "--config", str(config)],
        capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    said = made.stdout + made.stderr
    warnings = [line for line in said.splitlines() if line.startswith(("WARNING", "Unable"))]
    assert warnings == ["WARNING parsing POST /v1/inbound-mail within mail. Endpoint will "
                        "not be generated."], said        # the raw-mail hook (message/rfc822)
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def generated(api, module: str):
    return importlib.import_module(f"{api.__name__}.{module}")


def test_the_generated_client_declares_no_untyped_response(api):
    """submit_turn answers a Turn (the issue's generated client got None on success)."""
    submit = generated(api, "api.turns.submit_turn")
    models = generated(api, "models")
    assert "Turn" in submit.sync.__annotations__["return"].__str__()
    assert {"Game", "Turn", "GameType", "GameOption", "LogEntry", "BrassLancashireBuild",
            "IndustryBid", "AgeOfIndustryDraw", "UltimateRailroadsPlace",
            "BrassLancashireBuildEvent", "UltimateRailroadsEmilBlocksEvent"} <= set(dir(models))


@pytest.mark.parametrize("game_id,seats,options,pick", GAMES, ids=[g[0] for g in GAMES])
def test_a_generated_client_plays_a_whole_game(service, api, game_id, seats, options, pick):
    models = generated(api, "models")
    create_game = generated(api, "api.games.create_game")
    get_game = generated(api, "api.games.get_game")
    get_legal_moves = generated(api, "api.games.get_legal_moves")
    get_log = generated(api, "api.games.get_log")
    submit_turn = generated(api, "api.turns.submit_turn")
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)

    created = create_game.sync(client=anyone, body=models.NewGame(
        game=game_id, players=[models.Player(name=f"p{i}") for i in range(seats)],
        options=models.NewGameOptions.from_dict(options), seed=2026))
    assert isinstance(created, models.CreatedGame)
    seat_clients = [api.AuthenticatedClient(base_url=service.base, token=seat.token,
                                            raise_on_unexpected_status=True)
                    for seat in created.seats]
    own = [name for name in dir(models) if name.startswith(game_prefix(game_id))]
    own_moves = tuple(getattr(models, name) for name in own
                      if not name.endswith(("Action", "Event", "EventType")))
    own_events = tuple(getattr(models, name) for name in own if name.endswith("Event"))
    version = 0
    for _ in range(MAX_TURNS):
        game = get_game.sync(created.id, client=anyone)
        assert isinstance(game, models.Game) and game.version == version
        if game.status == models.GameStatus.FINISHED:
            break
        seat = game.to_act[0]
        answer = get_legal_moves.sync_detailed(created.id, client=seat_clients[seat])
        legal = answer.parsed
        assert isinstance(legal, models.GetLegalMovesResponse200)
        assert all(not isinstance(m, models.Move) for m in legal.moves)     # typed, not generic
        assert [m.to_dict() for m in legal.moves] == json.loads(answer.content)["moves"]
        move = legal.moves[pick]
        turn = submit_turn.sync(created.id, client=seat_clients[seat], wait=30,
                                body=models.TurnSubmission(expected_version=legal.version,
                                                           moves=[models.Move.from_dict(move.to_dict())]))
        assert isinstance(turn, models.Turn), turn
        assert (turn.status, turn.version) == (models.TurnStatus.APPLIED, version + 1), turn
        assert turn.submitted_at <= turn.resolved_at
        version += 1
    else:
        pytest.fail(f"{game_id} did not end within {MAX_TURNS} turns")
    assert game.result is not None and game.to_act == []
    answer = get_log.sync_detailed(created.id, client=anyone)
    log = answer.parsed
    assert [entry.version for entry in log.entries] == list(range(1, version + 1))
    assert all(isinstance(entry, models.LogEntry) and isinstance(entry.turn, str)
               for entry in log.entries)
    assert any(isinstance(entry.move, own_moves) for entry in log.entries)
    assert [entry.to_dict() for entry in log.entries] == json.loads(answer.content)["entries"]
    events = [event for entry in log.entries for event in entry.events]
    untyped = [event.to_dict() for event in events
               if type(event) is models.Event or event.additional_properties]
    assert events and untyped == []          # each event a type's model, every field typed
    # (two games' types of one name and the same fields, `pass`, `drew`, read alike)
    assert any(isinstance(event, own_events) for event in events)


def game_prefix(game_id: str) -> str:
    return "".join(part.title() for part in game_id.split("-"))


def test_a_generated_client_talks_at_the_table_and_resigns(service, api):
    """Issue 30: messages (to the table, a whisper), reading them a page at a time, and a
    resignation, through the generated client's own typed models alone."""
    models = generated(api, "models")
    create_game, say, read, resign = (generated(api, f"api.games.{name}") for name in (
        "create_game", "say_message", "read_messages", "resign_seat"))
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)
    created = create_game.sync(client=anyone, body=models.NewGame(
        game="brass-lancashire", players=[models.Player(name=f"p{i}") for i in range(3)],
        seed=2026))
    seats = [api.AuthenticatedClient(base_url=service.base, token=seat.token,
                                     raise_on_unexpected_status=True) for seat in created.seats]
    table = say.sync(created.id, client=seats[0], body=models.SayMessageBody(text="good luck"))
    whisper = say.sync(created.id, client=seats[0], body=models.SayMessageBody(text="psst", to=2))
    assert isinstance(table, models.Message) and table.to is None and whisper.to_name == "p2"
    page = read.sync(created.id, client=seats[1], limit=10)
    assert isinstance(page, models.ReadMessagesResponse200) and not page.more
    assert [m.text for m in page.messages] == ["good luck"]
    assert [m.text for m in read.sync(created.id, client=seats[2]).messages] == ["good luck", "psst"]
    gone = resign.sync(created.id, client=seats[2])
    assert isinstance(gone, models.ResignSeatResponse200) and gone.resigned == [2]
