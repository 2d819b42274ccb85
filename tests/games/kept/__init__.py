"""Games the test suite keeps registered on every run, found by the registry as the built-in
games are (`registry.discover`, called by tests/conftest.py): each folder here is a game as
docs/adding-a-game.md builds one, and nothing outside its folder names it."""
