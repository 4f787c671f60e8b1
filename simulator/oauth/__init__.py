"""The OAuth 2.0 authorization server: credentials, tokens and the token endpoint."""

from .tokens import ACCESS_TOKEN_LIFETIME, authenticate_bearer, issue_project_token

__all__ = ["ACCESS_TOKEN_LIFETIME", "authenticate_bearer", "issue_project_token"]
