"""The automated layout audit (issue 15): a scripted tour of every screen and prompt in a real
offscreen window, each state checked for clipped text, hidden or covered buttons, small text and
small touch targets (:mod:`ui.audit.checks`), screenshotted and reported (:mod:`ui.audit.run`)."""
