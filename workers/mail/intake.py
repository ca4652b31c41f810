"""Taking a reply in (issue 4, "In: moves by reply"). The SMTP listener and the HTTP
hook both `accept` the raw message: it is kept under its digest and the rq job
`handle` reads it, so a message delivered twice is handled once.

`handle` checks the reply address (unknown address, bad MAC: answered to the sender,
rate-limited, and nothing else happens) and that the mail comes from the seat's own
address (else the seat's address alone is told, rate-limited), runs the commands,
parses the moves in the game's notation and submits them as one turn at the version
the reply address names. Lines that are no move and begin like none (greetings,
thanks) are ignored and named in the answer (issue 20, finding 2). The outcome
(applied / rejected) is mailed by workers/notify.py; every other answer here. Every
mail from the seat's own address is answered (issue 20, finding 1): past the hour's
limit the answers are folded into one digest (workers/mail/outbox.py), never dropped.
A reply from the seat's address confirms that address, and `stop` puts it on the
suppression list (service/mail/consent.py).
Mail sent by machines (Auto-Submitted, Precedence: bulk, bounces) is never answered."""
from __future__ import annotations

import logging
import time
from dataclasses import replace

from service import (challenges, end_votes, i18n, lobby, messages, players, problems,
                     resignation, seating, takeback, turn_clock)
from service.games.base import IllegalMove, NotationError
from service.games.speech import N_, _, listed, say
from service.mail import consent, inbox, limits, settings
from service.mail.config import MailConfig
from service.mail.runtime import connection, queue
from service.play import Game, load_game, submit_turn
from service.queues import enqueuer
from service.store import Store
from workers.mail import compose, german, inbound, movelist, notices, outbox, reply_address, words
from workers.mail.inbound import Reply
from workers.mail.via_mail import remember_via_mail

log = logging.getLogger(__name__)


def handle(digest: str, envelope_to: list[str], envelope_from: str | None) -> str:
    """rq job: one inbound message; returns what was done (for logs and tests)."""
    conn = connection()
    config = MailConfig.from_env(conn)
    raw = conn.get(inbox.raw_key(digest))
    if raw is None:
        return "expired"
    try:
        reply = inbound.parse(raw, envelope_to, envelope_from)
    except Exception:                     # the last resort: answered, not a crashed job
        log.exception("mail in %s could not be read", digest)
        return unreadable(conn, config, raw, envelope_to, digest)
    if reply.automatic:
        return "automatic: not answered"
    address = reply.address
    if address is None:
        return answer_stray(conn, config, reply, digest, *both_languages(
            N_("No game at this address"), N_("This address does not belong to any game. Reply to "
                                              "the mail the turn service sent you, using its "
                                              "Reply-To address.")))
    if addressed_seat(conn, config, address) is None:
        return answer_stray(conn, config, reply, digest, *both_languages(
            N_("Invalid reply address"), N_("This reply address is not valid (its code does not "
                                            "match, or its seat has been taken by its player "
                                            "since). Nothing was played. Reply to the latest mail "
                                            "you received.")))
    return handle_seat(conn, config, load_game(Store(conn), address.game_id), address.seat,
                       reply, digest)


def unreadable(conn, config: MailConfig, raw: bytes, envelope_to: list[str], digest: str) -> str:
    """A mail that could not be parsed: if it went to a genuine reply address, its seat
    (at its own registered address only) is told so; else nothing happens."""
    head = raw[:65536].decode("latin-1").split("\r\n\r\n", 1)[0].split("\n\n", 1)[0]
    address = next(filter(None, map(reply_address.find, [*envelope_to, head])), None)
    game = addressed_seat(conn, config, address) if address else None
    if game is None or not game.seats[address.seat].email:
        return "unreadable: not answered"
    if not limits.allowed(conn, "others", f"{address.game_id}:{address.seat}"):
        return "unreadable: answer limited"
    with i18n.speaking_to(conn, game, address.seat):
        mail = notices.blank(load_game(Store(conn), address.game_id), address.seat, _("Re: your mail"), config)
        mail.automatic = "auto-replied"
        mail.add(_("Could not read your mail"), _("Your mail could not be read, so nothing was done. "
                                                  "Please reply again in plain text."))
    outbox.dispatch(conn, queue(conn), config, mail, [f"answer-{digest}"], answer=True)
    return "unreadable: answered"


def addressed_seat(conn, config: MailConfig, address: reply_address.ReplyAddress):
    """The game (its record) of a genuine reply address of one of its seats, mailed to
    the seat's present holder (service/seating.py: an address of before the seat changed
    hands no longer matches); None for any other address."""
    game = Store(conn).game(address.game_id)
    if game is None or not 0 <= address.seat < len(game.seats):
        return None
    held = reply_address.is_genuine(config.secret, address, seating.epoch(game, address.seat))
    return game if held else None


def handle_seat(conn, config: MailConfig, game: Game, seat: int, reply: Reply, digest: str) -> str:
    """The seat's mail, answered in the seat's language (a `language` command in it
    first: its answer is in the language chosen)."""
    if game.record.seats[seat].email and reply.sender.lower() == game.record.seats[seat].email.lower():
        chosen = [argument for command, argument in reply.commands if command == "language"]
        if chosen and i18n.known(chosen[-1]):
            settings.change(conn, game.record.id, seat, language=i18n.known(chosen[-1]))
    with i18n.speaking_to(conn, game.record, seat):
        return answer_seat(conn, config, game, seat, reply, digest)


def answer_seat(conn, config: MailConfig, game: Game, seat: int, reply: Reply, digest: str) -> str:
    registered = game.record.seats[seat].email
    if not registered:
        return "seat without e-mail: dropped"        # nobody to answer but the claimed sender
    mail = notices.blank(game, seat, _("Answer to your mail"), config)     # under the game's one subject
    mail.in_reply_to, mail.automatic = reply.message_id or None, "auto-replied"
    if reply.sender.lower() != registered.lower():
        if limits.allowed(conn, "others", f"{game.record.id}:{seat}"):
            mail.add(_("Not played"), _("A mail to your reply address came from another address, "
                                        "so nothing was done. Reply from {address}.").format(address=registered))
            outbox.dispatch(conn, queue(conn), config, mail, [f"answer-{digest}"], answer=True)
        return "sender is not the seat's address"
    if any(command in inbound.STOP for command, _ in reply.commands):
        consent.suppress(conn, registered)
        return "stop: the address is never mailed again"
    consent.confirm_and_invite(conn, registered)             # a reply confirms the address
    if game.record.seats[seat].challenged:
        return answer_challenge(conn, config, game, seat, reply, mail, digest)
    reply = with_moves_first(game, seat, reply)
    done = "nothing"
    if reply.commands:
        run_commands(conn, config, game, seat, reply.commands, mail)
        done = "commands"
    over = game.snapshot.status == "finished"
    moves, ignored, unreadable = ([], [], []) if over else read_moves(game, seat, reply.moves)
    if over and reply.moves:
        mail.add(_("The game is over"), notices.after_the_end(game))
        done = "game over: answered"
    elif unreadable:
        mail.add(_("Could not read your move"), "\n".join(
            f"{line!r}: {notices.plain(say(error))}" for line, error in unreadable)
            + "\n" + _("Nothing was played."))
        add_ignored(mail, ignored)
        notices.add_turn(mail, game, seat)
        done = "unparseable"
    elif moves:
        done = submit(conn, game, seat, reply, digest, mail, moves, ignored)
    elif not reply.commands:
        mail.add(_("Nothing to do"), _("Your mail held no move and no command."))
        add_ignored(mail, ignored)
        mail.add("", compose.help_text(mail.reply_to))
        if ignored:
            notices.add_turn(mail, game, seat)
    else:
        add_ignored(mail, ignored)
    if mail.sections:                    # folded into a digest beyond the hour's limit, never dropped
        outbox.dispatch(conn, queue(conn), config, mail, [f"answer-{digest}"], answer=True)
    return done


def with_moves_first(game: Game, seat: int, reply: Reply) -> Reply:
    """The reply with a command line that begins one of the seat's legal moves now read
    as that move (a bare `end` while Age of Industry's `end sale` is legal ends the sale)."""
    if not reply.commands:
        return reply
    verbs = {notation.split()[0] for notation in notices.notations(game, seat)}
    moves = [" ".join(filter(None, said)) for said in reply.commands if said[0] in verbs]
    if not moves:
        return reply
    return replace(reply, commands=[said for said in reply.commands if said[0] not in verbs],
                   moves=reply.moves + moves)


def answer_challenge(conn, config: MailConfig, game: Game, seat: int, reply: Reply, mail,
                     digest: str) -> str:
    """A reply to a challenge mail (issue 30, service/challenges.py): `accept` takes the
    seat (the last seat taken deals the game), `decline` leaves it open to anyone;
    anything else is asked again. Answered by mail either way."""
    said = {command for command, _ in reply.commands}
    player = players.load(conn, game.record.seats[seat].challenged)
    try:
        if "accept" in said:
            taken = challenges.accept(conn, player, game.record.id)
            if taken.dealt:
                lobby.started(conn, taken.record)
            mail.add(_("Challenge accepted"), _("You took your seat.") + " " + (
                _("Every seat is taken: the game is dealt, your invitation follows.") if taken.dealt
                else _("The game is dealt once every seat is taken.")))
            done = "challenge accepted"
        elif "decline" in said:
            challenges.decline(conn, player["id"], game.record.id)
            mail.add(_("Challenge declined"), _("You declined: your seat is open to anyone now."))
            done = "challenge declined"
        else:
            mail.add(_("Accept or decline?"), _("Reply `accept` to take your seat in this game, "
                                                "or `decline` to leave it open to anyone."))
            done = "challenge: asked again"
    except problems.Problem as refused:
        mail.add(_("Not done"), notices.detail(refused))
        done = f"challenge refused: {refused.slug}"
    outbox.dispatch(conn, queue(conn), config, mail, [f"answer-{digest}"], answer=True)
    return done


def no_challenge(conn, game, seat, argument, mail, config) -> None:
    mail.add(_("No challenge"), _("No challenge waits for an answer at this seat: you hold it."))


def run_commands(conn, config: MailConfig, game: Game, seat: int, commands, mail) -> None:
    """The seat's commands, within the hour's limit; beyond it they are not run, and
    the answer says so."""
    if not limits.allowed(conn, "seat", f"{game.record.id}:{seat}"):
        said = ", ".join(" ".join(filter(None, command)) for command in commands)
        mail.add(_("Commands not run"), _("More than {number} commands came from your address this "
                                          "hour, so these were not run: {said}. Please send them again "
                                          "in an hour.").format(number=limits.ANSWERS_PER_HOUR["seat"], said=said))
        return
    for command, argument in commands:
        COMMANDS[command](conn, game, seat, argument, mail, config)


def resolve_named(game: Game, state, seat: int, line: str):
    """movelist.resolve of the line with the players' names read as their seats (the
    mails write a seat in a move by its player's name: "develop 2H Bert") when that is
    a legal move now; else of the line as written (a name that is also a word of the
    notation stays that word)."""
    line = german.read(game.type, line, game.record.seats)
    seats = words.unnamed(line, [s.name for s in game.record.seats])
    if seats != line and state is not None:
        try:
            move = movelist.resolve(game.type, state, seat, seats)
        except NotationError:
            move = None
        if move is not None and move in game.type.engine.legal_moves(state, seat):
            return move
    return movelist.resolve(game.type, state, seat, line)


def read_moves(game: Game, seat: int, lines: list[str]):
    """(moves, ignored lines, unreadable lines with their error). Each line is read
    as one of the seat's legal moves at that point of its turn, in full or written
    short (movelist.resolve). A line that does not read is a move the player got
    wrong when it begins with a word that begins a move (a legal one now, or one of
    the other lines) or holds a `key=value`: the whole mail is then refused. Any other
    such line (a greeting, "Thanks!", a sign-off) is ignored and named."""
    engine, parsed, failed = game.type.engine, [], []
    state = game.state if seat in game.snapshot.to_act and game.snapshot.status == "active" else None
    for line in lines:
        try:
            move = resolve_named(game, state, seat, line)
        except NotationError as error:
            failed.append((line, error.args[0]))      # a Said: read in the seat's language
            continue
        parsed.append((line, move))
        state = after(engine, state, seat, move)
    verbs = {line.split()[0].lower() for line, _move in parsed} | set(game.type.words.german_verbs)
    verbs |= {notation.split()[0] for notation in notices.notations(game, seat)}

    def attempted(line: str) -> bool:
        return line.split()[0].lower() in verbs or "=" in line
    unreadable = [(line, error) for line, error in failed if attempted(line)]
    ignored = [line for line, _ in failed if not attempted(line)]
    return [move for _, move in parsed], ignored, unreadable


def after(engine, state, seat: int, move):
    """The state after the seat's move, to read its next line against; None (read
    lines as written) once a move is refused or the seat no longer acts."""
    if state is None:
        return None
    try:
        return engine.apply(state, seat, move)[0]
    except IllegalMove:
        return None


def add_ignored(mail, ignored: list[str]) -> None:
    if ignored:
        mail.add(*notices.ignored(ignored))


def submit(conn, game: Game, seat: int, reply: Reply, digest: str, mail, moves: list,
           ignored: list[str]) -> str:
    """Submit the moves as one turn; the outcome (played or why not) is answered by
    workers/notify.py, naming the ignored lines too; a refusal here at once."""
    version = reply.version
    platform_enqueue = enqueuer(conn)

    def enqueue(game_id: str, turn_id: str, again: bool = False) -> None:
        remember_via_mail(conn, game_id, turn_id, reply.message_id, ignored)
        platform_enqueue(game_id, turn_id, again)
    try:
        submit_turn(Store(conn), enqueue, game.record.id, seat, version, moves,
                    idempotency_key=f"mail-{digest}")
    except problems.Problem as refused:
        mail.add(_("Not played"), notices.problem_text(game, refused, version) + "\n" + _("Nothing was played."))
        add_ignored(mail, ignored)
        notices.add_turn(mail, game, seat)
        return f"refused: {refused.slug}"
    return "submitted"


def both_languages(subject: str, text: str) -> tuple[str, str]:
    """An answer to mail that reaches no seat, whose reader's language is not known: in
    German and in English (issue 31), the subject German first."""
    said = {}
    for language in ("de", "en"):
        with i18n.speaking(language):
            said[language] = (_(subject), _(text))
    return f"{said['de'][0]} / {said['en'][0]}", f"{said['de'][1]}\n\n{said['en'][1]}"


def answer_stray(conn, config: MailConfig, reply: Reply, digest: str, subject: str,
                 text: str) -> str:
    """Mail to no seat (only the HTTP hook takes it: `pbem mail-in` refuses it at RCPT):
    its From may be forged, so the answer copies nothing of it but the Message-ID, and
    few such answers go out per sender and in all."""
    if (not compose.ADDR_SPEC.fullmatch(reply.sender)
            or not limits.allowed(conn, "stray", reply.sender.lower())
            or not limits.allowed(conn, "strays", "all")):
        return f"{subject}: not answered"
    message = compose.stray_answer(reply.sender, subject, text,
                                   config.mail_from, config.domain, reply.message_id or None)
    outbox.send_once(conn, queue(conn), "stray", reply.sender.lower(), [f"answer-{digest}"],
                     message, reply.sender)
    return f"{subject}: answered"


def status_command(conn, game, seat, argument, mail, config) -> None:
    mail.add(_("Status"), _("Version {version}, the game is {status}.").format(
        version=game.snapshot.version, status=notices.status_word(game.snapshot.status)))
    notices.add_turn(mail, game, seat)


def moves_command(conn, game, seat, argument, mail, config) -> None:
    mail.add(_("Your legal moves") + (_(" starting with {start!r}").format(start=argument) if argument else ""),
             notices.spoken(game, compose.list_moves(notices.notations(game, seat),
                                                     german.read(game.type, argument, [])))
             if seat in game.snapshot.to_act else _("It is not your move now."))


def help_command(conn, game, seat, argument, mail, config) -> None:
    mail.add(_("Help"), compose.help_text(mail.reply_to))


def say_command(conn, game, seat, argument, mail, config) -> None:
    """`say TEXT`: a message to the whole table (issue 30)."""
    said(conn, game, seat, argument, None, mail)


def tell_command(conn, game, seat, argument, mail, config) -> None:
    """`tell NAME TEXT`: a message to that player's seat alone (issue 30)."""
    try:
        to, text = messages.seat_named(game.record, argument)
    except problems.Problem as refused:
        mail.add(_("Message not sent"), notices.detail(refused))
        return
    said(conn, game, seat, text, to, mail)


def said(conn, game, seat: int, text: str, to: int | None, mail) -> None:
    try:
        message = messages.say(conn, game.record, game.snapshot, seat, text, to)
    except problems.Problem as refused:
        mail.add(_("Message not sent"), notices.detail(refused))
        return
    mail.add(_("Message sent"), _("To {whom}: {text}").format(whom=message["to_name"] or _("the whole table"),
                                                             text=message["text"]))


def resign_command(conn, game, seat, argument, mail, config) -> None:
    """`resign` asks back; `resign yes` gives the seat to the game's bot for good
    (issue 30, service/resignation.py)."""
    if argument.lower() not in ("yes", "confirm", "ja"):
        mail.add(_("Resign?"), _("To give up this game for good, reply `resign yes`: the game's bot "
                                 "then plays your seat to the end, and the log and the result say so."))
        return
    try:
        resignation.resign(conn, game, seat)
    except problems.Problem as refused:
        mail.add(_("Not resigned"), notices.detail(refused))
        return
    mail.add(_("Resigned"), _("You resigned: the game's bot plays your seat from now on."))


def end_command(conn, game, seat, argument, mail, config) -> None:
    """`end game` proposes to end the game unfinished (or agrees, when a proposal is
    open), `end agree` agrees, `end refuse` refuses (issue 30, service/end_votes.py)."""
    word = argument.lower().strip()
    if word not in inbound.END_WORDS:
        mail.add(_("End the game?"), _("Reply `end game` to propose ending this game unfinished "
                                       "(recorded as abandoned once every remaining player agrees), "
                                       "`end agree` to agree to a proposal, or `end refuse` to refuse it."))
        return
    try:
        done = end_votes.vote(conn, game, seat, inbound.END_WORDS[word])
    except problems.Problem as refused:
        mail.add(_("No vote"), notices.detail(refused))
        return
    waiting = ", ".join(game.record.seats[s].name for s in end_votes.unvoted(game.record, done.proposal))
    mail.add(_("Ending the game"), {
        "end-proposed": _("You proposed to end the game. Waiting for: {waiting}."),
        "end-agreed": _("You agreed to end the game. Waiting for: {waiting}."),
        "end-refused": _("You refused: the proposal to end the game is withdrawn."),
        "abandoned": _("Everyone agreed: the game is over, recorded as abandoned.")}[done.kind].format(
            waiting=waiting))


def take_back_command(conn, game, seat, argument, mail, config) -> None:
    """`take back`: the seat's last turn taken back (issue 30, service/takeback.py)."""
    if argument.lower() != "back":
        mail.add(_("Take back?"), _("To take back your last turn, reply `take back`."))
        return
    taken(mail, lambda: takeback.request(conn, game, seat))


def answer_command(agree: bool):
    """`agree` / `refuse`: the seat's answer to another seat's take-back."""
    def run(conn, game, seat, argument, mail, config) -> None:
        taken(mail, lambda: takeback.answer(conn, game, seat, agree))
    return run


def taken(mail, act) -> None:
    """What a take-back command did, in words."""
    try:
        done = act()
    except problems.Problem as refused:
        mail.add(_("Take-back"), notices.detail(refused))
        return
    if done["status"] == "applied":
        mail.add(_("Taken back"), _("{name}'s last turn is taken back: it is {name}'s turn again.").format(
            name=done["name"]))
    elif done["status"] == "refused":
        mail.add(_("Take-back refused"), _("{name}'s take-back is refused; the game goes on.").format(
            name=done["name"]))
    else:
        mail.add(_("Take-back asked"), _("{name}'s take-back waits for {players} to agree (because "
                                         "{reasons}).").format(
            name=done["name"], players=compose.players_counted(len(done["waiting_for"])),
            reasons=listed(map(_, done["needs_consent"]))))


def confirm_command(conn, game, seat, argument, mail, config) -> None:
    mail.add(_("Confirmed"), _("Thank you: this address gets the mail of its games now. "
                               "Reply `stop` at any time for no mail from us ever again."))


def language_command(conn, game, seat, argument, mail, config) -> None:
    """`language de` / `sprache englisch`: the seat's language, set before the answer
    is written (handle_seat), so the answer is in it already."""
    if i18n.known(argument) is None:
        mail.add(_("Setting not changed"), _("write `language de` (Deutsch) or `language en` (English)"))
        return
    mail.add(_("Settings"), _("From now on your mails and your page are in English.")
             if i18n.known(argument) == "en" else _("From now on your mails and your page are in German."))


def settings_command(change: dict, said: str):
    def run(conn, game, seat, argument, mail, config) -> None:
        try:
            values = {name: (convert(argument) if convert else fixed)
                      for name, (convert, fixed) in change.items()}
            now = settings.change(conn, game.record.id, seat, **values)
        except (ValueError, settings.SettingError) as error:
            mail.add(_("Setting not changed"), str(error))
            return
        mail.add(_("Settings"), _("{done}. Your settings now:").format(done=_(said)) + "\n" + settings_text(now))
        if "vacation_days" in values:
            turn_clock.reschedule(conn, load_game(Store(conn), game.record.id))
        if values.get("digest_hours") == 0:
            outbox.release_digest(conn, game.record.id, seat)
    return run


def settings_text(now: settings.SeatSettings) -> str:
    """A seat's settings in words (issue 20, finding 6: no Python dict, no timestamp)."""
    away = now.on_vacation(time.time())
    return "\n".join([
        "  " + _("notifications: {state}").format(state=_("muted") if now.muted else _("on")),
        "  " + _("digest: {state}").format(state=_("at most one mail per {hours}").format(
            hours=compose.hours(now.digest_hours)) if now.digest_hours else _("off, every mail at once")),
        "  " + _("mails: {state}").format(state=_("after every move") if now.notify == "every_move"
                                          else _("only when you must act")),
        "  " + _("messages: {state}").format(state=_("each in its own mail") if now.messages == "own_mail"
                                             else _("in your next mail")),
        "  " + _("vacation: {state}").format(state=_("until {when}").format(when=i18n.when(away))
                                             if away else _("none"))])


NOTIFY_WORDS = {"every": "every_move", "turn": "to_act", "jeden": "every_move", "zug": "to_act"}
MESSAGES_WORDS = {"own": "own_mail", "next": "next_mail"}


def notify_setting(word: str) -> str:
    """`notify every` / `notify turn` as the setting's value."""
    if word.lower() not in NOTIFY_WORDS:
        raise ValueError(_("write `notify every` (a mail after every move) or `notify turn` "
                           "(only when you must act)"))
    return NOTIFY_WORDS[word.lower()]


def messages_setting(word: str) -> str:
    """`messages own` / `messages next` as the setting's value (issue 30)."""
    if word.lower() not in MESSAGES_WORDS:
        raise ValueError(_("write `messages own` (each message in a mail of its own, at once) "
                           "or `messages next` (in your next mail)"))
    return MESSAGES_WORDS[word.lower()]


COMMANDS = {
    "status": status_command, "moves": moves_command, "help": help_command,
    "yes": confirm_command, "confirm": confirm_command,
    "say": say_command, "tell": tell_command, "resign": resign_command, "language": language_command,
    "end": end_command, "accept": no_challenge, "decline": no_challenge,
    "take": take_back_command, "agree": answer_command(True), "refuse": answer_command(False),
    "mute": settings_command({"muted": (None, True)}, N_("Muted: no more notifications")),
    "unmute": settings_command({"muted": (None, False)}, N_("Notifications are back on")),
    "digest": settings_command({"digest_hours": (int, None)}, N_("Digest set")),
    "vacation": settings_command({"vacation_days": (float, None)}, N_("Vacation set")),
    "notify": settings_command({"notify": (notify_setting, None)}, N_("Notifications set")),
    "messages": settings_command({"messages": (messages_setting, None)}, N_("Messages set")),
    "back": settings_command({"vacation_days": (None, 0)}, N_("Welcome back: vacation ended")),
}
