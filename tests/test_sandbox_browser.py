"""``python -m bot --sandbox`` driven in headless Chromium, as a person would.

The sandbox runs as users run it (a separate process, stopped with Ctrl-C);
Selenium types the slash commands in each member's page and presses the
buttons. Set ``CHUHAN_SANDBOX_SCREENSHOT`` to a path to keep a picture of the
finished game (the README's is made that way).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from rules.match import Match
from rules.squares import square_name
from storage import SqliteStore
from tests.system_tools import program

ROOT = Path(__file__).resolve().parent.parent
# Headless, and quiet: without the background-networking flags Chromium keeps
# calling out, which a closed network refuses.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1100,900",
)
WAIT = 20.0  # seconds a page may take to show what an action did
# The double-cannon mate of tests/test_bot_game.py, in mixed notations.
QUICK_MATE = ["炮二进四", "C2.4", "b2b7", "卒9进1", "炮二平五", "c4+3", "炮八平五"]
PIECE_NAMES = {"k": "king", "a": "advisor", "b": "elephant", "n": "horse", "r": "chariot"}
PIECE_NAMES |= {"c": "cannon", "p": "pawn"}
# Every board image of the page, and whether it loaded.
BOARDS_JS = """return [...document.querySelectorAll('#channel-layout img')]
    .filter((img) => img.alt.includes('board'))
    .map((img) => img.complete && img.naturalWidth > 0);"""
# How far the conversation scrolls, and how far it is scrolled.
SCROLL_JS = """const t = document.getElementById('channel-timeline');
    return [t.scrollHeight, t.clientHeight, t.scrollTop];"""


@dataclass
class Sandbox:
    process: subprocess.Popen[str]
    urls: dict[str, str]

    def stop(self) -> str:
        """Ctrl-C; what it printed on the way out."""
        self.process.send_signal(signal.SIGINT)
        out, _ = self.process.communicate(timeout=15)
        assert self.process.returncode == 0, out
        return out


def start_sandbox(db: Path) -> Sandbox:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "--sandbox", "--db", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert process.stdout is not None
    urls: dict[str, str] = {}
    hung = threading.Timer(30, process.kill)  # a start that never ends fails, not hangs
    hung.start()
    for line in process.stdout:
        found = re.match(
            r"\s+(\w+)\s+\((?:player|spectator)\s*\)\s+(http://127\.0\.0\.1:\d+/#\S+)", line
        )
        if found:
            urls[found[1]] = found[2]
        if line.startswith("Ctrl-C"):
            break
    hung.cancel()
    assert set(urls) == {"alice", "bob", "carol"}, urls
    return Sandbox(process, urls)


@pytest.fixture
def sandboxes(tmp_path) -> Iterator[Callable[[], Sandbox]]:
    """Starts sandboxes on one database; kills any left running."""
    started: list[Sandbox] = []

    def start() -> Sandbox:
        started.append(start_sandbox(tmp_path / "sandbox.sqlite3"))
        return started[-1]

    yield start
    for sandbox in started:
        if sandbox.process.poll() is None:
            sandbox.process.kill()
            sandbox.process.communicate()


@pytest.fixture
def browser(chromium: webdriver.Chrome) -> Iterator[webdriver.Chrome]:
    """The browser, its tabs closed after the test (their sandbox is gone)."""
    first = chromium.window_handles[0]
    yield chromium
    for handle in chromium.window_handles:
        if handle != first:
            chromium.switch_to.window(handle)
            chromium.close()
    chromium.switch_to.window(first)


@pytest.fixture(scope="module")
def chromium(tmp_path_factory) -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = program("chromium")
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium')}")
    driver = webdriver.Chrome(options=options, service=Service(program("chromedriver")))
    yield driver
    driver.quit()


class Page:
    """One member's page, in its own tab."""

    def __init__(self, driver: webdriver.Chrome, url: str) -> None:
        self.driver = driver
        driver.switch_to.new_window("tab")
        self.handle = driver.current_window_handle
        driver.get(url)
        self.wait_until(lambda: "#" in self.text() and self._composer() is not None)

    def front(self) -> None:
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)

    def text(self) -> str:
        self.front()
        return self.driver.execute_script(
            "return document.querySelector('#channel-layout')?.innerText || ''"
        )

    def boards(self) -> list[bool]:
        self.front()
        return self.driver.execute_script(BOARDS_JS)

    def wait_until(self, condition: Callable[[], object], what: str = "") -> None:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                if condition():
                    return
            except WebDriverException:
                pass  # the page is re-rendering
            time.sleep(0.1)
        status = self.driver.execute_script(
            "return document.getElementById('action-status')?.innerText"
        )
        raise AssertionError(f"page never showed {what or condition} ({status}):\n{self.text()}")

    def wait_for(self, text: str, count: int = 1) -> None:
        self.wait_until(lambda: self.text().count(text) >= count, repr(text))

    def _composer(self):
        found = self.driver.find_elements(By.ID, "channel-composer-input")
        return found[0] if found else None

    def command(self, name: str, picked: dict[str, str] | None = None, **typed: str) -> None:
        """Run ``/name`` from the composer: ``picked`` options are chosen from
        the suggestions (choices, members, autocomplete), ``typed`` ones typed."""
        self.front()
        box = self._composer()
        box.click()
        box.send_keys("/" + name)
        self.click(f"//div[contains(@class,'command-entry')][.//strong[text()='/{name}']]")
        for option, value in {**(picked or {}), **typed}.items():
            self._option_field(option).send_keys(value)
            if option in (picked or {}):
                self._pick(value)
        time.sleep(0.4)  # the page asks for suggestions a moment after typing
        self._pressed = 0.0
        self.wait_until(self._sent, "the command sent")

    def _sent(self) -> bool:
        """Whether the command left the composer; else presses Send, again if
        the page ignored it (it does while another action is under way)."""
        if not self.driver.find_elements(By.CSS_SELECTOR, ".command-row"):
            return True
        send = self.driver.find_element(By.ID, "send-message")
        if send.is_enabled() and time.monotonic() - self._pressed > 2:
            send.click()
            self._pressed = time.monotonic()
        return False

    def say(self, text: str) -> None:
        """Post a plain message in the channel (on a busy machine the composer
        may not take typing yet while the page re-renders after the last one)."""

        def typed() -> bool:
            box = self._composer()
            if box is None:
                return False
            box.click()
            box.clear()
            box.send_keys(text)
            return True

        self.front()
        self.wait_until(typed, "the composer taking text")
        self.click("//button[@id='send-message'][not(@disabled)]")

    def _option_field(self, option: str):
        css = f".command-option-input[data-option='{option}']"
        if not self.driver.find_elements(By.CSS_SELECTOR, css):
            self.click("//button[contains(@class,'command-ghost')]")
            self.click(f"//div[contains(@class,'command-suggestion')][@data-value='{option}']")
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def _pick(self, label: str) -> None:
        """Choose the suggestion with this label or value."""
        xpath = (
            f"//div[contains(@class,'command-suggestion')][@data-value='{label}'"
            f" or .//span[contains(@class,'command-suggestion-label')][text()='{label}']]"
        )
        self.click(xpath)

    def press(self, label: str, until: Callable[[], object]) -> None:
        """Press the latest button labelled ``label`` until ``until`` holds
        (a page ignores a press while it is busy with another action)."""
        xpath = f"(//*[@id='channel-layout']//button[normalize-space()='{label}'])[last()]"
        pressed = 0.0

        def done() -> bool:
            nonlocal pressed
            if until():
                return True
            found = self.driver.find_elements(By.XPATH, xpath)
            if found and found[0].is_enabled() and time.monotonic() - pressed > 2:
                found[0].click()
                pressed = time.monotonic()
            return False

        self.front()
        self.wait_until(done, f"{label} pressed")

    def choose(self, value: str) -> None:
        """Open the latest menu and choose ``value`` in it (the preview closes
        a menu whose button is scrolled out of sight: keep it in the window)."""
        menu = "(//*[@id='channel-layout']//button[@role='combobox'])[last()]"
        option = f"//*[@role='option'][@data-value='{value}']"
        opened = 0.0

        def chosen() -> bool:
            nonlocal opened
            found = self.driver.find_elements(By.XPATH, option)
            if found and found[0].is_displayed():  # the list is there, hidden, until opened
                found[0].click()
                return True
            menus = self.driver.find_elements(By.XPATH, menu)
            if menus and menus[0].is_enabled() and time.monotonic() - opened > 1:
                menus[0].click()
                opened = time.monotonic()
            return False

        self.front()
        self.wait_until(chosen, f"menu option {value}")

    def click(self, xpath: str) -> None:
        """Click what ``xpath`` finds once it is there (the page re-renders often)."""

        def clicked() -> bool:
            found = self.driver.find_elements(By.XPATH, xpath)
            if found:
                found[0].click()
            return bool(found)

        self.front()
        self.wait_until(clicked, xpath)


def all_loaded(page: Page, count: int = 1) -> None:
    """The page shows ``count`` board images, loaded: a thread keeps one live
    board, the older board messages keep their moves as text."""
    page.wait_until(lambda: (b := page.boards()) and len(b) == count and all(b), "board images")


def start_game(alice: Page, bob: Page, **picked: str) -> None:
    alice.command("challenge", picked={"opponent": "bob", "color": "red", **picked})
    bob.wait_for("alice challenges you")
    bob.press("Accept", until=lambda: "bob accepted" in bob.text())
    alice.wait_for("New game: alice (🔴 Red) vs bob (⚫ Black)")


def test_a_game_to_checkmate_between_two_pages(browser, sandboxes):
    sandbox = sandboxes()
    alice, bob = Page(browser, sandbox.urls["alice"]), Page(browser, sandbox.urls["bob"])
    start_game(alice, bob)
    for ply, move in enumerate(QUICK_MATE):
        player = alice if ply % 2 == 0 else bob
        player.command("move", move=move)
        player.wait_for("You played ", count=ply // 2 + 1)
    for page in (alice, bob):
        page.wait_for("🏁 🔴 Red alice wins (checkmate).")
        all_loaded(page)
    assert "炮八平五" in bob.text()  # an older move, as text
    shot = os.environ.get("CHUHAN_SANDBOX_SCREENSHOT")
    if shot:
        bob.front()
        browser.set_window_size(1100, 1200)
        for jump in browser.find_elements(By.XPATH, "//button[contains(., 'jump to latest')]"):
            jump.click()
        time.sleep(1)
        browser.save_screenshot(shot)
    assert "Sandbox stopped" in sandbox.stop()


def test_a_page_opens_at_the_latest_messages(browser, sandboxes):
    """A conversation longer than the window, in text (which is there at once,
    unlike images): a page opened later shows its end."""
    sandbox = sandboxes()
    carol = Page(browser, sandbox.urls["carol"])
    for said in range(12):
        carol.say(f"message {said}: " + "a few lines of text " * 12)
        carol.wait_for(f"message {said}:")
    again = Page(browser, sandbox.urls["carol"])
    again.wait_for("message 11:")
    height, window, _ = again.driver.execute_script(SCROLL_JS)
    assert height > window + 100  # longer than the window: it had to scroll
    again.wait_until(
        lambda: sum(again.driver.execute_script(SCROLL_JS)[1:]) >= height - 2, "the end in sight"
    )
    assert "Sandbox stopped" in sandbox.stop()


def face_down(db: Path) -> dict[str, str]:
    """The true identity of every piece still face down in the sandbox's game."""

    async def read() -> Match:
        store = await SqliteStore.open(str(db))
        try:
            return await store.rebuild(1)
        finally:
            await store.close()

    board = asyncio.run(read()).game.board
    return {
        square_name(sq): PIECE_NAMES[piece.kind.value]
        for sq, piece in enumerate(board.board)
        if piece is not None and board.down[sq]
    }


def test_jieqi_reveals_keep_face_down_pieces_from_the_spectator(browser, sandboxes, tmp_path):
    sandbox = sandboxes()
    alice, bob = Page(browser, sandbox.urls["alice"]), Page(browser, sandbox.urls["bob"])
    carol = Page(browser, sandbox.urls["carol"])
    carol.say("good luck to you both")
    alice.wait_for("good luck to you both")  # a member's message reaches the other pages
    start_game(alice, bob, variant="jieqi")
    alice.command("move", move="reveal e3")
    carol.wait_for("reveals e3:")
    bob.command("move", move="翻 e6")
    carol.wait_for("reveals e6:")
    alice.command("board", picked={"private": "True"})
    alice.wait_for("alice to move · move 2")  # her private board, in her answer alone
    all_loaded(carol)  # the private board is Alice's alone
    seen = carol.text()
    assert "Only you can see this" not in seen
    assert "Sandbox stopped" in sandbox.stop()

    hidden = face_down(tmp_path / "sandbox.sqlite3")
    assert len(hidden) == 30 and "e3" not in hidden and "e6" not in hidden
    revealed = re.findall(r"reveals (\w\d): (\w+)\.", seen)
    assert [square for square, _ in revealed] == ["e3", "e6"]
    for square, piece in hidden.items():
        assert f"{square}: {piece}" not in seen

    # A second start continues the game.
    again = sandboxes()
    alice, carol = Page(browser, again.urls["alice"]), Page(browser, again.urls["carol"])
    alice.command("move", move="reveal a3")
    carol.wait_for("reveals a3:")
    all_loaded(carol)
    assert "Sandbox stopped" in again.stop()


def test_a_tuibei_prediction_from_the_menu_only_its_owner_sees(browser, sandboxes):
    sandbox = sandboxes()
    browser.set_window_size(1100, 2400)  # the whole conversation in sight, its menu too
    alice, bob = Page(browser, sandbox.urls["alice"]), Page(browser, sandbox.urls["bob"])
    carol = Page(browser, sandbox.urls["carol"])
    start_game(alice, bob, variant="tuibei")
    alice.command("predict")
    alice.wait_for("predicts the kind of piece")
    alice.choose("?c")
    alice.wait_for("You played predict cannon.")
    carol.wait_for("🔴 Red alice places a prediction tile face down.")
    assert "predict cannon" not in carol.text()
    assert not browser.find_elements(By.CSS_SELECTOR, "#channel-layout .select-trigger")
    bob.command("move", move="h7e7")
    carol.wait_for("The prediction of 🔴 Red alice (cannon) hits: the piece on e7 is removed.")
    all_loaded(carol)
    assert "Sandbox stopped" in sandbox.stop()


def test_a_houji_foul_called_from_the_private_board(browser, sandboxes):
    """DMs fail for everyone in the sandbox: the queen owner learns of the
    pinned elephant from her private board, and calls the foul with its button."""
    from tests.test_bot_houji import FOUL, TO_THE_PIN

    sandbox = sandboxes()
    browser.set_window_size(1100, 2400)
    alice, bob = Page(browser, sandbox.urls["alice"]), Page(browser, sandbox.urls["bob"])
    carol = Page(browser, sandbox.urls["carol"])
    start_game(alice, bob, variant="houji")
    for ply, move in enumerate([*TO_THE_PIN, FOUL]):
        player = alice if ply % 2 == 0 else bob
        player.command("move", move=move)
        player.wait_for("You played ", count=ply // 2 + 1)
    alice.command("board", picked={"private": "True"})
    alice.wait_for("Only you are told")
    alice.press("Call the foul", until=lambda: "calls a foul" in alice.text())
    carol.wait_for("calls a foul")
    for page in (bob, carol):
        assert "Only you are told" not in page.text()
    assert "Sandbox stopped" in sandbox.stop()


def summaries(page: Page) -> list[str]:
    """The setup summaries a page shows (one per /setup message)."""
    return re.findall(r"Your backs: .*", page.text())


def test_fanbing_backs_arranged_with_the_setup_menus(browser, sandboxes):
    """Each player arranges their backs in the menus only they see; the
    spectator sees the game start and a move, never a back."""
    sandbox = sandboxes()
    browser.set_window_size(1100, 2400)
    alice, bob = Page(browser, sandbox.urls["alice"]), Page(browser, sandbox.urls["bob"])
    carol = Page(browser, sandbox.urls["carol"])
    start_game(alice, bob, variant="fanbing")
    alice.command("setup")
    alice.wait_for("Your pawns' backs")
    first = summaries(alice)
    assert len(first) == 2 and first[0] == first[1]  # the pawn message and the pairs one
    alice.press("🎲 Random everything", until=lambda: summaries(alice)[0] != first[0])
    again = summaries(alice)
    assert again[0] == again[1]  # both messages show the new setup
    alice.press("✅ Done", until=lambda: "Your backs are set" in alice.text())
    bob.command("setup")
    bob.wait_for("Your pawns' backs")
    bob.press("✅ Done", until=lambda: "Both setups are done" in bob.text())
    carol.wait_for("Both setups are done. alice (Red) moves first.")
    alice.command("move", move="h2e2")
    carol.wait_for("炮二平五")
    all_loaded(carol)
    seen = carol.text()
    assert "Your backs" not in seen and "Your pawns' backs" not in seen
    assert "Sandbox stopped" in sandbox.stop()
