"""Player names go into mail headers literally, never decoded as RFC 2047
encoded-words, and a seat with an odd name gets its mail (issue 11, finding 6)."""
from __future__ import annotations

from email.header import decode_header, make_header

import pytest

ODD_NAMES = ["=?utf-8?q?a=0D=0Ab?=", "Zoë =?utf-8?b?DQpCY2M6IHZAeC50ZXN0?=",
             '"Ada", <ada@x.test>; (Bert)', "=?", "Ωμέγα" * 12]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_seat_with_an_odd_name_is_invited_and_sees_its_name_as_given(conn, inbox, run_jobs, new_game, name):
    players = [{"name": name, "email": "odd@player.test"},
               {"name": "Bert", "email": "bert@player.test"}]
    new_game("pile", players=players)
    run_jobs()
    invitation = inbox.last("odd@player.test")
    assert inbox.recipients[inbox.messages.index(invitation)] == ["odd@player.test"]
    raw_to = dict(invitation.raw_items())["To"]          # as written, before any decoding
    phrase, address = raw_to.rsplit(" <", 1)
    assert address == "odd@player.test>"
    assert str(make_header(decode_header(phrase))) == name     # what a mail reader shows
