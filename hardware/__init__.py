"""Input devices: GPIO buttons and a serial card scanner, each turned into typed events on one queue.

This package knows no game: it reports *which* button or *which* tag; the app decides what it means.
"""
