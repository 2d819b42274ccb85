"""Picture fixtures: the host tests' host factory (a result card from a game played)."""

from tests.host.conftest import clock, make_host  # noqa: F401 (fixtures)
