# The project's commands. Each target installs what it needs into .venv first (Python 3.11+).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: install test test-long test-http lint serve bench bench-peer golden docs clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

install: $(BIN)/.installed

## The whole test suite (features, engine, service, properties): about a minute on 2 cores.
test: install
	$(BIN)/pytest

## The longer randomised runs (more simulated games, more fuzzing, more schemathesis examples).
test-long: install
	REFEREE_LONG=1 $(BIN)/pytest

## The rulebook's scenarios once more, through the HTTP API.
test-http: install
	$(BIN)/pytest tests/test_features.py --through-http

lint: install
	$(BIN)/ruff check .

## Start the referee service on http://127.0.0.1:$(PORT) (gunicorn, 2 workers).
serve: install
	$(BIN)/referee serve --port $(PORT)

## The benchmarks of docs/performance.md (a few minutes; the first run builds a cached corpus).
bench: install
	$(BIN)/python bench/replay_throughput.py
	$(BIN)/python bench/linearity.py
	$(BIN)/python bench/simulation_throughput.py
	$(BIN)/python bench/adjudication_latency.py
	$(BIN)/python bench/service_load.py

## The referee beside RLCard's UNO engine: both engines' moves/s and the ratios, from one run.
bench-peer: install
	$(BIN)/python bench/peer_rlcard.py

## Rewrite the golden verdicts of examples/ (review the diff before committing).
golden: install
	$(BIN)/referee judge --golden update examples/*.json

## Regenerate the generated files: openapi.yaml and docs/variants.md (tests fail when they drift).
docs: install
	$(BIN)/python -m referee.service.openapi > openapi.yaml
	$(BIN)/referee parameters --markdown > docs/variants.md

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
