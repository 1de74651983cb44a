"""One subpackage per game, each a rules module of the shape in :mod:`companion.rules.game`."""
