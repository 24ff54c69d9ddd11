"""Dig It Up: rules, component data and views. Load it with `motherlode.load("digitup")`."""
