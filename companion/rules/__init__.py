"""A game's rules: the shape every game shares, its spec and registry, verdicts and score sheets."""
