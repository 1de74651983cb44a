"""Every user-visible sentence goes through :func:`_` so that other languages can follow."""

import gettext

_translation = gettext.translation("table-companion", fallback=True)


def _(message: str) -> str:
    """Translate ``message`` into the active language (English until catalogs ship)."""
    return _translation.gettext(message)
