"""Enrolled RFID tags as a file, so that a club enrols its cards once and loads them on every Pi.

The file is JSON: ``{"format": "table-companion-tags", "version": 1, "tags": {TAG: CARD, ...}}``.
An import checks every entry before it stores any: a tag that already stands for another card, a
card id that is no card, a tag that is itself a printed card id, a tag no scanner can send or a tag
listed twice refuses the whole file, naming the entry, and changes nothing. The file itself is read
within bounds, as the command line reads JSON (:func:`read_tag_file`).
"""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path
from typing import Any

from companion.installation.errors import InputError
from companion.installation.files import write_or_refuse
from companion.installation.i18n import _
from companion.installation.json_input import DuplicateKeyError, read_json
from companion.play.cards import game_of, printed_card
from companion.store import Store

logger = logging.getLogger(__name__)

FORMAT = "table-companion-tags"
VERSION = 1
MAX_FILE_BYTES = 1 << 20
"""The largest tag file read: every card of every game with long tags fits in a tenth of it."""
MAX_TAG_LENGTH = 4096
"""The longest tag a scanner can send: the longest line it may be configured to pass on
(``[scanner] max_length``, :mod:`companion.installation.device_config`)."""


def export_tags(store: Store, path: Path) -> int:
    """Write every enrolled tag to ``path``; the number written."""
    tags = store.enrolled_tags()
    document = {"format": FORMAT, "version": VERSION, "tags": dict(sorted(tags.items()))}
    write_or_refuse(path, (json.dumps(document, indent=2) + "\n").encode(), "file")
    logger.info("%d tags exported to %s", len(tags), path)
    return len(tags)


def read_tag_file(path: Path) -> dict[str, str]:
    """The tag -> card map a tag file holds; :class:`InputError` naming what is wrong.

    The file is read within bounds and with the CLI's strict JSON reader
    (:mod:`companion.installation.json_input`): anything but a regular file (a FIFO, a device, a folder) is
    refused before it is opened for reading, and so is a file of more than :data:`MAX_FILE_BYTES`.
    """
    document = _strict_json(_bounded_bytes(path))
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise InputError("not_a_tag_file", _("format: the file is not a table-companion tag file."))
    version = document.get("version")
    if type(version) is not int or version != VERSION:  # true and 1.0 equal 1 in Python
        raise InputError(
            "unknown_version",
            _("version: tag file version {version} is not known (this app reads 1).").format(
                version=json.dumps(version)[:40]
            ),
        )
    tags = document.get("tags")
    if not isinstance(tags, dict) or not all(
        isinstance(tag, str) and isinstance(card, str) for tag, card in tags.items()
    ):
        raise InputError("malformed_tags", _("tags: must map each tag (text) to a card id (text)."))
    return tags


def scannable(tag: str) -> bool:
    """Whether a card scanner can send ``tag``: 1 to :data:`MAX_TAG_LENGTH` printable ASCII
    characters, without spaces around them (the scanner's parser strips them)."""
    return (
        0 < len(tag) <= MAX_TAG_LENGTH
        and tag == tag.strip(" ")
        and all(" " <= character <= "~" for character in tag)
    )


def _bounded_bytes(path: Path) -> bytes:
    """The bytes of the regular file at ``path``, at most :data:`MAX_FILE_BYTES` of them.

    Opened without blocking (``O_NONBLOCK``: a FIFO put at the path after the check cannot make
    the open wait for a writer), and checked again once open.
    """
    try:
        _check_regular(path, path.stat())
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        with os.fdopen(descriptor, "rb") as file:
            _check_regular(path, os.fstat(file.fileno()))
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise InputError(
            "unreadable_file", _("file: {path}: {error}").format(path=path, error=error.strerror)
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            "too_large",
            _("file: {path} is larger than {limit} bytes: not a tag file.").format(
                path=path, limit=MAX_FILE_BYTES
            ),
        )
    return data


def _check_regular(path: Path, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise InputError(
            "unreadable_file",
            _("file: {path} is not a regular file (a folder, a FIFO or a device).").format(
                path=path
            ),
        )


def _strict_json(data: bytes) -> Any:
    """The file's JSON; a tag listed twice is ``duplicate_tag``, any other key ``duplicate_key``."""
    try:
        return read_json(data, "file", max_chars=MAX_FILE_BYTES)
    except DuplicateKeyError as error:
        if error.path != "file.tags":
            raise
        raise InputError(
            "duplicate_tag",
            _("tags: {tag} is listed twice in the file.").format(tag=_shown(error.key)),
        ) from None


def _shown(text: str) -> str:
    """``text`` as a message may quote it: control and non-ASCII characters escaped, and cut."""
    escaped = ascii(text)[1:-1]
    return escaped if len(escaped) <= 40 else f"{escaped[:40]}…"


def import_tags(store: Store, path: Path) -> dict[str, int]:
    """Enrol every tag in the file at ``path``: ``{"imported": new, "unchanged": already}``."""
    tags = read_tag_file(path)
    enrolled = store.enrolled_tags()
    for tag, card in tags.items():
        if not tag.strip():
            raise InputError("empty_tag", _("tags: a tag cannot be empty."))
        if not scannable(tag):
            raise InputError(
                "unscannable_tag",
                _(
                    "tags: no card scanner sends the tag {tag} (a tag is 1 to {limit} printable "
                    "ASCII characters)."
                ).format(tag=_shown(tag), limit=MAX_TAG_LENGTH),
            )
        if game_of(card) is None:
            raise InputError(
                "unknown_card",
                _("tags.{tag}: {card} is not a card of any game.").format(
                    tag=tag, card=_shown(card)
                ),
            )
        if printed_card(tag) is not None:
            raise InputError(
                "printed_tag",
                _("tags.{tag}: the tag is a printed card id; it needs no enrolment.").format(
                    tag=tag
                ),
            )
        other = enrolled.get(tag)
        if other is not None and other != card:
            raise InputError(
                "tag_enrolled_elsewhere",
                _(
                    "tags.{tag}: the tag is already enrolled to {other}, not {card}; forget it "
                    "first."
                ).format(tag=tag, other=other, card=card),
            )
    new = {tag: card for tag, card in tags.items() if tag not in enrolled}
    store.enrol_tags(dict(sorted(new.items())))
    logger.info(
        "%d tags imported from %s (%d already enrolled)", len(new), path, len(tags) - len(new)
    )
    return {"imported": len(new), "unchanged": len(tags) - len(new)}
