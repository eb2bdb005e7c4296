# The README's commands: `make serve` (build + serve the web app) and `make test` (everything).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: all install lint typecheck unit test site serve e2e bench clean

all: test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check sudoku_core tests benchmarks scripts e2e

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict sudoku_core

unit: $(STAMP)
	$(VENV)/bin/pytest -n auto

node_modules/pyodide/package.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

site: $(STAMP) node_modules/pyodide/package.json
	$(PY) scripts/build_site.py

serve: site
	$(PY) scripts/serve.py build/site --port 8000

e2e: site
	$(PY) scripts/ensure_browser.py
	$(VENV)/bin/pytest e2e

test: lint typecheck unit e2e

bench: $(STAMP)
	$(PY) benchmarks/bench_solver.py

clean:
	rm -rf build dist $(VENV)
