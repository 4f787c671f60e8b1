"""The addresses whose path is a credential: the segment that comes before the token.

A capital deposit or identity document upload and an export download are addressed by a
random token in the path (`/sandbox/export-downloads/<token>`, as a presigned URL's
signature), so the path itself must never reach a log: `access_log.redact` replaces the
segment after each of these. Read from the domain's own address templates, so that a
renamed route is redacted too; `tests/test_secure_logs.py` checks that every route with a
`{token}` parameter is covered. Read at the first path redacted (a log line), not at import:
the domain modules they come from are not a first answer's (docs/performance.md, "First answer").
"""

from __future__ import annotations

from functools import cache

__all__ = ["credential_segments"]


def _segment_before_token(template: str) -> str:
    head, _, _ = template.partition("/{token}")
    return head.rsplit("/", 1)[-1]


@cache
def credential_segments() -> frozenset[str]:
    """The segments before a token, of every address whose path is a credential."""
    # Imported at the first path redacted, not with the server (start-up).
    from ..domain.capital_deposits.documents import UPLOAD_PATH as DEPOSIT_UPLOAD
    from ..domain.exports.exports import DOWNLOAD_PATH
    from ..domain.users.external_identifications import UPLOAD_PATH as IDENTITY_UPLOAD

    templates = (DEPOSIT_UPLOAD, DOWNLOAD_PATH, IDENTITY_UPLOAD)
    return frozenset(_segment_before_token(template) for template in templates)
