"""Saboteur Gold: the maze, the cards and the rules of the dwarf mining game (in progress)."""
