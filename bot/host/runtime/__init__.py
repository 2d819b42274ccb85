"""The host's runtime: the clock, turn timers and AI seats (`driver`), the thinking pool."""
