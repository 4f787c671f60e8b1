"""A room's spaces are opened in the background once it serves, and a learner's request in
flight goes first: the next space waits until it is answered (`WorkshopApp._warm`)."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from simulator.workshop import Workshop
from simulator.workshop.serving import WorkshopApp

Message = dict[str, Any]


async def _start(app: WorkshopApp) -> tuple[asyncio.Queue[Message], asyncio.Task[None]]:
    """The app's lifespan, started: its queue of messages to the app, and its task."""
    to_app: asyncio.Queue[Message] = asyncio.Queue()
    from_app: asyncio.Queue[Message] = asyncio.Queue()
    scope = {"type": "lifespan", "asgi": {"version": "3.0"}}
    task = asyncio.create_task(app(scope, to_app.get, from_app.put))
    await to_app.put({"type": "lifespan.startup"})
    assert (await from_app.get())["type"] == "lifespan.startup.complete"
    return to_app, task


def _token_request(name: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": f"/w/{name}/oauth2/token",
        "raw_path": f"/w/{name}/oauth2/token".encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


def test_a_request_in_flight_goes_before_the_next_space_is_opened(room: Workshop) -> None:
    async def scenario() -> None:
        app = WorkshopApp(room)
        to_app, lifespan = await _start(app)
        body: asyncio.Queue[Message] = asyncio.Queue()  # the request's body, held back
        answer: list[Message] = []

        async def send(message: Message) -> None:
            answer.append(message)

        # ada's request arrives while her space (the first) is being opened for the room.
        request = asyncio.create_task(app(_token_request("ada"), body.get, send))
        for _ in range(500):
            if "ada" in app.apps:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)  # time enough to open the other two, were they not waiting
        assert set(app.apps) == {"ada"} and not app.ready

        await body.put({"type": "http.request", "body": json.dumps({}).encode()})
        await request
        assert answer[0]["status"] == 400  # no grant type: answered all the same
        for _ in range(500):
            if app.ready:
                break
            await asyncio.sleep(0.01)
        assert app.ready and set(app.apps) == {"ada", "grace", "linus"}

        await to_app.put({"type": "lifespan.shutdown"})
        await lifespan

    # On a thread of its own: this one may hold a running loop (Playwright's sync API, in a
    # worker that ran browser tests first).
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result(timeout=120)
