"""Research adapters: every registered game as a PettingZoo AEC environment and an OpenSpiel game.

Import the one you need; each needs the `rl` extra (`pip install motherlode[rl]`):

- `motherlode.adapters.pettingzoo.env(name, **options)`: a PettingZoo AEC environment;
- `import motherlode.adapters.openspiel`: registers `motherlode_<name>` with pyspiel.

Both see only what a seat may see: observations come from `State.view(seat)`.
"""
