# The README's commands: `make serve` (build + serve the web app) and `make test` (everything).
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
# Two install stamps: serving needs the package and `build` (for the wheel) only; the tests
# need the whole dev toolset (pytest, hypothesis, ruff, mypy, Playwright).
SITE_STAMP := $(VENV)/.installed-site
DEV_STAMP := $(VENV)/.installed-dev
say = @printf '\n==> %s\n' $(1)

.PHONY: all install lint typecheck unit test site serve e2e bench clean

all: test

$(PY):
	$(call say,"creating $(VENV)")
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(SITE_STAMP): pyproject.toml | $(PY)
	$(call say,"installing what serving needs: the package and build (pip install -e .[site])")
	$(PY) -m pip install --progress-bar off -e '.[site]'
	touch $@

$(DEV_STAMP): pyproject.toml | $(PY)
	$(call say,"installing the dev toolset: pytest + hypothesis + ruff + mypy + Playwright (pip install -e .[dev])")
	$(PY) -m pip install --progress-bar off -e '.[dev]'
	touch $@ $(SITE_STAMP)

install: $(DEV_STAMP)

lint: $(DEV_STAMP) node_modules/pyodide/package.json
	$(call say,"ruff check")
	$(VENV)/bin/ruff check sudoku_core tests benchmarks scripts e2e
	$(call say,"eslint: the modules of the page and the scripts")
	npm run --silent lint

typecheck: $(DEV_STAMP)
	$(call say,"mypy --strict sudoku_core")
	$(VENV)/bin/mypy --strict sudoku_core

unit: $(DEV_STAMP) node_modules/pyodide/package.json
	$(call say,"node --test: the pure modules of the page")
	npm test --silent
	$(call say,"fonts the scan tests draw with (apt-get as root, else they skip saying so)")
	$(PY) scripts/ensure_fonts.py
	$(call say,"pytest: unit + property + corpus + CLI + fuzz tests and the README doctests")
	$(VENV)/bin/pytest -n auto --dist loadgroup

node_modules/pyodide/package.json: package.json package-lock.json
	$(call say,"npm ci: the Pyodide runtime and ESLint")
	npm ci --no-audit --no-fund
	touch $@

site: $(SITE_STAMP) node_modules/pyodide/package.json
	$(call say,"building the site into build/site")
	$(PY) scripts/build_site.py

serve: site
	$(call say,"serving build/site on http://127.0.0.1:$(PORT)/ (another port: make serve PORT=8080)")
	$(PY) scripts/serve.py build/site --port $(PORT)

e2e: $(DEV_STAMP) site
	$(call say,"browser tests (e2e/): Playwright + Chromium against build/site")
	$(PY) scripts/ensure_browser.py
	$(VENV)/bin/pytest e2e

test: lint typecheck unit e2e

bench: $(SITE_STAMP)
	$(PY) benchmarks/bench_solver.py

clean:
	rm -rf build dist $(VENV)
