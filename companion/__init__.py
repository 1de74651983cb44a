"""Table Companion's headless core: rules, game log, storage, score sheets and the CLI.

Nothing in this package imports Kivy, gpiozero or pyserial. Its modules, by concern:

- **a game's rules** (what every game shares; each game in ``games/<name>/``): ``game``, ``spec``,
  ``registry``, ``verdict``, ``refusals``, ``rulings``, ``explanations``, ``reference``,
  ``questions``, ``scoresheet``, ``sheet_words``, ``results``;
- **a game at the table** (one write path, the log read one way, scans turned into moves):
  ``session``, ``table``, ``log_fold``, ``game_log``, ``describe``, ``last_refusal``, ``scan_play``,
  ``cards``, ``tag_files``, ``labels``;
- **after the game**: ``history``, ``stats``, ``players``, ``player_names``, ``transfer``,
  ``exports/``;
- **storage**: ``storage/`` (one module per concern), behind ``store``'s ``Store``;
- **the installation and its input**: ``config``, ``config_schema``, ``device_config``, ``i18n``,
  ``errors``, ``json_input``, ``validation_messages``, ``files``, ``csv_cells``, ``phones``,
  ``watchdog``, and the command line in ``cli/``.
"""
