"""The one rule for a player's name, wherever a name is taken: a new game (command line or Home),
a rename (command line or the Players screen), the on-screen keyboard.

A name is 1 to :data:`MAX_NAME` printable characters (:meth:`str.isprintable`) without spaces
around it: no control character (ESC, backspace, CR, LF, NUL), no invisible format character (zero
width spaces and joiners, bidi controls that turn the text around in exports and on other
screens), no separator other than the plain space. Names stored before this rule still open: only
a name being given is checked.
"""

from __future__ import annotations

from companion.installation.errors import InputError
from companion.installation.i18n import _

MAX_NAME = 24
"""The longest name: what fits a score-sheet column and a seat on Home at 800 x 480."""


def check_name(name: str, field: str) -> None:
    """:class:`InputError` (``invalid_value``, naming ``field``) unless ``name`` follows the rule;
    the message shows the name with what is not printable escaped, cut after 60 characters."""
    if 0 < len(name) <= MAX_NAME and name == name.strip() and name.isprintable():
        return
    shown = repr(name)
    raise InputError(
        "invalid_value",
        _(
            "{field}: a name is 1 to {max} printable characters without spaces around them (no "
            "control, invisible or text-direction characters), got {name}"
        ).format(field=field, max=MAX_NAME, name=shown if len(shown) <= 60 else f"{shown[:60]}…"),
    )
