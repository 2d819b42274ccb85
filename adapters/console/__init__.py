"""The console table: the embedded default adapter (you against AI players in a terminal).

`ConsoleAdapter` is an `Outlet` that prints views; `play(...)` runs one table: it opens (or
resumes after a restart) the console room of the game asked for (each game has its own, so
an unfinished hand of another game is kept), reads what you type, and exits when the game is
over. With stdin not a terminal it is fully scriptable: each line answers one prompt, an
empty line plays the first suggestion, and end of input saves and quits as `quit` does
(type `auto` for 托管 to finish the game).
"""

from adapters.console.adapter import ConsoleAdapter
from adapters.console.table import play

__all__ = ["ConsoleAdapter", "play"]
