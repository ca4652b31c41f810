"""Reading a reply (workers/mail/inbound.py) and the reply address: what the player
wrote is found under any common client's quoting; the version answered comes from the
signed reply address alone; machines are recognised."""
from __future__ import annotations

from email.message import EmailMessage

from workers.mail import compose, inbound, reply_address

SECRET, DOMAIN = "s", "games.test"
ADDRESS = reply_address.make(SECRET, DOMAIN, "g.1-x", 2, 7, 0)


def raw(body: str, subtype: str = "plain", **headers) -> bytes:
    message = EmailMessage()
    message["From"] = "Ada <ada@player.test>"
    message["To"] = ADDRESS
    message["Subject"] = headers.pop("Subject", "Re: [Pile g.1-x v7] Your turn")
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body, subtype=subtype)
    return bytes(message)


def test_reply_address_round_trip_and_forgery():
    local, _, domain = ADDRESS.partition("@")
    prefix, _, mac = local.rpartition(".")
    found = reply_address.find(f"Ada <{prefix.replace('play', 'Play')}.{mac.upper()}@{domain}>")
    assert (found.game_id, found.seat, found.version) == ("g.1-x", 2, 7)
    assert reply_address.is_genuine(SECRET, found, 0)
    assert not reply_address.is_genuine("other secret", found, 0)
    assert not reply_address.is_genuine(SECRET, reply_address.ReplyAddress("g.1-x", 1, 7, found.mac, DOMAIN), 0)
    assert not reply_address.is_genuine(SECRET, reply_address.ReplyAddress("g.1-x", 2, 8, found.mac, DOMAIN), 0)
    assert not reply_address.is_genuine(SECRET, found, 1)        # the seat changed hands since
    taken = reply_address.find(reply_address.make(SECRET, DOMAIN, "g.1-x", 2, 7, 1))
    assert reply_address.is_genuine(SECRET, taken, 1) and not reply_address.is_genuine(SECRET, taken, 0)


def test_moves_above_the_quote_and_signature_are_read():
    reply = inbound.parse(raw("play 3\npass\n\n-- \nAda\nSent with love\n\n"
                              "On Mon, Turns wrote:\n> play 5\n> moves\n"))
    assert reply.moves == ["play 3", "pass"] and reply.commands == []
    assert reply.address.game_id == "g.1-x" and reply.sender == "ada@player.test"


def test_outlook_and_german_quote_headers_end_the_reply():
    assert inbound.parse(raw("pass\n-----Original Message-----\nplay 2\n")).moves == ["pass"]
    assert inbound.parse(raw("pass\nAm 3. März schrieb Turns <t@x>:\nplay 2\n")).moves == ["pass"]
    assert inbound.parse(raw("pass\nFrom: Turns <t@x>\nSent: today\nplay 2\n")).moves == ["pass"]


def test_commands_are_told_from_moves():
    reply = inbound.parse(raw("status\nmoves play\nhelp\ndigest 12\nplay 4\n"))
    assert reply.commands == [("status", ""), ("moves", "play"), ("help", ""), ("digest", "12")]
    assert reply.moves == ["play 4"]


def test_version_comes_from_the_reply_address_not_from_headers_or_body():
    answered = "<pbem.g.1-x.2.v12.abc@games.test>"
    assert inbound.parse(raw("pass", In_Reply_To=answered, Subject="Re: [Pile g.1-x v9] x")).version == 7
    reply = inbound.parse(raw("version 9\npass"))
    assert reply.version == 7 and reply.moves == ["version 9", "pass"]


def test_html_only_reply_is_read_without_the_blockquote():
    body = "<div>play 3</div><blockquote>play 5<br>pass</blockquote>"
    assert inbound.parse(raw(body, subtype="html")).moves == ["play 3"]


def test_html_reply_drops_nested_quotes_the_head_and_the_gmail_quote():
    body = ("<html><head><title>Re: your turn</title><style>p {}</style></head><body>"
            "<p>play 3</p><blockquote>play 5<blockquote>play 6</blockquote>play 7</blockquote>"
            "<div class=\"gmail_quote\">On Mon, Turns wrote:<div>play 8</div></div></body></html>")
    assert inbound.parse(raw(body, subtype="html")).moves == ["play 3"]


def test_non_breaking_and_repeated_spaces_read_as_one_space():
    assert inbound.parse(raw("<p>play&nbsp;3</p>", subtype="html")).moves == ["play 3"]
    assert inbound.parse(raw("moves \t play\n")).commands == [("moves", "play")]


def test_machines_are_recognised():
    assert inbound.parse(raw("x", Auto_Submitted="auto-replied")).automatic
    assert inbound.parse(raw("x", Precedence="junk")).automatic
    assert inbound.parse(raw("x", List_Id="<list.example>")).automatic
    assert inbound.parse(raw("x"), envelope_from="<>").automatic
    assert not inbound.parse(raw("x", Auto_Submitted="no")).automatic


def test_bounce_and_do_not_reply_senders_are_machines_but_response_suppression_is_not():
    for sender in ("bounces+123@lists.test", "do-not-reply@shop.test", "DoNotReply@bank.test"):
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = sender, ADDRESS, "x"
        message.set_content("pass")
        assert inbound.parse(bytes(message)).automatic, sender
    assert not inbound.parse(raw("pass", X_Auto_Response_Suppress="All")).automatic


def test_many_legal_moves_are_shortened_by_kind():
    moves = [f"build town{i} cotton" for i in range(50)] + ["pass"]
    text = compose.shorten_moves(moves)
    assert text.startswith("51 legal moves")
    assert "build: 50 moves" in text and "reply `moves build` for all 50" in text
    assert "pass: 1 move," in text              # issue 20, finding 6: plural forms right
    assert compose.shorten_moves(moves[:3]).count("\n") == 2


def test_without_inbound_mail_secret_a_random_one_is_made_once(conn, monkeypatch):
    from service.mail.config import MailConfig
    monkeypatch.delenv("INBOUND_MAIL_SECRET", raising=False)
    first, again = MailConfig.from_env(conn).secret, MailConfig.from_env(conn).secret
    assert first == again and len(first) == 64
    conn.flushdb()
    assert MailConfig.from_env(conn).secret != first
