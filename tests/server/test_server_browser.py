"""The web page in a real browser: Playwright driving Debian's chromium (scripts/system-deps.sh installs it;
no browser is downloaded) against a real `vidmem serve`. Screenshots go to the test's tmp dir."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import TOKEN, Served, first_of, start_server, stop_server

pytestmark = pytest.mark.slow  # needs the ingested generated corpus (shared with other tests in a session)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def page(library_copy: Path) -> Iterator[tuple[object, Served]]:
    if CHROMIUM is None:
        pytest.fail("chromium is not installed: run scripts/system-deps.sh (as root) or apt-get install chromium")
    from playwright.sync_api import sync_playwright

    served = start_server(library_copy, token=TOKEN)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                tab = browser.new_page(viewport={"width": 1440, "height": 900})
                tab.set_default_timeout(60_000)
                yield tab, served
            finally:
                browser.close()
    finally:
        stop_server(served)


def test_timeline_ask_cite_seek_rename(page: tuple, questions: list[dict], tmp_path: Path) -> None:  # type: ignore[type-arg]
    tab, served = page
    tab.goto(f"{served.url}/?token={TOKEN}")  # logs in: the token becomes a cookie, then the page loads
    tab.wait_for_selector(".rec-head")
    assert tab.locator(".day").count() >= 2
    # the summary is fetched beside the timeline and may arrive after it
    tab.wait_for_function("() => document.getElementById('summary').textContent.includes('recordings')")

    # opening a recording loads its segments; a segment opens the player at its offset
    tab.locator(".rec-head").first.click()
    segment = tab.locator(".seg").nth(1)
    segment.wait_for()
    tab.wait_for_function("() => document.getElementById('player').readyState >= 1")
    segment.click()
    tab.wait_for_function("() => document.getElementById('player').currentTime >= 1")

    # ask, by keyboard: "/" focuses the question box, Enter asks
    q = first_of(questions, "what_said")
    tab.keyboard.press("/")
    tab.keyboard.type(q["question"])
    tab.keyboard.press("Enter")
    tab.wait_for_selector(".cite")
    steps = tab.locator("#steps li").all_inner_texts()
    assert steps[0].startswith("plan") and any(s.startswith("tool") for s in steps)
    tab.screenshot(path=str(tmp_path / "answer.png"))

    # open the first citation with the keyboard; the player seeks to its offset
    cite = tab.locator(".cite").first
    offset = float(cite.get_attribute("data-offset") or "nan")
    cite.focus()
    tab.keyboard.press("Enter")
    tab.wait_for_function(f"() => {{ const v = document.getElementById('player');"
                          f" return v.readyState >= 1 && Math.abs(v.currentTime - {offset}) <= 1; }}")
    assert tab.is_visible("#evidence-img")
    assert tab.evaluate("document.getElementById('evidence-img').naturalWidth") > 0
    tab.screenshot(path=str(tmp_path / "cited.png"))

    # rename the voice of a line, then ask who said it: the answer uses the new name
    who = first_of(questions, "who_said")
    line = tab.request.post(f"{served.url}/api/search/audio", data={"query": who["question"], "k": 1}).json()["hits"][0]
    tab.click("#tab-names")
    row = tab.locator("#speakers li", has_text=f"S{line['speaker_id']} ")
    row.locator("input").fill("Zebediah Quill")
    row.locator("input").press("Enter")
    tab.wait_for_selector("#speakers li:has-text('saved as')")
    tab.fill("#ask-input", who["question"])
    tab.click("#ask-button")
    tab.wait_for_function("() => !document.getElementById('ask-button').disabled && "
                          "!document.getElementById('answer').hidden")
    assert "Zebediah Quill" in tab.inner_text("#answer")
    tab.screenshot(path=str(tmp_path / "renamed.png"))
