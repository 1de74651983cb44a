"""One screen per module, each with its ``.kv`` beside it (loaded with the module: only Home's at
start, every other screen's on its first visit)."""

STORAGE = "storage"
"""The storage notice's screen name, here so that naming it loads neither the screen nor its
``.kv`` (the notice is built only when a database cannot be used)."""
