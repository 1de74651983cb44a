"""Targi (Andreas Steiger): 2 players, a 5x5 card grid, the robber and its raids."""
