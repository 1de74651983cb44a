"""The card scanner: a pure frame parser (:mod:`.protocols`, :mod:`.parser`) separated from the
pyserial transport that reopens the port by itself (:mod:`.transport`).

Importing this package imports no pyserial; only :mod:`.transport` and :mod:`.check` need it.
"""
