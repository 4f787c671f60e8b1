"""The OAuth 2.0 authorization server: credentials, tokens, the token endpoint, the user
flows (authorization pages, text-message codes, code and refresh grants, PKCE, id_tokens)."""

from . import grants
from .acting import USER_ID_HEADER, act_for_user
from .tokens import ACCESS_TOKEN_LIFETIME, authenticate_bearer, issue_project_token

__all__ = [
    "ACCESS_TOKEN_LIFETIME",
    "USER_ID_HEADER",
    "act_for_user",
    "authenticate_bearer",
    "grants",
    "issue_project_token",
]
