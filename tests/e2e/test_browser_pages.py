"""Issue 16, "Players see the board": games played by clicking through the pages in a
real browser (Debian's Chromium under Selenium) against real gunicorn and rq workers.
Each player has a browser of their own; the seat to act finds its moves on a page that
updated itself (the event stream), never reloaded by the test."""
from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from service.play import load_game
from service.store import Store
from tests.e2e.browser import Browser

WAIT = 30              # seconds: the CPU is shared with other test runs


@pytest.fixture
def browsers():
    opened: list[Browser] = []

    def open_browser() -> Browser:
        opened.append(Browser())
        return opened[-1]
    try:
        yield open_browser
    finally:
        for browser in opened:
            browser.close()


def create(browser: Browser, base: str, game: str, names: list[str]) -> tuple[str, list[str]]:
    """The home page's form: the game's id and its seats' signed links."""
    driver = browser.driver
    driver.get(base + "/")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    for field, name in zip(driver.find_elements(By.NAME, "player"), names):
        field.send_keys(name)
    driver.find_element(By.ID, "create").click()
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a.seat-link")]
    assert len(links) == len(names), driver.page_source[:600]
    return links[0].split("/")[4], links


def enter(browser: Browser, link: str) -> None:
    """The seat's link signs the browser in and leaves no credential in the address bar."""
    browser.driver.get(link)
    assert browser.driver.current_url.endswith("/seat") and "/enter/" not in browser.driver.current_url
    cookie = browser.driver.get_cookie("pbem_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"


def shown_version(driver) -> int:
    return int(driver.find_element(By.ID, "status").get_attribute("data-version"))


def await_turn(driver, version: int) -> None:
    """The page shows `version` and a moves form, by itself (no reload from the test)."""
    WebDriverWait(driver, WAIT).until(
        lambda d: shown_version(d) == version and d.find_elements(By.ID, "moves"))


def flash(driver, kind: str) -> str:
    """The message of kind `kind` the page shows (the page's text, if none)."""
    shown = driver.find_elements(By.CSS_SELECTOR, f".flash.{kind}")
    return shown[0].text if shown else driver.find_element(By.TAG_NAME, "body").text[:400]


def click_move(driver, prefer: tuple[str, ...] = ()) -> None:
    """Click a move (the first of the first preferred action there is) and wait for the
    page the form leads to."""
    driver.execute_script("window.clicked = true;"
                          "document.querySelectorAll('#moves details').forEach(d => d.open = true)")
    buttons = [b for action in prefer
               for b in driver.find_elements(By.XPATH, f"//fieldset[legend='{action}']//button")]
    (buttons or driver.find_elements(By.CSS_SELECTOR, "#moves button.move"))[0].click()
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return document.readyState === 'complete' && !window.clicked"))


def own_hand_shown(driver, game, seat: int) -> None:
    """The seat's page shows its own private view (its hand), as the engine gives it."""
    private = game.type.engine.view(game.state, seat)["private"]
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#hand dd.private")]
    assert shown == [", ".join(map(str, v)) if isinstance(v, list) else str(v)
                     for v in private.values()]


def play_by_clicking(store: Store, game_id: str, players: list[Browser], most: int,
                     prefer: tuple[str, ...] = ()) -> None:
    """Up to `most` moves, each clicked by the seat to act on its own page."""
    for _ in range(most):
        game = load_game(store, game_id)
        if game.snapshot.status == "finished":
            return
        seat = game.snapshot.to_act[0]
        driver = players[seat].driver
        await_turn(driver, game.snapshot.version)
        own_hand_shown(driver, game, seat)
        click_move(driver, prefer)
        assert flash(driver, "applied").startswith("Played: ")


def test_pile_played_whole_by_clicking(service, browsers, redis_conn_e2e):
    """A whole game of the test game "pile", two browsers; refusals shown with their reason;
    the result on both seats' pages and the spectator's."""
    store = Store(redis_conn_e2e)
    alice, bob = browsers(), browsers()
    game_id, links = create(alice, service.base, "pile", ["Alice", "Bob"])
    enter(alice, links[0])
    enter(bob, links[1])
    first = load_game(store, game_id).snapshot.to_act[0]
    driver = (alice, bob)[first].driver
    await_turn(driver, 0)

    driver.execute_script("document.querySelector('#moves [name=expected_version]').value = '7'")
    click_move(driver)
    assert "expected_version 7 but the game is at 0" in flash(driver, "rejected")
    await_turn(driver, 0)
    driver.execute_script("document.querySelector('#moves button.move').value = "
                          "'{\"action\": \"play\", \"card\": 9}'")
    click_move(driver)
    assert "not a legal move" in flash(driver, "rejected")
    driver.execute_script("document.querySelector('#moves [name=csrf]').value = 'forged'")
    click_move(driver)
    assert "CSRF" in driver.page_source and load_game(store, game_id).snapshot.version == 0
    driver.back()

    players = [alice, bob]
    play_by_clicking(store, game_id, players, most=40)
    game = load_game(store, game_id)
    assert game.snapshot.status == "finished"
    scores = game.snapshot.result["scores"]
    for browser in players:
        WebDriverWait(browser.driver, WAIT).until(lambda d: d.find_elements(By.ID, "result"))
        assert f"Alice ({scores[0]})" in browser.driver.find_element(By.ID, "result").text
    alice.driver.get(f"{service.base}/games/{game_id}")
    log = alice.driver.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(log) == game.snapshot.version
    assert re.match(r"(Alice|Bob): (play \d|pass)", log[-1].text)


def test_brass_turns_by_clicking_and_the_board(service, browsers, redis_conn_e2e):
    """Brass: Lancashire, the first turns played by clicking (builds preferred), the board
    drawn with the tiles built; the pictures are the README's (PBEM_SCREENSHOTS=docs/screenshots)."""
    store = Store(redis_conn_e2e)
    players = [browsers(), browsers()]
    game_id, links = create(players[0], service.base, "brass-lancashire", ["Ada", "Brunel"])
    for browser, link in zip(players, links):
        enter(browser, link)
    play_by_clicking(store, game_id, players, most=6, prefer=("build",))
    game = load_game(store, game_id)
    tiles = [t for slots in game.state.board.values() for t in slots if t]
    assert tiles, "a build was clicked"
    spectator = players[0].driver
    spectator.get(f"{service.base}/games/{game_id}")
    svg = spectator.find_element(By.CSS_SELECTOR, "svg.board")
    described = " ".join(g.get_attribute("aria-label") for g in svg.find_elements(By.TAG_NAME, "g"))
    for tile in tiles:
        owner = ("Ada", "Brunel")[tile["owner"]]
        assert f"{owner}'s {tile['industry'].replace('_', ' ')} level {tile['level']}" in described
    assert "Provisional layout" in svg.text
    players[0].screenshot("brass-lancashire-spectator")
    seat = game.snapshot.to_act[0]
    players[seat].driver.get(f"{service.base}/games/{game_id}/seat")
    players[seat].screenshot("brass-lancashire-seat")
