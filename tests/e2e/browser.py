"""Debian's Chromium, headless, driven by Selenium through Debian's chromedriver: nothing
is downloaded (no selenium-manager), and each browser has a profile of its own."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from PIL import Image

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-dev-shm-usage", "--window-size=1100,800")
# A small window while playing: each page the test loads is painted at this size, and
# a screenshot makes the window as tall as the page for its picture.
WINDOW = (1100, 800)


class Browser:
    """One player's browser: its own profile, so its own cookies."""

    def __init__(self):
        os.environ["SE_OFFLINE"] = "true"        # selenium-manager must never fetch a driver
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
            pytest.fail("the browser tests need Debian's chromium and chromium-driver: "
                        "apt-get install chromium chromium-driver (.ci/run does)")
        self.profile = tempfile.mkdtemp(prefix="pbem-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, f"--user-data-dir={self.profile}"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(60)
        self.driver.set_script_timeout(60)

    def close(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    def screenshot(self, name: str, selector: str | None = None, width: int = WINDOW[0],
                   tallest: int | None = None) -> Path:
        """The page (or its element `selector`) as a PNG, in PBEM_SCREENSHOTS
        (docs/screenshots when refreshing the README's pictures) or else a temporary
        folder; `width` CSS pixels wide, at most `tallest` high (the page's top). Saved
        in 256 colours (Pillow): a page's picture is a third of its full-colour size."""
        folder = Path(os.environ.get("PBEM_SCREENSHOTS") or tempfile.mkdtemp(prefix="pbem-shots-"))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        self.driver.set_window_size(width, WINDOW[1])
        height = self.driver.find_element("tag name", "body").size["height"] + 40
        self.driver.set_window_size(width, min(max(900, height), tallest or height))
        self.driver.execute_script("window.scrollTo(0, 0)")   # a page shown in place keeps its scroll
        try:
            if selector:
                self.driver.find_element("css selector", selector).screenshot(str(path))
            else:
                self.driver.save_screenshot(str(path))
        finally:
            self.driver.set_window_size(*WINDOW)
        with Image.open(path) as shot:
            shot.convert("RGB").quantize(256).save(path, optimize=True)
        return path
