"""Issue 14, "An HTML part that helps": the HTML part of a real "your turn" mail (a
Brass: Lancashire game played by mail through the SMTP sink) opened in a real browser
(Debian's Chromium via Selenium) at a phone's width, in light and in dark mode: the
board picture (a PNG attached to the HTML part, `cid:`) is shown, every move is a
mailto link with its cost, the button opens the seat's own signed page, and the text
is light on dark in dark mode. The screenshots are the docs' pictures
(PBEM_SCREENSHOTS=docs: docs/mail-your-turn.png, docs/mail-your-turn-dark.png)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from service.drawing.boards import board_svg
from service.play import load_game
from service.store import Store
from tests.e2e.browser import Browser
from tests.workers.conftest import reply_to, kind
from tests.workers.test_play_by_mail import listed_moves, players
from workers.mail import html_part

PHONE = (430, 900)


def opened_as_a_client_does(message, folder: Path) -> Path:
    """The HTML part written to a file with its related parts beside it, `cid:` links
    pointing at them, as a mail program shows it."""
    html_part = message.get_body(("html",))
    markup = html_part.get_content()
    for part in message.walk():
        if part.get("Content-ID"):
            name = part.get_filename() or "part"
            (folder / name).write_bytes(part.get_content())
            markup = markup.replace(f"cid:{part['Content-ID'].strip('<>')}", name)
    page = folder / "mail.html"
    page.write_text(markup, encoding="utf-8")
    return page


def shot(driver, name: str) -> Path:
    folder = Path(os.environ.get("PBEM_SCREENSHOTS") or tempfile.mkdtemp(prefix="pbem-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(PHONE[0], min(height + 20, 6000))
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def engine_view(conn, game_id: str) -> dict:
    game = load_game(Store(conn), game_id)
    return game.type.engine.view(game.state, None)["public"]


def narrowest(driver, picture, natural: int) -> None:
    """At a 360 px phone (issue 27): the picture is shown at its own width, so its text
    is as large as drawn (no text under 11 px: tests/web/test_stylesheet.py), where the
    720 px picture fitted to the width showed it at 4 px; it pans sideways inside its box,
    the mail itself does not scroll sideways."""
    driver.set_window_size(360, PHONE[1])
    page, screen, box = driver.execute_script("""
return [document.documentElement.scrollWidth, window.innerWidth,
        document.querySelector('.board-pan').getBoundingClientRect().right];""")
    assert picture.size["width"] == natural and page <= screen and box <= screen, (
        picture.size, natural, page, screen, box)


def test_your_turn_mail_html_on_a_phone_in_light_and_dark(conn, inbox, mail_in, run_jobs, new_game, tmp_path):
    seated = players(3)
    game_id = new_game("brass-lancashire", players=seated, seed=12)
    run_jobs()
    for turn in range(4):                       # a few moves by mail, so "since your last turn" tells them
        sender = seated[Store(conn).snapshot(game_id).to_act[0]]["email"]
        mail = inbox.last(sender)
        mail_in(reply_to(mail, [m for m in listed_moves(mail) if m.startswith("build")][turn % 2], sender))
        run_jobs()
    mail = next(m for m in reversed(inbox.messages) if kind(m).endswith("Your turn"))
    assert [p.get_content_type() for p in mail.walk()] == [
        "multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png"]
    page = opened_as_a_client_does(mail, tmp_path)
    browser = Browser()
    try:
        driver = browser.driver
        driver.set_window_size(*PHONE)
        driver.get(page.as_uri())
        picture = driver.find_element("css selector", "img.board")
        natural = driver.execute_script("return arguments[0].naturalWidth", picture)
        assert natural == html_part.picture_width(str(board_svg(
            "brass-lancashire", engine_view(conn, game_id), [p["name"] for p in seated])))
        narrowest(driver, picture, natural)
        driver.set_window_size(*PHONE)
        links = driver.find_elements("css selector", "ul.moves a")
        assert set(listed_moves(mail)) <= {a.text for a in links} and len(links) > 5
        assert all(a.get_attribute("href").startswith("mailto:play+") for a in links)
        assert driver.find_elements("css selector", "ul.moves .cost")
        button = driver.find_element("css selector", "a.button")
        assert "/enter/" in button.get_attribute("href")
        light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        shot(driver, "mail-your-turn")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert light != dark and dark == "rgb(27, 28, 30)"
        shot(driver, "mail-your-turn-dark")
    finally:
        browser.close()


def test_a_board_that_cannot_be_rendered_costs_the_picture_not_the_mail():
    from workers.mail import compose
    mail = compose.Mail(game_id="g1", game_name="Brass: Lancashire", seat=0, seat_name="Ada",
                        to="ada@player.test", version=3, subject="Your turn",
                        picture_svg="<svg this is not", reply_to="play+g1.0.v3.x@games.test")
    mail.add("The board", "Brass: Lancashire, canal era, round 1")
    message = compose.build(mail, "turns@games.test", "games.test", "https://turns.example")
    assert [p.get_content_type() for p in message.walk()] == [
        "multipart/alternative", "text/plain", "text/html"]
    assert "round 1" in message.get_body(("html",)).get_content()
