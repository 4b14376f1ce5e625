# forgebuilder: `make run` serves the app, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV    ?= .venv
# Python keeps compiled modules (and pytest its rewritten test modules) in __pycache__ even where
# the environment says not to (container images often set PYTHONDONTWRITEBYTECODE=1): every
# process of a run (test workers, gunicorn, manage.py) would otherwise compile them all again;
# the suite's collection alone costs twice the CPU.
unexport PYTHONDONTWRITEBYTECODE
PY      := $(VENV)/bin/python
HOST    ?= 127.0.0.1
PORT    ?= 8000

# A Python of at least 3.12: python3.x on PATH (pyenv's shims included), else one the user
# installed with pyenv (~/.pyenv/versions/3.12 and newer, newest first).
PYENV_ROOT ?= $(HOME)/.pyenv
PYTHON ?= $(shell for p in python3.13 python3.14 python3.12 python3 \
	    $$(ls -d $(PYENV_ROOT)/versions/3.1[2-9]* 2>/dev/null | sort -rV | sed 's|$$|/bin/python3|'); do \
	  if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	    command -v $$p; break; fi; done)

.PHONY: lock help run test test-fast e2e screenshots lint typecheck format install install-dev system-deps browser node-deps stack-deps migrate starter-modules bench check-deploy clean

help:
	@echo "make run     set everything up and serve the app at http://$(HOST):$(PORT)"
	@echo "make test    install what tests need and run the whole suite (unit, views, browser)"
	@echo "make lock    write requirements.txt and requirements-dev.txt again (every dependency pinned)"
	@echo "make lint    ruff check + ruff format --check"
	@echo "make typecheck  mypy on the rules engine (strict), the apps' layers, factions and play"
	@echo "make screenshots  redraw the README screenshots (desktop and phone) in Chromium"
	@echo "make bench   run the benchmarks in bench/"

# Every package, transitive ones included, comes pinned with its hashes from requirements-dev.txt
# (everything running and testing need) and requirements.txt (what a server needs). `make lock`
# writes both again from pyproject.toml with uv, pinned here; uv installs them too, with the
# same hashes (pip took 15 s for what uv does in 3 to 4).
UV_VERSION := 0.13.9
LOCK_ARGS  := --universal --python-version 3.12 --generate-hashes --quiet --custom-compile-command "make lock"

$(PY):
	@if [ -z "$(PYTHON)" ]; then \
	  echo "forgebuilder needs Python 3.12 or newer and none was found (on PATH or in $(PYENV_ROOT)/versions)."; \
	  echo "Debian 13, Ubuntu 24.04 and newer ship one:  sudo apt-get install python3 python3-venv"; \
	  echo "macOS:  brew install python"; \
	  echo "Elsewhere (Debian 12 and Ubuntu 22.04 ship 3.11), install your own with pyenv, then run make again:"; \
	  echo "  sudo apt-get install build-essential libssl-dev zlib1g-dev libbz2-dev libreadline-dev libsqlite3-dev libffi-dev liblzma-dev"; \
	  echo "  curl -fsSL https://pyenv.run | bash    # see https://github.com/pyenv/pyenv#installation"; \
	  echo "  ~/.pyenv/bin/pyenv install 3.13"; \
	  exit 1; fi
	@echo "Creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version))"
	$(PYTHON) -m venv $(VENV)

$(VENV)/bin/uv: | $(PY)
	$(PY) -m pip install --quiet uv==$(UV_VERSION)

# One stamp for running and testing: `make run` after `make test` (or the reverse) installs nothing.
# The packages are compiled as they are installed (as pip does, and uv does not by default): the
# first run's processes would otherwise each compile them, the test workers all at once.
$(VENV)/.installed: requirements-dev.txt pyproject.toml | $(VENV)/bin/uv
	$(VENV)/bin/uv pip install --quiet --python $(PY) --require-hashes --compile-bytecode -r requirements-dev.txt
	$(VENV)/bin/uv pip install --quiet --python $(PY) --no-deps -e .
	@touch $@

lock: | $(VENV)/bin/uv
	$(VENV)/bin/uv pip compile pyproject.toml $(LOCK_ARGS) -o requirements.txt
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev $(LOCK_ARGS) -o requirements-dev.txt

install: system-deps $(VENV)/.installed
install-dev: install

# Root on Debian/Ubuntu installs system packages, refreshing the package lists when an install
# fails (a fresh machine or container has none). $(call apt_install,PACKAGES)
apt_install = apt-get install -y -q $(1) >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q $(1) >/dev/null; }
as_root_with_apt = [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null
# Both checks run with the system Python, before the virtual environment exists.
CHECK_PY      = $(or $(PYTHON),python3)
PDF_CHECK     = forgebuilder/printing/availability.py
CHROMIUM_FIND = tests/browser/chromium.py

# PDFs need Pango (WeasyPrint draws with it). Root on Debian/Ubuntu installs it when missing;
# otherwise the app runs with PDF export off and `make run` says how to turn it on.
# HarfBuzz's subset library makes every PDF faster (fonts subset without fontTools): installed
# too where Pango is already there without it; where it cannot be, this says so once.
HB_SUBSET_CHECK = $(CHECK_PY) -c 'import ctypes.util, sys; sys.exit(not ctypes.util.find_library("harfbuzz-subset"))'
system-deps:
	@if ! $(CHECK_PY) $(PDF_CHECK) >/dev/null 2>&1 && $(as_root_with_apt); then \
	  echo "Installing Pango and a font for PDF export"; \
	  $(call apt_install,libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core) \
	    || echo "Pango could not be installed: PDF export stays off."; \
	fi
	@if $(CHECK_PY) $(PDF_CHECK) >/dev/null 2>&1 && ! $(HB_SUBSET_CHECK) 2>/dev/null; then \
	  if $(as_root_with_apt); then \
	    echo "Installing HarfBuzz's subset library: faster PDFs"; \
	    $(call apt_install,libharfbuzz-subset0) || true; \
	  fi; \
	  $(HB_SUBSET_CHECK) 2>/dev/null || echo "PDFs will draw slower: HarfBuzz's subset library is missing \
	(Debian/Ubuntu: sudo apt-get install libharfbuzz-subset0; macOS: brew install harfbuzz)."; \
	fi

# Browser tests drive a Chromium found as tests/browser/chromium.py finds it (CHROMIUM_PATH first);
# never a downloaded browser. Root on Debian installs chromium, and its headless shell where apt
# has it (the tests prefer it); without a browser the browser tests are skipped (or, with CI=true,
# fail).
browser:
	@if [ -z "$$CHROMIUM_PATH" ] && ! $(CHECK_PY) $(CHROMIUM_FIND) >/dev/null 2>&1 && $(as_root_with_apt); then \
	  echo "Installing chromium for the browser tests"; \
	  $(call apt_install,chromium) || echo "chromium could not be installed."; \
	fi
	@if [ -z "$$CHROMIUM_PATH" ] && ! command -v chromium-headless-shell >/dev/null && $(as_root_with_apt) \
	    && apt-cache show chromium-headless-shell >/dev/null 2>&1; then \
	  echo "Installing chromium-headless-shell: the browser tests draw pages on less CPU with it"; \
	  $(call apt_install,chromium-headless-shell) || echo "It could not be installed: the browser tests use chromium."; \
	fi
	@$(CHECK_PY) $(CHROMIUM_FIND) >/dev/null 2>&1 || { \
	  echo "The browser tests will be skipped$(if $(filter true 1 yes,$(CI)), (CI=true: they will fail instead)):"; \
	  $(CHECK_PY) $(CHROMIUM_FIND) 2>&1 | sed 's/^/  /'; }

# Test tools from npm (axe-core for the accessibility test), pinned in package-lock.json.
node-deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "The accessibility test needs npm:  sudo apt-get install npm"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The production-stack tests (tests/stack) and benchmark start Debian's nginx and redis-server on
# loopback ports (never the system services), with a throwaway certificate made by openssl. Root
# on Debian/Ubuntu installs them when missing; otherwise those tests are skipped (or, with
# CI=true, fail) and this says how to install them.
STACK_PACKAGES := nginx redis-server openssl
stack_missing = { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || echo nginx; \
	  command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ] || echo redis-server; \
	  command -v openssl >/dev/null || echo openssl; }
stack-deps:
	@missing=$$($(stack_missing) | xargs); \
	  if [ -n "$$missing" ] && $(as_root_with_apt); then \
	    echo "Installing $$missing for the production-stack tests"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    $(call apt_install,$$missing) || echo "$$missing could not be installed."; \
	  fi
	@missing=$$($(stack_missing) | xargs); [ -z "$$missing" ] || { \
	  echo "The production-stack tests will be skipped$(if $(filter true 1 yes,$(CI)), (CI=true: they will fail instead)):"; \
	  echo "  $$missing not installed:  sudo apt-get install $(STACK_PACKAGES)"; }

# migrate also makes the cache table (forgebuilder/lists/apps.py runs createcachetable after it).
migrate: install
	$(PY) manage.py migrate --noinput

starter-modules: migrate
	$(PY) manage.py load_starter_modules

# The PDF worker (`pdf_worker`: db_worker that survives a database restart and picks up renders
# whose worker died) runs in the background beside the server and stops with it.
run: starter-modules
	@echo "forgebuilder is starting at http://$(HOST):$(PORT)/ (with a PDF worker)"
	@$(PY) $(PDF_CHECK) || true
	@$(PY) manage.py pdf_worker & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	  $(PY) manage.py runserver $(HOST):$(PORT)

# Three workers on the machines' two cores: two for the tests that keep a core busy, and one lane
# for the tests that mostly wait (the production stack's servers, the first-run checks' processes,
# the rate-limit windows' clock), which the other two take only when nothing else is left. With
# --dist loadgroup each other test is its own unit, sent to the worker that is free in
# `run_order` (browser and second-pytest tests first, so no long test is left running alone at
# the end, then the stack modules); a production-stack module goes whole to one worker, so its
# servers start once (tests/workers.py). `make test` ends with its 10 slowest tests.
PYTEST_ARGS ?= -n 3 --dist loadgroup

test: install-dev browser node-deps stack-deps
	$(PY) -m pytest $(PYTEST_ARGS) --durations=10

test-fast: install-dev
	$(PY) -m pytest -m "not e2e" $(PYTEST_ARGS)

e2e: install-dev browser node-deps
	$(PY) -m pytest -m e2e $(PYTEST_ARGS)

# The README's screenshots (docs/screenshot.png, docs/screenshot-phone.png), drawn again in Chromium.
screenshots: install-dev browser
	$(PY) -m pytest docs/screenshots -p no:cacheprovider -n 0 -q -s

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy on the engine (strict), the apps' api/selectors/services/views, factions and play
# (the files are listed in pyproject.toml)
typecheck: install-dev
	$(VENV)/bin/mypy

format: install-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The share-page benchmark loads gunicorn with wrk (Debian's package) when it can.
bench: install-dev stack-deps
	@command -v wrk >/dev/null || { $(as_root_with_apt) && $(call apt_install,wrk); } || \
	  echo "wrk is not installed: the share-page benchmark uses its Python client instead"
	$(PY) bench/run_all.py

check-deploy: install
	DJANGO_SETTINGS_MODULE=forgebuilder.settings.production SECRET_KEY=$$(head -c 48 /dev/urandom | base64) \
	  DATABASE_URL=$${DATABASE_URL:-postgres://check@127.0.0.1/check} ALLOWED_HOSTS=forgebuilder.example $(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles var .pytest_cache .ruff_cache node_modules
