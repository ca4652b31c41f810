"""Sending each mail once (issue 4, "Out" and "Throttling").

`dispatch` claims the mail's events for its seat (`game:{id}:mail:sent:<seat>:<event>`)
and stores the message in the game's outbox in one Lua script: the mail goes out when
its first (primary) event is newly claimed, and its other events are marked covered
(an "applied" mail that also says "your turn" spares the seat a separate "your turn",
but is not lost when that was sent first). A job run twice finds its primary event
claimed and sends nothing. `deliver` is the rq job that
hands a stored message over, retried with backoff; it leaves the outbox only once
sent. A notification to a muted seat is claimed and dropped; to a seat in digest
mode it is queued for one digest mail per N hours. Answers to a seat's own mail go out
at once: that a move was played always, others up to limits.ANSWERS_PER_HOUR["answers"]
(a loop with an auto-responder plays nothing); the rest are folded into a digest due
within the hour (issue 20, finding 1). A digest says only what is still true (finding
4): the board, moves and reply address of the game as it is when it is sent, nothing
once the game is over. Each mail carries the table's messages the seat has not been
mailed yet (carry_messages)."""
from __future__ import annotations

import hashlib
import json
import logging
import time
from datetime import datetime, timezone
from email import message_from_bytes
from email.message import EmailMessage

from rq import Queue

from service import i18n, messages, seating
from service.games.speech import _, ngettext
from service.mail import consent, limits, settings
from service.mail.config import MailConfig
from service.mail.runtime import BACKOFF, connection, queue
from service.play import load_game
from service.store import Store, key
from workers.mail import compose, confirmations, notices, transport
from workers.mail.compose import Mail

KEEP = 30 * 24 * 3600                     # how long sent-markers and stored mail live
FOLDED_ANSWERS_HOURS = 1                  # answers past the hour's limit: one digest an hour
SENDING_LOCK = 300
MAX_RESENDS = 5                           # deliveries queued again by the sweeper, per mail
log = logging.getLogger(__name__)

CLAIM = """
local n = #KEYS - 4
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 1, n do redis.call('SET', KEYS[i], ARGV[1], 'EX', ARGV[2]) end
if ARGV[3] ~= '' then
  redis.call('SET', KEYS[n + 1], ARGV[3], 'EX', ARGV[2])
  redis.call('SADD', KEYS[n + 2], ARGV[1])
end
if ARGV[4] ~= '' then
  redis.call('RPUSH', KEYS[n + 3], ARGV[4])
  redis.call('EXPIRE', KEYS[n + 3], ARGV[2])
  if redis.call('SET', KEYS[n + 4], ARGV[5], 'NX', 'EX', ARGV[2]) then return 2 end
end
return 1
"""

FLUSH = """
for _, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do redis.call('RPUSH', KEYS[2], item) end
redis.call('EXPIRE', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1], KEYS[3])
redis.call('SET', KEYS[4], ARGV[1], 'EX', ARGV[2])
return redis.call('LRANGE', KEYS[2], 0, -1)
"""


def outbox_key(game_id: str, mail_id: str) -> str:
    return key(game_id, "mail", "out", mail_id)


def pending_key(game_id: str) -> str:
    return key(game_id, "mail", "pending")


def digest_seats_key(game_id: str) -> str:
    """The seats that ever had a digest kept (a few per game), so the sweeper need not
    scan the keyspace."""
    return key(game_id, "mail", "digest_seats")


def digest_key(game_id: str, seat: int) -> str:
    return key(game_id, "mail", "digest", str(seat))


def claim(conn, game_id: str, seat, events: list[str], payload: str,
          digest: tuple[str, float] | None = None) -> str | None:
    """Mark the seat's events sent and store the payload (if any) in the game's outbox,
    or (digest: the item and when the digest is due) append the item to the seat's
    digest, setting its due time unless one is set; the mail's id, or None when its
    primary event, events[0], was claimed before. `game_id` is "stray" for answers to
    mail that belongs to no game (seat: the sender)."""
    mail_id = hashlib.sha256(f"{seat}|{'|'.join(events)}".encode()).hexdigest()[:20]
    markers = [key(game_id, "mail", "sent", str(seat), e) for e in events]
    item, due = digest or ("", 0)
    ok = conn.eval(CLAIM, len(markers) + 4, *markers, outbox_key(game_id, mail_id),
                   pending_key(game_id), digest_key(game_id, seat), due_key(game_id, seat),
                   mail_id, KEEP, payload, item, due)
    if ok == 2:
        schedule_digest(queue(conn), game_id, seat, due)
    return mail_id if ok else None


def payload(message: EmailMessage, to: str, held: tuple[int, int] | None = None) -> str:
    """What the outbox keeps of a mail: its one recipient and the message, and (`held`)
    the seat and the epoch of the holder it was written for."""
    return json.dumps({"to": compose.single_address(to), "message": message.as_string(),
                       **({"seat": held[0], "epoch": held[1]} if held else {})})


def send_once(conn, queue: Queue, game_id: str, seat, events: list[str],
              message: EmailMessage, to: str, epoch: int | None = None) -> str | None:
    """Claim, store and queue the delivery of a built message to one recipient, named
    here (never taken from the message's headers). An address that said stop gets
    nothing: the events are claimed and the message dropped. With the `epoch` of the
    seat's holder it was written for (a dealt game's: the seat holds something of the
    game then; before the deal a seat changes hands to the same person, a challenge
    accepted), it is delivered only while the seat has not changed hands (`deliver`)."""
    if consent.suppressed(conn, to):
        claim(conn, game_id, seat, events, "")
        return None
    held = (seat, epoch) if epoch is not None else None
    mail_id = claim(conn, game_id, seat, events, payload(message, to, held))
    if mail_id is not None:
        enqueue_delivery(queue, game_id, mail_id)
    return mail_id


def dispatch(conn, queue: Queue, config: MailConfig, mail: Mail, events: list[str],
             *, answer: bool = False, played: bool = False, held: bool = True) -> str | None:
    """Send the mail once for its events. An address that has not confirmed gets no
    mail yet: an invitation asks it first (service/mail/consent.py). Answers to a
    player's own mail go out at once: that a move was played always, others within the
    hour's limit (then in the next digest); notifications respect mute and, when they
    may be held, digest. Returns the mail id if it was queued."""
    if not consent.confirmed(conn, mail.to) and not consent.suppressed(conn, mail.to):
        return ask_first(conn, queue, config, mail, events)
    seat_settings = settings.load(conn, mail.game_id, mail.seat)
    if answer and not played and not limits.allowed(conn, "answers", f"{mail.game_id}:{mail.seat}"):
        return "digest" if queue_for_digest(conn, mail, events, FOLDED_ANSWERS_HOURS, folded=True) else None
    if not answer and seat_settings.muted:
        claim(conn, mail.game_id, mail.seat, events, "")
        return None
    said = carry_messages(conn, mail)
    if not answer and held and seat_settings.digest_hours:
        queued = queue_for_digest(conn, mail, events, seat_settings.digest_hours)
        if queued:
            messages.mailed(conn, mail.game_id, mail.seat, said)
        return "digest" if queued else None
    confirmed = confirmations.take(conn, mail.game_id, mail.seat)
    if confirmed:                           # moves played by mail, confirmed in this one
        mail.sections[:0] = confirmations.sections(confirmed)
    try:
        message = compose.build(mail, config.mail_from, config.domain, config.public_url)
    except compose.BadAddress as bad:
        log.warning("game %s seat %s: %s", mail.game_id, mail.seat, bad)
        confirmations.give_back(conn, mail.game_id, mail.seat, confirmed)
        return None
    sent = send_once(conn, queue, mail.game_id, mail.seat, events, message, mail.to, mail.epoch)
    if sent is None:
        confirmations.give_back(conn, mail.game_id, mail.seat, confirmed)
    else:
        messages.mailed(conn, mail.game_id, mail.seat, said)
    return sent


def carry_messages(conn, mail: Mail) -> list[dict]:
    """The messages said at the table since the seat's last mail (issue 30), put at the
    top of this one; marked carried once it is sent (messages.mailed). A resigned seat's
    former holder reads what a spectator reads: no whisper to the seat."""
    said = [m for m in messages.unmailed(conn, mail.game_id, mail.seat)
            if not mail.watching or m["to"] is None]
    if said:
        with i18n.speaking(mail.language):
            mail.sections.insert(0, (_("Messages"), messages.in_words(said) + "\n" + _(
                "(reply `say TEXT` to the table, `tell NAME TEXT` to one player)")))
    return said


def ask_first(conn, queue: Queue, config: MailConfig, mail: Mail, events: list[str]) -> str | None:
    """Instead of the invitation, the question whether the address wants game mail (at
    most once a day per address); other mail to it is dropped unclaimed, and the
    invitation, with the board as it is then, goes out once the address confirms."""
    if "invite" not in events:
        return None
    try:
        code = consent.link_code(config.secret, mail.to)
        message = compose.confirmation_request(mail, config.mail_from, config.domain,
                                               config.public_url, code)
    except compose.BadAddress as bad:
        log.warning("game %s seat %s: %s", mail.game_id, mail.seat, bad)
        return None
    if not consent.wait_for(conn, mail.to, mail.game_id):
        return None
    return send_once(conn, queue, mail.game_id, mail.seat, ["confirm-request"], message, mail.to,
                     mail.epoch)


def enqueue_delivery(queue: Queue, game_id: str, mail_id: str) -> None:
    queue.enqueue("workers.mail.outbox.deliver", game_id, mail_id,
                  job_id=f"pbem-mail-{game_id}-{mail_id}", retry=BACKOFF)


def deliver(game_id: str, mail_id: str) -> str:
    """rq job: hand one stored message over; a delivered one is not sent again, one
    refused for good is kept aside (`...:mail:bounced:<id>`, its reason) and dropped, and
    so is one written for a seat's holder of before it changed hands (a retry after the
    seat was handed on would mail its hand to the address let go with it)."""
    conn = connection()
    config = MailConfig.from_env(conn)
    if not conn.sismember(pending_key(game_id), mail_id):
        return "already sent"
    lock = key(game_id, "mail", "sending", mail_id)
    if not conn.set(lock, "1", nx=True, ex=SENDING_LOCK):
        raise transport.TransportError("another worker is sending this mail; retry later")
    try:
        raw = conn.get(outbox_key(game_id, mail_id))
        if raw is None:
            conn.srem(pending_key(game_id), mail_id)
            return "expired"
        stored = json.loads(raw)
        if "epoch" in stored and changed_hands(conn, game_id, stored["seat"], stored["epoch"]):
            conn.srem(pending_key(game_id), mail_id)
            conn.delete(outbox_key(game_id, mail_id))
            return "dropped: the seat changed hands"
        try:
            where = transport.send(message_from_bytes(stored["message"].encode(), policy=compose.POLICY),
                                   config.smtp_url, config.sink_dir, stored["to"])
        except transport.Bounced as bounced:
            conn.set(key(game_id, "mail", "bounced", mail_id), str(bounced), ex=KEEP)
            where = f"bounced: {bounced}"
        conn.srem(pending_key(game_id), mail_id)
        conn.delete(outbox_key(game_id, mail_id))       # handed over: its bytes are not kept
        return where
    finally:
        conn.delete(lock)


def changed_hands(conn, game_id: str, seat: int, epoch: int) -> bool:
    """Whether the seat's holder is no longer the one of `epoch` (a finished game's
    seats change hands no more)."""
    record = Store(conn).game(game_id)
    return record is not None and seating.epoch(record, seat) != epoch


def due_key(game_id: str, seat) -> str:
    return key(game_id, "mail", "digest_due", str(seat))


def flushing_key(game_id: str, seat) -> str:
    return key(game_id, "mail", "digest_flushing", str(seat))


def queue_for_digest(conn, mail: Mail, events: list[str], hours: int,
                     folded: bool = False) -> str | None:
    """Claim the events and keep the notification for the next digest, in one step,
    making sure a digest job is due; None when the events were claimed before. A
    folded answer has its own flush scheduled too, so a seat's longer digest period
    does not hold it back."""
    conn.sadd(digest_seats_key(mail.game_id), mail.seat)
    title = next((title for title, _ in mail.sections if title), "")
    item = json.dumps({"subject": mail.subject + (f": {title}" if folded and title else ""),
                       "version": mail.version, "sections": mail.sections, "answer": folded})
    last = float(conn.get(key(mail.game_id, "mail", "digest_last", str(mail.seat))) or 0)
    due = max(time.time(), last + hours * 3600)
    mail_id = claim(conn, mail.game_id, mail.seat, events, "", (item, due))
    if folded and mail_id is not None:
        schedule_digest(queue(conn), mail.game_id, mail.seat, due)
    return mail_id


def schedule_digest(queue: Queue, game_id: str, seat, due: float) -> None:
    queue.enqueue_at(datetime.fromtimestamp(due, timezone.utc), "workers.mail.outbox.flush_digest",
                     game_id, seat, job_id=f"pbem-digest-{game_id}-{seat}-{int(due)}")


def flush_digest(game_id: str, seat: int) -> str | None:
    """rq job: one mail with everything kept since the last digest: the list of what
    happened, then the newest notification in full when it is still the game's
    version, else the game as it is now. Nothing once the game is over (its "game
    over" mail was the last word). The kept items move to a flushing list that is
    emptied only once the digest is queued, so a failed flush loses nothing; the
    digest's event names its items, so a retry does not send it twice."""
    conn = connection()
    config = MailConfig.from_env(conn)
    flushing = flushing_key(game_id, seat)
    raw = conn.eval(FLUSH, 4, digest_key(game_id, seat), flushing, due_key(game_id, seat),
                    key(game_id, "mail", "digest_last", str(seat)), time.time(), KEEP)
    items = [json.loads(i) for i in raw]
    if not items:
        return None
    store = Store(conn)
    if store.game(game_id) is None or store.snapshot(game_id).status == "finished":
        conn.ltrim(flushing, len(raw), -1)
        return "dropped: the game is over"
    game = load_game(store, game_id)
    with i18n.speaking_to(conn, game.record, seat):
        answers = sum(bool(i.get("answer")) for i in items)
        held = [ngettext("{number} notification", "{number} notifications", len(items) - answers).format(
            number=len(items) - answers)] if len(items) > answers else []
        held += [ngettext("{number} answer to your mail", "{number} answers to your mail", answers).format(
            number=answers)] if answers else []
        mail = notices.blank(game, seat, _("Digest: {held}").format(held=", ".join(held)), config)
        if answers:
            mail.automatic = "auto-replied"
        mail.add(_("Since the last mail"), "\n".join(f"  v{i['version']}: {i['subject']}" for i in items))
        if items[-1]["version"] == game.snapshot.version:
            mail.sections += [tuple(section) for section in items[-1]["sections"]]
        else:
            notices.add_turn(mail, game, seat)
    message = compose.build(mail, config.mail_from, config.domain, config.public_url)
    event = "digest-" + hashlib.sha256(b"".join(raw)).hexdigest()[:20]
    sent = send_once(conn, queue(conn), game_id, seat, [event], message, mail.to, mail.epoch)
    conn.ltrim(flushing, len(raw), -1)
    return sent


def release_digest(conn, game_id: str, seat: int) -> None:
    """`digest 0`: what is held goes out now (or is dropped, when no longer true)."""
    queue(conn).enqueue("workers.mail.outbox.flush_digest", game_id, seat,
                        job_id=f"pbem-digest-{game_id}-{seat}-now-{time.time_ns()}")


def resend_lost(conn, queue: Queue, game_id: str, older_than: float = 60.0) -> int:
    """For the sweeper: queue again the deliveries of stored mail whose job is gone
    (lost between claim and enqueue, or out of retries), and overdue or failed digests."""
    owed = 0
    for raw in conn.smembers(pending_key(game_id)):
        mail_id = raw.decode()
        job = queue.fetch_job(f"pbem-mail-{game_id}-{mail_id}")
        if job is None or job.get_status(refresh=False) in ("failed", "canceled", "stopped"):
            if job is not None:
                job.delete()
            if give_up(conn, game_id, mail_id):
                continue
            enqueue_delivery(queue, game_id, mail_id)
            owed += 1
    for raw in conn.smembers(digest_seats_key(game_id)):
        seat = int(raw)
        overdue = float(conn.get(due_key(game_id, seat)) or "inf") < time.time() - older_than
        if overdue or conn.llen(flushing_key(game_id, seat)):           # or a flush that failed
            queue.enqueue("workers.mail.outbox.flush_digest", game_id, seat,
                          job_id=f"pbem-digest-{game_id}-{seat}-late")
            owed += 1
    return owed


def give_up(conn, game_id: str, mail_id: str) -> bool:
    """Count one more resend of a mail; past MAX_RESENDS it is kept aside as bounced
    ("gave up") and leaves the outbox instead of being queued on every sweep forever."""
    counter = key(game_id, "mail", "resent", mail_id)
    if conn.incr(counter) <= MAX_RESENDS:
        conn.expire(counter, KEEP)
        return False
    conn.set(key(game_id, "mail", "bounced", mail_id), "gave up after "
             f"{MAX_RESENDS} resends", ex=KEEP)
    conn.srem(pending_key(game_id), mail_id)
    conn.delete(counter)
    return True
