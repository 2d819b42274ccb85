"""Handlers and view builders take a narrow context (`bot.host.context`), not the `Host`."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.host.context import HandlerContext, ViewContext

ROOT = Path(__file__).resolve().parents[2]
NARROW = [*sorted((ROOT / "bot/host/handlers").glob("*.py")), ROOT / "bot/host/identity.py",
          ROOT / "bot/host/presentation/present.py"]


def members(protocol: type) -> set[str]:
    """A protocol's attributes and methods (its own and inherited)."""
    found: set[str] = set()
    for klass in protocol.__mro__:
        if klass.__module__ != "bot.host.context":
            continue
        found |= set(getattr(klass, "__annotations__", {}))
        found |= {name for name, value in vars(klass).items()
                  if callable(value) and not name.startswith("_")}
    return found


def test_no_handler_or_view_builder_imports_the_host() -> None:
    for path in NARROW:
        tree = ast.parse(path.read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "bot.host.host" not in imported, path


def test_what_handlers_use_of_the_host_is_in_their_context() -> None:
    allowed = {"handlers": members(HandlerContext), "present": members(ViewContext)}
    for path in NARROW:
        names = allowed["present" if path.name == "present.py" else "handlers"]
        tree = ast.parse(path.read_text())
        used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name) and node.value.id == "host"}
        assert used <= names, (path.name, used - names)


async def test_the_host_is_a_handler_context(host_and_recorder) -> None:
    host, _ = host_and_recorder
    for name in members(HandlerContext):
        assert hasattr(host, name), name
