"""``python -m companion.cli`` is the ``table-companion`` command."""

from companion.cli.handoff import main

raise SystemExit(main())
