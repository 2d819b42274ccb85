"""Shared fixtures: the fake platform servers are loaded as plugins."""

pytest_plugins = ["tests.fakes.conftest_telegram", "tests.fakes.discord"]
