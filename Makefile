# Shogun Tutor: `make app` installs and launches the Voila app, `make test` installs and runs every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: app wheel static bench-browser bench-phone test lint lab install install-test chromium postgresql proxy translations benchmark calibrate clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

$(VENV)/.installed-lab: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[lab]"
	touch $@

## JupyterHub's proxy (configurable-http-proxy, from the npm registry) in a project-local folder;
## Debian's nodejs and npm first if the machine has no node.
PROXY := $(VENV)/node/node_modules/.bin/configurable-http-proxy
$(PROXY): | $(VENV)/bin/python
	@if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs npm; \
	fi
	mkdir -p $(VENV)/node
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node configurable-http-proxy@4
proxy: $(PROXY)

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

## Launch the app in Voila (open http://localhost:$(PORT)): preheated, offline, idle kernels culled.
app: install
	$(VENV)/bin/shogun-tutor app --port $(PORT) --ip 0.0.0.0

## A wheel that carries the data files and the notebook (dist/): only pip and the build backend
## (setuptools, fetched by pip into an isolated build environment) are needed.
wheel: | $(VENV)/bin/python
	$(PY) -m pip wheel --no-deps -w dist .

## The tutor as static files (build/static/) whose Python runs in the browser on Pyodide: no kernel anywhere
## (docs/deploy.md). Downloads (PyPI wheels, npm's pyodide, the build's tools) are kept in .cache/static.
## Serve it with `python -m http.server -d build/static 8000`, open http://localhost:8000/voici/render/index.html
## `make static TOGETHER_URL=https://tutor.example.org/`: the page's Play together links to that hosted server.
TOGETHER_URL ?=
static: install
	@if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs npm; fi
	$(PY) deploy/static/build.py --out build/static $(if $(TOGETHER_URL),--together-url "$(TOGETHER_URL)")

## The browser benchmark: the app against a trivial widget+plotly app, figures printed.
bench-browser: install-test chromium
	PYTHONPATH=$(CURDIR) $(PY) tests/browser/bench_app.py

## The visitor's first minute on a phone (Chromium 390x844, CPU 4x, 1.6 Mbit/s, 150 ms): the app and a trivial
## widget+plotly app in one run; bytes and requests before the first screen, time to it and to the board, errors.
bench-phone: install-test chromium
	PYTHONPATH=$(CURDIR) $(PY) tests/browser/bench_phone.py

## The same notebook in JupyterLab, for teachers who want to look inside.
lab: $(VENV)/.installed-lab
	$(VENV)/bin/jupyter lab notebooks/

## Debian's Chromium (and CJK fonts for the kanji) for the browser tests; never a Playwright browser download.
chromium:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto.*cjk"; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium fonts-noto-cjk; \
	fi

## Debian's PostgreSQL for the session store tests (the tests start their own server in a temporary folder).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; \
	fi

## The linter (rules in pyproject.toml; `ruff format` is not used).
lint: install-test
	$(VENV)/bin/ruff check .

## Every test: lint, unit, doctests, property tests, catalogs, the browser tests, the JupyterHub test.
test: install-test chromium postgresql proxy lint
	$(PY) -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 0; fi; exit $$rc

## Figures for the closing notes: engine speed, tower odds speed.
benchmark: install-test
	$(PY) -m pytest --benchmark-only --benchmark-enable -p no:cacheprovider tests/

## Re-extract translatable strings and merge them into every catalog.
translations: install-test
	$(VENV)/bin/pybabel extract -F shogun_tutor/locale/babel.cfg --no-location --sort-output \
		--project=shogun-tutor -k N_ -k NP_:1c,2 -k ngettext:1,2 -k pgettext:1c,2 -o shogun_tutor/locale/messages.pot shogun_tutor
	for lang in nl de fr da pl zh ja; do \
		if [ -f shogun_tutor/locale/$$lang/LC_MESSAGES/messages.po ]; then \
			$(VENV)/bin/pybabel update --no-fuzzy-matching --ignore-obsolete -i shogun_tutor/locale/messages.pot -d shogun_tutor/locale -l $$lang; \
		else \
			$(VENV)/bin/pybabel init -i shogun_tutor/locale/messages.pot -d shogun_tutor/locale -l $$lang; \
		fi; \
	done

clean:
	rm -rf $(VENV) test-output .pytest_cache build dist *.egg-info
