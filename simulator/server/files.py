"""The files the simulator serves itself: capital deposit and identity document uploads and
export downloads, one address each per environment, under the public URL.

- `PUT` (or `POST`) `/{environment}/capital-deposit-uploads/{token}`: a document's file (the
  request's body); the document becomes Uploaded.
- `PUT` (or `POST`) `/{environment}/identification-document-uploads/{token}`: a side of an
  external identification's identity document; recorded once.
- `POST` (or `PUT`) `/{environment}/supporting-document-uploads/{id}`: a supporting
  document's file; a document waiting for it becomes Uploaded. The one address answered
  with CORS headers: the onboarding app uploads from the page, as to a presigned URL.
- `GET /{environment}/export-downloads/{token}`: an export's CSV file.
- `GET /{environment}-documents/account-statements/{id}.pdf` (or `.csv`): an account
  statement's file, by the statement's id (`domain/accounts/statement_files.py`).

The token in the path is the credential (as a presigned URL's signature): unguessable
(derived from the environment file's id secret, so a report replays it), stored hashed
with its document or export, and valid for a while of virtual time. An unknown, used or
expired token answers 404, as any other path does.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..domain.accounts.statement_files import statement_file
from ..domain.capital_deposits import documents
from ..domain.exports import exports
from ..domain.kernel.context import Environment
from ..domain.onboarding import supporting_documents
from ..domain.users import external_identifications
from ..environments import EnvironmentName
from .responses import json_error

__all__ = ["file_routes"]

Endpoint = Callable[[Request], Awaitable[Response]]


def _not_found(request: Request) -> Response:
    return json_error(404, "NOT_FOUND", f"Nothing at {request.scope['path']}.")


def _upload(env: Environment) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        body = await request.body()
        token = str(request.path_params["token"])
        row = await run_in_threadpool(documents.receive_upload, env, token, len(body))
        if row is None:
            return _not_found(request)
        return JSONResponse({"documentId": row["id"], "status": row["status"], "size": len(body)})

    return endpoint


def _identity_upload(env: Environment) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        body = await request.body()
        token = str(request.path_params["token"])
        receive = external_identifications.receive_upload
        row = await run_in_threadpool(receive, env, token, len(body))
        if row is None:
            return _not_found(request)
        return JSONResponse({"side": row["side"], "fileName": row["filename"], "size": len(body)})

    return endpoint


#: The one address a browser may call across origins: a supporting document's upload URL,
#: like the presigned storage URL it stands for, which the onboarding app posts the file
#: to from the page. Every API answer stays without CORS headers (`edge.py`).
UPLOAD_CORS = {"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "POST, PUT"}


def _document_upload(env: Environment) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        if request.method == "OPTIONS":  # the preflight of a PUT
            return Response(status_code=204, headers=UPLOAD_CORS)
        await request.body()  # read to its end; the file itself is not kept
        document_id = str(request.path_params["id"])
        row = await run_in_threadpool(supporting_documents.receive_upload, env, document_id)
        if row is None:
            return _not_found(request)
        return Response(status_code=204, headers=UPLOAD_CORS)

    return endpoint


def _download(env: Environment) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        token = str(request.path_params["token"])
        export = await run_in_threadpool(exports.download, env, token)
        if export is None:
            return _not_found(request)
        name = f"{export['type'].lower()}-{export['id']}.csv"
        return Response(
            export["content"] or "",
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    return endpoint


def _statement(env: Environment) -> Endpoint:
    async def endpoint(request: Request) -> Response:
        found = await run_in_threadpool(
            statement_file, env, str(request.path_params["id"]), str(request.path_params["ext"])
        )
        if found is None:
            return _not_found(request)
        content, media_type, name = found
        return Response(
            content,
            media_type=media_type,
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    return endpoint


def file_routes(environments: dict[EnvironmentName, Environment]) -> list[Route]:
    """The upload and download routes of each environment."""
    routes = []
    for name, env in environments.items():
        upload = documents.UPLOAD_PATH.format(environment=name.value, token="{token}")
        download = exports.DOWNLOAD_PATH.format(environment=name.value, token="{token}")
        routes.append(Route(upload, _upload(env), methods=["PUT", "POST"]))
        identity = external_identifications.UPLOAD_PATH.format(
            environment=name.value, token="{token}"
        )
        routes.append(Route(identity, _identity_upload(env), methods=["PUT", "POST"]))
        routes.append(Route(download, _download(env), methods=["GET"]))
        supporting = supporting_documents.UPLOAD_PATH.format(environment=name.value, id="{id}")
        routes.append(Route(supporting, _document_upload(env), methods=["POST", "PUT", "OPTIONS"]))
        statements = f"/{name.value}-documents/account-statements/{{id}}.{{ext}}"
        routes.append(Route(statements, _statement(env), methods=["GET"]))
    return routes
