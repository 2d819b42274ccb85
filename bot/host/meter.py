"""What the host counts as it works (presses, actions, answer and save times), behind one
small interface: a `Meter` that does nothing (the console table, tools, load runs), or the
Prometheus metrics of a serving bot (`bot.host.metrics`, loaded only then: its library
would add a tenth of a second to a console's start-up).

Only counters and histograms are touched on the hot path; what a gauge would track (rooms by
phase, queues, leases) is read when the metrics are scraped."""

from __future__ import annotations


class Meter:
    """The host's measurements: this one keeps none."""

    lag: float = 0.0  # the event loop's worst recent lag (s); see bot.host.metrics

    def answered(self, press: bool, seconds: float) -> None:
        """A person's command (a button press or not) was answered in `seconds`."""

    def acted(self) -> None:
        """A game action was accepted (a person's, an AI seat's or a timer's)."""

    def saved(self, seconds: float) -> None:
        """A room's change was written to the database in `seconds`."""
