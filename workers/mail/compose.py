"""Writing the mails (issue 4, "Out"): plain text first, readable in any client, with an
HTML part that says the same. A mail is a list of sections (title, text); the board
is the engine's render_text, the legal moves its notation, shortened when many."""
from __future__ import annotations

import re
import secrets
import textwrap
from base64 import b64encode
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.utils import formatdate
from urllib.parse import quote

from service import i18n
from service.games.presentation import COLUMNS, fitted
from service.games.speech import _, ngettext
from workers.mail import html_part

ADDR_SPEC = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+")
PLAIN_PHRASE = re.compile(r"[A-Za-z0-9 !#$%&'*+/^_`{|}~-]*")   # atext without "=" and "?"
ENCODED_WORD_BYTES = 45     # base64 of 45 bytes: a 72-character encoded-word (RFC 2047: at most 75)
PLAIN_TEXT = re.compile(r"(?!.*=\?)[ -~]*")              # printable ASCII, no encoded-word
CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
POLICY = policy.SMTP.clone(max_line_length=998)     # headers as written: never folded into encoded-words
FULL_LIST_UP_TO = 40        # more legal moves than this are grouped by their first word
EXAMPLES_PER_GROUP = 6
MOVES_REPLY_LIMIT = 400     # the `moves` command lists at most this many lines
PROSE_COLUMNS = COLUMNS     # RFC 5322 2.1.1: lines SHOULD be no more than 78 characters


@dataclass
class Mail:
    """What one seat is told at one version of one game."""
    game_id: str
    game_name: str
    seat: int
    seat_name: str
    to: str
    version: int
    subject: str
    sections: list[tuple[str, str]] = field(default_factory=list)
    reply_to: str | None = None
    automatic: str = "auto-generated"       # or "auto-replied" for answers (RFC 3834)
    in_reply_to: str | None = None
    quick_replies: dict[str, str] = field(default_factory=dict)   # moves as mailto links: cost
    starts_thread: bool = False             # the first mail of the seat's conversation
    picture_svg: str | None = None          # the board drawn (service/drawing/boards.py)
    picture_alt: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)  # the board in numbers, no picture
    page_url: str | None = None             # the seat's own page, signed
    language: str = "en"                    # the seat's language when written (issue 31)
    epoch: int | None = None                # the holder of a dealt game's seat it was written for
    watching: bool = False                  # to a resigned seat's former holder: a spectator's

    def add(self, title: str, text: str) -> "Mail":
        self.sections.append((title, text.rstrip()))
        return self


def hours(number: int) -> str:
    """"1 hour", "2 hours" in the reader's language."""
    return ngettext("{number} hour", "{number} hours", number).format(number=i18n.number(number))


def moves_counted(number: int) -> str:
    return ngettext("{number} move", "{number} moves", number).format(number=i18n.number(number))


def players_counted(number: int) -> str:
    return ngettext("{number} player", "{number} players", number).format(number=i18n.number(number))


def shorten_moves(notations: list[str], limit: int = FULL_LIST_UP_TO, prefix: str = "") -> str:
    """All moves when few; else one line per group of moves sharing their next word
    after prefix (their kind, when no prefix), with a count, a few examples and the
    `moves` reply that lists the group: a reply that always narrows (issue 20,
    finding 3)."""
    if not notations:
        return _("(none)")
    if len(notations) <= limit:
        return "\n".join(f"  {n}" for n in notations)
    groups = narrowed(notations, prefix)
    lines = [_("{number} legal moves; some of each kind:").format(number=len(notations))]
    for start, members in groups.items():
        lines.append("  " + _("{start}: {moves}, e.g.").format(start=start, moves=moves_counted(len(members))))
        lines += [f"    {m}" for m in members[:EXAMPLES_PER_GROUP]]
        if len(members) > EXAMPLES_PER_GROUP:
            lines.append("    " + _("... reply `moves {start}` for all {number}").format(
                start=start, number=len(members)))
    return "\n".join(lines)


def narrowed(notations: list[str], prefix: str) -> dict[str, list[str]]:
    """The moves grouped by their words up to the first one after prefix on which they
    differ, so that each group's start is a longer prefix than the one asked for."""
    depth = len(prefix.split())
    while True:
        groups: dict[str, list[str]] = {}
        for notation in notations:
            groups.setdefault(" ".join(notation.split()[:depth + 1]), []).append(notation)
        if len(groups) > 1 or depth >= max(len(n.split()) for n in notations):
            return groups
        depth += 1


def list_moves(notations: list[str], prefix: str = "") -> str:
    """The answer to the `moves` command, optionally only those starting with prefix;
    past MOVES_REPLY_LIMIT grouped by the next word, each group with its longer prefix."""
    prefix = " ".join(prefix.lower().replace("_", "-").split())
    chosen = [n for n in notations if n.startswith(prefix)] if prefix else notations
    if len(chosen) > MOVES_REPLY_LIMIT:
        groups = narrowed(chosen, prefix)
        example = max(groups, key=lambda start: len(groups[start]))
        return (shorten_moves(chosen, prefix=prefix) + "\n\n" + _(
            "Too many to list at once: reply `moves` with one of the longer starts above, e.g. "
            "`moves {example}`.").format(example=example))
    return "\n".join(f"  {n}" for n in chosen) or _("(no legal move starts with {prefix!r})").format(
        prefix=prefix)


def commands_help() -> tuple[tuple[str, str], ...]:
    """The commands and what each does, in the reader's language (each command is read
    in both languages: workers/mail/inbound.py)."""
    return (
        (_("status"), _("the board now")),
        (_("moves [WORD]"), _("all your legal moves (those starting with WORD)")),
        (_("help"), _("this text")),
        (_("mute / unmute"), _("stop or restart the notifications of this game")),
        (_("digest HOURS"), _("at most one notification per HOURS; `digest 0`: every mail")),
        (_("notify every"), _("a mail after every move of the game; `notify turn`: only when you "
                              "must act (your moves confirmed in your next mail)")),
        (_("vacation DAYS"), _("you are away: your turn clock stops; `back` ends it early")),
        (_("say TEXT"), _("a message to the whole table (the rest of the line)")),
        (_("tell NAME TEXT"), _("a message to that player alone")),
        ("messages own", _("each message to you in a mail of its own, at once; `messages next`: "
                           "in your next mail")),
        (_("resign"), _("give the game up (asked back: `resign yes` does it); the bot plays your "
                        "seat to the end")),
        ("end game", _("propose to end the game unfinished (recorded as abandoned once every "
                       "remaining player agrees); `end agree` / `end refuse` answer a proposal")),
        ("take back", _("take back your last turn: at once if no one acted since and it "
                        "revealed nothing, else when every other player agrees")),
        ("agree / refuse", _("answer another player's take-back")),
        (_("language de/en"), _("the language of your mails and your page")),
        ("stop", _("no mail from the turn service ever again, for any game")),
    )
COMMAND_COLUMN = 18         # where a command's description starts in the help


def help_text(reply_address: str) -> str:
    """The commands, each description wrapped under its own column (issue 27: the
    help wrapped a word a line), the paragraphs each one line for `wrapped`."""
    table = [textwrap.fill(what, PROSE_COLUMNS, initial_indent=f"  {name:<{COMMAND_COLUMN - 2}}",
                           subsequent_indent=" " * COMMAND_COLUMN, break_on_hyphens=False)
             for name, what in commands_help()]
    return "\n".join([
        _("Reply to this mail (the address is {address}) with your move as the list writes it, "
          "one move per line, above the quoted text. Or with one of these commands:").format(
            address=reply_address),
        *table,
        _("A reply is played at the move of the mail it answers; if the game has moved on, you "
          "are told so and nothing is played.")])


def footer(mail: Mail, public_url: str) -> str:
    """Links every reader can open: the game's public view and log, no seat token
    needed (a player invited by mail never got one; issue 20, finding 6); then the
    replies the mail takes, none to a resigned seat's former holder: a spectator, whose
    mail has no reply address (service/seating.py)."""
    game = f"{public_url}/v1/games/{mail.game_id}"
    said = "\n".join([_("Game {id} ({game}), you are {name}, version {version}.\n"
                         "The game as anyone sees it: {link} and its log: {link}/log"),
                       _("You resigned: you watch this game as anyone can, and this mail takes "
                         "no reply.") if mail.watching else
                       _("Reply `help` for commands, `mute` to stop this game's mails, `stop` for "
                         "no mail from us ever again.")])
    return said.format(id=mail.game_id, game=mail.game_name, name=mail.seat_name,
                       version=mail.version, link=game)


def message_id(mail: Mail, domain: str) -> str:
    return f"<pbem.{mail.game_id}.{mail.seat}.v{mail.version}.{secrets.token_hex(6)}@{domain}>"


def to_text(mail: Mail, public_url: str) -> str:
    """The plain text part: what the mail is (its kind) first, then prose wrapped at
    PROSE_COLUMNS, the board as the engine laid it out (issue 20, finding 7)."""
    parts = [wrapped(mail.subject)]
    for title, text in mail.sections:
        text = text if title == _("The board") else wrapped(text)    # as the engine lays it out
        parts.append(f"{title}\n{'=' * len(title)}\n{text}" if title else text)
    parts.append(f"-- \n{wrapped(footer(mail, public_url))}")
    return "\n\n".join(parts) + "\n"


def wrapped(text: str) -> str:
    """Each line of text wrapped at PROSE_COLUMNS, continued at its own indentation;
    words (moves, addresses, links) are never broken (presentation.fitted)."""
    return fitted(text, PROSE_COLUMNS, hang_all=False)


def transfer_encoding(text: str) -> str | None:
    """Quoted-printable for a text part with non-ASCII characters (the £ sign), plain
    7bit otherwise: never base64, which spam filters hold against text (MIME_BASE64_TEXT)
    and which the stored `as_string()` form would otherwise choose (issue 20, finding 7)."""
    return None if text.isascii() else "quoted-printable"


def to_html(mail: Mail, public_url: str, picture: str | None = None) -> str:
    """The HTML part (workers/mail/html_part.py); picture: the board's Content-ID."""
    return html_part.render(mail, footer(mail, public_url), f"{public_url}/v1/games/{mail.game_id}",
                            lambda move: quick_reply(mail, move), picture)


def subject_line(mail: Mail) -> str:
    """One subject for every mail of a game to a seat, for the game's whole life: the
    game and the seat's player, never the version (that lives in the reply address) nor
    the kind of mail (its first line), so that mail programs that thread by subject
    (Gmail, Outlook) keep the game one conversation (issues 14, 27)."""
    return _("[{game} {id}] {name}'s game").format(game=mail.game_name, id=mail.game_id, name=mail.seat_name)


def thread_root(mail: Mail, domain: str) -> str:
    """The Message-ID of the seat's first mail of the game (its invitation), which every
    later mail references (In-Reply-To, References): one conversation per game and seat
    in mail programs that thread by reference (issue 14)."""
    return f"<pbem.{mail.game_id}.{mail.seat}.thread@{domain}>"


def quick_reply(mail: Mail, move: str) -> str:
    """A mailto link answering this mail with one move (the version is in the address)."""
    return (f"mailto:{mail.reply_to}?subject={quote('Re: ' + subject_line(mail))}"
            f"&body={quote(move)}")


def encoded_words(text: str) -> str:
    """The text as RFC 2047 base64 encoded-words of its UTF-8, each cut at a character
    boundary, that every reader decodes back to exactly this text."""
    words, chunk = [], b""
    for char in text:
        if len(chunk) + len(char.encode()) > ENCODED_WORD_BYTES:
            words.append(chunk)
            chunk = b""
        chunk += char.encode()
    words.append(chunk)
    return " ".join(f"=?utf-8?b?{b64encode(w).decode()}?=" for w in words)


class Recipient:
    """The To header, written here rather than by the email package: given a display
    name, the package decodes encoded-words in it (`=?utf-8?q?a=0D=0Ab?=` becomes CR/LF
    and the header is refused) and writes ASCII ones back undecoded for the reader to
    decode. A name is written as it is when it is plain atext, else as encoded-words of
    its literal text, so readers show exactly the name the player gave (issue 11,
    finding 6). It follows the email policy's header-object protocol (`name`, `fold`)."""
    name = "To"

    def __init__(self, display_name: str, address: str):
        self.display_name, self.address = display_name, single_address(address)

    def __str__(self) -> str:
        if not self.display_name:
            return self.address
        phrase = (self.display_name if PLAIN_PHRASE.fullmatch(self.display_name)
                  else encoded_words(self.display_name))
        return f"{phrase} <{self.address}>"

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


class Subject:
    """The Subject header, written here for the reason Recipient writes To: it carries
    the seat's player's name (issue 27), which the email package would decode if it
    held encoded-words. Plain printable ASCII is written as it is, anything else as
    encoded-words of its literal text."""
    name = "Subject"

    def __init__(self, text: str):
        self.text = clean_header(text)

    def __str__(self) -> str:
        return self.text if PLAIN_TEXT.fullmatch(self.text) else encoded_words(self.text)

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


class BadAddress(ValueError):
    """A seat's address that is not one plain ASCII addr-spec: no mail goes to it."""


def single_address(address: str | None) -> str:
    """The address itself when it is exactly one ASCII addr-spec (no list, no name,
    no line break), else BadAddress."""
    if not address or not ADDR_SPEC.fullmatch(address):
        raise BadAddress(f"not a single plain e-mail address: {address!r}")
    return address


def elsewhere(address: str | None, domain: str) -> str:
    """A seat's single address, never one in the service's own mail domain (no mail loops)."""
    if single_address(address).lower().endswith("@" + domain.lower()):
        raise BadAddress(f"{address!r} is in the service's own mail domain")
    return address


def clean_header(value: str | None) -> str:
    """A header value taken from elsewhere (a player's name, a received mail): control
    characters (CR, LF, NUL...) become spaces."""
    return CONTROL.sub(" ", value or "").strip()


def build(mail: Mail, mail_from: str, domain: str, public_url: str) -> EmailMessage:
    """The message, its own words (subject, footer, help) in the seat's language."""
    with i18n.speaking(mail.language):
        return built(mail, mail_from, domain, public_url)


def built(mail: Mail, mail_from: str, domain: str, public_url: str) -> EmailMessage:
    message = EmailMessage(policy=POLICY)
    message["From"] = mail_from
    message["To"] = Recipient(clean_header(mail.seat_name), elsewhere(mail.to, domain))
    message["Subject"] = Subject(subject_line(mail))
    message["Date"] = formatdate(localtime=False)
    root = thread_root(mail, domain)
    message["Message-ID"] = root if mail.starts_thread else message_id(mail, domain)
    message["Auto-Submitted"] = mail.automatic
    message["X-Auto-Response-Suppress"] = "All"
    if not mail.starts_thread:
        message["In-Reply-To"] = mail.in_reply_to or root
        message["References"] = " ".join(dict.fromkeys(filter(None, [root, mail.in_reply_to])))
    if mail.reply_to:
        message["Reply-To"] = mail.reply_to
        message["List-Unsubscribe"] = unsubscribe(mail.reply_to)
    image = html_part.png(mail.picture_svg) if mail.picture_svg else None
    picture = html_part.picture_id(mail.picture_svg, domain) if image else None
    plain, markup = to_text(mail, public_url), to_html(mail, public_url, picture)
    message.set_content(plain, cte=transfer_encoding(plain))
    message.add_alternative(markup, subtype="html", cte=transfer_encoding(markup))
    if image:
        message.get_payload()[1].add_related(image, maintype="image", subtype="png",
                                             cid=f"<{picture}>", filename="board.png")
    return message


def plain_message(to: str, subject: str, text: str, mail_from: str, domain: str,
                  automatic: str) -> EmailMessage:
    """A plain-text mail of the service's own words, to a bare address."""
    message = EmailMessage(policy=POLICY)
    message["From"] = mail_from
    message["To"] = single_address(to)
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = f"<pbem.{secrets.token_hex(8)}@{domain}>"
    message["Auto-Submitted"] = automatic
    message["X-Auto-Response-Suppress"] = "All"
    message.set_content(wrapped(text) + "\n", cte=transfer_encoding(text))
    return message


def letting_go(mail: Mail, text: str, mail_from: str, domain: str) -> EmailMessage:
    """The last mail to a seat's old holder (the seat changed hands): plain text in the
    seat's conversation, its subject and the mail's first line as every game mail has
    them, and nothing of the seat: no Reply-To, no board, no link."""
    message = plain_message(mail.to, subject_line(mail), f"{mail.subject}\n\n{text}",
                            mail_from, domain, "auto-generated")
    message["In-Reply-To"] = message["References"] = thread_root(mail, domain)
    return message


def stray_answer(to: str, subject: str, text: str, mail_from: str, domain: str,
                 in_reply_to: str | None) -> EmailMessage:
    """An answer to mail that belongs to no seat: plain text only, marked auto-replied
    so that no well-behaved auto-responder answers it."""
    message = plain_message(to, subject, text, mail_from, domain, "auto-replied")
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
    return message


def confirmation_request(mail: Mail, mail_from: str, domain: str, public_url: str,
                         code: str) -> EmailMessage:
    """The first mail to a new address (issue 11, finding 4): it asks before anything
    else is sent, and carries nothing a game's creator chose (no names, no options);
    code signs the address in the confirmation link."""
    link = f"{public_url}/v1/mail/confirmations?address={quote(mail.to)}&code={code}"
    with i18n.speaking(mail.language):
        text = _("Someone entered this address for a player of a game of {game} at the turn "
                 "service ({site}). Before it sends you anything else, it asks you.\n\nTo play: "
                 "reply to this mail (for example with `yes`), or open\n{link}\nand press Confirm; "
                 "your invitation follows.\nNot interested: do nothing, and no mail of that game "
                 "comes to you.\nNever want mail from the turn service: reply `stop`.").format(
            game=mail.game_name, site=public_url, link=link)
        subject = _("Please confirm: may the turn service mail you?")
    message = plain_message(elsewhere(mail.to, domain), subject, text, mail_from, domain, "auto-generated")
    message["Reply-To"] = mail.reply_to
    message["List-Unsubscribe"] = unsubscribe(mail.reply_to)
    return message


def unsubscribe(reply_to: str) -> str:
    """The List-Unsubscribe mailto: the `stop` command at the seat's reply address."""
    return f"<mailto:{reply_to}?subject=stop&body=stop>"
