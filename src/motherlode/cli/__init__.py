"""The `motherlode` terminal command (typer + rich): games, rules, play, replay, simulate."""
