#!/usr/bin/env python3
"""Browser tests of the HTML report (issue 20), in a real browser: Debian's headless Chromium driven
by selenium through Debian's chromium-driver.

    scripts/check_html_browser.py [--iconaudit PATH] [--screenshots]

Audits, into a temporary folder:
- the example app (Reports/Examples/Phone.xcassets), and
- a catalog of 255 icons (the example's two families copied fifteen times, one copy under names
  made of HTML: a family `<u onclick=alert(2)>` and an icon `<img src=x onerror=alert(1)>`),
  more than a large page's 200, so its families start closed.
Then checks, each page loaded afresh:
1. the page loads with no console message (the page logs nothing: any message is an error) and no
   alert, and it holds no <img> (every glyph is a CSS mask);
2. the filters change what is visible: by name, family, rule, severity (cards, measurement rows and
   findings), and clearing them shows everything again; sorting by name orders the cards;
3. the "as fixed" switch draws the voicemail icon scaled (a CSS transform on the same image) in
   the tab bar and the card, "as drawn" undoes it; the "as fixed" tab bar is always fixed;
4. the families of the large page are closed, open on a click (their cards are then laid out),
   and a link to an icon inside a closed family opens it;
5. the names made of HTML stay text: the card's title is the literal name, no element of theirs
   exists.
With --screenshots it also saves Reports/Examples/report.png (the example, 1280×2900) and
report-fixed.png (its bars, measurements and first cards with the "As fixed" switch on). Exit 0 when every check passes, 1 otherwise.

Without --iconaudit it uses the debug build (`swift build --show-bin-path`), which scripts/test
has just built. Needs scripts/setup --browser (chromium, chromium-driver) and selenium
(scripts/requirements-browser.txt, installed into scripts/.venv-browser on first use).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _venv  # noqa: E402

_venv.ensure("browser")
import browser  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "Reports" / "Examples"
HOSTILE_FAMILY = "<u onclick=alert(2)>"
HOSTILE_ICON = "<img src=x onerror=alert(1)>"


class Checks:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.passed = 0

    def expect(self, condition: bool, what: str) -> None:
        if condition:
            self.passed += 1
        else:
            self.failures.append(what)
            print(f"  FAIL {what}", file=sys.stderr)


def debug_binary() -> Path:
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()) / "iconaudit"


def audit(binary: Path, catalog: Path, html: Path, *extra: str) -> None:
    run = subprocess.run([str(binary), "audit", str(catalog), "--format", "html", "--output", str(html), *extra],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"check_html_browser: iconaudit audit {catalog} failed ({run.returncode}): {run.stderr[-600:]}")


def make_large_catalog(folder: Path) -> Path:
    """The example's TabBar and Toolbar groups fifteen times (255 icons), one copy under HTML names."""
    catalog = folder / "Large.xcassets"
    source = EXAMPLES / "Phone.xcassets"
    catalog.mkdir(parents=True)
    shutil.copy(source / "Contents.json", catalog / "Contents.json")
    for k in range(15):
        for group in ("TabBar", "Toolbar"):
            name = f"{group}-{k:02d}" if k else HOSTILE_FAMILY + group
            shutil.copytree(source / group, catalog / name)
    # One icon under a name made of HTML (its image set and its files).
    family = catalog / (HOSTILE_FAMILY + "Toolbar")
    old = family / "share.imageset"
    new = family / f"{HOSTILE_ICON}.imageset"
    old.rename(new)
    contents = (new / "Contents.json").read_text()
    for png in sorted(new.glob("share@*x.png")):
        renamed = png.name.replace("share", HOSTILE_ICON)
        png.rename(new / renamed)
        contents = contents.replace(png.name, renamed)
    (new / "Contents.json").write_text(contents)
    return catalog


def visible(driver, selector: str) -> int:
    """How many elements matching `selector` are shown: not display:none, not inside a closed
    family (Chromium keeps a closed <details>' content as content-visibility: hidden)."""
    return driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll(arguments[0]),"
        "function(e){return e.checkVisibility()}).length", selector)


def set_value(driver, element_id: str, value: str) -> None:
    driver.execute_script(
        "var e=document.getElementById(arguments[0]);e.value=arguments[1];e.dispatchEvent(new Event('input'))",
        element_id, value)


def click(driver, selector: str) -> None:
    """A real click on the element, scrolled to the middle of the window (clear of the sticky bar)."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block:'center'})", element)
    element.click()


def loads_cleanly(c: browser.Chromium, checks: Checks, name: str) -> None:
    time.sleep(0.3)
    messages = c.console()
    checks.expect(not messages, f"{name}: no console messages (got {messages[:3]})")
    try:
        text = c.driver.switch_to.alert.text
        checks.expect(False, f"{name}: no alert (got {text!r})")
    except NoAlertPresentException:
        checks.passed += 1
    checks.expect(c.driver.execute_script("return document.querySelectorAll('img').length") == 0,
                  f"{name}: no <img> element")
    checks.expect(c.driver.execute_script("return !document.querySelector('.filters').hidden"),
                  f"{name}: the script ran (filters shown)")


def check_example(c: browser.Chromium, html: Path, checks: Checks) -> None:
    c.open(html)
    d = c.driver
    loads_cleanly(c, checks, "example")
    total = visible(d, "article.card")
    checks.expect(total == 17, f"example: 17 cards visible (got {total})")
    # Filters.
    set_value(d, "f-name", "voice")
    checks.expect(visible(d, "article.card") == 2, "name filter 'voice': 2 cards (voicemail and its selected state)")
    checks.expect(visible(d, "table.chart tr[data-i]") == 2, "name filter 'voice': 2 measurement rows")
    checks.expect(visible(d, "li.finding") == 1, "name filter 'voice': 1 finding")
    set_value(d, "f-name", "")
    set_value(d, "f-sev", "error")
    errors = visible(d, "article.card")
    checks.expect(errors == 5, f"severity filter 'errors': the 5 icons with an error (got {errors})")
    checks.expect(visible(d, "li.finding.sev-warning") == 0 and visible(d, "li.finding.sev-error") == 5,
                  "severity filter 'errors': only the 5 error findings listed")
    set_value(d, "f-sev", "")
    set_value(d, "f-rule", "perceived_size_outlier")
    checks.expect(visible(d, "article.card") == 1, "rule filter 'perceived_size_outlier': 1 card")
    checks.expect(visible(d, "article.rule") == 1, "rule filter: 1 rule's findings listed")
    set_value(d, "f-rule", "")
    set_value(d, "f-family", "1")
    checks.expect(visible(d, "article.card") == 8 and visible(d, "details.family") == 1,
                  "family filter 'Toolbar': its 8 cards, one family")
    set_value(d, "f-family", "")
    checks.expect(visible(d, "article.card") == total and visible(d, "li.finding") == 7,
                  "cleared filters: every card and finding again")
    set_value(d, "f-sort", "name")
    names = d.execute_script("return Array.prototype.map.call(document.querySelectorAll('#family-1 article.card'),"
                             "function(e){return e.dataset.name})")
    checks.expect(names == sorted(names), f"sort by name orders the cards ({names})")
    set_value(d, "f-sort", "")
    # The fix in place: the voicemail glyph in the tab bar as drawn and as fixed.
    transform = ("return getComputedStyle(document.querySelector(arguments[0])).transform")
    voicemail = d.execute_script("return document.querySelector('article.card[data-icon=\"TabBar/voicemail\"]').id")
    drawn_bar = f"#family-0 .device.light .tabbar:not(.as-fixed) a[href='#{voicemail}'] .g"
    fixed_bar = f"#family-0 .device.light .tabbar.as-fixed a[href='#{voicemail}'] .g"
    checks.expect(d.execute_script(transform, drawn_bar) == "none", "as drawn: the voicemail glyph is not transformed")
    fixed = d.execute_script(transform, fixed_bar)
    checks.expect(fixed.startswith("matrix(1.2"), f"the 'as fixed' tab bar scales voicemail ×1.2x (got {fixed})")
    selected = d.execute_script("return document.querySelector('article.card[data-icon=\"TabBar/voicemail-selected\"]').id")
    selected_bar = f"#family-0 .device.light .tabbar:not(.as-fixed) a[href='#{selected}'] .g"
    checks.expect(d.execute_script(transform, selected_bar) == "none", "as drawn: the selected voicemail is not transformed")
    click(d, "#view-fixed")
    time.sleep(0.4)
    now = d.execute_script(transform, selected_bar)
    checks.expect(now.startswith("matrix(1.2"), f"'As fixed' switch: the selected states' voicemail scaled (its item's fix; got {now})")
    checks.expect(d.execute_script(transform, drawn_bar) == "none", "'As fixed' switch: the bar labelled 'as drawn' stays as drawn")
    stage = d.execute_script(transform, f"#{voicemail} .stage .g")
    checks.expect(stage.startswith("matrix(1.2"), f"'As fixed' switch: the card's magnified voicemail scaled (got {stage})")
    checks.expect(visible(d, "#family-0 .stage .ov") == 0, "'As fixed' switch: the overlays (of the drawing) hidden")
    click(d, "#view-drawn")
    time.sleep(0.4)
    checks.expect(d.execute_script(transform, selected_bar) == "none" and d.execute_script(transform, f"#{voicemail} .stage .g") == "none",
                  "'As drawn' switch: voicemail as drawn again")
    caption = d.execute_script("return document.querySelector('#family-0 .fixview p').textContent")
    checks.expect("a preview, not a redraw" in caption, f"the card's caption says it is a preview ({caption!r})")
    # The family's own switches: only icons with findings, overlays.
    click(d, "#family-0 .toggle-issues")
    checks.expect(visible(d, "#family-0 article.card") == 3, "'Only icons with findings': the family's 3 flagged cards")
    click(d, "#family-0 .toggle-issues")
    d.execute_script("document.querySelectorAll('#family-0 article.card').forEach(function(c){c.scrollIntoView()})")
    drawn = visible(d, "#family-0 .stage .ov")
    checks.expect(drawn == 9, f"every card's overlay drawn once in view ({drawn} of 9)")
    click(d, "#family-0 .toggle-ov")
    checks.expect(visible(d, "#family-0 .stage .ov") == 0, "'Overlays' off hides them")
    click(d, "#family-0 .toggle-ov")
    # A family closes and opens.
    click(d, "#family-0 > summary")
    checks.expect(visible(d, "#family-0 article.card") == 0, "example: a click on the family's title closes it")
    click(d, "#family-0 > summary")
    checks.expect(visible(d, "#family-0 article.card") == 9, "example: a second click opens it")
    checks.expect(not c.console(), "example: no console message after the interactions")


def check_large(c: browser.Chromium, html: Path, checks: Checks) -> None:
    c.open(html)
    d = c.driver
    loads_cleanly(c, checks, "large")
    families = d.execute_script("return document.querySelectorAll('details.family').length")
    closed = d.execute_script("return document.querySelectorAll('details.family:not([open])').length")
    checks.expect(families == 30 and closed == 30, f"large: 30 families, all closed (got {closed} of {families})")
    checks.expect(visible(d, "article.card") == 0, "large: no card laid out while the families are closed")
    click(d, "#family-3 > summary")
    checks.expect(d.execute_script("return document.getElementById('family-3').open"), "large: a click opens a family")
    checks.expect(visible(d, "#family-3 article.card") > 0, "large: the opened family's cards are laid out")
    # A link into a closed family opens it (a finding's icon).
    link = d.execute_script(
        "var a=document.querySelector('#findings li.finding a.who');var id=a.getAttribute('href').slice(1);"
        "var fam=document.getElementById(id).closest('details');fam.open=false;a.scrollIntoView();a.click();"
        "return [id, fam.open, document.getElementById(id).checkVisibility()]")
    checks.expect(link[1] and link[2], f"large: a link to {link[0]} in a closed family opens it")
    # The names made of HTML are text.
    set_value(d, "f-name", "onerror")
    checks.expect(visible(d, "article.card") == 1, "large: the name filter finds the icon named with HTML")
    title = d.execute_script("var c=Array.prototype.find.call(document.querySelectorAll('article.card'),"
                             "function(e){return e.checkVisibility()});return c.querySelector('h4').textContent")
    checks.expect(title == HOSTILE_ICON, f"large: the card's title is the literal name ({title!r})")
    checks.expect(d.execute_script("return document.querySelectorAll(':not(td.plot)>u,[onclick],[onerror]').length") == 0,
                  "large: no element made from a name (no <u> but the charts' medians, no onclick/onerror attribute)")
    family_title = d.execute_script("return document.querySelector('#family-0 > summary h2').textContent")
    checks.expect(family_title == HOSTILE_FAMILY + "TabBar", f"large: the family's title is the literal name ({family_title!r})")
    try:
        text = d.switch_to.alert.text
        checks.expect(False, f"large: no alert after the interactions (got {text!r})")
    except NoAlertPresentException:
        checks.passed += 1
    checks.expect(not c.console(), "large: no console message after the interactions")


def main() -> int:
    parser = argparse.ArgumentParser(description="Browser tests of the HTML report (headless Chromium, selenium)")
    parser.add_argument("--iconaudit", type=Path, help="iconaudit binary (default: the debug build)")
    parser.add_argument("--screenshots", action="store_true", help="save Reports/Examples/report.png and report-fixed.png")
    args = parser.parse_args()
    binary = args.iconaudit or debug_binary()
    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="iconaudit-browser-") as tmp:
        folder = Path(tmp)
        example = folder / "example.html"
        audit(binary, EXAMPLES / "Phone.xcassets", example, "--label", "example")
        large = folder / "large.html"
        audit(binary, make_large_catalog(folder), large, "--label", "255 icons")
        with browser.Chromium(width=1280, height=900) as c:
            check_example(c, example, checks)
            check_large(c, large, checks)
        if args.screenshots:
            with browser.Chromium(width=1280, height=2900) as c:
                c.open(example)
                time.sleep(0.5)
                c.screenshot(EXAMPLES / "report.png")
            with browser.Chromium(width=1280, height=1950) as c:
                c.open(example)
                c.driver.find_element(By.ID, "view-fixed").click()
                c.driver.execute_script("window.scrollTo(0, document.querySelector('#family-0 .bars')"
                                        ".getBoundingClientRect().top + window.scrollY - 110)")
                time.sleep(0.5)
                c.screenshot(EXAMPLES / "report-fixed.png")
    seconds = time.monotonic() - started
    if checks.failures:
        print(f"check_html_browser: {len(checks.failures)} of {checks.passed + len(checks.failures)} checks failed ({seconds:.0f} s)")
        for f in checks.failures:
            print(f"  - {f}")
        return 1
    print(f"check_html_browser: {checks.passed} checks passed in headless Chromium ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
