"""The table's language: stored when Settings switches it, applied when the app opens its store."""

from __future__ import annotations

import logging

from companion.installation.i18n import LANGUAGES, set_language
from companion.store import DamagedSettingError, Store

_log = logging.getLogger(__name__)

LANGUAGE_SETTING = ("app", "language")
"""Where the table's language is stored: (scope, key) in the settings table."""


def apply_stored_language(store: Store) -> None:
    """Switch to the language this table chose in Settings, if it chose one the app speaks.

    Without one the language stays the system locale's (chosen when :mod:`companion.installation.i18n` loads).
    """
    try:
        code = store.get_setting(*LANGUAGE_SETTING)
    except DamagedSettingError as error:  # named in the log, never a crash: the default stays
        _log.warning("stored language unreadable: %s", error)
        return
    if code in LANGUAGES:
        set_language(code)
