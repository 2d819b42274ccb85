"""The console table: the embedded default adapter (you against AI players in a terminal).

`ConsoleAdapter` is an `Outlet` that prints views; `play(...)` runs one table: it opens (or
resumes after a restart) the console room, reads what you type only when the game waits for
you, and exits when the game is over. With stdin not a terminal it is fully scriptable: each
line answers one prompt, an empty line plays the first suggestion, and end of input turns on
托管 so the game still finishes.
"""

from adapters.console.adapter import ConsoleAdapter
from adapters.console.table import play

__all__ = ["ConsoleAdapter", "play"]
