"""The learner's side of the exercises: `GET /w/<learner>/workshop/check` and `check()`.

The endpoint answers a learner's own results, authenticated with their project's
credentials in HTTP Basic (as the token endpoint accepts them), so a learner sees only
their own space. `check()` is what notebook 09 calls:

```python
from simulator.workshop.feedback import check
results = check("http://127.0.0.1:8000/w/ada", CLIENT_ID, CLIENT_SECRET)   # prints a table
```
"""

from __future__ import annotations

import asyncio
import base64
import binascii
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..domain.kernel.projects import authenticate_client
from ..exceptions import InvalidClient
from ..server.access_log import request_id_of
from ..server.responses import json_error
from .hints import curl_for, learner_values, render
from .spaces import Workshop

__all__ = ["CHECK_PATH", "check", "check_endpoint", "format_results", "learner_results"]

CHECK_PATH = "/workshop/check"
#: A 401's challenge (RFC 9110): the credentials it wants, and where they hold.
_CHALLENGE = {"WWW-Authenticate": 'Basic realm="workshop check", charset="UTF-8"'}


def _basic(request: Request) -> tuple[str, str] | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        client_id, _, secret = base64.b64decode(value, validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        return None
    return client_id, secret


def learner_results(room: Workshop, name: str) -> list[dict[str, Any]]:
    """Each exercise of learner `name`: id, title, status, detail, and the hint and steps
    with the learner's own values (hints.py), each step's document as a `curl` command."""
    from .progress import check_learner, load_exercises  # start-up: the exercises' checks

    exercises = load_exercises()
    results = check_learner(room, name, exercises)
    values = learner_values(room, name)
    rendered = {exercise.id: [render(step, values) for step in exercise.steps]
                for exercise in exercises}  # fmt: skip
    return [
        {
            "id": exercise.id,
            "title": exercise.title,
            "status": results[exercise.id].status,
            "detail": results[exercise.id].detail,
            "hint": render(exercise.hint, values),
            "steps": rendered[exercise.id],
            # Each step's document as a `curl` command ("" for a step without one).
            "curls": [curl_for(step) for step in rendered[exercise.id]],
        }
        for exercise in exercises
    ]


async def check_endpoint(room: Workshop, name: str, request: Request) -> Response:
    """A learner's results, for their own credentials only (401 otherwise)."""
    if request.method != "GET":
        return json_error(405, "METHOD_NOT_ALLOWED", "Use GET.", {"Allow": "GET"})
    credentials = _basic(request)
    if credentials is None:
        return json_error(
            401,
            "UNAUTHENTICATED",
            "Send your client_id and client_secret in HTTP Basic.",
            _CHALLENGE,
            request_id=request_id_of(request.scope),
        )
    try:
        await asyncio.to_thread(authenticate_client, room.learner(name).sandbox, *credentials)
    except InvalidClient:
        return json_error(
            401,
            "UNAUTHENTICATED",
            "Not this space's credentials.",
            _CHALLENGE,
            request_id=request_id_of(request.scope),
        )
    exercises = await asyncio.to_thread(learner_results, room, name)
    return JSONResponse({"learner": name, "exercises": exercises})


_MARK = {"done": "✔", "todo": "·", "unknown": "?"}


def format_results(results: list[dict[str, Any]]) -> str:
    lines = []
    for result in results:
        line = f"{_MARK.get(result['status'], '?')} {result['title']}"
        if result["status"] == "done" or result["status"] == "unknown":
            line += f" ({result['detail']})"
        else:
            line += f"\n    hint: {result['hint']}"
        lines.append(line)
    return "\n".join(lines)


def check(base_url: str, client_id: str, client_secret: str, *, show: bool = True) -> Any:
    """Ask the learner's space how each exercise stands; print it (unless `show=False`)
    and return the results (a list of dicts: id, title, status, detail, hint)."""
    # start-up: httpx, in a notebook that asks; the server's side never needs it
    import httpx

    answer = httpx.get(
        base_url.rstrip("/") + CHECK_PATH, auth=(client_id, client_secret), timeout=30
    )
    answer.raise_for_status()
    results = answer.json()["exercises"]
    if show:
        print(format_results(results))
    return results
