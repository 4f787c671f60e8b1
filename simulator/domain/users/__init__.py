"""Users: the bank's users (the people who log in) and their settings.

Above the kernel only.
"""

from . import user_settings, users

__all__ = [
    "user_settings",
    "users",
]
