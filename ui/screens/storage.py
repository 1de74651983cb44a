"""The full-screen notice shown when the game database cannot be used: what happened, what to do,
and **Try again**.

The app shows it instead of exiting: a kiosk that exits is restarted by systemd into the same full
disk or read-only card, again and again, and the table never reads why. Nothing was moved or
changed when it shows (:class:`companion.store.StorageUnavailableError`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from ui.kv import load_kv

Retry = Callable[[], str | None]
"""Try again: None once the problem is gone (it has moved on to another screen), else the
sentence to show now."""


class StorageNoticeScreen(Screen):
    message = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self._retry: Retry | None = None

    def show(self, message: str, retry: Retry) -> None:
        self.message = message
        self._retry = retry

    def retry(self) -> None:
        if self._retry is not None:
            problem = self._retry()
            if problem is not None:
                self.message = problem


load_kv(__file__)
