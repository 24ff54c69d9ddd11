# The two commands of the README. Both create .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CONSTRAINTS := requirements/constraints.txt

.PHONY: run test check bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade "pip>=24"

$(VENV)/.run-installed: $(BIN)/python pyproject.toml $(CONSTRAINTS)
	$(BIN)/pip install --quiet -c $(CONSTRAINTS) -e ".[web]"
	touch $@

$(VENV)/.dev-installed: $(BIN)/python pyproject.toml $(CONSTRAINTS)
	$(BIN)/pip install --quiet -c $(CONSTRAINTS) -e ".[dev]"
	touch $@ $(VENV)/.run-installed

## make run: the web table on an embedded SQLite file at http://127.0.0.1:8000 (a game
## against bots is one click away on its first page); `motherlode play` stays for the terminal
run: $(VENV)/.run-installed
	$(BIN)/motherlode serve --host 127.0.0.1 --port 8000

## make test: ruff, mypy --strict on the whole package, the whole pytest suite, the tests
## marked slow included (chromium, PostgreSQL and Redis come from Debian's packages first,
## where this is root); it ends with the 25 slowest tests, to keep the whole under 10 minutes
test: $(VENV)/.dev-installed
	scripts/system-packages.sh
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist worksteal -q --durations=25

## make check: the fast tier while you work (under 90 s on 2 cores): ruff, mypy --strict and
## the tests not marked slow that need no browser, server or database (`make test` still runs
## everything)
check: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist worksteal -q -m "not slow" --ignore=tests/browser --ignore=tests/server

## make bench: random-playout speed of every game against OpenSpiel's own games
bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/playouts.py

## make screenshots: each game's board mid-game and its final score sheet, at 1280 x 800 and
## 375 x 812, then the lobby and a replay, into docs/screenshots/ (headless chromium against a
## server on a loopback port)
screenshots: $(VENV)/.dev-installed
	scripts/system-packages.sh
	$(BIN)/python scripts/screenshots.py --out docs/screenshots
	$(BIN)/python scripts/screenshots_pages.py --out docs/screenshots

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
