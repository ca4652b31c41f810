"""Issue 25, point 6: a webhook target written as an IPv6 form of an IPv4 address (NAT64,
6to4, Teredo, IPv4-mapped, -translated, -compatible) is judged by the IPv4 address it
carries: refused when that is loopback, private, link-local, shared, reserved or
multicast, taken when it is public. RFC 8215's local-use NAT64 prefix is refused
whole. At creation (422 naming `url`) and again at delivery, where the name is
resolved once and the address connected to is the one checked (DNS rebinding to a
NAT64 form of loopback reaches nothing: `dns`, a resolver hook, answers in turn)."""
from __future__ import annotations

import ipaddress

import pytest

from service import webhooks
from tests.workers.test_webhooks import (client, deliver, dns,  # noqa: F401 (fixtures)
                                         rebound_deliveries, receiver, sign_up)

INTERNAL = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.0.1", "169.254.169.254",
            "100.64.0.1", "0.0.0.0", "192.0.2.1", "224.0.0.1", "255.255.255.255"]
PUBLIC = ["93.184.216.34", "8.8.8.8"]
ELSEWHERE = ipaddress.IPv4Address("1.1.1.1")       # the other end of a Teredo tunnel


def teredo(server: ipaddress.IPv4Address, client: ipaddress.IPv4Address) -> int:
    """2001:0::/32, the Teredo server, flags and port (0 here), the client inverted."""
    return (0x2001_0000 << 96) | (int(server) << 64) | (int(client) ^ 0xFFFF_FFFF)


FORMS = {   # name -> the IPv6 address that stands for the IPv4 address v4
    "NAT64 64:ff9b::/96": lambda v4: int(webhooks.NAT64.network_address) | int(v4),
    "6to4 2002::/16": lambda v4: (0x2002 << 112) | (int(v4) << 80) | 1,
    "Teredo client": lambda v4: teredo(ELSEWHERE, v4),
    "Teredo server": lambda v4: teredo(v4, ELSEWHERE),
    "IPv4-mapped ::ffff:0:0/96": lambda v4: (0xFFFF << 32) | int(v4),
    "IPv4-translated ::ffff:0:0:0/96": lambda v4: (0xFFFF << 48) | int(v4),
    "IPv4-compatible ::/96": lambda v4: int(v4),
}


def written(form: str, v4: str) -> str:
    return str(ipaddress.IPv6Address(FORMS[form](ipaddress.IPv4Address(v4))))


@pytest.mark.parametrize("form", FORMS)
def test_each_ipv6_form_of_an_internal_ipv4_address_is_refused(form):
    for v4 in INTERNAL:
        assert webhooks.unsafe_address(written(form, v4)), (form, v4, written(form, v4))


@pytest.mark.parametrize("form", FORMS)
def test_each_ipv6_form_of_a_public_ipv4_address_is_judged_by_it_and_taken(form):
    for v4 in PUBLIC:
        address = ipaddress.IPv6Address(written(form, v4))
        assert ipaddress.IPv4Address(v4) in webhooks.carried(address), (form, address)
        assert not webhooks.unsafe_address(str(address)), (form, v4, address)


def test_the_forms_the_issue_found_are_refused_and_plain_addresses_judged_as_before():
    for address in ("64:ff9b::7f00:1", "2002:7f00:1::", "::ffff:127.0.0.1", "::1", "::",
                    "fe80::1%eth0", "fc00::1", "ff02::1", "2001:db8::1"):
        assert webhooks.unsafe_address(address), address
    for address in ("2606:4700:4700::1111", "2a00:1450:4001:82b::200e", "93.184.216.34"):
        assert not webhooks.unsafe_address(address), address
    assert webhooks.carried(ipaddress.IPv6Address("2606:4700:4700::1111")) is None


def test_local_use_nat64_is_refused_whatever_it_carries():
    for v4 in PUBLIC + INTERNAL:
        local = int(webhooks.LOCAL_NAT64.network_address) | int(ipaddress.IPv4Address(v4))
        assert webhooks.unsafe_address(str(ipaddress.IPv6Address(local))), v4


def test_creation_refuses_a_url_on_an_ipv6_form_of_loopback(client, monkeypatch):
    ada, auth = sign_up(client)
    monkeypatch.delenv("PBEM_DEVELOPMENT")
    for form in FORMS:
        url = f"http://[{written(form, '127.0.0.1')}]:8080/hook"
        answer = client.post("/v1/players/me/webhooks", headers=auth, json={"url": url})
        assert answer.status_code == 422, (form, answer.json)
        assert answer.json["errors"][0]["field"] == "url"
        assert "internal address" in answer.json["errors"][0]["message"]
    public = client.post("/v1/players/me/webhooks", headers=auth, json={
        "url": f"http://[{written('NAT64 64:ff9b::/96', '93.184.216.34')}]/hook"})
    assert public.status_code == 201, public.json


def test_a_name_rebound_to_nat64_or_6to4_loopback_after_the_check_is_refused_at_delivery(
        client, receiver, deliver, dns, monkeypatch):
    box = receiver()
    player = sign_up(client)
    monkeypatch.delenv("PBEM_DEVELOPMENT")
    errors = rebound_deliveries(client, deliver, dns, box, player,
                                "64:ff9b::7f00:1", "2002:7f00:1::")
    assert all("internal address" in e for e in errors), errors
