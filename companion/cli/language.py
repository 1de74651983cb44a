"""``--lang CODE``: the language of the CLI's human messages, accepted anywhere on the line.

The option is taken out of the arguments before they are parsed, so ``table-companion --lang es
game act ...`` and ``table-companion game act ... --lang es`` both work without every subcommand
declaring it. Without it the environment decides (``LANGUAGE``, ``LC_ALL``, ``LANG``), else English.
Only ``message`` texts change; codes, keys and action kinds never do.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.installation.i18n import LANGUAGES

OPTION = "--lang"
HELP = f"language of the messages: {', '.join(LANGUAGES)} (default: the environment's, else en)"


class LanguageOptionError(ValueError):
    """``--lang`` without a value, or with a language the app does not speak."""


def take_language(argv: Sequence[str]) -> tuple[list[str], str | None]:
    """``argv`` without its ``--lang`` options, and the last language they named (else ``None``).

    Arguments after ``--`` are left alone (they are operands, not options).
    """
    rest: list[str] = []
    code: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest.append(item)
            rest.extend(items)
            break
        if item == OPTION:
            value = next(items, None)
            if value is None:
                raise LanguageOptionError(f"{OPTION}: expected a language code ({_codes()})")
        elif item.startswith(OPTION + "="):
            value = item.removeprefix(OPTION + "=")
        else:
            rest.append(item)
            continue
        if value not in LANGUAGES:
            raise LanguageOptionError(f"{OPTION}: {value!r} is not one of {_codes()}")
        code = value
    return rest, code


def _codes() -> str:
    return ", ".join(LANGUAGES)
