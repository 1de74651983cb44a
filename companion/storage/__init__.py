"""The game store: one SQLite file (WAL, ``synchronous=FULL``) holding every game's append-only log.

Each append is exactly one durable transaction, so an entry the store has returned survives a power
cut. At open the file is checked (its header and schema; the whole file only after an unclean
shutdown or a suspicion: :mod:`~companion.storage.integrity`); a damaged one is moved aside (with
its ``-wal``/``-shm`` files) to ``<name>.damaged-<UTC time>``, the newest sound backup
(:mod:`~companion.storage.backup`) is restored in its place or else a fresh database is started,
and ``Store.notice`` says so. Each game's log is a hash chain (:mod:`~companion.storage.chain`)
checked on ``Store.load``. A problem of the environment (full disk, read-only, permissions, a lock
held too long, an odd file at the path) is never taken for damage: nothing is moved, and
``StorageUnavailableError`` says what to do (see :mod:`~companion.storage.storage_env`).

One module per concern, :class:`~companion.storage.store.Store` composed of their parts (callers
import it from :mod:`companion.store`):

- :mod:`~companion.storage.store`: ``Store`` itself: open, close, the daily backup;
- :mod:`~companion.storage.opening`: what is at the path, the header, schema and integrity checks,
  moving a damaged file aside, refusing another program's file;
- :mod:`~companion.storage.schema`: the migrations and the schema each version has;
- :mod:`~companion.storage.log`: games and their logs (append, load, list, repair's rewrite);
- :mod:`~companion.storage.players`: player records and seats;
- :mod:`~companion.storage.settings`: settings, enrolled tags, where games were played;
- :mod:`~companion.storage.side_tables`: kept results and last refusals, beside the log;
- :mod:`~companion.storage.standings`: where each unfinished game stands, beside the log, for Home;
- :mod:`~companion.storage.merge`: another database's games copied in;
- :mod:`~companion.storage.base` and :mod:`~companion.storage.errors`: what they share;
- beside them, the file's guards: :mod:`~companion.storage.chain` (the log's hash chain),
  :mod:`~companion.storage.integrity` (when the whole file is checked),
  :mod:`~companion.storage.ahead` (that check begun before the open, on a thread of its own),
  :mod:`~companion.storage.storage_env` (environment failures told apart from damage),
  :mod:`~companion.storage.backup` (backups and restore), :mod:`~companion.storage.page_scan`
  (records read from a file SQLite cannot open) and :mod:`~companion.storage.game_repair` (a
  damaged log repaired from a backup).
"""
