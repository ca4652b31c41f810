"""rq jobs that tell the players (issue 4, "Out"): `on_game_created` sends the
invitations, `on_turn_resolved` the outcome of a turn, "your turn" to the seats that
must act now, and "game over". Both restart the turn clock (service/turn_clock.py).

Safe to run twice: each mail is claimed per (game, seat, event) before it is queued
(workers/mail/outbox.py), so a second run sends nothing."""
from __future__ import annotations

import json
import logging
from datetime import timedelta

from service import i18n, takeback, turn_clock
from service.games.speech import N_, _
from service.mail import settings
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from service.play import Game, load_game, redacted_log
from service.store import Store
from workers import clock, deadline_policy
from workers.mail import compose, confirmations, happened, movelist, notices, outbox
from workers.mail.via_mail import via_mail_key

CONFIRM_WINDOW = 120        # seconds a confirmation waits for another mail to go in
log = logging.getLogger(__name__)


def each_seat(game: Game, seats, tell) -> int:
    """tell(seat) for each seat, in the seat's language (issue 31); one seat's failure
    (a bad name or address) is logged and spoils nothing for the others."""
    sent, conn = 0, connection()
    for seat in seats:
        try:
            with i18n.speaking_to(conn, game.record, seat):
                sent += bool(tell(seat))
        except Exception:
            log.exception("game %s: no mail for seat %s", game.record.id, seat)
    return sent


def on_game_created(game_id: str) -> int:
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)

    def invite(seat: int):
        events = ["invite"] + ([turn_event(game)] if seat in game.snapshot.to_act else [])
        mail = clock.add_clock(conn, game, seat, notices.invitation(game, seat, config))
        return outbox.dispatch(conn, queue(conn), config, mail, events)
    try:
        return each_seat(game, notices.seats_with_mail(game), invite)
    finally:
        turn_clock.restart(conn, game)


def on_turn_resolved(game_id: str, turn_id: str) -> int:
    conn = connection()
    config = MailConfig.from_env(conn)
    store = Store(conn)
    game, turn = load_game(store, game_id), store.turn(game_id, turn_id)
    if turn is None or turn["status"] not in ("applied", "rejected"):
        return 0
    try:
        return tell_all(conn, config, game, turn, turn_id)
    finally:
        turn_clock.restart(conn, game)


def tell_all(conn, config: MailConfig, game: Game, turn: dict, turn_id: str) -> int:
    """The mover its outcome, then everyone "game over" or the seats to act "your turn"."""
    origin = conn.get(via_mail_key(game.record.id, turn_id))
    told = set()
    sent = 0
    if deadline_policy.is_skip(conn, game.record.id, turn_id):
        told.add(turn["seat"])              # never "rejected" for a skip its own move beat
        if turn["status"] == "applied":
            conn.delete(turn_clock.clock_key(game.record.id, turn["seat"]))    # a fresh clock if still to act
        sent += each_seat(game, told, lambda seat: tell_skipped(conn, config, game, turn, turn_id))
        sent += each_seat(game, [s for s in notices.seats_with_mail(game) if s not in told],
                          lambda seat: deadline_policy.announce_skip(conn, game, turn, turn_id, seat))
    elif turn["status"] == "rejected" or origin:
        told.add(turn["seat"])
        sent += each_seat(game, told, lambda seat: tell_mover(
            conn, config, game, turn, turn_id, json.loads(origin) if origin else None))
    if game.snapshot.status == "finished":          # never held for a digest: the last word
        return sent + each_seat(game, notices.every_address(game), lambda seat: outbox.dispatch(
            conn, queue(conn), config, notices.game_over(
                game, seat, config, since_last_turn(conn, game, seat)), ["over"], held=False))
    if game.snapshot.status == "active":
        waiting = [s for s in game.snapshot.to_act if s not in told and game.record.seats[s].email
                   and not game.record.seats[s].bot]      # the bot plays it: nobody to ask
        sent += each_seat(game, waiting, lambda seat: outbox.dispatch(
            conn, queue(conn), config, clock.add_clock(conn, game, seat, notices.your_turn(
                game, seat, config, since_last_turn(conn, game, seat))), [turn_event(game)]))
        watching = [s for s in notices.seats_with_mail(game) if s not in told and s not in waiting
                    and s != turn["seat"] and settings.load(conn, game.record.id, s).notify == "every_move"]
        sent += each_seat(game, watching, lambda seat: tell_watcher(conn, config, game, turn, seat))
    return sent


def tell_skipped(conn, config: MailConfig, game: Game, turn: dict, turn_id: str):
    """The seat a move was played for at its deadline (deadline_policy.played_for): when
    it still acts, with the board, its moves, its clock and a reply address of the game
    as it is now (issue 27)."""
    found = deadline_policy.played_for(conn, game, turn, turn_id)
    if found is None:
        return None
    mail, events = found
    if acts(game, turn["seat"]):
        events.append(turn_event(game))
        clock.add_clock(conn, game, turn["seat"], mail)
    return outbox.dispatch(conn, queue(conn), config, mail, events)


def tell_watcher(conn, config: MailConfig, game: Game, turn: dict, seat: int):
    """A seat that chose a mail after every move (`notify every`): the turn just
    played, in words, and the board; it is not the seat's move."""
    since = game.snapshot.version - len(turn["moves"])
    mail = notices.moved(game, seat, config, redacted_log(Store(conn), game, seat, since))
    return outbox.dispatch(conn, queue(conn), config, mail, [f"moved-v{game.snapshot.version}"])


def since_last_turn(conn, game: Game, seat: int) -> list[dict]:
    """Every move played since the seat's own last turn (all, if it has not played yet),
    as the seat may see them (issue 11, finding 1; issue 14); at the game's end, its
    final moves included (issue 27, happened.since_version)."""
    store = Store(conn)
    movers = [entry["seat"] for entry in store.log(game.record.id)]
    since = happened.since_version(movers, seat, game.snapshot.status == "finished")
    return redacted_log(store, game, seat, since)


def tell_mover(conn, config: MailConfig, game: Game, turn: dict, turn_id: str,
               origin: dict | None) -> int:
    """The outcome for the seat that played; with its next "your turn" when it must
    act again. An answer to the player's own mail (origin: what the intake noted of
    it) is never muted nor dropped (past the hour's limit it is folded into a digest)."""
    seat = turn["seat"]
    if not game.record.seats[seat].email:
        return 0
    if turn["status"] == "rejected":
        mail, events = notices.rejected(game, seat, turn, config), [f"rejected-{turn_id}"]
    elif origin is not None and not acts(game, seat) and settings.load(
            conn, game.record.id, seat).notify == "to_act":
        return hold_confirmation(conn, game, turn, turn_id, origin)
    else:
        mail, events = notices.applied(game, seat, turn, config), [f"applied-{turn_id}"]
        if acts(game, seat):
            events.append(turn_event(game))
            clock.add_clock(conn, game, seat, mail)
    if origin is not None:
        mail.in_reply_to, mail.automatic = origin["message_id"] or None, "auto-replied"
        if origin.get("ignored"):
            mail.sections.insert(1, notices.ignored(origin["ignored"]))
    return bool(outbox.dispatch(conn, queue(conn), config, mail, events,
                                answer=origin is not None, played=turn["status"] == "applied"))


def acts(game: Game, seat: int) -> bool:
    return game.snapshot.status == "active" and seat in game.snapshot.to_act


def hold_confirmation(conn, game: Game, turn: dict, turn_id: str, origin: dict) -> int:
    """A move played by mail that leaves the seat nothing to do: confirmed inside the
    next mail the seat gets, or alone once CONFIRM_WINDOW has passed (issue 14)."""
    engine = game.type.engine
    confirmations.keep(conn, game.record.id, turn["seat"], {
        "turn": turn_id, "version": turn["expected_version"], "message_id": origin["message_id"],
        "moves": [notices.named(game, movelist.typed(engine.format(move))) for move in turn["moves"]],
        "ignored": origin.get("ignored", [])})
    queue(conn).enqueue_in(timedelta(seconds=CONFIRM_WINDOW), "workers.notify.confirm_alone",
                           game.record.id, turn["seat"], job_id=f"pbem-confirm-{game.record.id}-{turn_id}")
    return 0


def confirm_alone(game_id: str, seat: int) -> str | None:
    """rq job: the confirmations of the seat's moves no other mail took along, in one
    answer to the seat's latest move mail, with the board as it is now."""
    conn = connection()
    config = MailConfig.from_env(conn)
    items = confirmations.take(conn, game_id, seat)
    if not items:
        return None
    game = load_game(Store(conn), game_id)
    with i18n.speaking_to(conn, game.record, seat):
        mail = notices.blank(game, seat, _("Your move was applied"), config)
        mail.in_reply_to, mail.automatic = items[-1]["message_id"] or None, "auto-replied"
        mail.sections += confirmations.sections(items)
        notices.add_turn(mail, game, seat)
    return outbox.dispatch(conn, queue(conn), config, mail, [f"applied-{i['turn']}" for i in items],
                           answer=True, played=True)


def turn_event(game: Game) -> str:
    return f"turn-v{game.snapshot.version}"


def on_resigned(game_id: str, seat: str) -> None:
    """A seat resigned (issue 30, service/resignation.py): every seat with an address is
    told that the bot plays it from now on."""
    conn = connection()
    deadline_policy.tell_bot_plays(conn, load_game(Store(conn), game_id), int(seat), "resigned",
                                   f"resigned-{seat}")


def on_handed_to_bot(game_id: str, seat: str, epoch: str = "0", address: str = "") -> str | None:
    """The game's admin gave a seat that missed its deadlines to the bot (issue 30,
    service/replacement.py): every seat with an address is told; its old holder, whose
    `address` was let go with the seat, once in a mail of its own (`let_go`) for the
    seat's new `epoch`: a seat handed on again is told again."""
    conn = connection()
    game = load_game(Store(conn), game_id)
    deadline_policy.tell_bot_plays(conn, game, int(seat), "handed-on", f"admin-bot-{seat}")
    return let_go(conn, game, int(seat), address, epoch) if address else None


def let_go(conn, game: Game, seat: int, address: str, epoch: str) -> str | None:
    """The last mail to the seat's old holder: that the seat was handed on, with nothing
    of the seat (no hand, no board, no link, no reply address: a reply to one of its
    mails is refused), in the seat's conversation and its language."""
    config = MailConfig.from_env(conn)
    with i18n.speaking_to(conn, game.record, seat):
        mail = notices.blank(game, seat, _("Your seat was handed on"), config)
        mail.to, mail.reply_to = address, None
        message = compose.letting_go(mail, _(
            "You missed too many deadlines, so the game's admin handed your seat to the "
            "game's bot. The seat is no longer yours: no more mail of it comes to this "
            "address, and a reply to one of its mails is refused."), config.mail_from,
            config.domain)
    return outbox.send_once(conn, queue(conn), game.record.id, seat,
                            [f"let-go-e{epoch}"], message, address, int(epoch))


def on_taken_over(game_id: str, seat: str, version: str) -> int:
    """A replacement took a running game's seat (issue 30, service/replacement.py): every
    seat with an address is told who took whose seat, the new holder with its turn;
    the clock runs for the new holder."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)
    taken, note = int(seat), game.record.settings["seat_changes"][-1]

    def tell(other: int):
        said = _("{taker} took over {name}'s seat").format(taker=note["by"], name=game.record.seats[taken].name)
        mail = notices.blank(game, other, said, config)
        mail.add(_("Seat taken over"), _("{taken} (after move {version}).").format(taken=said,
                                                                                 version=note["version"]))
        if other == taken:
            notices.add_turn(notices.page_link(mail, game, other, config), game, other)
        return outbox.dispatch(conn, queue(conn), config, mail, [f"taken-over-{seat}-v{version}"])
    try:
        return each_seat(game, notices.seats_with_mail(game), tell)
    finally:
        turn_clock.restart(conn, game)


# (subject, text) of each vote
END_VOTE_SAID = {"end-proposed": (N_("{name} proposes to end the game"), N_("{name} proposes to end the game.")),
                 "end-agreed": (N_("{name} agrees to end the game"), N_("{name} agrees to end the game.")),
                 "end-refused": (N_("{name} refused to end the game"),
                                 N_("{name} refused to end the game: the proposal is withdrawn."))}


def on_end_vote(game_id: str, seat: str, kind: str, version: str, made_at: str = "") -> int:
    """A seat voted on ending the game (issue 30, service/end_votes.py): every other seat
    with an address is told; those whose agreement is awaited, how to give it. Each mail
    once per proposal (`made_at`, when it was made, in µs): a second proposal at the same version,
    after a refusal, is a mail of its own."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)
    name = game.record.seats[int(seat)].name

    def tell(other: int):
        subject, text = (_(said).format(name=name) for said in END_VOTE_SAID[kind])
        mail = notices.blank(game, other, subject, config)
        if kind != "end-refused":
            text += "\n" + _("Reply `end agree` to agree, or `end refuse` to refuse. When every "
                             "remaining player agrees the game ends, recorded as abandoned; a move "
                             "played withdraws the proposal.")
        mail.add(_("Ending the game"), text)
        return outbox.dispatch(conn, queue(conn), config, mail,
                               [f"{kind}-{seat}-v{version}-{made_at}"])
    return each_seat(game, [s for s in notices.seats_with_mail(game) if s != int(seat)
                            and not game.record.seats[s].bot], tell)


def on_abandoned(game_id: str) -> int:
    """The players ended the game by vote (issue 30, service/end_votes.py): every seat
    with an address gets the game-over mail, which says so; the clocks stop."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)
    try:
        return each_seat(game, notices.every_address(game), lambda seat: outbox.dispatch(
            conn, queue(conn), config, notices.game_over(game, seat, config), ["over"], held=False))
    finally:
        turn_clock.restart(conn, game)


TAKE_BACK_WORDS = {
    "requested": N_("{name} asks to take back their last turn (from version {first_version}): "
                    "it needs every other player's consent. Reply `agree` or `refuse`; any "
                    "other player's move ends the request."),
    "applied": N_("{name}'s last turn (from version {first_version}) is taken back at their "
                  "request: it is {name}'s turn again."),
    "refused": N_("{name}'s take-back is refused; the game goes on."),
    takeback.MOVED_ON: N_("Your take-back (from version {first_version}) lapsed: the game moved "
                          "on before every other player agreed. Nothing was taken back."),
    takeback.EXPIRED: N_("Your take-back (from version {first_version}) lapsed: its time ran out "
                         "before every other player agreed. Nothing was taken back."),
}


LAPSES = (takeback.MOVED_ON, takeback.EXPIRED)


def on_take_back(game_id: str, status: str, requested_by: str, first_version: str,
                 actor: str, asked_at: str) -> int:
    """A take-back asked for, applied or refused (issue 30, service/takeback.py): every
    seat with an address but the one that did it (`actor`) is told, in the game's thread;
    one that lapsed (`status` says why: the game moved on, its time ran out) its own
    seat alone.
    Each mail is sent once for its request (`requested_by`, `asked_at`: the request's
    moment in microseconds) and status: a second request at the same version, after a
    refusal, is told too."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)

    def tell(seat: int):
        mail = notices.blank(game, seat, _("Take-back"), config)
        mail.add(_("Take-back"), _(TAKE_BACK_WORDS[status]).format(
            name=game.record.seats[int(requested_by)].name, first_version=first_version))
        return outbox.dispatch(conn, queue(conn), config, mail,
                               [f"takeback-{requested_by}-{asked_at}-{status}"])
    seats = [s for s in notices.seats_with_mail(game) if (
        s == int(requested_by) if status in LAPSES else s != int(actor))]
    return each_seat(game, seats, tell)


def on_take_back_due(game_id: str) -> str | None:
    """rq job, due when a take-back request's time runs out (service/takeback.py): the
    request that still waits then lapses, and its seat is told."""
    return takeback.lapse(connection(), game_id)


def on_rematch(game_id: str, rematch_id: str, codes: dict) -> int:
    """The rematch of a finished game (issue 30, service/history.py): each seat with an
    address is sent its invitation's page, in the finished game's thread."""
    conn = connection()
    config = MailConfig.from_env(conn)
    game = load_game(Store(conn), game_id)

    def invite(seat: int):
        mail = notices.blank(game, seat, _("Rematch"), config)
        link = f"{config.public_url}/games/{rematch_id}/invitation/{codes[str(seat)]}"
        mail.add(_("Rematch"), _("A rematch of this game is set up: the same players and options, a "
                                 "new deal. Take your seat on its page:\n{link}\n(the link takes the "
                                 "seat once: do not forward it)").format(link=link))
        return outbox.dispatch(conn, queue(conn), config, mail, [f"rematch-{rematch_id}"])
    return each_seat(game, [int(seat) for seat in codes], invite)


def on_game_resumed(game_id: str) -> None:
    """A resumed game's clocks start again at once (not at the next sweep)."""
    conn = connection()
    turn_clock.restart(conn, load_game(Store(conn), game_id))


def owes_notices(record) -> bool:
    """Whether a turn of this game can have anything to tell: a seat with an address
    (mail) or a clock (restarted after every turn; a deadline's skip is told by mail)."""
    return any(seat.email for seat in record.seats) or bool(record.settings.get("clock"))
