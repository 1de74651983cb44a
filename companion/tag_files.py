"""Enrolled RFID tags as a file, so that a club enrols its cards once and loads them on every Pi.

The file is JSON: ``{"format": "table-companion-tags", "version": 1, "tags": {TAG: CARD, ...}}``.
An import checks every entry before it stores any: a tag that already stands for another card, a
card id that is no card, a tag that is itself a printed card id or a tag listed twice refuses the
whole file, naming the entry, and changes nothing.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from companion.cards import game_of, printed_card
from companion.errors import InputError
from companion.files import write_or_refuse
from companion.i18n import _
from companion.store import Store

logger = logging.getLogger(__name__)

FORMAT = "table-companion-tags"
VERSION = 1


def export_tags(store: Store, path: Path) -> int:
    """Write every enrolled tag to ``path``; the number written."""
    tags = store.enrolled_tags()
    document = {"format": FORMAT, "version": VERSION, "tags": dict(sorted(tags.items()))}
    write_or_refuse(path, (json.dumps(document, indent=2) + "\n").encode(), "file")
    logger.info("%d tags exported to %s", len(tags), path)
    return len(tags)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise InputError(
                "duplicate_tag", _("tags: {tag} is listed twice in the file.").format(tag=key)
            )
        seen[key] = value
    return seen


def read_tag_file(path: Path) -> dict[str, str]:
    """The tag -> card map a tag file holds; :class:`InputError` naming what is wrong."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicates)
    except OSError as error:
        raise InputError(
            "unreadable_file", _("file: {path}: {error}").format(path=path, error=error.strerror)
        ) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise InputError("malformed_json", _("file: {error}").format(error=error)) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise InputError("not_a_tag_file", _("format: the file is not a table-companion tag file."))
    if document.get("version") != VERSION:
        raise InputError(
            "unknown_version",
            _("version: tag file version {version} is not known (this app reads 1).").format(
                version=document.get("version")
            ),
        )
    tags = document.get("tags")
    if not isinstance(tags, dict) or not all(
        isinstance(tag, str) and isinstance(card, str) for tag, card in tags.items()
    ):
        raise InputError("malformed_tags", _("tags: must map each tag (text) to a card id (text)."))
    return tags


def import_tags(store: Store, path: Path) -> dict[str, int]:
    """Enrol every tag in the file at ``path``: ``{"imported": new, "unchanged": already}``."""
    tags = read_tag_file(path)
    enrolled = store.enrolled_tags()
    for tag, card in tags.items():
        if not tag.strip():
            raise InputError("empty_tag", _("tags: a tag cannot be empty."))
        if game_of(card) is None:
            raise InputError(
                "unknown_card",
                _("tags.{tag}: {card} is not a card of any game.").format(tag=tag, card=card),
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
