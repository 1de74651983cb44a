"""What the store raises: problems the app reports rather than works around."""

from __future__ import annotations

from pathlib import Path

from companion.storage import storage_env


class StoreError(Exception):
    """A problem with the game database that the app should report rather than work around."""


class NewerSchemaError(StoreError):
    """The database was written by a newer Table Companion; it is left untouched."""


class DuplicateEntryError(StoreError):
    """The log already has an entry with this sequence number: the writer's view was stale."""


class UnknownGameError(StoreError):
    """No game has this id."""


class DamagedSettingError(StoreError):
    """A stored setting whose value no longer reads as JSON; the message names its game and key."""


class StorageUnavailableError(StoreError):
    """The database cannot be used in this environment: full disk, read-only, permissions, a lock
    held too long, an odd file at its path. Nothing was moved or changed; once the cause is fixed
    the same file opens as before. ``cause`` is one of :mod:`companion.storage.storage_env`'s codes."""

    code = "storage_unavailable"

    def __init__(self, path: Path, cause: str, detail: str = "") -> None:
        self.path = path
        self.cause = cause
        self.message = storage_env.explain(path, cause, detail)
        super().__init__(self.message)

    def as_dict(self) -> dict[str, dict[str, str]]:
        """The CLI's JSON error, shaped as :class:`companion.installation.errors.InputError`'s."""
        return {
            "error": {
                "code": self.code,
                "message": self.message,
                "cause": self.cause,
                "path": str(self.path),
            }
        }


class DamagedGameError(StoreError):
    """A game's own record (its kind, options or creation time) is damaged: it cannot be set up."""


class Damaged(Exception):
    """Internal: why an existing file cannot be used."""
