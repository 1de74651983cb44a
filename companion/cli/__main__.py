"""``python -m companion.cli`` is the ``table-companion`` command."""

from companion.cli import main

raise SystemExit(main())
