"""``python -m companion`` is the ``table-companion`` command."""

from companion.cli.handoff import main

raise SystemExit(main())
