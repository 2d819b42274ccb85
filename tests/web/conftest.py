"""Web fixtures: a real host on SQLite with the web app on a free port, and headless Chromium.

Chromium and its driver are Debian's (`/usr/bin/chromium`, `/usr/bin/chromedriver`, installed
by .ci/run); Selenium Manager is never asked (it would download a browser): the driver's path
is given and the manager is disabled for the session. Selenium blocks, and the web app runs
on the test's event loop, so every browser call goes through a thread (`Browser`).
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.host.host import Host
from bot.web.links import Links
from bot.web.server import WebServer, start_web
from tests.host.conftest import HostFactory, Recorder, clock, make_host  # noqa: F401 (fixtures)

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SECRET = "test-secret-of-the-web-pages-0123456789"
WEB_SETTINGS = {"web_secret": SECRET, "web_url": "http://paiju.test"}


@dataclass
class Site:
    """A host with its web pages."""

    host: Host
    recorder: Recorder
    server: WebServer
    links: Links

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def url(self, path: str, lang: str | None = None) -> str:
        return f"{self.base}{path}" + (f"&lang={lang}" if lang else "")


@pytest.fixture
async def site(make_host: HostFactory) -> AsyncIterator[Site]:  # noqa: F811
    """A host (manual clock, real SQLite) and its web pages, polled every 50 ms."""
    host, recorder = await make_host(**WEB_SETTINGS)
    server = await start_web(host.settings, host.store, port=0, poll_interval=0.05)
    assert host.links is not None
    try:
        yield Site(host, recorder, server, host.links)
    finally:
        await server.stop()


class Browser:
    """A Chromium tab driven from async tests (each call in a worker thread)."""

    def __init__(self, driver: Any, shots: Path) -> None:
        self.driver = driver
        self.shots = shots

    async def get(self, url: str) -> None:
        await asyncio.to_thread(self.driver.get, url)

    async def run(self, fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def js(self, script: str, *args: Any) -> Any:
        return await asyncio.to_thread(self.driver.execute_script, script, *args)

    async def text(self, css: str) -> str:
        from selenium.webdriver.common.by import By

        return await asyncio.to_thread(lambda: self.driver.find_element(By.CSS_SELECTOR,
                                                                        css).text)

    async def count(self, css: str) -> int:
        from selenium.webdriver.common.by import By

        return await asyncio.to_thread(
            lambda: len(self.driver.find_elements(By.CSS_SELECTOR, css)))

    async def keys(self, *keys: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        def press() -> None:
            chain = ActionChains(self.driver)
            for key in keys:
                chain.send_keys(key)
            chain.perform()

        await asyncio.to_thread(press)

    async def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        await asyncio.to_thread(lambda: self.driver.find_element(By.CSS_SELECTOR, css).click())

    async def wait_for(self, script: str, *args: Any, timeout: float = 10.0) -> Any:
        """Wait until a JS expression is truthy (the page updates itself)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = await self.js(script, *args)
            if value:
                return value
            if loop.time() > deadline:
                raise AssertionError(f"timed out waiting for {script!r}")
            await asyncio.sleep(0.05)

    async def console_errors(self) -> list[str]:
        """Errors the page logged since the last call (CSP violations, script errors)."""
        entries = await asyncio.to_thread(self.driver.get_log, "browser")
        return [e["message"] for e in entries if e.get("level") == "SEVERE"
                and "favicon.ico" not in e["message"]]

    async def screenshot(self, name: str, width: int = 1280) -> Path:
        """A PNG of the whole page at `width` (390 for a phone), kept in PAIJU_SCREENSHOTS
        when set; the window is back at 1280 × 900 afterwards."""
        path = self.shots / f"{name}.png"
        await asyncio.to_thread(self.driver.set_window_size, width, 900)
        height = await self.js("return document.documentElement.scrollHeight")
        await asyncio.to_thread(self.driver.set_window_size, width, max(800, min(int(height),
                                                                                   6000)))
        await asyncio.to_thread(self.driver.save_screenshot, str(path))
        keep = os.environ.get("PAIJU_SCREENSHOTS")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(keep) / path.name)
        await asyncio.to_thread(self.driver.set_window_size, 1280, 900)
        return path


def _no_selenium_manager() -> None:
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("Selenium Manager was asked for a driver or browser")

    SeleniumManager.binary_paths = refuse  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium for the session (Debian's browser and driver)."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        message = "Debian's chromium and chromium-driver are not installed (.ci/run does it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    pytest.importorskip("selenium")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    _no_selenium_manager()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1280,900", "--lang=en-US",
                     f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)),
                              options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def browser(chromium: Any, tmp_path: Path) -> Iterator[Browser]:
    """The session's Chromium, as an async helper with screenshots into tmp_path. It starts
    on a blank page with the console log of earlier tests emptied (their deliberate 404s,
    and whatever a page left open logged as its server went: a replay still polling for its
    analysis), and is left on a blank page again."""
    chromium.get("about:blank")
    chromium.get_log("browser")
    try:
        yield Browser(chromium, tmp_path)
    finally:
        chromium.get("about:blank")


@pytest.fixture
async def served(make_host: HostFactory,  # noqa: F811 (the fixture)
                 browser: Browser) -> AsyncIterator[tuple[Host, WebServer]]:
    """A host with the web pages on and its server on a free port (the play pages' tests)."""
    host, _ = await make_host(**WEB_SETTINGS)
    server = await start_web(host.settings, host.store, port=0, host=host)
    try:
        yield host, server
    finally:
        await browser.get("about:blank")  # the page's stream must not outlive its server
        await server.stop()
