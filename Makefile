# Two entry points: `make run` starts the app, `make test` runs every check CI runs.
# `make serve` starts PROCESSES app processes behind HAProxy (docs/deployment.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501
PROCESSES ?= 2

.PHONY: run serve test lint screenshots bench

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
	$(BIN)/streamlit run app.py --server.port $(PORT)

serve: $(VENV)/.app-installed
	scripts/ensure_haproxy.sh
	$(BIN)/python scripts/serve.py --processes $(PROCESSES) --port $(PORT)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

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
