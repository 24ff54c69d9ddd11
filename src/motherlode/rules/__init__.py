"""The rules engines, one package per game (`motherlode.rules.<game>`), reached from outside
through the registry: `motherlode.load(name)`, `motherlode.games()`."""
