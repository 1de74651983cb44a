"""How the app rules where a rulebook is silent or ambiguous: each game's rulings, as data.

Each game's spec names its rulings (:attr:`companion.rules.spec.GameSpec.rulings`, a tuple).
A :class:`Ruling` says what the app applies and why (our words: msgids), the rulebook section it
concerns (:class:`companion.rules.explanations.Section`, with what each edition prints there where the
editions differ), and the real alternatives a table might prefer. Where a table setting already
chooses between them (``table-companion settings``), the ruling names it: a new game copies the
setting into its options, so its log keeps the choice.

A table chooses an alternative once per game as a house rule: ``{ruling id: alternative id}``
(:func:`check_choices`). :func:`game_options` stores each choice in the game's options: a ruling
with a setting under that setting's key (as before), any other under the options' ``rulings``
mapping; :func:`chosen` reads them back, so every stored game replays as it was played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.installation.errors import InputError
from companion.installation.i18n import _, current_language
from companion.rules.explanations import Section

RULINGS_OPTION = "rulings"
"""The key of a game's options that holds its house rules without a setting of their own."""


@dataclass(frozen=True)
class Alternative:
    """Another way a table could rule: ``text`` (a msgid), and the value of the ruling's
    :attr:`Ruling.setting` that selects it, where one does."""

    id: str
    text: str
    value: Any = None
    short: str = ""
    """The alternative in a few words (a msgid), as a button offers it."""


@dataclass(frozen=True)
class Ruling:
    id: str
    ruling: str
    """What the app applies (a msgid)."""
    reason: str
    """Why: what the rulebooks say or leave open (a msgid)."""
    section: Section
    quotes: Mapping[str, str] = field(default_factory=dict)
    """What the section's editions print, verbatim, by language (the wordings that differ)."""
    alternatives: tuple[Alternative, ...] = ()
    setting: str | None = None
    """The table setting (``table-companion settings``) that chooses between the ruling and its
    alternatives, copied into each new game's options; ``None``: the app's ruling holds."""
    default: Any = None
    """The setting's value for :attr:`ruling`."""
    codes: tuple[str, ...] = ()
    """The verdict codes this ruling decides: a refusal with one of them names the house rule
    chosen instead (:func:`deciding`)."""
    title: str = ""
    """What the ruling is about, in a few words (a msgid): a house rule's heading."""
    short: str = ""
    """The app's ruling in a few words (a msgid), as a button offers it beside the alternatives'."""

    @property
    def per_game(self) -> bool:
        """Whether a table may choose an alternative once per game (a ruling whose setting holds
        one value per alternative; not one whose setting holds facts about cards)."""
        return bool(self.alternatives) and (
            self.setting is None or all(a.value is not None for a in self.alternatives)
        )

    def as_dict(self) -> dict[str, Any]:
        """The ruling as ``rules rulings`` prints it, in the active language."""
        choice = None
        if self.setting is not None:
            choice = {"setting": self.setting, "value": self.default}
        return {
            "id": self.id,
            "ruling": _(self.ruling),
            "reason": _(self.reason),
            "source": self.section.as_dict(current_language()),
            "wordings": dict(self.quotes),
            "alternatives": [
                {
                    "id": alternative.id,
                    "ruling": _(alternative.text),
                    **(
                        {}
                        if self.setting is None
                        else {"choice": {"setting": self.setting, "value": alternative.value}}
                    ),
                    **({"house_rule": f"{self.id}={alternative.id}"} if self.per_game else {}),
                }
                for alternative in self.alternatives
            ],
            "choice": choice,
        }


def applied(ruling: Ruling, value: Any) -> str:
    """What ``ruling`` says for a game whose :attr:`Ruling.setting` is ``value`` (the app's ruling,
    or the alternative that value selects), as a translated note: score sheets show it."""
    chosen = next((a.text for a in ruling.alternatives if a.value == value), ruling.ruling)
    return _("Ruling applied: {ruling}").format(ruling=_(chosen))


def rulings_of(game: str) -> tuple[Ruling, ...]:
    """``game``'s rulings, in the rulebook's order, as its spec declares them (:attr:`GameSpec.rulings
    <companion.rules.spec.GameSpec.rulings>`); none for a game that declares none, or an unknown one."""
    from companion.rules.registry import part_of

    return part_of(game, "rulings", tuple) or ()


def check_choices(
    game: str, choices: Mapping[str, Any], field: str = RULINGS_OPTION
) -> dict[str, str]:
    """``choices`` (ruling id -> alternative id) as house rules of ``game``; :class:`InputError`
    names ``field`` and the ruling or alternative it does not know."""
    rulings = {ruling.id: ruling for ruling in rulings_of(game) if ruling.per_game}
    checked: dict[str, str] = {}
    for ruling_id, alternative_id in choices.items():
        ruling = rulings.get(ruling_id)
        if ruling is None:
            raise InputError(
                "unknown_ruling",
                f"{field}: {game} has no ruling {ruling_id!r} a table chooses; known: "
                f"{sorted(rulings)}",
            )
        known = [alternative.id for alternative in ruling.alternatives]
        if alternative_id not in known:
            raise InputError(
                "unknown_alternative",
                f"{field}: ruling {ruling_id!r} has no alternative {alternative_id!r}; known: "
                f"{known}",
            )
        checked[ruling_id] = alternative_id
    return checked


def offered(game: str) -> tuple[Ruling, ...]:
    """``game``'s rulings a table may replace by an alternative once per game."""
    return tuple(ruling for ruling in rulings_of(game) if ruling.per_game)


def game_options(
    game: str, choices: Mapping[str, str], *, complete: bool = False
) -> dict[str, Any]:
    """The options that store ``choices`` (checked by :func:`check_choices`) in a new game: a
    ruling with a setting under its setting's key, the others under :data:`RULINGS_OPTION`.

    ``complete``: ``choices`` are every house rule of the game (a ruling left out is the app's),
    so a ruling with a setting not chosen gets the app's value over the table's setting."""
    options: dict[str, Any] = {}
    others: dict[str, str] = {}
    for ruling in offered(game):
        if ruling.id not in choices:
            if complete and ruling.setting is not None:
                options[ruling.setting] = ruling.default
            continue
        if ruling.setting is None:
            others[ruling.id] = choices[ruling.id]
        else:
            options[ruling.setting] = _alternative(ruling, choices[ruling.id]).value
    return {**options, RULINGS_OPTION: others} if others else options


def chosen(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The house rules a game's (dumped) ``options`` hold: ruling id -> alternative id, in the
    rulebook's order; the app's own rulings are left out."""
    others = options.get(RULINGS_OPTION) or {}
    found: dict[str, str] = {}
    for ruling in rulings_of(game):
        if not ruling.per_game:
            continue
        if ruling.setting is None:
            if ruling.id in others:
                found[ruling.id] = others[ruling.id]
            continue
        value = options.get(ruling.setting, ruling.default)
        match = next((a for a in ruling.alternatives if a.value == value), None)
        if match is not None:
            found[ruling.id] = match.id
    return found


def alternatives_chosen(choices: Mapping[str, str]) -> tuple[str, ...]:
    """The alternative ids of ``choices``, sorted: how a game's state carries its house rules."""
    return tuple(sorted(choices.values()))


def house_rules_note(game: str, choices: Mapping[str, str]) -> str | None:
    """ "House rules: ..." naming each chosen alternative in the active language (the score
    sheet's note), or ``None`` without any."""
    texts = [
        _(_alternative(ruling, choices[ruling.id]).text)
        for ruling in rulings_of(game)
        if ruling.id in choices
    ]
    if not texts:
        return None
    return _("House rules: {rules}").format(rules=" ".join(texts))


def deciding(game: str, code: str, choices: Mapping[str, str]) -> str | None:
    """The house rules (translated) that decided a refusal with ``code``, where ``choices``
    concern it; else ``None``."""
    texts = [
        _(_alternative(ruling, choices[ruling.id]).text)
        for ruling in rulings_of(game)
        if ruling.id in choices and code in ruling.codes
    ]
    return " ".join(texts) or None


def _alternative(ruling: Ruling, alternative_id: str) -> Alternative:
    return next(a for a in ruling.alternatives if a.id == alternative_id)


HouseRules = dict[str, str]
"""A game's house rules as its options hold them: ruling id -> alternative id."""
