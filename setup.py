"""The build's one native part: the wild-card move generator in C (`bot.games.doudizhu.
_wildc`). Optional: without a C compiler (or when it fails) the install goes on and the
game uses the Python generator (`_wild.py`), which gives the same moves, slower. Everything
else is in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("bot.games.doudizhu._wildc", ["bot/games/doudizhu/_wildc.c"],
                             optional=True, extra_compile_args=["-O2"])])
