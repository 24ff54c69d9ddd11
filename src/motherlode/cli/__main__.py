"""`python -m motherlode.cli`: the same as the `motherlode` command."""

from .main import main

if __name__ == "__main__":
    main()
