"""Headless Chromium driven by selenium, for the browser tests of the HTML report.

Debian's `chromium` and `chromium-driver` (the same version; scripts/setup --browser installs
them), `selenium` from PyPI (scripts/requirements-browser.txt). No browser or driver is downloaded:
the driver is /usr/bin/chromedriver. Console messages are collected through the browser log.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def _driver_path() -> str:
    for name in ("chromedriver", "chromium-driver"):
        path = shutil.which(name)
        if path:
            return path
    for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"):
        if Path(path).exists():
            return path
    raise SystemExit("browser: chromedriver not found (apt-get install -y chromium chromium-driver)")


def _chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("browser: chromium not found (apt-get install -y chromium chromium-driver)")


class Chromium:
    """One headless Chromium session; `with Chromium() as c: c.open(path)`."""

    def __init__(self, width: int = 1280, height: int = 900, dark: bool = False) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="iconaudit-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = _chromium_path()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                     "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--disable-default-apps", "--disable-extensions", "--mute-audio",
                     f"--window-size={width},{height}", f"--user-data-dir={self._profile.name}"):
            options.add_argument(flag)
        if dark:
            options.add_argument("--force-dark-mode")
            options.add_argument("--blink-settings=preferredColorScheme=0")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=_driver_path()))
        self.driver.set_page_load_timeout(120)
        self.driver.set_script_timeout(60)

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.driver.quit()
        finally:
            self._profile.cleanup()

    def open(self, html: Path) -> None:
        self.driver.get("about:blank")
        self.console()  # drop earlier messages
        self.driver.get(Path(html).resolve().as_uri())

    def console(self) -> list[str]:
        """Console messages and uncaught errors since the last call."""
        return [f"{e.get('level')}: {e.get('message')}" for e in self.driver.get_log("browser")]

    def load_timing(self, html: Path) -> dict[str, float]:
        """Opens the page and returns its paint and navigation timings in ms from navigation start."""
        self.open(html)
        return self.driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            function read() {
              var nav = performance.getEntriesByType("navigation")[0];
              var paints = performance.getEntriesByType("paint");
              if (!nav || nav.loadEventEnd === 0 || paints.length < 2) { setTimeout(read, 50); return; }
              var t = {domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd};
              paints.forEach(function(p) { t[p.name] = p.startTime; });
              done(t);
            }
            read();""")

    def screenshot(self, path: Path, full_height: int | None = None) -> None:
        """A PNG of the window (or of the first `full_height` CSS px of the page)."""
        if full_height:
            size = self.driver.get_window_size()
            self.driver.set_window_size(size["width"], full_height)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))
