# Two entry points: `make run` starts the app, `make test` runs every check CI runs.
# `make check` is the quick check while working: lint, types, and the tests that need no
# browser, server or database, with few hypothesis examples (docs/development.md).
# `make serve` starts PROCESSES app processes behind HAProxy (docs/deployment.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501
PROCESSES ?= 2

.PHONY: run serve test lint check check-1 check-2 screenshots bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.app-installed

run: $(VENV)/.app-installed
	$(BIN)/streamlit run asgi.py --server.port $(PORT)

serve: $(VENV)/.app-installed
	scripts/ensure_haproxy.sh
	$(BIN)/python scripts/serve.py --processes $(PROCESSES) --port $(PORT)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Two pytest processes, one a core, of about equal CPU time (measured with --durations=0 and
# `time`, 50 s each): the core's tests and doctests, the class store's and two page files
# (typed numbers, guess diagnosis); and the rest (the pages in AppTest, and any new folder). Lint runs beside
# them, not before: with a warm mypy cache it takes a second. Tests marked `slow` (processes
# started, 10 MB inputs, a whole class session) are left to `make test`.
QUICK_TESTS := -m "not browser and not load and not packaging and not database and not slow" \
	-q -p no:cacheprovider
QUICK_FIRST := tests/core tests/classroom tests/pages/test_typed_numbers.py \
	tests/pages/test_guess_diagnosis.py

check: $(VENV)/.test-installed
	NDCG_QUICK_CHECK=1 $(MAKE) --no-print-directory --output-sync=target -j3 lint check-1 check-2

check-1:
	$(BIN)/pytest $(QUICK_TESTS) $(QUICK_FIRST) ndcg_core

check-2:
	$(BIN)/pytest $(QUICK_TESTS) tests $(addprefix --ignore=,$(QUICK_FIRST))

test: lint
	scripts/ensure_chromium.sh
	scripts/ensure_haproxy.sh
	scripts/ensure_postgres.sh
	$(BIN)/python scripts/ensure_axe.py
	$(BIN)/pytest

screenshots: $(VENV)/.test-installed
	scripts/ensure_chromium.sh
	$(BIN)/python scripts/screenshots.py

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/core.py
