"""The keyboard on the match page, in real chromium: after a move the focus stays in the
moves (on the same choice if it is still offered, else the next one), and Escape closes a
group of moves (a chooser), leaving the focus on its title and the group closed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.conftest import Server
from tests.web.test_browser import ACTION_BUTTONS, READY_OR_OVER

IN_MOVES = """() => {
  const box = document.querySelector("section.actions");
  const el = document.activeElement;
  return box.contains(el) ? el.dataset.action || el.tagName : null;
}"""


def test_focus_moves_to_the_next_choice_after_a_step(server: Server, page: Page) -> None:
    # The test game's turn is a decision in steps: a piece, then where it walks.
    created = server.create(
        {"game": "toy-walk", "options": {"turns": 4}, "bots": {"south": "random"}, "seed": 3}
    )
    (north,) = created["seats"]
    page.goto(north["url"])
    first = page.locator(f'{ACTION_BUTTONS}[data-action="piece:p1"]')
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f'{ACTION_BUTTONS}[data-action="piece:p1"]')).to_have_count(0)
    page.wait_for_function(f"() => ({IN_MOVES})() !== null")
    focused = page.evaluate(IN_MOVES)
    assert focused and focused != "piece:p1", focused
    # Enter again walks on: the keyboard never has to find its way back from the page's top.
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({IN_MOVES})() !== null")


# Holds back every "toggle" event, as if the next state arrived before the browser sent it (it is
# queued a task after a group opens or closes): the page must not rely on it to remember.
HOLD_BACK_TOGGLE = """() => window.addEventListener(
  "toggle", (e) => e.stopImmediatePropagation(), true)"""


@pytest.mark.parametrize("toggle_event", ["delivered", "late"])
def test_escape_closes_a_group_of_moves_and_it_stays_closed(
    server: Server, page: Page, toggle_event: str
) -> None:
    bots = dict.fromkeys(("el-toro", "lotus", "mr-black", "haggis"), "random")
    # Seed 6 of the Advanced game deals tino an ability he may reveal while he loads.
    created = server.create(
        {"game": "cash-n-guns", "options": {"advanced": True}, "bots": bots, "seed": 6}
    )
    (tino,) = created["seats"]
    page.goto(tino["url"])
    # The bots load at the same time: wait until the page has seen them, or the click below may
    # carry a version their loads have made stale (test_a_move_sent_as_another_seat_moves).
    expect(page.locator("li.seat-item.to-act")).to_have_count(1)
    group = page.locator("details.action-group")
    expect(group).to_have_attribute("open", "")
    reveal = group.locator("button.action").first
    if toggle_event == "late":
        page.evaluate(HOLD_BACK_TOGGLE)
    reveal.focus()
    page.keyboard.press("Escape")
    expect(group).not_to_have_attribute("open", "")
    expect(group.locator("summary")).to_be_focused()
    # A new state (tino loads a card) does not open it again.
    page.locator(f'{ACTION_BUTTONS}[data-action="load:click"]').click()
    expect(page.locator(f'{ACTION_BUTTONS}[data-action="load:click"]')).to_have_count(0)
    for details in page.locator("details.action-group").all():
        expect(details).not_to_have_attribute("open", "")


def test_a_move_sent_as_another_seat_moves_is_refused_in_words(server: Server, page: Page) -> None:
    """Tino clicks while El Toro's load is on its way to his page (its push held back): the
    server refuses the click's stale version, the page says in words that nothing was played,
    shows the table as it is, and the same click then plays."""
    bots = dict.fromkeys(("lotus", "mr-black", "haggis"), "random")
    created = server.create(
        {"game": "cash-n-guns", "options": {"advanced": True}, "bots": bots, "seed": 6}
    )
    tino, toro = sorted(created["seats"], key=lambda seat: seat["seat"] != "tino")
    match = created["id"]
    held: list[str | bytes] = []

    def hold_pushes(ws: WebSocketRoute) -> None:
        to_server = ws.connect_to_server()
        to_server.on_message(lambda message: held.append(message))

    page.goto(tino["url"])
    expect(page.locator("li.seat-item.to-act")).to_have_count(2)  # the bots have loaded
    page.route_web_socket("**/ws*", hold_pushes)
    page.reload()
    expect(page.locator("li.seat-item.to-act")).to_have_count(2)
    seen = server.state(match, toro["token"])
    load = next(a for a in seen["legal_actions"] if a.startswith("load:"))
    server.request(
        "POST",
        f"/api/matches/{match}/actions",
        {"token": toro["token"], "action": load, "version": seen["version"]},
    )
    button = page.locator(f'{ACTION_BUTTONS}[data-action="load:click"]')
    button.click()
    expect(page.locator("p.error")).to_have_text(
        "Error: The table changed before your move arrived, so nothing was played. "
        "Here it is as it is now: choose again."
    )
    expect(page.locator("li.seat-item.to-act")).to_have_count(1)  # the GET showed El Toro's load
    button.click()
    expect(button).to_have_count(0)
    expect(page.locator("p.error")).to_have_text("")


def test_starting_a_rematch_leaves_the_focus_on_its_link(server: Server, page: Page) -> None:
    created = server.create(
        {"game": "toy-walk", "options": {"turns": 2}, "bots": {"south": "random"}, "seed": 5}
    )
    (north,) = created["seats"]
    page.goto(f"{north['url']}&host={created['host_token']}")
    result = page.locator("section.result")
    while not result.is_visible():
        page.wait_for_function(READY_OR_OVER)
        if result.is_visible():
            break
        page.locator(ACTION_BUTTONS).first.press("Enter")
    result.get_by_role("button", name="Start a rematch").focus()
    page.keyboard.press("Enter")
    expect(result.get_by_role("link", name="Go to the rematch")).to_be_focused()


def test_the_host_panel_keeps_the_focus_in_the_seat_row(server: Server, page: Page) -> None:
    bots = {"lotus": "random", "mr-black": "random", "haggis": "random"}
    created = server.create({"game": "cash-n-guns", "bots": bots, "seed": 8})
    page.goto(f"{created['spectator_url']}?host={created['host_token']}")
    row = page.locator('li.host-seat[data-seat="el-toro"]')
    row.get_by_role("button", name="Hand to the bot").focus()
    page.keyboard.press("Enter")
    give_back = row.get_by_role("button", name="Give back to a person")
    expect(give_back).to_be_focused()
    page.keyboard.press("Enter")
    # Back to a person: the row offers a bot again, and the keyboard is still in it.
    page.wait_for_function(
        """() => document.activeElement.closest('li.host-seat[data-seat="el-toro"]') !== null"""
    )


def test_the_replay_keeps_the_focus_at_either_end(server: Server, page: Page) -> None:
    bots = {"north": "random", "south": "random"}
    created, _ = server.finished(
        {"game": "toy-walk", "options": {"turns": 2}, "bots": bots, "seed": 2}
    )
    page.goto(f"{created['spectator_url']}?replay&as=spectator")
    last = page.get_by_role("button", name="Last step")
    # Enabled once the replay's steps are in: a disabled button takes no focus.
    expect(last).to_be_enabled()
    last.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Previous step")).to_be_focused()
    page.get_by_role("button", name="First step").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Next step")).to_be_focused()
