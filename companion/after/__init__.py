"""After the game: the history, statistics, players' records, transfers and exports."""
