"""`/` (game types, create a game), `/games/{id}` (the spectator's page), the seat's
page reached by a signed link, and the form that submits a seat's move when the page's
script does not (the script posts the move to the API: pages/seat.html)."""
from __future__ import annotations

import json

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from service import (end_votes, handover, i18n, messages, play, problems, replacement,
                     resignation, seat_links, seating, takeback)
from service.api import loaded_game, store, turns
from service.api.games import started
from service.drawing import boards
from service.games.presentation import typed
from service.games import speech
from service.games.speech import ENGLISH, N_, _, ngettext
from service.games.registry import game_types
from service.store import WAITING
from service.web import choices, panel, seats, words

bp = Blueprint("pages", __name__)
MAX_MOVE_BYTES = 4096        # a move as the form posts it; Brass's longest is ~300
TURN_WAIT = 10.0             # seconds a move (form or script) waits for the worker before "queued"
NAME_LENGTH = 40
LOG_SHOWN = 40               # moves a seat's page names in its log
MESSAGES_SHOWN = 30          # the newest messages a seat's page shows


@bp.before_request
def reader_language():
    """The page in its reader's language (issue 31): the signed-in seat's choice (its
    setting, else its account's), else the language of the account the browser signed
    in to (the account page), else the browser's Accept-Language."""
    g.speaking = i18n.begin(page_language())


@bp.teardown_request
def spoken(_error):
    if "speaking" in g:
        i18n.end(g.pop("speaking"))


def page_language() -> str:
    """A seat that changed hands since this session signed in to it counts as none here:
    the page itself answers for it (the seat's page 401, a public page as it is)."""
    game_id = (request.view_args or {}).get("game_id")
    record = store().game(game_id) if game_id else None
    try:
        seat = seats.signed_in_seat(record) if record else None
    except problems.Unauthorized:
        seat = None
    chosen = i18n.chosen_language(current_app.extensions["redis"], record, seat) if seat is not None else None
    account = None if chosen else seats.signed_in_account()
    return chosen or (account or {}).get("language") or i18n.best_of(request.accept_languages)


@bp.after_request
def no_referrer(response):
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers.setdefault("Cache-Control", "no-store")
    return response


# an error page's heading by its status, and what it means where its reason is not in
# the reader's language
ERROR_WORDS = {400: (N_("This cannot be done"), N_("The request was not understood.")),
               401: (N_("Not signed in"), N_("This page is a seat's: open the seat's link from its mail.")),
               403: (N_("Not allowed"), N_("This is not allowed from here; reload the page and try again.")),
               404: (N_("Not found"), N_("There is no such game or page.")),
               409: (N_("Not now"), N_("The game has moved on meanwhile; reload the page.")),
               422: (N_("Not possible"), N_("This is not possible in this game.")),
               429: (N_("Too many requests"), N_("Too many requests from here; wait a little."))}
SOMETHING_WRONG = (N_("Something went wrong"), N_("The service could not answer this; try again later."))


@bp.errorhandler(problems.Problem)
@bp.errorhandler(HTTPException)
def error_page(err):
    """A page's error (issue 31): to a browser, which asks for HTML first, a page in the
    reader's language (the reason itself where the catalogue has it: a message said
    anew with its values (speech.Said), or a text the pages raise marked N_, in English
    as the API's are; else what the status means, with the reason in English marked as
    such); to anything else, problem+json as the API answers it."""
    found = err if isinstance(err, problems.Problem) else problems.of_http(err)
    if request.accept_mimetypes.best_match(["application/problem+json", "text/html"]) != "text/html":
        return problems.render(found)
    title, meaning = ERROR_WORDS.get(found.status, SOMETHING_WRONG)
    message = isinstance(found.detail, speech.Said)      # said anew with its values
    said = speech.say(found.detail) if message else _(found.detail)
    known = message or said != found.detail or i18n.language_now() == ENGLISH
    page = render_template("pages/error.html", title=_(title), detail=said if known else _(meaning),
                           reason=None if known else found.detail, status=found.status)
    return page, found.status, found.headers


@bp.context_processor
def forms():
    return {"csrf_token": seats.csrf_token, "_": _, "ngettext": ngettext, "language": i18n.language_now()}


bp.add_app_template_filter(words.readable, "readable")
bp.add_app_template_filter(words.ordinal, "ordinal")
bp.add_app_template_filter(_, "translated")      # a text marked N_ where it was made


@bp.get("/")
def home():
    types = list(game_types().values())
    return render_template("pages/home.html", game_types=types,
                           described={g.id: g.described() if g.described else g.description for g in types},
                           options={g.id: [offered(o) for o in g.options if o.choices] for g in types},
                           most_seats=max(g.max_seats for g in types))


def offered(option) -> dict:
    """An option as the home form offers it, in the reader's words (issue 31): its name,
    each choice as (the value the form sends, its words) and what it does."""
    words = [_(label) for label in option.choice_labels] or [str(c).lower() for c in option.choices]
    return {"name": option.name, "label": _(option.label) if option.label else option.name.replace("_", " "),
            "choices": [(str(c).lower(), said) for c, said in zip(option.choices, words)],
            "description": _(option.description)}


@bp.post("/games")
def create_game():
    seats.check_csrf()
    names = [n.strip()[:NAME_LENGTH] for n in request.form.getlist("player") if n.strip()]
    game = request.form.get("game", "")
    record, _tokens, _admin = play.create_game(
        store(), game, [{"name": n} for n in names], chosen_options(game), None)
    links = [(s.name, seats.link_url(record, i)) for i, s in enumerate(record.seats)]
    return render_template("pages/created.html", record=record, links=links,
                           days=seat_links.LINK_DAYS), 201


@bp.get("/games/<game_id>")
def spectator(game_id: str):
    game = play.load_game(store(), game_id)
    try:
        seats.signed_in_seat(game.record)       # a seat taken since is forgotten here
    except problems.Unauthorized:
        pass                                    # the spectator's page is anyone's
    if game.snapshot.status == WAITING:
        return waiting(game)
    said = messages.readable(current_app.extensions["redis"], game_id, None)[-MESSAGES_SHOWN:]
    return render_template("pages/game.html", **table(game, None), said=said)


@bp.post("/games/<game_id>/sign-in")
def sign_in_with_token(game_id: str):
    """A seat's bearer token, typed into a form (never in a URL), signs the browser in."""
    seats.check_csrf()
    game = play.load_game(store(), game_id)
    seat = seating.holder(game.record, request.form.get("token", "").strip() or None)
    if seat is None:
        raise problems.Unauthorized(N_("give the seat's token"))
    seats.sign_in(game.record, seat)
    return redirect(url_for("pages.seat_page", game_id=game_id), 303)


@bp.get("/games/<game_id>/enter/<signed>")
def enter(game_id: str, signed: str):
    game = play.load_game(store(), game_id)
    seat = seat_links.read_seat_link(current_app.secret_key, game.record, signed)
    if seat is None and seat_links.resigned_link(current_app.secret_key, game.record, signed):
        return redirect(url_for("pages.spectator", game_id=game_id), 303)   # its player resigned
    if seat is None:
        raise problems.Unauthorized(N_("this seat link is forged, expired, another game's or its "
                                      "seat's since it was taken by its player; ask for a new one "
                                      "(the 'your turn' mail has one)"))
    seats.sign_in(game.record, seat)
    return redirect(url_for("pages.seat_page", game_id=game_id), 303)


@bp.get("/games/<game_id>/invitation/<code>")
def invitation(game_id: str, code: str):
    """An invitation's page: what the game is, the seat, and the button that takes it (a
    GET takes nothing: mail scanners open links); 403 for a code that opens no seat."""
    game = play.load_game(store(), game_id)
    seat, _by_invitation = handover.opened(game.record, code)
    return render_template("pages/invitation.html", game_id=game_id, game_name=game.type.name,
                           names=[s.name for s in game.record.seats],
                           seat_name=game.record.seats[seat].name)


@bp.post("/games/<game_id>/invitation/<code>")
def take_invitation(game_id: str, code: str):
    """The seat taken without an account (service/handover.py): the browser is signed in
    to it and shown the seat's new token once."""
    seats.check_csrf()
    conn = current_app.extensions["redis"]
    taken = handover.take(conn, game_id, code)
    replacement.taken_over(conn, taken)
    if taken.dealt:
        started(conn, taken.record)
    seats.sign_in(taken.record, taken.seat)
    return render_template("pages/taken.html", game_id=game_id, token=taken.token,
                           name=taken.record.seats[taken.seat].name,
                           status=store().snapshot(game_id).status)


@bp.get("/games/<game_id>/seat")
def seat_page(game_id: str):
    """The seat's page: its hand and, when it is to act, the walk to its move
    (choices.walk): `?v=VERSION&at=PATH` is where the walk stands, a path of an
    older version starts again; a path ending on a complete move shows its preview.
    A session of a seat resigned since is sent to the spectator's page."""
    game = play.load_game(store(), game_id)
    if seats.resigned_here(game.record):         # its former holder watches, as anyone may
        return redirect(url_for("pages.spectator", game_id=game_id), 303)
    seat = signed_in(game.record)
    if game.snapshot.status == WAITING:
        return waiting(game)
    moves = play.legal_moves(game, seat)
    version = game.snapshot.version
    at = request.args.get("at", "") if request.args.get("v", type=int) == version else ""
    presented = game.type.presented([s.name for s in game.record.seats])
    walk = choices.walk(game.type, game.state, seat, moves, at, presented) if moves else None
    preview = None
    if walk and walk.chosen is not None:
        preview = previewed(game, seat, walk.chosen, presented)
    conn = current_app.extensions["redis"]
    said = messages.readable(conn, game_id, seat)[-MESSAGES_SHOWN:]
    end_vote = end_votes.shown(game.record, end_votes.open_proposal(conn, game))
    return render_template("pages/seat.html", **table(game, seat), walk=walk, preview=preview,
                           version=version, outcome=outcome(game, seat, request.args.get("turn")),
                           turn_wait=TURN_WAIT, said=said, message_length=messages.MAX_LENGTH,
                           end_vote=end_vote, take_back=asked_back(game))


def asked_back(game: play.Game) -> dict | None:
    """The take-back that waits at the game's version, as the page shows it."""
    asked = takeback.pending(store(), game)
    return takeback.shown(game, asked, "pending") if asked else None


def waiting(game: play.Game):
    """The page of a game not dealt yet: its seats, taken, still invited, open to anyone
    or challenged (issue 30)."""
    seated = [(s.name, N_("open") if s.open else N_("challenged") if s.challenged else
               N_("invited") if s.invitation else N_("taken")) for s in game.record.seats]
    return render_template("pages/waiting.html", game_name=game.type.name, seats=seated)


def previewed(game: play.Game, seat: int, move: dict, presented) -> dict:
    """POST /v1/games/{id}/preview's answer for one move (play.preview_turn: refused or
    not, who acts next), in words: its effects as the choices say them (choices.told)."""
    answer = play.preview_turn(game, seat, game.snapshot.version, [move])
    if answer["status"] != "playable":
        return {"refused": refusal(presented, answer)}
    engine = game.type.engine
    return {"move": choices.posted(move), "notation": typed(engine.format(move)),
            "words": presented.move(move),
            "changes": choices.told(game.type, choices.guessed(engine, game.state, seat), seat,
                                    move, engine.view(game.state, seat), presented),
            "next": [_("you") if s == seat else presented.player(s) for s in answer["to_act"]], "status": answer["game_status"]}


def refusal(presented, refused: dict) -> str:
    """A refused turn's (or preview's) reason in the reader's words, its rule beside it."""
    rule = refused.get("rule") or _("rules")
    return f"{presented.reason(refused.get('reason_message') or refused['reason'])} ({rule})"


@bp.post("/games/<game_id>/seat/turns")
def submit_move(game_id: str):
    """The move's form with JavaScript off: the page's script sends the same move to
    POST /v1/games/{id}/turns; both end on the seat's page naming the turn (outcome)."""
    seats.check_csrf()
    game = loaded_game(game_id)
    seat = signed_in(game.record)
    body = {"expected_version": request.form.get("expected_version", -1, type=int),
            "moves": [parsed_move(request.form.get("move", ""))]}
    try:
        turn = turns.submitted(game, seat, body, None, TURN_WAIT)
    except problems.Problem as refused:
        flash(_("Refused: {reason}").format(reason=speech.say(refused.detail)), "rejected")
        return redirect(url_for("pages.seat_page", game_id=game_id), 303)
    return redirect(url_for("pages.seat_page", game_id=game_id, turn=turn["id"]), 303)


@bp.post("/games/<game_id>/seat/messages")
def say(game_id: str):
    """The seat page's message form (issue 30): said as POST /v1/games/{id}/messages."""
    seats.check_csrf()
    game = play.load_game(store(), game_id)
    seat = signed_in(game.record)
    to = request.form.get("to", "")
    try:
        messages.say(current_app.extensions["redis"], game.record, game.snapshot, seat,
                     request.form.get("text", ""), int(to) if to.isdigit() else None if not to else -1)
    except problems.Problem as refused:
        flash(_("Not said: {reason}").format(reason=speech.say(refused.detail)), "rejected")
    return redirect(url_for("pages.seat_page", game_id=game_id) + "#talk", 303)


@bp.post("/games/<game_id>/seat/resign")
def resign(game_id: str):
    """The seat page's resign form (issue 30): only with its box ticked."""
    seats.check_csrf()
    game = play.load_game(store(), game_id)
    seat = signed_in(game.record)
    if request.form.get("sure") != "yes":
        flash(_("Not resigned: tick the box to say you are sure"), "rejected")
    else:
        try:
            resignation.resign(current_app.extensions["redis"], game, seat)
            flash(_("You resigned: the game's bot plays your seat from now on"), "applied")
        except problems.Problem as refused:
            flash(_("Not resigned: {reason}").format(reason=speech.say(refused.detail)), "rejected")
    return redirect(url_for("pages.seat_page", game_id=game_id), 303)


END_VOTE_FLASH = {"end-proposed": N_("You proposed to end the game: the others are asked"),
                  "end-agreed": N_("You agreed to end the game"),
                  "end-refused": N_("The proposal to end the game is withdrawn"),
                  "abandoned": N_("Everyone agreed: the game is over, recorded as abandoned")}


@bp.post("/games/<game_id>/seat/end-vote")
def end_vote(game_id: str):
    """The seat page's vote to end the game (issue 30): as POST /v1/games/{id}/end-votes."""
    seats.check_csrf()
    game = play.load_game(store(), game_id)
    seat = signed_in(game.record)
    try:
        done = end_votes.vote(current_app.extensions["redis"], game, seat,
                              request.form.get("vote") == "end")
        flash(_(END_VOTE_FLASH[done.kind]), "applied")
    except problems.Problem as refused:
        flash(_("No vote: {reason}").format(reason=speech.say(refused.detail)), "rejected")
    return redirect(url_for("pages.seat_page", game_id=game_id) + "#end", 303)


# each form's answer while the take-back waits, with how many more must agree
TAKE_BACK_FORMS = {"request": N_("Take-back asked: it waits for {number} more to agree"),
                   "accept": N_("Take-back agreed to: it waits for {number} more to agree"),
                   "refuse": N_("Take-back refused: it waits for {number} more to agree")}


@bp.post("/games/<game_id>/seat/takeback")
def take_back(game_id: str):
    """The seat page's take-back buttons (issue 30): ask to take back the seat's last
    turn, agree to another seat's request or refuse it (the requester's refusal
    withdraws it), as POST /v1/games/{id}/takeback[/accept|/refuse]."""
    seats.check_csrf()
    game = play.load_game(store(), game_id)
    seat = signed_in(game.record)
    what, conn = request.form.get("do", ""), current_app.extensions["redis"]
    try:
        if what not in TAKE_BACK_FORMS:
            raise problems.ValidationFailed(f"do must be one of {sorted(TAKE_BACK_FORMS)}")
        done = takeback.request(conn, game, seat) if what == "request" else \
            takeback.answer(conn, game, seat, what == "accept")
        waiting = len(done["waiting_for"])
        flash({"applied": _("Taken back: the last turn of {name} stands no longer").format(name=done["name"]),
               "refused": _("The take-back is refused"),
               "pending": _(TAKE_BACK_FORMS[what]).format(number=i18n.number(waiting))
               }[done["status"]], "applied")
    except problems.Problem as refused:
        flash(_("Not taken back: {reason}").format(reason=speech.say(refused.detail)), "rejected")
    return redirect(url_for("pages.seat_page", game_id=game_id) + "#take-back", 303)


def outcome(game: play.Game, seat: int, turn_id: str | None) -> tuple[str, str] | None:
    """The seat's turn `turn_id` in words, as (kind, message): played, refused with its
    reason, or still queued; None for no turn, an expired one or another seat's."""
    turn = store().turn(game.record.id, turn_id) if turn_id else None
    if turn is None or turn["seat"] != seat:
        return None
    said = game.type.presented([s.name for s in game.record.seats])
    if turn["status"] == "rejected":
        return "rejected", _("Refused: {reason}").format(reason=refusal(said, turn))
    if turn["status"] == "queued":
        return "queued", _("Your move is queued; the page updates when it is played.")
    return "applied", _("Played: {moves}").format(moves="; ".join(said.move(m) for m in turn["moves"]))


def chosen_options(game_id: str) -> dict | None:
    """The home form's selects for the chosen game (`option-GAME-NAME`), each a choice
    as the select writes it (`true`, `germany`); an empty one leaves the default.
    play.create_game checks them as the API does."""
    known = game_types().get(game_id)
    if known is None:
        return None
    out = {}
    for option in known.options:
        sent = request.form.get(f"option-{game_id}-{option.name}", "")
        picked = [c for c in option.choices or () if str(c).lower() == sent]
        if sent:
            out[option.name] = picked[0] if picked else sent
    return out


def signed_in(record) -> int:
    seat = seats.signed_in_seat(record)
    if seat is None:
        raise problems.Unauthorized(N_("open your seat's link (from its mail or the game's creation "
                                      "page) or sign in with its token on the game's page"))
    return seat


def parsed_move(text: str) -> dict:
    if len(text.encode()) > MAX_MOVE_BYTES:
        abort(400, f"a move is at most {MAX_MOVE_BYTES} bytes")
    try:
        move = json.loads(text)
    except ValueError:
        move = None
    if not isinstance(move, dict) or not isinstance(move.get("action"), str):
        abort(400, N_("the form's move must be a JSON object with an 'action'"))
    return move


def table(game: play.Game, seat: int | None) -> dict:
    """What both pages show: the board as the seat (None: a spectator) sees it, the
    players' panel, who is to act, the game's state and the log in words, the result;
    and the seat's hand as cards."""
    snap, names = game.snapshot, [s.name for s in game.record.seats]
    view = game.type.engine.view(game.state, seat)
    # a seat's page names the latest moves; the spectator's page (and a finished game) all
    earlier = 0 if seat is None or snap.status == "finished" else max(0, snap.version - LOG_SHOWN)
    said = game.type.presented(names)
    log = words.log_lines(play.redacted_log(store(), game, seat, earlier), said)
    result = snap.result
    parts = result and result.get("breakdown") or [{}] * len(names)   # a plugin's may have none
    ranking = ([[(names[s], result["scores"][s], said.breakdown(parts[s])) for s in group]
                for group in result["ranking"]] if result and not play.is_abandoned(result) else None)
    public, type_id = view["public"], game.type.id
    return {"game": game, "snap": snap, "names": names, "seat": seat, "log": log,
            "earlier": earlier, "hand": panel.hand(type_id, view["private"], said),
            "players": panel.players(type_id, public, names, snap.to_act, seat),
            "facts": panel.state_words(type_id, public, len(names)),
            "board": boards.board_svg(type_id, public, names), "ranking": ranking,
            "abandoned": result if play.is_abandoned(result) else None,
            "to_act_names": ", ".join(names[s] for s in snap.to_act)}
