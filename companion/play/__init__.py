"""A game at the table: the one write path (the session), the log read one way, scans as moves."""
