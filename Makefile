# The project's commands. Each target installs what it needs into .venv first (Python 3.11+).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: install test test-long test-http test-browser lint serve bench bench-peer golden docs rulebook screenshots clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench,report,dask]'
	touch $@

install: $(BIN)/.installed

## The whole test suite (features, engine, service, properties, pages in a browser): about a minute on 2 cores.
## The browser tests need Debian's chromium (apt-get install chromium); without it they are skipped and the
## summary says so (in CI, with CI set, they fail instead).
test: install
	$(BIN)/pytest

## Only the browser tests (tests/browser/): screenshots land in reports/screenshots/.
test-browser: install
	$(BIN)/pytest tests/browser

## Rewrite the README's screenshots (docs/img/) from the browser tests; review them before committing.
screenshots: install
	REFEREE_SCREENSHOTS=docs $(BIN)/pytest tests/browser -q

## The living rulebook as a static site in reports/rulebook/ (with the last test run's outcomes).
rulebook: install
	$(BIN)/referee rulebook --out reports/rulebook

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
