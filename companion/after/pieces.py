"""The history's whole text kept in pieces (:mod:`companion.after.printed`): runs of its plays, in
its order, so that a play made anew (a game ended: the newest, listed first) rewrites the one
piece it falls in, a few dozen kilobytes, not the 2 MB of a thousand plays.

The rows kept (:mod:`companion.storage.outputs`), all under the whole text's inputs:

- **the head**, under the whole text's key: its facts list the pieces in order, newest first,
  each by its number and its row's digest (its text is empty). The whole text's stamp names the
  head's digest;
- **each piece**, under the key, ``" piece "`` and its number (:func:`piece_key`): its text is
  its plays' texts as the history lists them, one after the other; its facts, each play's game's
  creation time, id and text's length.

So the digests chain: the stamp's names the head, the head's each piece, each piece's its text.
A piece is printed only if its row is sound (its own digest) and is the one the head lists, the
head only if it is the one the stamp names: a piece damaged, missing or of other inputs (logged)
makes the whole text anew from the games. Printing the text hashes it once, piece by piece.

A play made anew goes into the piece whose run its place falls in (:meth:`Pieces.spliced`); a
piece that grows past :data:`MOST` plays is split in two, one left with none is dropped.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection, Iterable
from typing import NamedTuple

from companion.cli import output
from companion.storage.outputs import KeptOutput, Made, output_digest
from companion.store import Store

_log = logging.getLogger(__name__)

INDENT = "\n    "
"""A play's line break in the history's list (``{"plays": [...]}`` with an indent of 2)."""
HEAD = '{\n  "plays": [' + INDENT
"""The history's text before its first play (with one or more)."""
BETWEEN = "," + INDENT
TAIL = "\n  ]\n}"
_HEAD, _BETWEEN, _TAIL = HEAD.encode(), BETWEEN.encode(), TAIL.encode()
SIZE = 16
"""The plays of each piece of a text kept anew (the newest piece holds what is left)."""
MOST = 2 * SIZE
"""A piece that a splice leaves with more plays than this is split in two."""
PIECE = " piece "
"""Between the whole text's key and a piece's number in the piece's key. Every key of a whole
text ends with the ``repr`` of a tuple (``)``), which no key's own text continues with this."""

Listed = tuple[str, str, str]
"""A play as the history's text lists it: its game's creation time and id, and its text."""


def joined(plays: Iterable[str]) -> str:
    """The history's text of the plays' texts ``plays`` (of pieces' texts alike)."""
    texts = list(plays)
    if not texts:
        return output.dumps({"plays": []})
    return HEAD + BETWEEN.join(texts) + TAIL


def piece_key(key: str, number: int) -> str:
    """The key of the piece ``number`` of the whole text kept under ``key``."""
    return f"{key}{PIECE}{number}"


class Piece(NamedTuple):
    """A run of the history's plays: its number, its text as kept (UTF-8), its facts (each
    play's game's creation time, id and text's length) as kept, its row's digest, and where its
    run begins: its oldest play's game's creation time and id."""

    number: int
    utf8: bytes
    about: bytes
    digest: bytes
    begins: tuple[str, str]

    @property
    def text(self) -> str:
        return self.utf8.decode()

    @classmethod
    def made(cls, key: str, inputs: bytes, number: int, plays: list[Listed]) -> Piece:
        """The piece ``number`` of ``plays`` (sorted, newest first) for the text kept under
        ``key``, and its digest as its row will hold it."""
        utf8 = BETWEEN.join(text for _created, _id, text in plays).encode()
        about = json.dumps([(created, game_id, len(text)) for created, game_id, text in plays])
        digest = output_digest(piece_key(key, number).encode(), inputs, about.encode(), utf8)
        return cls(number, utf8, about.encode(), digest, plays[-1][:2])

    def listed(self) -> list[Listed] | None:
        """Its plays, as its text lists them; None if its facts do not add up to its text (not
        one this code kept: made again)."""
        text = self.text
        try:
            facts = json.loads(self.about)
            plays, at = [], 0
            for created, game_id, length in facts:
                plays.append((created, game_id, text[at : at + length]))
                at += length + len(BETWEEN)
        except (ValueError, TypeError):
            return None
        if not plays or at - len(BETWEEN) != len(text):
            return None
        return plays


class Pieces(NamedTuple):
    """The history's whole text as pieces, newest first; the digest its head's row holds (what
    its stamp names) and the one kept (None if none); the numbers of the pieces made since it
    was read (to keep); and whether rows no longer its pieces are kept under its key (to
    drop)."""

    pieces: tuple[Piece, ...]
    digest: bytes
    kept: bytes | None
    changed: frozenset[int]
    stale: bool

    @classmethod
    def read(cls, store: Store, key: str, digest: str, inputs: bytes) -> Pieces | None:
        """The pieces kept under ``key``, if its head's digest is ``digest`` (hex; as its stamp
        says), every row is sound, of ``inputs`` and the one it lists; else None (damage
        logged)."""
        head = store.kept_output(key)
        if head is None or head.digest.hex() != digest or head.inputs != inputs:
            _log.warning("the kept history %s is damaged (its head): it is made again", key)
            return None
        if head.text_if_sound() is None:
            return None
        rows = store.kept_outputs(key + PIECE)
        pieces = []
        try:
            for number, listed_digest, *begins in json.loads(head.about):
                row = rows.get(piece_key(key, number))
                utf8 = None if row is None else _sound(row, inputs, listed_digest)
                if row is None or utf8 is None:
                    _log.warning("the kept history %s is damaged (its piece %s): it is made again",
                                 key, number)  # fmt: skip
                    return None
                created, game_id = begins
                pieces.append(Piece(number, utf8, row.about, row.digest, (created, game_id)))
        except (ValueError, TypeError):  # a sound head of another shape: not one this code kept
            return None
        return cls(tuple(pieces), head.digest, head.digest, frozenset(), len(rows) > len(pieces))

    @classmethod
    def made(cls, key: str, inputs: bytes, plays: list[Listed]) -> Pieces:
        """``plays`` (sorted, newest first) as new pieces of :data:`SIZE` plays, the newest
        holding what is left, for the text kept under ``key``."""
        first = len(plays) % SIZE or SIZE
        runs = [plays[:first]] + [plays[at : at + SIZE] for at in range(first, len(plays), SIZE)]
        pieces = [Piece.made(key, inputs, number, run)
                  for number, run in enumerate(run for run in runs if run)]  # fmt: skip
        return cls._of(key, inputs, pieces, None, stale=True)

    @classmethod
    def _of(cls, key: str, inputs: bytes, pieces: list[Piece], kept: bytes | None, *,
            stale: bool, unchanged: Collection[Piece] = ()) -> Pieces:  # fmt: skip
        """``pieces`` under a head made for them (those not ``unchanged`` to keep), in place of
        the head kept with the digest ``kept``."""
        digest = output_digest(key.encode(), inputs, _head_about(pieces).encode(), b"")
        changed = frozenset(piece.number for piece in pieces if piece not in unchanged)
        return cls(tuple(pieces), digest, kept, changed, stale)

    def utf8(self) -> bytes:
        """The history's whole text as UTF-8, joined from its pieces as they are kept (never
        decoded nor encoded again: 2 MB for a thousand plays)."""
        if not self.pieces:
            return joined([]).encode()
        parts = [_HEAD]
        for piece in self.pieces:
            parts += (piece.utf8, _BETWEEN)
        parts[-1] = _TAIL
        return b"".join(parts)

    def spliced(self, key: str, inputs: bytes, gone: set[str], new: list[Listed]) -> Pieces | None:
        """These pieces with the plays of the games ``gone`` taken out and the plays ``new``
        put in their places: only the pieces they were or are in are made anew; itself if none
        of them is or was listed; None if a piece's facts do not add up to its text (made whole
        again)."""
        if not self.pieces:
            return Pieces.made(key, inputs, new) if new else self
        named = [json.dumps(game_id).encode() for game_id in gone]  # as a piece's facts name it
        places = {at for at, piece in enumerate(self.pieces)
                  if any(name in piece.about for name in named)}  # fmt: skip
        landing = [next((at for at, piece in enumerate(self.pieces) if piece.begins <= play[:2]),
                        len(self.pieces) - 1) for play in new]  # fmt: skip
        runs: dict[int, list[Listed]] = {}
        for at in sorted(places.union(landing)):
            plays = self.pieces[at].listed()
            if plays is None:
                return None
            runs[at] = [play for play in plays if play[1] not in gone]
        for at, play in zip(landing, new, strict=True):
            runs[at].append(play)
        return self._with_runs(key, inputs, runs) if runs else self

    def _with_runs(self, key: str, inputs: bytes, runs: dict[int, list[Listed]]) -> Pieces:
        """These pieces with those at the places of ``runs`` made of the plays given (a run left
        empty dropped, one of more than :data:`MOST` split in two)."""
        numbers = iter(range(max(piece.number for piece in self.pieces) + 1, 1 << 62))
        pieces: list[Piece] = []
        stale = self.stale
        for at, piece in enumerate(self.pieces):
            plays = runs.get(at)
            if plays is None:
                pieces.append(piece)
                continue
            plays.sort(key=lambda play: play[:2], reverse=True)
            if not plays:
                stale = True
            elif len(plays) <= MOST:
                pieces.append(Piece.made(key, inputs, piece.number, plays))
            else:
                half = len(plays) // 2
                pieces.append(Piece.made(key, inputs, piece.number, plays[:half]))
                pieces.append(Piece.made(key, inputs, next(numbers), plays[half:]))
        return self._of(key, inputs, pieces, self.kept, stale=stale, unchanged=self.pieces)

    def rows(self, key: str, inputs: bytes) -> list[Made]:
        """The rows to keep: the pieces made since read, and their head if it is not the one
        kept."""
        made: list[Made] = [(piece_key(key, piece.number), inputs, piece.about.decode(),
                             piece.text)
                            for piece in self.pieces if piece.number in self.changed]  # fmt: skip
        if self.digest != self.kept:
            made.append((key, inputs, _head_about(list(self.pieces)), ""))
        return made

    def digests(self, key: str) -> dict[str, bytes]:
        """Key -> the digest of each row :meth:`rows` makes (worked out as each was made)."""
        digests = {piece_key(key, piece.number): piece.digest for piece in self.pieces
                   if piece.number in self.changed}  # fmt: skip
        if self.digest != self.kept:
            digests[key] = self.digest
        return digests

    def keys(self, key: str) -> set[str]:
        """The keys of its pieces' rows."""
        return {piece_key(key, piece.number) for piece in self.pieces}


def _head_about(pieces: list[Piece]) -> str:
    """The head's facts: the pieces in order, each by its number, its row's digest and where
    its run begins."""
    return json.dumps([(piece.number, piece.digest.hex(), *piece.begins) for piece in pieces])


def _sound(row: KeptOutput, inputs: bytes, digest: str) -> bytes | None:
    """The piece's text (UTF-8, as kept), if its row is the one its head lists, of ``inputs``,
    and sound."""
    if row.digest.hex() != digest or row.inputs != inputs:
        return None
    return row.utf8_if_sound()
