"""When something happened, as every screen writes it: the date and time in the table's language
(Babel's medium date and short time, ``28 Nov 2026, 00:41`` / ``28.11.2026 00:41``) and the
machine's time zone, on one line, so that Home's lists and the history read alike."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from babel.dates import format_date, format_time

from companion.installation.i18n import current_language
from ui.spacing import NBSP

logger = logging.getLogger(__name__)


def moment_text(moment: datetime) -> str:
    """``moment`` in the table's language and the machine's time zone (a time without a zone is
    taken as UTC, as the store writes its times)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone()
    language = current_language()
    day = format_date(local, "medium", locale=language)
    return NBSP.join(f"{day} {format_time(local, 'short', locale=language)}".split())


def stored_moment_text(stamp: str) -> str:
    """A time as the store keeps it (ISO 8601), written as :func:`moment_text` writes it; the text
    as it is when it does not read as one."""
    try:
        return moment_text(datetime.fromisoformat(stamp))
    except ValueError:
        logger.warning("a stored time does not read: %r", stamp)
        return stamp
