"""The one reading of a game log's undo and redo: which actions are in force, which an undo took back.

An ``action`` or ``correction`` entry puts its action in force and forgets what was undone (no redo
after a new action); an ``undo`` takes back the last action in force; a ``redo`` puts back the last
one undone. The session (its state), the game log for people and ``game log`` (its ``undoes``,
``redoes`` and ``in_effect``) all fold the log through :class:`LogFold`, each with its own item
per action (a step with its state, a line, a JSON row).
"""

from __future__ import annotations

from typing import Generic, TypeVar

Item = TypeVar("Item")

ACTION_KINDS = frozenset({"action", "correction"})
"""The kinds of entry that hold an action (the others: ``undo``, ``redo``)."""


class LogFold(Generic[Item]):
    """The log folded so far, one item per action entry."""

    def __init__(self) -> None:
        self.in_force: list[Item] = []
        """The actions in force, the first first (an undo takes back the last)."""
        self.undone: list[Item] = []
        """The redo stack: actions undone, the next one to redo last."""

    def can(self, kind: str) -> bool:
        """Whether an entry of ``kind`` fits here (an undo needs an action in force, a redo an
        undone one; an unknown kind never fits)."""
        if kind == "undo":
            return bool(self.in_force)
        if kind == "redo":
            return bool(self.undone)
        return kind in ACTION_KINDS

    def push(self, kind: str, item: Item | None = None) -> Item:
        """Fold an entry of ``kind`` (``item``: an action entry's); the item it concerns: the
        action put in force, taken back (undo) or put back (redo). ``ValueError`` if it does not
        fit (see :meth:`can`)."""
        if not self.can(kind):
            raise ValueError(f"a log entry {kind!r} does not fit here")
        if kind == "undo":
            self.undone.append(self.in_force.pop())
            return self.undone[-1]
        if kind == "redo":
            self.in_force.append(self.undone.pop())
            return self.in_force[-1]
        if item is None:
            raise ValueError(f"a log entry {kind!r} needs its action")
        self.in_force.append(item)
        self.undone.clear()
        return item
