"""`python -m motherlode`: the same as the `motherlode` command."""

from .cli.main import main

if __name__ == "__main__":
    main()
