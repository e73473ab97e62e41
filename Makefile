# ttr_nb: two commands on a fresh machine.
#   make lab    create .venv, install ttr_nb, open JupyterLab on notebooks/
#   make test   create .venv, install ttr_nb with its test tools, run every test
#   make bench  print the speed figures
#   make app    serve the game app (notebooks/app.ipynb) with Voilà on 127.0.0.1
#   make lite   build the JupyterLite site (build/lite/: the notebooks run in the browser,
#               no server, no network); make lite-serve  serve it on 127.0.0.1
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
CHROMIUM ?= /usr/bin/chromium
PIP    := $(PY) -m pip install --disable-pip-version-check -q
# JupyterLab and Voilà read jupyter/ (a Voilà template and settings that load nothing from
# other hosts: no Font Awesome, no MathJax from a CDN).
JUPYTER_ENV := JUPYTER_PATH=$(CURDIR)/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/jupyter

.PHONY: lab test bench app lite lite-serve clean venv

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -e '.[test]'
	$(PY) scripts/jupyter_settings.py $(VENV)
	touch $@

venv: $(VENV)/.installed

lab: venv
	@echo "Starting JupyterLab on notebooks/ (the URL to open is printed below; Ctrl-C stops it)."
	$(JUPYTER_ENV) $(VENV)/bin/jupyter lab --notebook-dir=notebooks --port=$(PORT) --allow-root \
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

NB ?= app.ipynb
app: venv
	@echo "Serving notebooks/$(NB) as an app: open http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)."
	$(JUPYTER_ENV) $(VENV)/bin/voila notebooks/$(NB) --port=$(PORT) --Voila.ip=127.0.0.1 --no-browser

# The JupyterLite site is built in its own environment (build/lite-venv) by one script; it
# needs the package index and the npm registry at build time only.
lite:
	$(PYTHON) scripts/build_lite.py

LITE_PORT ?= 8000
lite-serve: lite
	$(PYTHON) scripts/build_lite.py --serve $(LITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
