"""Issue 13, "a contract that generates a typed client", and issue 29, "moves and views
typed per game": openapi-python-client makes a client of openapi.yaml (offline, into a
temporary folder, imported from there, once for the module) and that client alone, with
no hand-written HTTP, plays a whole game of each of the four games against a real
gunicorn server and rq worker. Each answer reads as its game's own model (`<Game>Game`
with its typed `<Game>View`, `<Game>LegalMoves` flat and as a tree of `<Game>ChoiceNode`,
`<Game>Log`, `<Game>Preview`), every move and event in
it as one of that game's classes: no other game's, none generic (the issue's client read
Industry's `pass` as `AgeOfIndustryPass`); the moves submitted are those typed models;
nothing is lost between the JSON sent and the models read, and each answer fits the
contract's schema of its game. The README's two snippets (a turn played, a game's events
followed with httpx-sse) run here as written. A player's webhook, registered with the
generated client, receives every event of a seat the player took by invitation."""
from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from service import contract
from service.contract import SPEC_PATH
from service.contract_schemas import prefix
from tests.e2e.client import Table
from tests.e2e.test_seat_handover import wait_for
from tests.e2e.test_webhook_outage import receiver  # noqa: F401 (the fixture: a real HTTP server)
from tests.e2e.webhook_game import key, stream_of

PACKAGE = "pbem_client"
README = Path(__file__).resolve().parents[2] / "README.md"
# short games: the introductory Brass, the solo Ultimate Railroads; the first listed move
# (Industry: the last, which passes or stops developing and ends sooner: 220 moves, not 332)
GAMES = [("brass-lancashire", 2, {"length": "introductory"}, 0), ("age-of-industry", 3, {}, 0),
         ("industry", 3, {}, -1), ("ultimate-railroads", 1, {"emil": True}, 0)]
PREFIXES = tuple(prefix(game_id) for game_id, *_ in GAMES)
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


@cache
def published(component: str):
    """The contract's schema of a component, compiled as the API's validator compiles."""
    return contract.compiled(contract.inline({"$ref": f"#/components/schemas/{component}"},
                                             contract.spec()))


def fits(component: str, body: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in published(component).iter_errors(body)]


def whose(model) -> str:
    """The game whose class a model is (its prefix), or `plain` (Move, Event)."""
    name = type(model).__name__
    return next((p for p in PREFIXES if name.startswith(p)), "plain")


def test_the_generated_client_declares_each_games_own_models(api):
    """submit_turn answers a Turn; each game has its game, view, legal moves and log
    models; a submission takes the games' typed moves; PlayerEvent's result is the
    GameResult; a webhook's message has its model (the contract's `webhooks`)."""
    submit = generated(api, "api.turns.submit_turn")
    models = generated(api, "models")
    assert "Turn" in str(submit.sync.__annotations__["return"])
    for name in PREFIXES:
        assert {name + part for part in ("Game", "View", "PublicView", "PrivateView", "ChoiceNode",
                                         "LegalMoves", "Log", "LogEntry")} <= set(dir(models))
    assert {"Game", "Turn", "GameType", "LogEntry", "BrassLancashireBuild", "IndustryBid",
            "AgeOfIndustryDraw", "UltimateRailroadsPlace", "BrassLancashireBuildEvent",
            "UltimateRailroadsEmilBlocksEvent", "WebhookMessage"} <= set(dir(models))
    assert "BrassLancashireBuild" in str(models.TurnSubmission.__annotations__["moves"])
    assert "GameResult" in str(models.PlayerEvent.__annotations__["result"])
    assert "PlayerEvent" in str(models.WebhookMessage.__annotations__["data"])


@pytest.mark.parametrize("game_id,seats,options,pick", GAMES, ids=[g[0] for g in GAMES])
def test_a_generated_client_plays_a_whole_game_with_its_own_typed_models(
        service, api, game_id, seats, options, pick):
    models = generated(api, "models")
    create_game = generated(api, "api.games.create_game")
    get_game = generated(api, "api.games.get_game")
    get_legal_moves = generated(api, "api.games.get_legal_moves")
    get_log = generated(api, "api.games.get_log")
    submit_turn = generated(api, "api.turns.submit_turn")
    preview_turn = generated(api, "api.turns.preview_turn")
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)
    name = prefix(game_id)
    own = {part: getattr(models, name + part) for part in
           ("Game", "View", "PublicView", "PrivateView", "ChoiceNode", "LegalMoves", "Log",
            "LogEntry", "Preview")}

    created = create_game.sync(client=anyone, body=models.NewGame(
        game=game_id, players=[models.Player(name=f"p{i}") for i in range(seats)],
        options=models.NewGameOptions.from_dict(options), seed=2026))
    assert isinstance(created, models.CreatedGame)
    seat_clients = [api.AuthenticatedClient(base_url=service.base, token=seat.token,
                                            raise_on_unexpected_status=True)
                    for seat in created.seats]
    read = Counter()            # the moves and events read, by whose class each is
    version = 0
    for _ in range(MAX_TURNS):
        answer = get_game.sync_detailed(created.id, client=seat_clients[0])   # seat 0's view
        game, sent = answer.parsed, json.loads(answer.content)
        assert isinstance(game, own["Game"]) and game.version == version
        assert isinstance(game.view, own["View"]) and isinstance(game.view.public, own["PublicView"])
        assert isinstance(game.view.private, own["PrivateView"])
        assert game.to_dict() == sent and fits(name + "Game", sent) == []
        if game.status == models.GameCommonStatus.FINISHED:
            break
        seat = game.to_act[0]
        answer = get_legal_moves.sync_detailed(created.id, client=seat_clients[seat])
        legal, sent = answer.parsed, json.loads(answer.content)
        assert isinstance(legal, own["LegalMoves"]) and legal.to_dict() == sent
        read.update(whose(move) for move in legal.moves)
        if version % 50 == 0:        # (a validator takes 0.3 s for a list of 100 moves)
            assert fits(name + "LegalMoves", sent) == []
            # the choice tree: each node's move and events the game's
            answer = get_legal_moves.sync_detailed(created.id, client=seat_clients[seat],
                                                   format_=models.GetLegalMovesFormat.TREE)
            tree, sent = answer.parsed, json.loads(answer.content)
            assert isinstance(tree, own["LegalMoves"]) and tree.to_dict() == sent
            assert fits(name + "LegalMoves", sent) == [] and tree.tree
            assert all(isinstance(node, own["ChoiceNode"]) for node in tree.tree)
            read.update(whose(node.move) for node in tree.tree if node.move)
            read.update(whose(event) for node in tree.tree if node.effects
                        for event in node.effects.events or ())
            answer = preview_turn.sync_detailed(created.id, client=seat_clients[seat], body=(
                models.TurnSubmission(expected_version=legal.version, moves=[legal.moves[pick]])))
            tried, sent = answer.parsed, json.loads(answer.content)
            assert isinstance(tried, own["Preview"]) and tried.to_dict() == sent
            assert fits(name + "Preview", sent) == [] and isinstance(tried.view, own["View"])
            read.update(whose(m) for m in [e.move for e in tried.entries] + tried.legal_moves)
        turn = submit_turn.sync(created.id, client=seat_clients[seat], wait=30,
                                body=models.TurnSubmission(expected_version=legal.version,
                                                           moves=[legal.moves[pick]]))
        assert isinstance(turn, models.Turn), turn
        assert (turn.status, turn.version) == (models.TurnStatus.APPLIED, version + 1), turn
        assert turn.submitted_at <= turn.resolved_at
        version += 1
    else:
        pytest.fail(f"{game_id} did not end within {MAX_TURNS} turns")
    assert game.result is not None and game.to_act == []
    answer = get_log.sync_detailed(created.id, client=anyone)
    log, sent = answer.parsed, json.loads(answer.content)
    assert isinstance(log, own["Log"]) and log.to_dict() == sent and fits(name + "Log", sent) == []
    assert [entry.version for entry in log.entries] == list(range(1, version + 1))
    assert all(isinstance(entry, own["LogEntry"]) and isinstance(entry.turn, str)
               for entry in log.entries)
    events = [event for entry in log.entries for event in entry.events]
    read.update(whose(entry.move) for entry in log.entries)
    read.update(whose(event) for event in events)
    assert events and [e.to_dict() for e in events if e.additional_properties] == []
    # the count: 855 of 24,967 moves read as another game's class
    assert read[name] > 2 * version and read - Counter({name: read[name]}) == Counter(), read


def readme_snippet(heading: str) -> str:
    """The README's Python block under the heading (the section's first)."""
    section = README.read_text().split(f"### {heading}\n", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readmes_snippets_play_a_turn_and_follow_the_events(service, api):
    """README, "Typed moves and generated clients": a turn played with the generated
    client, then the game's events followed with httpx-sse until the other seat is to
    act, each `move` event read as the game's own log entry."""
    models = generated(api, "models")
    create_game = generated(api, "api.games.create_game")
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)
    created = create_game.sync(client=anyone, body=models.NewGame(
        game="brass-lancashire", players=[models.Player(name="Ada"), models.Player(name="Grace")],
        options=models.NewGameOptions.from_dict({"length": "introductory"}), seed=2026))
    game = generated(api, "api.games.get_game").sync(created.id, client=anyone)
    first, second = game.to_act[0], 1 - game.to_act[0]
    played = {"BASE": service.base, "GAME_ID": created.id, "TOKEN": created.seats[first].token}
    exec(readme_snippet("Playing a turn"), played)
    assert played["turn"].status == models.TurnStatus.APPLIED and played["turn"].to_act == [second]
    followed = {"BASE": service.base, "GAME_ID": created.id, "SEAT": second}
    exec(readme_snippet("Following a game's events"), followed)
    assert [(type(e).__name__, e.version) for e in followed["entries"]] == [
        ("BrassLancashireLogEntry", 1)]
    assert followed["entries"][0].move.to_dict() == played["move"].to_dict()


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


def test_a_generated_client_hands_a_seat_to_a_replacement_and_ends_the_game_by_vote(service, api):
    """Issue 30, "Leaving": a replacement invitation taken by a newcomer (the old token
    dies), then every seat votes to end and the game is recorded as abandoned, through the
    generated client's own typed models alone."""
    models = generated(api, "models")
    create_game, get_game, invite, accept, vote = (generated(api, f"api.{name}") for name in (
        "games.create_game", "games.get_game", "games.invite_replacement",
        "players.accept_invitation", "games.vote_to_end"))
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=False)
    created = create_game.sync(client=anyone, body=models.NewGame(
        game="pile", players=[models.Player(name=name) for name in ("Ada", "Bert")], seed=9))

    def seat(token: str):
        return api.AuthenticatedClient(base_url=service.base, token=token,
                                       raise_on_unexpected_status=False)
    ada, bert = (seat(s.token) for s in created.seats)
    invited = invite.sync(created.id, 1, client=bert)
    assert isinstance(invited, models.InviteReplacementResponse201) and invited.name == "Bert"
    taken = accept.sync(created.id, client=anyone, body=models.AcceptInvitationBody(
        code=invited.invitation.code, name="Cleo"))
    assert isinstance(taken.taken_over, models.SeatChange)
    assert taken.taken_over.text == "Cleo took over Bert's seat"
    assert get_game.sync_detailed(created.id, client=bert).status_code == 401
    cleo = seat(taken.token)
    end = models.VoteToEndBody(vote=models.VoteToEndBodyVote.END)
    proposed = vote.sync(created.id, client=ada, body=end)
    assert proposed.outcome == models.VoteToEndResponse200Outcome.END_PROPOSED
    assert isinstance(proposed.end_vote, models.EndVote) and proposed.end_vote.waiting_for == [1]
    over = vote.sync(created.id, client=cleo, body=end)
    assert isinstance(over.result, models.AbandonedResult) and over.end_vote is None
    assert over.result.agreed == [0, 1] and over.status == models.EndVoteAnswerStatus.FINISHED


def test_a_generated_client_takes_a_turn_back_by_consent(service, api):
    """Issue 30: a take-back asked for, shown while it waits and agreed to, through the
    generated client's own typed models (the turn itself played over plain HTTP)."""
    models = generated(api, "models")
    ask, look, accept = (generated(api, f"api.games.{name}") for name in (
        "request_take_back", "get_take_back", "accept_take_back"))
    table = Table(service.base, "pile", 2, seed=2030)
    card = table.state(0)["view"]["private"]["hand"][0]
    assert table.submit(0, [{"action": "play", "card": card}], 0).json()["status"] == "applied"
    seats = [api.AuthenticatedClient(base_url=service.base, token=token,
                                     raise_on_unexpected_status=True) for token in table.tokens]
    asked = ask.sync_detailed(table.id, client=seats[0])
    assert asked.status_code == 202 and isinstance(asked.parsed, models.TakeBack)
    assert asked.parsed.needs_consent == [models.TakeBackNeedsConsentItem.IT_REVEALED_WHAT_WAS_HIDDEN]
    waiting = look.sync(table.id, client=api.Client(base_url=service.base))
    assert waiting.pending.waiting_for == [1]
    done = accept.sync_detailed(table.id, client=seats[1])
    assert done.status_code == 200 and done.parsed.status == models.TakeBackStatus.APPLIED
    assert done.parsed.version == 2 and table.state()["to_act"] == [0]


def test_a_generated_clients_webhook_gets_every_event_of_a_seat_taken_by_invitation(
        service, api, receiver):  # noqa: F811 (the fixture imported above)
    """Issue 29, point 1 (the webhook stayed silent when its player took a seat): Bert
    registers a webhook with the generated client (createPlayerWebhook, his player
    token), takes the invited seat of Ada's game (acceptInvitation), which deals it; Ada
    greets the table, and both play the game to its end. The webhook receives every
    event of Bert's own stream (game-started, your-turn, message, game-over), each once,
    signed, each read as the generated client's WebhookMessage."""
    models = generated(api, "models")
    create_player, accept_invitation = (generated(api, f"api.players.{name}") for name in (
        "create_player", "accept_invitation"))
    create_webhook = generated(api, "api.webhooks.create_player_webhook")
    create_game, get_game, get_legal_moves, say = (generated(api, f"api.games.{name}") for name in (
        "create_game", "get_game", "get_legal_moves", "say_message"))
    submit_turn = generated(api, "api.turns.submit_turn")
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)
    ada, bert = (create_player.sync(client=anyone, body=models.NewPlayer(
        name=name, email=f"{name}@player.test")) for name in ("ada", "bert"))
    clients = [api.AuthenticatedClient(base_url=service.base, token=player.token.token,
                                       raise_on_unexpected_status=True) for player in (ada, bert)]
    hook = create_webhook.sync(client=clients[1], body=models.CreatePlayerWebhookBody(
        url=receiver.url))
    assert isinstance(hook, models.CreatePlayerWebhookResponse201) and hook.enabled, hook
    created = create_game.sync(client=clients[0], body=models.NewGame(
        game="brass-lancashire", players=[models.Player(name="Ada", player=ada.id),
                                          models.Player(name="Bert")],
        options=models.NewGameOptions.from_dict({"length": "introductory"}), seed=2026))
    assert created.status == models.CreatedGameStatus.WAITING_FOR_PLAYERS, created
    taken = accept_invitation.sync(created.id, client=clients[1], body=models.AcceptInvitationBody(
        code=created.seats[1].invitation.code))
    assert isinstance(taken, models.TakenSeat), taken
    assert (taken.seat, taken.status) == (1, models.TakenSeatStatus.ACTIVE), taken
    say.sync(created.id, client=clients[0], body=models.SayMessageBody(text="good luck"))
    for _ in range(MAX_TURNS):
        game = get_game.sync(created.id, client=anyone)
        if game.status == models.GameCommonStatus.FINISHED:
            break
        seat = clients[game.to_act[0]]
        legal = get_legal_moves.sync(created.id, client=seat)
        turn = submit_turn.sync(created.id, client=seat, wait=30, body=models.TurnSubmission(
            expected_version=legal.version, moves=legal.moves[:1]))
        assert turn.status == models.TurnStatus.APPLIED, turn
    else:
        pytest.fail(f"the game did not end within {MAX_TURNS} turns")
    stream = wait_for(lambda: (kept := stream_of(bert.id)) and kept[-1]["type"] == "game-over"
                      and kept)
    assert {"game-started", "your-turn", "message", "game-over"} <= {e["type"] for e in stream}
    assert all(e["game"] == created.id and e["seat"] == 1 for e in stream), stream
    wait_for(lambda: len(receiver.got) >= len(stream))
    told = [models.WebhookMessage.from_dict(m) for m in receiver.verified(hook.secret)]
    assert all(m.type_.value == m.data.type_.value for m in told)
    assert sorted(key(m.data.to_dict()) for m in told) == sorted(key(e) for e in stream)
    assert sorted((m.data.to_dict() for m in told), key=key) == sorted(stream, key=key)
    assert len({headers["webhook-id"] for headers, _, _ in receiver.got}) == len(receiver.got)


def test_a_generated_client_finds_an_open_game_and_joins_it(service, api):
    """Issue 30, "Open seats": a host leaves two seats of a game open; two players find it
    with the generated client's listOpenGames (by game type and option) and join it
    (joinOpenSeat): the first join leaves it waiting, the second deals it."""
    models = generated(api, "models")
    create_player, join_open_seat = (generated(api, f"api.players.{name}") for name in (
        "create_player", "join_open_seat"))
    create_game, get_game, list_open_games = (generated(api, f"api.games.{name}") for name in (
        "create_game", "get_game", "list_open_games"))
    anyone = api.Client(base_url=service.base, raise_on_unexpected_status=True)
    host, ada, bert = (create_player.sync(client=anyone, body=models.NewPlayer(
        name=name, email=f"{name}@open.test")) for name in ("host", "ada", "bert"))
    clients = [api.AuthenticatedClient(base_url=service.base, token=player.token.token,
                                       raise_on_unexpected_status=True) for player in (host, ada, bert)]
    created = create_game.sync(client=clients[0], body=models.NewGame(
        game="brass-lancashire", players=[models.Player(name="Host", player=host.id),
                                          models.Player(open_=True), models.Player(open_=True)],
        options=models.NewGameOptions.from_dict({"length": "introductory"})))
    assert created.status == models.CreatedGameStatus.WAITING_FOR_PLAYERS, created
    for seat, client in ((1, clients[1]), (2, clients[2])):
        page = list_open_games.sync(client=anyone, open_=models.ListOpenGamesOpen.TRUE,
                                    game="brass-lancashire", option="length:introductory", limit=10)
        found = next(g for g in page.games if g.id == created.id)
        assert isinstance(found, models.OpenGame) and found.open_seats[0] == seat, found
        taken = join_open_seat.sync(created.id, found.open_seats[0], client=client)
        assert isinstance(taken, models.TakenSeat), taken
        assert taken.status == (models.TakenSeatStatus.ACTIVE if seat == 2
                                else models.TakenSeatStatus.WAITING_FOR_PLAYERS), taken
    game = get_game.sync(created.id, client=anyone)
    assert game.status == models.GameCommonStatus.ACTIVE and game.players == ["Host", "ada", "bert"]
    assert created.id not in [g.id for g in list_open_games.sync(
        client=anyone, open_=models.ListOpenGamesOpen.TRUE).games]
