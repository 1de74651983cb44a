"""Every user-visible sentence goes through :func:`_`; the active language can change at run time.

The catalogs are ``companion/locale/<lang>/LC_MESSAGES/table-companion.po`` (the sources, in the
repository) and the ``.mo`` files compiled from them at build time (``setup.py``). A checkout or an
editable install may have no ``.mo`` or an outdated one: then the ``.po`` is compiled in memory
with Babel (a dependency anyway, for dates and numbers), so a catalog edit shows at the next start
without a build step and nothing is ever written into the installed package.

Msgids are literals only: extraction (``pybabel extract``, configured in ``pyproject.toml``) sees
``_("...")``, ``N_("...")`` (marked now, translated later), ``ngettext("...", "...", n)`` (and
``Nn_("...", "...")``, a counted message marked now), and,
where one English word has two meanings that other languages say differently, the same with a
context: ``pgettext("context", "...")`` and ``npgettext("context", "...", "...", n)``.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

_log = logging.getLogger(__name__)

DOMAIN = "table-companion"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DEFAULT = "en"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "pl": "Polski", "de": "Deutsch"}
"""Every language the app speaks, by its code, named in itself (as a language picker lists them)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


def N_(message: str) -> str:
    """Mark ``message`` as a msgid for extraction; it is translated later, where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message counted later (:func:`ngettext`) for extraction: its two English forms."""
    return singular, plural


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the active language (Polish has three)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context`` (``pgettext("tribe card", "Hand")``)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _translation.npgettext(context, singular, plural, n)


def current_language() -> str:
    """The code of the active language (a key of :data:`LANGUAGES`)."""
    return _language


def language_code(text: str | None) -> str | None:
    """The supported language a locale name means (``pl_PL.UTF-8`` -> ``pl``), else ``None``."""
    if not text:
        return None
    code = text.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LANG``), else English.

    ``LANGUAGE`` may list several, ``de:en``: the first one supported wins.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LANG"):
        for part in env.get(variable, "").split(":"):
            code = language_code(part)
            if code:
                return code
    return DEFAULT


def _load(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    if not po.is_file():
        _log.warning("no catalog for %s in %s: English", code, folder)
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``po`` (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def set_language(code: str) -> None:
    """Make ``code`` the active language: every later :func:`_` answers in it.

    An unsupported code raises :class:`ValueError` naming it (callers check user input first).
    """
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"language: {code!r} is not one of {', '.join(LANGUAGES)}")
    _translation = _load(code)
    _language = code
    _log.debug("language: %s", code)


_loaded = cache(_load)
"""Catalogs by code, loaded once per process (for :func:`speaking`)."""


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Every :func:`_` inside the block answers in ``code``, then the language before it again:
    one page in the language its reader chose (the phones' web view), whatever the table's.
    Not for threads: the active language is the process's."""
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"language: {code!r} is not one of {', '.join(LANGUAGES)}")
    before = _translation, _language
    _translation, _language = _loaded(code), code
    try:
        yield
    finally:
        _translation, _language = before


set_language(system_language())
