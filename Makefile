# The project's commands. Each target installs what it needs into .venv first (Python 3.11+).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
## The message catalogs (referee/i18n, docs/i18n.md): each language's .po, compiled to a .mo at install.
I18N := referee/i18n
I18N_POT := $(I18N)/messages.pot
I18N_PO := $(wildcard $(I18N)/translations/*/LC_MESSAGES/messages.po)
I18N_MO := $(I18N_PO:.po=.mo)
## The rulebook's own domain (referee/i18n/rulebook.py): extracted from features/ and the rulebook's templates.
RULEBOOK_POT := $(I18N)/rulebook.pot
RULEBOOK_PO := $(wildcard $(I18N)/translations/*/LC_MESSAGES/rulebook.po)
RULEBOOK_MO := $(RULEBOOK_PO:.po=.mo)

.PHONY: install i18n-extract i18n-update i18n-compile rulebook-i18n-extract rulebook-i18n-update test test-long test-http test-browser lint serve bench bench-peer golden docs rulebook screenshots clean compiled test-compiled clean-compiled bench-peer-plain

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench,report,dask]'
	touch $@

## install: the packages, then the message catalogs compiled (.po -> .mo; the .mo files are not in git).
install: $(BIN)/.installed $(I18N_MO) $(RULEBOOK_MO)

## The message catalogs (docs/i18n.md): extract the English messages from the code into the template,
## update every language's catalog from it (new messages come in empty, for a translator), compile the
## catalogs. A test fails when a catalog falls behind the code (tests/test_i18n_catalogs.py).
## NP_(singular, plural) marks a message with plural forms that is translated later (referee.i18n.phrases).
PYBABEL_EXTRACT := extract -F babel.cfg -k NP_:1,2 --no-wrap --sort-by-file --add-comments=TRANSLATORS: \
	--project=uno-duo-referee --copyright-holder="the UNO DUO referee's authors" --msgid-bugs-address=""

i18n-extract: $(BIN)/.installed
	$(BIN)/pybabel $(PYBABEL_EXTRACT) -o $(I18N_POT) .

i18n-update: i18n-extract
	$(BIN)/pybabel update -i $(I18N_POT) -d $(I18N)/translations --no-wrap --ignore-obsolete

i18n-compile: $(BIN)/.installed
	$(BIN)/pybabel compile -d $(I18N)/translations --statistics
	$(BIN)/pybabel compile -D rulebook -d $(I18N)/translations --statistics

## The rulebook's catalogs kept in step with features/ (tests/test_rulebook_i18n.py fails when they fall
## behind): the extractor reads steps/ for the steps' patterns, so the checkout is on PYTHONPATH.
rulebook-i18n-extract: $(BIN)/.installed
	PYTHONPATH=. $(BIN)/pybabel extract -F babel-rulebook.cfg --no-wrap --add-comments=TRANSLATORS: \
		--project=uno-duo-referee --copyright-holder="the UNO DUO referee's authors" --msgid-bugs-address="" \
		-o $(RULEBOOK_POT) .

rulebook-i18n-update: rulebook-i18n-extract
	$(BIN)/pybabel update -D rulebook -i $(RULEBOOK_POT) -d $(I18N)/translations --no-wrap --ignore-obsolete --no-fuzzy-matching

$(I18N)/translations/%/LC_MESSAGES/rulebook.mo: $(I18N)/translations/%/LC_MESSAGES/rulebook.po $(BIN)/.installed
	$(BIN)/pybabel compile -D rulebook -i $< -o $@

$(I18N)/translations/%/LC_MESSAGES/messages.mo: $(I18N)/translations/%/LC_MESSAGES/messages.po $(BIN)/.installed
	$(BIN)/pybabel compile -i $< -o $@

## pytest on every core: pytest-xdist starts one worker a core (`-n auto`) and hands out tests as workers
## free up (`--dist load`; not `loadscope`/`loadgroup`, which key tests by node id and would run only one
## of schemathesis's test_api items, which share one id under pytest 9.2). Bytecode is written even where
## PYTHONDONTWRITEBYTECODE is set: without it every worker and every command a test starts compiles its
## imports (pytest's assertion-rewritten plugins among them) afresh.
PYTEST_ALL_CORES := PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -n auto --dist load

## The whole test suite (features, engine, service, properties, pages in a browser), on every core.
## Measured 2026-12-03 on the merged tree (1,634 tests, the live tables on SQLite and PostgreSQL and the play
## page's browser games included), 2 quiet cores: 278 s of wall clock plain; the compiled build's suite 277 s.
## CI's fresh clone took 83 s plain, 58 s compiled on 2026-12-02, with fewer tests (docs/performance.md, "Tests").
## `.venv/bin/pytest` alone runs the same tests in one process (for -x, --pdb, -k).
## The browser tests need Debian's chromium (apt-get install chromium); without it they are skipped and the
## summary says so (in CI, with CI set, they fail instead).
test: install
	$(PYTEST_ALL_CORES)

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
	REFEREE_LONG=1 $(PYTEST_ALL_CORES)

## The rulebook's scenarios once more, through the HTTP API.
test-http: install
	$(PYTEST_ALL_CORES) tests/test_features.py --through-http

lint: install
	$(BIN)/ruff check .

## Start the referee service on http://127.0.0.1:$(PORT): `referee serve`, 2 processes (gunicorn) reading requests with waitress.
serve: install
	$(BIN)/referee serve --port $(PORT)

## The benchmarks of docs/performance.md (a few minutes; the first run builds a cached corpus).
bench: install
	$(BIN)/python bench/replay_throughput.py
	$(BIN)/python bench/linearity.py
	$(BIN)/python bench/simulation_throughput.py
	$(BIN)/python bench/adjudication_latency.py
	$(BIN)/python bench/service_load.py

## The referee beside RLCard's UNO engine: both engines' moves/s and the ratios, from one run, on the
## compiled build (`make bench-peer-plain`: on plain Python; it removes the compiled build).
bench-peer: compiled
	$(BIN)/python bench/peer_rlcard.py

bench-peer-plain: clean-compiled install
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

## The compiled build of the engine's core (setup.py): mypyc compiles it in place into C extensions, which
## Python imports instead of the .py files beside them; `make test-compiled` runs the whole suite on them,
## `make clean-compiled` goes back to plain Python. Needs a C compiler and Python's headers.
compiled: install
	$(BIN)/pip install --quiet -e '.[compile]'
	REFEREE_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace

test-compiled: compiled
	$(BIN)/python -c "import referee.engine.round_state as m; assert not m.__file__.endswith('.py'), m.__file__"
	$(PYTEST_ALL_CORES)

clean-compiled:
	rm -rf build referee/*.so referee/*/*.so referee/_compiled_sources.json
