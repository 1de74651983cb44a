"""CSV of one game and of the whole history (one row per player per game), in two styles.

- :data:`PLAIN`, for programs (what ``export --format csv`` prints on stdout, unchanged since it
  was first documented): UTF-8 without a BOM, commas, English keys; one game is the play's facts
  then its score sheet (``game sheet --format csv``).
- :func:`spreadsheet`, for Excel, LibreOffice and Google Sheets (the default of ``-o FILE``): a
  UTF-8 byte-order mark (without it Excel reads "JÃ¼rgen"), the separator the language's
  spreadsheets expect (``;`` where the decimal comma is used: German, Polish, Spanish; ``,`` in
  English), headers and fixed words in the table's language, times on the table's clock, and one
  game as one table: a row per player, a column per category.

Both neutralise formulas in names and the location (:mod:`companion.installation.csv_cells`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.after.exports.games import info
from companion.after.exports.table_facts import TableFacts
from companion.after.history import Play, Seat
from companion.installation.csv_cells import SafeWriter
from companion.installation.i18n import N_, _, current_language

HISTORY_COLUMNS = (
    "game_id",
    "game",
    "status",
    "started_at",
    "duration_min",
    "location",
    "seat",
    "player",
    "colour",
    "start_player",
    "score",
    "rank",
    "winner",
    "tiebreak",
)
HEADINGS = {
    "game_id": N_("Game ID"),
    "game": N_("Game"),
    "status": N_("Status"),
    "started_at": N_("Started"),
    "duration_min": N_("Minutes"),
    "location": N_("Location"),
    "seat": N_("Seat"),
    "player": N_("Player"),
    "colour": N_("Colour"),
    "start_player": N_("Start player"),
    "score": N_("Total"),
    "rank": N_("Rank"),
    "winner": N_("Winner"),
    "tiebreak": N_("Tie-break"),
    "sheet": N_("Score sheet"),
    "notes": N_("Notes"),
}
"""Each column's heading in the spreadsheet style (translated when written)."""
STATUSES = {"finished": N_("finished"), "abandoned": N_("abandoned"), "active": N_("active")}
SHEET_STATES = {True: N_("final"), False: N_("provisional")}
SEPARATORS = {"comma": ",", "semicolon": ";", "tab": "\t"}
LANGUAGE_SEPARATORS = {"en": "comma", "de": "semicolon", "pl": "semicolon", "es": "semicolon"}
"""The separator each language's spreadsheets expect (a decimal comma means ``;``)."""
BOM = "\ufeff"


@dataclass(frozen=True)
class CsvStyle:
    separator: str = ","
    bom: bool = False
    for_people: bool = False
    """Translated headings and words, local times, one game as one table."""
    table: TableFacts = field(default_factory=TableFacts)


PLAIN = CsvStyle()


def spreadsheet(separator: str | None = None, table: TableFacts | None = None) -> CsvStyle:
    """The style for spreadsheets; ``separator`` a key of :data:`SEPARATORS` (default: the
    current language's)."""
    name = separator or LANGUAGE_SEPARATORS.get(current_language(), "comma")
    return CsvStyle(SEPARATORS[name], bom=True, for_people=True, table=table or TableFacts())


def one_game(play: Play, style: CsvStyle = PLAIN) -> str:
    if not style.for_people:
        return _plain_game(play)
    out = io.StringIO()
    writer = _writer(out, style)
    columns = [*HISTORY_COLUMNS[:-4], "categories", "score", "rank", "winner", "tiebreak"]
    columns += ["sheet", "notes"]
    headings: list[str] = []
    for column in columns:
        if column == "categories":
            headings += [category.label for category in play.sheet.categories]
        else:
            headings.append(_(HEADINGS[column]))
    writer.writerow(headings)
    for seat in play.seats:
        row = _history_row(play, seat, style)
        points = [seat.points.get(category.key, 0) for category in play.sheet.categories]
        state = _(SHEET_STATES[play.sheet.final])
        writer.writerow([*row[:-4], *points, *row[-4:], state, " ".join(play.sheet.notes)])
    return out.getvalue()


def history(plays: Iterable[Play], style: CsvStyle = PLAIN) -> str:
    out = io.StringIO()
    writer = _writer(out, style)
    writer.writerow(
        [_(HEADINGS[c]) for c in HISTORY_COLUMNS] if style.for_people else HISTORY_COLUMNS
    )
    for play in plays:
        for seat in play.seats:
            writer.writerow(_history_row(play, seat, style))
    return out.getvalue()


def _writer(out: io.StringIO, style: CsvStyle) -> SafeWriter:
    if style.bom:
        out.write(BOM)
    # Spreadsheets and RFC 4180 end rows with CRLF; the plain style keeps its "\n".
    return SafeWriter(out, style.separator, "\r\n" if style.for_people else "\n")


def _history_row(play: Play, seat: Seat, style: CsvStyle) -> list[object]:
    if style.for_people:
        started: object = style.table.local(play.started_at).strftime("%Y-%m-%d %H:%M")
        status: object = _(STATUSES.get(play.status, play.status))
        game = info(play.game).title
    else:
        started, status, game = play.as_dict()["started_at"], play.status, play.game
    return [
        play.game_id,
        game,
        status,
        started,
        play.duration_min,
        play.location,
        seat.seat,
        seat.name,
        seat.colour,
        int(seat.start_player),
        seat.score,
        seat.rank,
        int(seat.winner),
        play.sheet.tiebreak or "",
    ]


def _plain_game(play: Play) -> str:
    """The play's facts, then its score sheet, as first documented."""
    out = io.StringIO()
    writer = SafeWriter(out)
    facts = play.as_dict()
    for key in ("game_id", "game", "status", "started_at", "duration_min", "location"):
        writer.writerow([key, facts[key]])
    writer.writerow(["colour", *(seat.colour for seat in play.seats)])
    writer.writerow(["start_player", *(seat.name for seat in play.seats if seat.start_player)])
    return out.getvalue() + "\n" + play.sheet.to_csv()
