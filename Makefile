# ttr_nb: two commands on a fresh machine.
#   make lab    create .venv, install ttr_nb, open JupyterLab on notebooks/
#   make test   create .venv, install ttr_nb with its test tools, run every test
#   make bench  print the speed figures; make app  serve a notebook as a Voilà app
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
CHROMIUM ?= /usr/bin/chromium
PIP    := $(PY) -m pip install --disable-pip-version-check -q

.PHONY: lab test bench app clean venv

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[test]'
	$(PY) scripts/jupyter_settings.py $(VENV)
	touch $@

venv: $(VENV)/.installed

lab: venv
	@echo "Starting JupyterLab on notebooks/ (the URL to open is printed below; Ctrl-C stops it)."
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks --port=$(PORT) --allow-root \
		--LabApp.extension_manager=readonly

test: venv $(CHROMIUM)
	$(PY) -m pytest -q -p no:cacheprovider tests notebooks --nbval-lax

# The browser tests drive the system's Chromium (never a downloaded browser build).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM): install it (Debian: sudo apt-get install chromium)"; \
		exit 1; \
	fi

bench: venv
	$(PY) -m benchmarks

NB ?= 14_play_a_game.ipynb
app: venv
	$(VENV)/bin/voila notebooks/$(NB) --port=$(PORT) --Voila.ip=127.0.0.1 --no-browser

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
