"""Issue 16, "Players see the board": games played by clicking through the pages in a
real browser (Debian's Chromium under Selenium) against real gunicorn and rq workers.
Each player has a browser of their own (its own cookies); a move is made by walking the
seat's choices (action → card → place → source: links, then the button that plays a
move; in a whole game, a sample of the moves, each kind of decision among them, the rest
played through the store: play_whole_game). Every page a seat sees is checked to show
its own hand and no other seat's.
The pictures in docs/screenshots are made here (PBEM_SCREENSHOTS=docs/screenshots)."""
from __future__ import annotations

import random
import re
from contextlib import contextmanager

import pytest
from selenium.common.exceptions import JavascriptException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from service.bench.pages import advance, play_turn
from service.mail import settings
from service.play import load_game
from service.store import Store
from service.web import panel
from tests.e2e.browser import WINDOW, Browser

WAIT = 30              # seconds: the CPU is shared with other test runs
POLL = 0.05            # seconds between looks at a page that is loading
AWAIT = 2              # seconds a watch in a page may take before the driver looks itself
SAMPLE_EVERY = 20      # besides the moves play_whole_game must click, every 20th is clicked
# a whole game clicks hundreds of moves from one address: the turn limit is raised
SERVER_ENV = {"PBEM_LIMIT_TURNS": "10000 per minute; 100000 per hour"}



# Which choice a player clicks: the one starting with the first of these words there
# is, else the first choice; a rule, so that a game fills its board and ends.
def builder(_public: dict, _seat: int) -> tuple[str, ...]:
    return ("build", "connect", "develop")


def first_choice(_public: dict, _seat: int) -> tuple[str, ...]:
    return ()


def industrialist(public: dict, seat: int) -> tuple[str, ...]:
    """Age of Industry: builds, rails and sales; one loan when short of money."""
    player = public["players"][seat]
    short = player["money"] < 10 and player["loans"] < 1
    return ("build", "rail", "sell") + (("loan",) if short else ()) + ("pass",)


def bidder(_public: dict, _seat: int) -> tuple[str, ...]:
    """Industry: auctions and developments; passes rather than bids."""
    return ("develop", "auction", "done", "pass")


@pytest.fixture(scope="module")
def pool():
    """Browsers kept for the module: player i of every game uses the i-th."""
    opened: list[Browser] = []

    def browsers(count: int) -> list[Browser]:
        while len(opened) < count:
            opened.append(Browser())
            opened[-1].driver.set_script_timeout(AWAIT)
        return opened[:count]
    try:
        yield browsers
    finally:
        for browser in opened:
            browser.close()


def create(browser: Browser, base: str, game: str, names: list[str],
           options: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The home page's form: the game's id and its seats' signed links."""
    driver = browser.driver
    driver.get(base + "/")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    for field, name in zip(driver.find_elements(By.NAME, "player"), names):
        field.send_keys(name)
    for name, value in (options or {}).items():
        Select(driver.find_element(By.ID, f"option-{game}-{name}")).select_by_value(value)
    driver.find_element(By.ID, "create").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.seat-link"))
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
    return int(driver.execute_script("return document.getElementById('status').dataset.version"))


def await_turn(driver, version: int) -> None:
    """The page shows `version` and the seat's choices, by itself (no reload from the test)."""
    WebDriverWait(driver, WAIT).until(
        lambda d: shown_version(d) == version and d.execute_script(
            "return document.getElementById('moves') !== null"))


def flash(driver, kind: str) -> str:
    """The message of kind `kind` the page shows (the page's text, if none)."""
    shown = driver.find_elements(By.CSS_SELECTOR, f".flash.{kind}")
    return shown[0].text if shown else driver.find_element(By.TAG_NAME, "body").text[:400]


def hands(game, seat: int) -> tuple[list[str], list[str]]:
    """The seat's private view as its page writes it (each entry a row of cards, said
    as their printed names joined), and every entry of every other seat's private view,
    of any size (a one-card hand too), as a page would write it, unless it equals the
    seat's own entry of that name. The page's private elements must show the first and
    none of the second; that no part of the page depends on what the seat cannot know,
    in all four games, is checked on the app (tests/web/test_pages.py, the page
    rendered again after it is dealt anew)."""
    engine, type_id = game.type.engine, game.type.id
    words = game.type.presented([s.name for s in game.record.seats])
    own = engine.view(game.state, seat)["private"]
    others = [", ".join(held.cards) for other in range(len(game.record.seats)) if other != seat
              for key, held in zip(engine.view(game.state, other)["private"],
                                   panel.hand(type_id, engine.view(game.state, other)["private"], words))
              if engine.view(game.state, other)["private"][key] != own.get(key)]
    return [", ".join(held.cards) for held in panel.hand(type_id, own, words)], others


# In one call (the page is checked where it is, not copied out): the hand shown, the
# other seats' hands found in the page's private elements, then the choice to click: the
# one starting with the first preferred word there is (in any case: an action's label
# is "Build"), else the first.
STEP = """
const [prefer, others] = arguments;
const said = row => [...row.querySelectorAll('li.card')].map(li => li.textContent).join(', ');
const shown = [...document.querySelectorAll('#hand ul.private')].map(said);
const written = [...document.querySelectorAll('.private')].map(said);
const leaked = others.filter(hand => written.includes(hand));
window.clickedMain = document.querySelector('main');
const items = [...document.querySelectorAll('ul.choices > li')];
const item = prefer.map(w => items.find(li => li.textContent.trim().toLowerCase().startsWith(w)))
             .find(li => li) || items[0];
return [shown, leaked, item.querySelector('button.move, a.step')];
"""


# The page a click leads to is shown (loaded, or put in place of the page's <main> by its
# script), or the page clicked on shows the API's answer (a refusal before the turn was
# queued) without leaving: its message's [class, text] (empty if none), else null.
LOADED = """
if (document.readyState !== 'complete') return null;
const clicked = window.clickedMain;
if (clicked && clicked.isConnected && !document.querySelector('.flash[data-answer]')) return null;
const shown = document.querySelector('.flash');
return [shown ? shown.className : '', shown ? shown.textContent : ''];
"""
# The same, answered once when it holds: watched in the page, not asked again and again
# by the driver. A document's loading ends with no change to its nodes (readyState turns
# 'complete'), and a script run in a new document may come after its last change: so the
# page's readystatechange and a slow look (0.2 s) wake the check too, besides its changes.
AWAIT_LOADED = """
const done = arguments[arguments.length - 1];
const check = () => { """ + LOADED + """ };
let watch = null, timer = null;
const look = () => {
  const shown = check();
  if (!shown) return;
  watch.disconnect(); clearInterval(timer);
  document.removeEventListener('readystatechange', look);
  done(shown);
};
watch = new MutationObserver(look);
watch.observe(document, {childList: true, subtree: true});
document.addEventListener('readystatechange', look);
timer = setInterval(look, 200);
look();
"""


def loaded(driver) -> list[str]:
    """Wait for the page a click leads to; its message's [class, text] (empty if none).
    A watch in a document that is left (the form without the script) never answers:
    chromedriver 156 ends it by the script's timeout (AWAIT), others by "document
    unloaded"; the page shown is then looked at until it has loaded."""
    try:
        shown = driver.execute_async_script(AWAIT_LOADED)
    except (JavascriptException, TimeoutException):
        shown = None
    return shown or WebDriverWait(driver, WAIT, poll_frequency=POLL).until(
        lambda d: d.execute_script(LOADED))


def play_move(driver, game, seat: int, prefer: tuple[str, ...]) -> None:
    """Walk the choices to a move's button and click it, the hands checked on every
    page on the way; the page after says the move was played. The page's script shows
    a link's step in place, and sends a move's button's move to the API, then shows the
    turn."""
    own, others = hands(game, seat)
    for _ in range(12):
        shown, leaked, control = driver.execute_script(STEP, list(prefer), others)
        assert shown == own and not leaked, (seat, shown, own, leaked)
        was_move = control.tag_name == "button"
        control.click()
        kind, message = loaded(driver)
        if was_move:
            break
    assert "applied" in kind and message.startswith("Played: "), message


def click_choice(driver) -> None:
    """Click the first choice (a form the test has tampered with) and wait for the answer."""
    driver.execute_script("window.clickedMain = document.querySelector('main');"
                          "document.querySelector('ul.choices > li .move, ul.choices a.step').click()")
    loaded(driver)


def play_whole_game(service, store: Store, players: list[Browser], game_id: str, prefer,
                    most: int = 1000, shot: tuple[int, str] | None = None) -> int:
    """Every move of the game, by the seat to act, each chosen by `prefer` (the first
    legal move whose action starts with the first preferred word there is, else the
    first: the rule by which the page's choice is clicked); the number of moves.

    A sample of them is clicked through the seat's choices in its own browser, which
    opens its page when its turn comes: each seat's first move, every kind of decision
    (the actions offered and the one chosen) the first time it comes, every
    SAMPLE_EVERY-th move, and the move that ends the game: these go through the page's
    script, the API and the workers. The others are submitted and resolved through the
    store as the API and a worker do (service.bench.pages.play_turn), in this process: a
    clicked move took about a second, one over the API still 0.1 s, and a game of
    Industry has 284 (issue 33). The page of the seat that clicked last listens
    meanwhile and follows the other seats' moves by itself; the others' pages stop
    listening, so they do not reload at every move. `shot`: before move N (clicked), the
    picture of the seat's page one step into its choices."""
    seat_page = f"{service.base}/games/{game_id}/seat"
    on_page, kinds, seats = None, set(), set()
    for browser in players:
        stop_listening(browser.driver)
    for played in range(most):
        game = load_game(store, game_id)
        assert game.snapshot.status != "finished", "the game ended on a move not clicked"
        engine, seat, version = game.type.engine, game.snapshot.to_act[0], game.snapshot.version
        words = prefer(engine.view(game.state, None)["public"], seat)
        moves = engine.legal_moves(game.state, seat)
        move = chosen(moves, words)
        kind = (frozenset(m.get("action") for m in moves), move.get("action"))
        last = engine.result(engine.apply(game.state, seat, move)[0]) is not None
        if not (last or kind not in kinds or seat not in seats or played % SAMPLE_EVERY == 0
                or (shot and played == shot[0])):
            assert play_turn(store, game, seat, move)["status"] == "applied"
            continue
        kinds.add(kind)
        seats.add(seat)
        driver = players[seat].driver
        if on_page != seat:
            if on_page is not None:
                stop_listening(players[on_page].driver)
            open_page(driver, seat_page)
            on_page = seat
            assert shown_version(driver) == version
        else:                           # the page followed the moves since by itself
            WebDriverWait(driver, WAIT, poll_frequency=POLL).until(
                lambda d, at=version: shown_version(d) == at)
        if shot and played == shot[0]:
            driver.execute_script("window.clickedMain = document.querySelector('main'); document.querySelector("
                                  "'ul.choices a.step').click()")
            loaded(driver)
            players[seat].screenshot(shot[1])
            open_page(driver, seat_page)
        play_move(driver, game, seat, words)
        if load_game(store, game_id).snapshot.status == "finished":
            return played + 1
    raise AssertionError(f"the game did not end in {most} moves")


def chosen(moves: list[dict], prefer: tuple[str, ...]) -> dict:
    """The move the page's choice would be clicked for: the first whose action starts
    with the first preferred word there is (the page lists the actions in the order the
    legal moves first name them, and each level's first choice), else the first."""
    for word in prefer:
        for move in moves:
            if str(move.get("action", "")).lower().startswith(word):
                return move
    return moves[0]


def open_page(driver, page: str) -> None:
    """The seat's page, shown by its own script as when the game moves on (a page of
    ours already open), else loaded."""
    if driver.execute_script("return typeof window.pbemShow") != "function":
        driver.get(page)
        return
    driver.execute_script("window.clickedMain = document.querySelector('main');"
                          "window.pbemShow(arguments[0], 'pushState')", page)
    loaded(driver)


def stop_listening(driver) -> None:
    """The page stops listening for moves, as while its own move is on its way."""
    driver.execute_script("if (window.pbemUpdates) window.pbemUpdates.hold()")


def result_shown(service, store: Store, browser: Browser, game_id: str, names: list[str],
                 shot: str) -> None:
    """The spectator's page shows the result, the whole log in words and the board."""
    game = load_game(store, game_id)
    assert game.snapshot.status == "finished"
    driver = browser.driver
    driver.get(f"{service.base}/games/{game_id}")
    result = driver.find_element(By.ID, "result").text
    for seat, name in enumerate(names):
        assert f"{name} ({game.snapshot.result['scores'][seat]})" in result
    log = driver.find_elements(By.CSS_SELECTOR, "#log li")
    assert len(log) == game.snapshot.version
    assert re.match(rf"({'|'.join(names)}): \w", log[-1].text)
    svg = driver.find_element(By.CSS_SELECTOR, "svg.board")
    assert "Provisional" in svg.text
    browser.screenshot(shot, ".board-wrap")


def test_pile_refusals_and_a_page_that_updates_itself(service, pool, redis_conn_e2e):
    """The test game "pile", two browsers. The page sends a move to the API
    (POST /v1/games/{id}/turns, its session cookie and CSRF header): refusals shown
    with their reason, a forged CSRF token refused; a move made by keyboard. The page
    of the seat waiting updates itself when the other moves: without EventSource by
    polling the game with its ETag, without fetch by the event stream alone; and
    without fetch the move's form posts itself (the page with JavaScript's help gone).
    Played to its end."""
    store = Store(redis_conn_e2e)
    players = pool(2)
    game_id, links = create(players[0], service.base, "pile", ["Alice", "Bob"])
    for browser, link in zip(players, links):
        enter(browser, link)
    seat_page = f"{service.base}/games/{game_id}/seat"
    first = load_game(store, game_id).snapshot.to_act[0]
    driver, other = players[first].driver, players[1 - first].driver
    await_turn(driver, 0)

    driver.execute_script("document.querySelector('#moves [name=expected_version]').value = '7'")
    click_choice(driver)
    assert "expected_version 7 but the game is at 0" in flash(driver, "rejected")
    driver.execute_script("document.querySelector('#moves [name=expected_version]').value = '0';"
                          "document.querySelector('#moves button.move').value = "
                          "'{\"action\": \"play\", \"card\": 9}'")
    click_choice(driver)
    assert "not a legal move" in flash(driver, "rejected")
    driver.get(seat_page)
    driver.execute_script("document.querySelector('#moves [name=csrf]').value = 'forged'")
    click_choice(driver)
    assert "CSRF" in flash(driver, "rejected") and load_game(store, game_id).snapshot.version == 0
    driver.get(seat_page)

    # the waiting seat's browser has no EventSource: its page polls the game (ETag)
    with without(other, "EventSource", seat_page):
        by_keyboard(driver)
        WebDriverWait(other, WAIT).until(lambda d: shown_version(d) == 1)
    # the waiting seat's browser has no fetch: its page hears of the move on the stream
    with without(driver, "fetch", seat_page):
        play_move(other, load_game(store, game_id), 1 - first, ())
        await_turn(driver, 2)
        # and, without fetch, the move's form posts itself to the page's route
        play_move(driver, load_game(store, game_id), first, ())
    play_whole_game(service, store, players, game_id, first_choice)
    scores = load_game(store, game_id).snapshot.result["scores"]
    for browser in players:
        browser.driver.get(seat_page)
        assert f"Alice ({scores[0]})" in browser.driver.find_element(By.ID, "result").text


@contextmanager
def without(driver, name: str, page: str):
    """While inside, the browser's pages lack window.`name` (`page` is opened so); the
    hook is taken away when the block ends, failed or not, since the browser is shared."""
    hook = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                  {"source": f"delete window.{name};"})["identifier"]
    try:
        driver.get(page)
        assert driver.execute_script(f"return typeof window.{name}") == "undefined"
        yield
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": hook})


def by_keyboard(driver) -> None:
    """A move made with the keyboard alone: Tab to the first move's button, Enter."""
    for _ in range(60):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.execute_script("return document.activeElement.matches('ul.choices .move')"):
            break
    else:
        raise AssertionError("no move's button is reached by Tab")
    driver.execute_script("window.clickedMain = document.querySelector('main')")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    kind, message = loaded(driver)
    assert "applied" in kind and message.startswith("Played: "), message


def phone_width(driver, page: str) -> None:
    """At a phone's width (390 CSS pixels) the page is no wider than the screen; the
    board's picture keeps its text at 11 px or more and pans sideways inside its own
    region, the only thing that scrolls sideways (issue 27); the viewport lets the
    reader zoom."""
    driver.set_window_size(390, 844)
    try:
        driver.get(page)
        page_width, screen, sideways, region, viewport, tiny = driver.execute_script(
            SIDEWAYS + SMALL_PICTURE_TEXT + """
return [document.documentElement.scrollWidth, window.innerWidth, sideways,
        document.querySelector('.board-wrap').getBoundingClientRect().right,
        document.querySelector('meta[name=viewport]').content, tiny];""")
        assert page_width <= screen and set(sideways) <= {PANNING} and region <= screen, \
            (page_width, screen, sideways, region)
        assert tiny == [], (len(tiny), tiny[:5])
        assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport, viewport
    finally:
        driver.set_window_size(*WINDOW)


GAMES = [
    # game, options as the home form's selects say them, players, which choice they click
    ("brass-lancashire", {"length": "introductory"}, ["Ada", "Brunel"], builder),
    ("ultimate-railroads", {}, ["Ada"], first_choice),
    ("age-of-industry", {"map": "germany"}, ["Ada", "Brunel", "Cockerell"], industrialist),
    ("industry", {}, ["Ada", "Brunel", "Cockerell"], bidder),
]


@pytest.mark.parametrize("game,options,names,prefer", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicking(service, pool, redis_conn_e2e, game, options, names, prefer):
    """A whole game at its fewest players and shortest options, played as its seats'
    pages play it: a sample of the moves clicked through the seat's choices (each
    seat's first, every kind of decision, every 20th, the last: play_whole_game), the
    rest submitted and resolved through the store; the hands checked on every page
    clicked; the page followed the other seats' moves; the result, the log in words
    and the board on the spectator's page (the README's picture)."""
    store = Store(redis_conn_e2e)
    players = pool(len(names))
    game_id, links = create(players[0], service.base, game, names, options)
    for browser, link in zip(players, links):
        enter(browser, link)
        browser.driver.get("about:blank")
    moves = play_whole_game(service, store, players, game_id, prefer,
                            shot=(12, f"{game}-seat") if game == "brass-lancashire" else None)
    assert moves == load_game(store, game_id).snapshot.version
    result_shown(service, store, players[0], game_id, names, f"{game}-spectator")
    if game == "brass-lancashire":
        phone_width(players[0].driver, f"{service.base}/games/{game_id}")
    if game == "age-of-industry":          # the other map, as it starts
        other, _links = create(players[0], service.base, game, names, {"map": "new_england"})
        players[0].driver.get(f"{service.base}/games/{other}")
        assert "New England" in players[0].driver.find_element(By.CSS_SELECTOR, "svg.board").text
        players[0].screenshot(f"{game}-new-england-start", ".board-wrap")


PANNING = "DIV board-wrap"       # the one region that may scroll sideways: the picture's (issue 27)
# Every element that scrolls sideways (wider inside than shown, and scrolling: the
# board's region at a phone's width did), by tag and class.
SIDEWAYS = """
const sideways = [...document.querySelectorAll('body, body *')].filter(e =>
  e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
).map(e => e.tagName + ' ' + e.className);
"""
# Each text of the board's picture as rendered: [its rendered font size in CSS pixels
# (the declared size times the picture's scale on screen), its box's rendered height,
# its words], for those under 11 px.
SMALL_PICTURE_TEXT = """
const tiny = [...document.querySelectorAll('svg.board text')].filter(t => t.textContent.trim()).map(t => {
  const ctm = t.getScreenCTM();
  return [parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b),
          t.getBoundingClientRect().height, t.textContent.slice(0, 40)];
}).filter(([size]) => size < 11);
"""
# At a width: [page's scroll width, the window's inner width, tops of the hand, the
# choices and the board, the player marked to act, the banner, the board's tab stops
# (the skip link alone: no place, nor the region), the skip link's target, texts of the
# picture outside it, HTML text under 11 px, what scrolls sideways, the right edge of
# the board's region, the picture's texts rendered under 11 px].
LAYOUT = SIDEWAYS + SMALL_PICTURE_TEXT + """
const top = id => { const e = document.getElementById(id); return e ? e.getBoundingClientRect().top + scrollY : null; };
const svg = document.querySelector('svg.board'), box = svg.viewBox.baseVal;
const outside = [...svg.querySelectorAll('text')].filter(t => {
  const b = t.getBBox();
  return b.width && (b.x < -1 || b.y < -1 || b.x + b.width > box.width + 1 || b.y + b.height > box.height + 1);
}).map(t => t.textContent.slice(0, 60));
const small = [...document.querySelectorAll('main *:not(svg):not(svg *)')].filter(e =>
  [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) &&
  parseFloat(getComputedStyle(e).fontSize) < 11).map(e => e.tagName + ' ' + e.className);
const acting = document.querySelector('#players .player.to-act');
return [document.documentElement.scrollWidth, window.innerWidth,
        top('hand'), top('choose'), top('board'), acting ? acting.textContent : '',
        document.getElementById('status').textContent,
        [...document.querySelectorAll('#board a[href], #board button, #board input, #board [tabindex]')]
          .filter(e => e.tabIndex >= 0).map(e => e.tagName + ' ' + e.className),
        document.querySelector('#board a.skip').getAttribute('href'), outside, small, sideways,
        document.querySelector('.board-wrap').getBoundingClientRect().right, tiny];
"""
SEAT_PAGES = [("brass-lancashire", {}, ["Ada", "Brunel", "Cockerell"]),
              ("age-of-industry", {"map": "germany"}, ["Ada", "Brunel", "Cockerell"]),
              ("industry", {}, ["Ada", "Brunel", "Cockerell"]),
              ("ultimate-railroads", {}, ["Ada", "Brunel"])]


def mid_game(browser, service, store, game_type, names, options) -> tuple[str, list[str], int]:
    """A game of `game_type` created through the browser and advanced 14 random moves:
    its id, its seats' links and the seat to act (the seat pages' tests)."""
    game_id, links = create(browser, service.base, game_type, names, options)
    advance(store, game_id, 14, random.Random(3))
    return game_id, links, load_game(store, game_id).snapshot.to_act[0]


def test_seat_pages_on_a_phone_and_a_desktop(service, pool, redis_conn_e2e):
    """Issue 27, "Pages", in the browser, a mid-game seat page of each game: at 360 px
    and 1366 px the page does not scroll sideways, no text of the board's picture renders
    under 11 px (measured: its declared size times the picture's scale on screen), the
    picture pans sideways inside its own region only; the seat's hand and its
    choices come before the board; the players' panel marks whose turn it is and the
    banner says it is yours; the board's places are no tab stops (one skip link passes
    it); no text of the picture lies outside it (the Ultimate Railroads legend was
    clipped); no text of the page under 11 px. The README's pictures of a seat's page
    at 390 and 1366 px are taken here (PBEM_SCREENSHOTS=docs/screenshots)."""
    store = Store(redis_conn_e2e)
    browser = pool(1)[0]
    driver = browser.driver
    for game_type, options, names in SEAT_PAGES:
        game_id, links, seat = mid_game(browser, service, store, game_type, names, options)
        enter(browser, links[seat])
        for width in (360, 1366):
            driver.set_window_size(width, 900)
            driver.get(f"{service.base}/games/{game_id}/seat")
            (page, screen, hand, choose, board, acting, banner, stops, skip, outside,
             small, sideways, right, tiny) = driver.execute_script(LAYOUT)
            where = (game_type, width)
            # the page never scrolls sideways; the picture pans inside its own region only
            assert page <= screen and set(sideways) <= {PANNING} and right <= screen, \
                (where, page, screen, sideways, right)
            assert tiny == [], (where, len(tiny), tiny[:5])
            assert names[seat] in acting and "(you)" in acting, (where, acting)
            assert f"Your turn, {names[seat]}." in banner, (where, banner)
            assert stops == ["A skip"] and skip == "#after-board", (where, stops)
            assert outside == [] and small == [], (where, outside, small)
            if width == 360:
                assert hand < choose < board, (where, hand, choose, board)
        driver.set_window_size(*WINDOW)
        browser.screenshot(f"{game_type}-seat-390", width=390, tallest=2600)
        browser.screenshot(f"{game_type}-seat-1366", width=1366, tallest=1600)


def test_german_seat_pages(service, pool, redis_conn_e2e):
    """Issue 31, in the browser: a mid-game seat page of each game for a seat that reads
    German (its mail setting `language de`): the page says it is German, its banner and
    headings are the catalogue's German, the games' names the German rulebooks'. The
    README's German pictures are taken here (PBEM_SCREENSHOTS=docs/screenshots)."""
    store = Store(redis_conn_e2e)
    browser = pool(1)[0]
    driver = browser.driver
    for game_type, options, names in SEAT_PAGES:
        game_id, links, seat = mid_game(browser, service, store, game_type, names, options)
        settings.change(redis_conn_e2e, game_id, seat, language="de")
        enter(browser, links[seat])
        driver.get(f"{service.base}/games/{game_id}/seat")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
        assert f"Du bist am Zug, {names[seat]}." in driver.find_element(By.ID, "status").text
        assert driver.find_element(By.ID, "choose-title").text == "Dein Zug"
        # the players' panel and the board picture in German too (the rulebooks' words)
        assert driver.find_element(By.CSS_SELECTOR, "#players dt").text in ("Geld", "Münzen")
        title = driver.find_element(By.CSS_SELECTOR, "#board svg title").get_attribute("textContent")
        assert "Spielplan" in title or "Aktionstafel" in title, title
        browser.screenshot(f"{game_type}-seat-de", width=1366, tallest=1600)


@contextmanager
def asking_for(driver, language: str):
    """The browser's requests carry `Accept-Language: language` (Chromium's DevTools
    protocol) within the block."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": language}})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})


def test_german_home_and_game_over_pages(service, pool, redis_conn_e2e):
    """Issue 31, in the browser: a browser asking for German gets the home page and a
    finished game's seat page in German (the form, the result, the banner); a game created
    through the German form plays as any. The README's German pictures of both are taken
    here (PBEM_SCREENSHOTS=docs/screenshots)."""
    store = Store(redis_conn_e2e)
    browser = pool(1)[0]
    driver = browser.driver
    with asking_for(driver, "de-DE,de;q=0.9"):
        driver.get(service.base + "/")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
        assert driver.find_element(By.TAG_NAME, "h1").text == "Brettspiele Zug um Zug"
        assert driver.find_element(By.ID, "create").text == "Partie anlegen"
        browser.screenshot("home-de", tallest=1600)
        game_id, links = create(browser, service.base, "brass-lancashire", ["Ada", "Brunel"],
                                {"length": "introductory"})
        advance(store, game_id, 1000, random.Random(31))
        assert load_game(store, game_id).snapshot.status == "finished"
        enter(browser, links[0])
        assert driver.find_element(By.ID, "status").text.startswith("Das Spiel ist vorbei.")
        assert driver.find_element(By.CSS_SELECTOR, "#result h2").text == "Ergebnis"
        browser.screenshot("brass-lancashire-over-de", width=1366, tallest=1600)
    driver.get(service.base + "/")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
