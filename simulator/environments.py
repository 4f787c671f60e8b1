"""The two environments, Sandbox and Live: separate files, credentials and tokens."""

from __future__ import annotations

from enum import StrEnum

from .exceptions import ConfigurationError

__all__ = ["EnvironmentName"]


class EnvironmentName(StrEnum):
    """Which environment a project, token or database belongs to."""

    SANDBOX = "sandbox"
    LIVE = "live"

    @property
    def prefix(self) -> str:
        """The prefix of every credential and token of the environment (`SANDBOX`, `LIVE`)."""
        return self.value.upper()

    @property
    def file_name(self) -> str:
        return f"{self.value}.sqlite"

    # Shadows `str.title()` on purpose: `env.name.title` reads well in messages and templates
    # (and gives what `str.title()` would). Renaming it touches the OAuth pages.
    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()

    @classmethod
    def parse(cls, value: str | EnvironmentName) -> EnvironmentName:
        try:
            return cls(str(value).lower())
        except ValueError:
            raise ConfigurationError(
                f"Unknown environment {value!r}: use 'sandbox' or 'live'."
            ) from None

    @classmethod
    def of_credential(cls, credential: str) -> EnvironmentName | None:
        """The environment a client_id or token was issued in, read from its prefix."""
        for name in cls:
            if credential.startswith(name.prefix + "_"):
                return name
        return None
