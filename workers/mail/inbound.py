"""Reading a reply (issue 4, "In: moves by reply"): a raw RFC 5322 message becomes the
reply address it was sent to (which names the version it answers), the sender, whether
it was sent by a machine (auto-responders are never answered), and the lines the player
wrote: commands (`status`, `moves`, `help`, `say ...`, `tell NAME ...`, ...) and moves in the game's notation. Quoted
text, signatures, "Sent from my phone" and the clients' quote headers are dropped: "On ...
wrote:" and its German, French, Spanish and Dutch forms, on one line or wrapped (issue 20,
finding 2)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from workers.mail import reply_address
from workers.mail.compose import clean_header
from workers.mail.reply_address import ReplyAddress

COMMANDS = {"status", "moves", "help", "mute", "unmute", "digest", "vacation", "back", "notify",
            "yes", "confirm", "stop", "unsubscribe", "say", "tell", "resign", "accept",
            "decline", "messages", "end", "take", "agree", "refuse", "language"}
# the commands in German (issue 31), read as the English ones they stand for
GERMAN_COMMANDS = {"hilfe": "help", "züge": "moves", "zuege": "moves", "stumm": "mute",
                   "laut": "unmute", "sammeln": "digest", "urlaub": "vacation", "zurück": "back",
                   "zurueck": "back", "benachrichtige": "notify", "ja": "yes", "bestätige": "confirm",
                   "stopp": "stop", "abmelden": "unsubscribe", "sag": "say", "sage": "say",
                   "sag's": "say", "flüstere": "tell", "aufgeben": "resign", "sprache": "language"}
WHOLE_LINE = {"moves", "say", "tell"}    # commands whose argument is the rest of the line
# `end` with one of its words is the end vote (workers/mail/intake.py); with any other
# ("end sale", a move of Age of Industry) the line is a move
END_WORDS = {"game": True, "agree": True, "yes": True, "refuse": False, "no": False}
STOP = {"stop", "unsubscribe"}           # never mail this address again (service/mail/consent.py)
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "To", "Cc", "Envelope-To")
# Where the quoted mail begins, as common clients write it in English, German, French,
# Spanish and Dutch: "On ... wrote:", "Am ... schrieb ...:", "Le ... a écrit :",
# "El ... escribió:", "Op ... schreef ...:" (on one line or wrapped onto up to three),
# Outlook's "From:"/"Von:"/"De :"/"Van:" block and "-----Original Message-----" rules.
WROTE = r"(wrote|schrieb|a\s+[ée]crit|escribi[óo]|schreef)"
QUOTE_HEADER = re.compile(
    rf"^(.*\b{WROTE}\b.*:|-+\s*(original message|urspr[üu]ngliche nachricht|message d'origine"
    r"|mensaje original|oorspronkelijk bericht)\s*-+|_{10,}"
    r"|(from|von|de|van)\s?:\s.*)$", re.IGNORECASE)
WRAPPED_OPENER = re.compile(r"^(on|am|le|el|op)\s|^\d{1,4}[./-]\d", re.IGNORECASE)
WRAPPED_LINES = 3
SENT_FROM = re.compile(r"^(sent from my|gesendet von|von meinem \S+ gesendet|envoy[ée] de mon"
                       r"|enviado desde mi|verzonden (vanaf|met) mijn)\b.*$", re.IGNORECASE)
SIGNATURE = re.compile(r"^(--|-- )$")
MACHINE_SENDERS = ("mailer-daemon", "postmaster", "noreply", "no-reply", "donotreply",
                   "do-not-reply", "do_not_reply")
MESSAGE_ID = re.compile(r"<[^<>\s]+>")


@dataclass
class Reply:
    address: ReplyAddress | None
    sender: str
    subject: str
    message_id: str
    version: int | None          # from the signed reply address: checked, not trusted
    automatic: bool
    commands: list[tuple[str, str]] = field(default_factory=list)   # (command, argument)
    moves: list[str] = field(default_factory=list)


def is_command(command: str, argument: str) -> bool:
    """Whether a line of that first word (in English) and rest is a command, not a move."""
    if command == "end" and argument.strip():
        return argument.strip().lower() in END_WORDS
    return command in COMMANDS and (command in WHOLE_LINE or len(argument.split()) <= 2)


def parse(raw: bytes, envelope_to: list[str] = (), envelope_from: str | None = None) -> Reply:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    lines = written_lines(body_text(message))
    commands, moves = [], []
    for line in lines:
        word, _, argument = line.partition(" ")
        command = GERMAN_COMMANDS.get(word.lower(), word.lower())
        if is_command(command, argument):
            commands.append((command, argument.strip()))
        else:
            moves.append(line)
    address = find_address(message, envelope_to)
    message_id = MESSAGE_ID.search(header(message, "Message-ID"))
    return Reply(
        address=address,
        sender=parseaddr(header(message, "From"))[1],
        subject=header(message, "Subject"),
        message_id=message_id.group(0) if message_id else "",
        version=address.version if address else None,
        automatic=is_automatic(message, envelope_from),
        commands=commands, moves=moves)


def header(message: EmailMessage, name: str) -> str:
    """A header of a received mail, never with line breaks or other control characters
    (they would end up in an answer's headers); "" when it cannot be read at all."""
    try:
        return clean_header(str(message.get(name, "")))
    except Exception:                 # a malformed header the parser chokes on
        return ""


def find_address(message: EmailMessage, envelope_to) -> ReplyAddress | None:
    candidates = list(envelope_to)
    for name in RECIPIENT_HEADERS:
        candidates += [addr for _, addr in getaddresses(
            [str(value) for value in message.get_all(name, [])])]
    for candidate in candidates:
        if found := reply_address.find(candidate):
            return found
    return None


def is_automatic(message: EmailMessage, envelope_from: str | None) -> bool:
    """RFC 3834 and common practice: an automatic message is never answered.
    (X-Auto-Response-Suppress only asks others not to answer; it says nothing of how
    the mail was written.)"""
    if envelope_from is not None and envelope_from.strip("<> ") == "":
        return True                                   # a bounce: null reverse-path
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    if auto and auto != "no":
        return True
    if str(message.get("Precedence", "")).strip().lower() in ("bulk", "junk", "list"):
        return True
    if any(message.get(name) for name in ("List-Id", "X-Autoreply", "X-Autorespond")):
        return True
    local = parseaddr(header(message, "From"))[1].lower().split("@")[0]
    return local in MACHINE_SENDERS or local.startswith("bounce")


def body_text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except (LookupError, ValueError, AssertionError):       # unknown charset, broken part
        text = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
    if part.get_content_type() == "text/html":
        text = html_text(text)
    return text


class HTMLText(HTMLParser):
    """The text a player wrote in an HTML mail: quoted parts (blockquote, Gmail's
    div.gmail_quote), the head, styles and scripts left out; blocks become lines."""
    SKIP = {"blockquote", "head", "title", "style", "script"}
    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"}
    VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "area", "base", "col", "source"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[tuple[str, bool]] = []         # (tag, skipped) of open elements

    def skipping(self) -> bool:
        return any(skipped for _, skipped in self.open)

    def handle_starttag(self, tag, attrs):
        if tag in self.BLOCKS:
            self.parts.append("\n")
        if tag in self.VOID:
            return
        quote = tag == "div" and "gmail_quote" in (dict(attrs).get("class") or "")
        self.open.append((tag, tag in self.SKIP or quote))

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth][0] == tag:
                del self.open[depth:]
                break
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping():
            self.parts.append(data)


def html_text(markup: str) -> str:
    parser = HTMLText()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def written_lines(text: str) -> list[str]:
    """What the player wrote: up to the first quote header (one line, or an opener
    like "On ..." wrapped onto the next lines) or signature, without quoted ('>')
    lines and blank lines."""
    lines = []
    raws = text.replace("\r\n", "\n").split("\n")
    spaced = [" ".join(raw.split()) for raw in raws]   # any run of white space (tabs, NBSP) as one space
    for number, (raw, line) in enumerate(zip(raws, spaced)):
        if SIGNATURE.match(raw.rstrip("\n")) or SIGNATURE.match(line) or quote_begins(spaced, number):
            break
        if line and not line.startswith(">"):
            lines.append(line)
    return lines


def quote_begins(lines: list[str], number: int) -> bool:
    line = lines[number]
    if QUOTE_HEADER.match(line) or SENT_FROM.match(line):
        return True
    if not WRAPPED_OPENER.match(line):
        return False
    return any(QUOTE_HEADER.match(" ".join(lines[number:end]))
               for end in range(number + 2, min(len(lines), number + WRAPPED_LINES) + 1))
