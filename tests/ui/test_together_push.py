"""The bar's poller woken by a pushed change (ui/together_push.py, session/notify.py; issue 47 item 4): a page whose
safety-net poll is an hour away still redraws as soon as another page stores a decision."""

from __future__ import annotations

import asyncio

from shogun_tutor.session import Session, new_token, notify, open_store
from shogun_tutor.ui.together_push import FollowingPoller, follow

SETUP = {"players": 3, "side": "sun", "seed": 5, "setup": "beginner", "solo": False}


def test_a_pushed_change_wakes_the_page_without_waiting_for_its_poll(tmp_path):
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    writer = Session.create(open_store(url), SETUP, new_token())
    page = Session.open(open_store(url), writer.code)  # another page's kernel (here: another store object)
    redraws: list[int] = []

    async def main() -> FollowingPoller:
        poller = follow(page, page.refresh, lambda: redraws.append(page.seq), start=False)
        poller.interval = lambda: 3600.0  # no poll in this test: only the push can wake it
        poller.start()
        await asyncio.sleep(0.05)
        writer.advance_bots(limit=2)  # another page's decisions, stored
        for _ in range(250):
            if redraws and redraws[-1] == writer.seq:
                break
            await asyncio.sleep(0.02)
        poller.stop()
        return poller

    try:
        poller = asyncio.run(main())
    finally:
        notify.close_all()
    assert redraws and redraws[-1] == writer.seq and poller.wakes >= 1
    assert poller.subscription is None  # stopped: no longer subscribed
    assert notify.HUB.codes(notify.store_key(page.store)) == set()


def test_a_store_that_pushes_nothing_is_polled_as_before():
    store = open_store("sqlite://")
    session = Session.create(store, SETUP, new_token())
    poller = follow(session, session.refresh, lambda: None, start=False)
    assert not poller.pushed and poller._wait_s() == 0.1  # ui/widgets/live.py INTERVAL
    poller.stop()
