# ttr_nb: two commands on a fresh machine.
#   make lab    create .venv, install ttr_nb with JupyterLab, open JupyterLab on notebooks/
#   make test   create .venv, install ttr_nb with its test tools, JupyterLab and Voilà, run every test
#   make soak   four times the seeded random games of make test (a longer check of the rules)
#   make bench  print the speed figures
#   make study  play the planner's study against the published styles (scripts/planner_study.py, stored in
#               ttr_nb/analysis/studies/planner_study.json) and the
#               head-to-head tables of every pair of styles (scripts/head_to_head.py, 2,000 games a pair, stored
#               in ttr_nb/analysis/studies/head_to_head.json) and the routes the published Route Focus claims
#               playing itself (scripts/route_claims.py, 10,000 games on USA with 2 and 4 players, stored in
#               ttr_nb/analysis/studies/route_claims.json); some minutes of CPU
#   make labels place the city names of every board in ttr_nb/maps/ and write them as package data
#               (ttr_nb/viz/placements/; run it after changing a board or ttr_nb/viz/labels.py)
#   make app    serve the game app (notebooks/app.ipynb) with Voilà on 127.0.0.1:8866, for you alone
#               (a token in the URL it prints); make app NETWORK=1  serve it to a class on purpose
#   make links  print the Binder and JupyterLite links of this clone's GitHub remote; make readme-links
#               writes them, with the badges, into the README
#   make i18n   extract the texts to translate, update the catalogues (ttr_nb/locale/), compile them
#   make site   build the course site (build/site/: every notebook executed, its boards drawn, readable
#               with no kernel; Sphinx + myst-nb, see course/conf.py); make pages  the site with the
#               JupyterLite site inside it (build/site/lite/), as the release publishes it
#   make dist   build the sdist and the wheel into dist/ (what a version tag publishes)
#   make lite   build the JupyterLite site (build/lite/: the notebooks run in the browser,
#               no server, no network; how to host it: docs/hosting-jupyterlite.md);
#               make lite-serve  serve it on 127.0.0.1 as a good host would (precompressed
#               .br/.gz files, immutable caching of hashed names, revalidation of the rest)
# Each target installs what it needs into .venv: the package alone (study, labels), its `lab` extra
# (JupyterLab), its `app` extra (Voilà), both (bench), or everything the tests use (test + lab + app).
#
# The notebooks' kernel runs in an environment of its own, .venv/kernel, holding the package,
# ipykernel and nbformat only (`ttr-nb[kernel]`), as a pip user's kernel would: not the servers'
# packages. Those bring jsonschema's format extras (rfc3987_syntax), and then plotly's widget
# module, importing nbformat, makes jsonschema compile IRI grammars: ~0.9 s of CPU in every
# fresh kernel before the first board. JupyterLab, Voilà and nbval find it as the `python3` kernel.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# JupyterLab on 8888, the app on 8866 (each server's own default): both can run side by side
LAB_PORT ?= 8888
APP_PORT ?= 8866
CHROMIUM ?= /usr/bin/chromium
PIP    := $(PY) -m pip install --disable-pip-version-check -q
# JupyterLab and Voilà read jupyter/ (a Voilà template and settings that load nothing from
# other hosts: no Font Awesome, no MathJax from a CDN), as under `ttr-nb lab` and `ttr-nb app`.
JUPYTER_ENV := JUPYTER_PATH=$(CURDIR)/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/jupyter
KERNEL := $(VENV)/kernel
KPY    := $(KERNEL)/bin/python
# (re)written by every target that starts kernels: installing ipykernel into .venv puts back its own
KERNEL_SPEC = $(KPY) -m ipykernel install --prefix $(VENV) --name python3 --display-name "Python 3 (ttr_nb)" \
	>/dev/null 2>&1

EXTRAS_core :=
EXTRAS_lab  := lab
EXTRAS_app  := app
EXTRAS_test := test,lab,app
# the first board is timed in one environment holding JupyterLab and Voilà, as a pip user's
EXTRAS_bench := lab,app

.PHONY: site pages dist readme-links lab test soak bench study labels app links i18n lite lite-serve clean venv bytecode

$(PY):
	$(PYTHON) -m venv $(VENV)

# one stamp per set of extras, redone when pyproject.toml changes
$(VENV)/.installed-%: pyproject.toml | $(PY)
	$(PIP) -e '.$(if $(EXTRAS_$*),[$(EXTRAS_$*)])'
	$(PY) scripts/jupyter_settings.py $(VENV)
	touch $@

$(VENV)/.installed-kernel: pyproject.toml | $(PY)
	test -x $(KPY) || $(PYTHON) -m venv $(KERNEL)
	$(KPY) -m pip install --disable-pip-version-check -q -e '.[kernel]'
	touch $@

venv: $(VENV)/.installed-test $(VENV)/.installed-kernel bytecode
	$(KERNEL_SPEC)

# The package is installed in place (`pip install -e`), so its bytecode is the one Python writes
# at the first import, unless PYTHONDONTWRITEBYTECODE is set (as on many machines and container
# images): then every process, every kernel, compiles the whole package again (measured: 45 ms
# of `import ttr_nb` and 110 ms of `import ttr_nb.widgets`). It is written here, as `pip install`
# writes a packaged install's; only the files changed since are compiled again.
bytecode: | $(PY)
	$(PY) -m compileall -q ttr_nb benchmarks

# JupyterLab starts with a fresh workspace every time: no tabs or kernels restored from an earlier run.
# It listens on 127.0.0.1 only, wants the token of the URL it prints, and refuses requests naming
# another host (JupyterLab's own check on a loopback address).
lab: $(VENV)/.installed-lab $(VENV)/.installed-kernel bytecode
	$(KERNEL_SPEC)
	@echo "Starting JupyterLab on notebooks/ (open the URL with its token printed below; Ctrl-C stops it)."
	rm -rf $(VENV)/lab-workspaces
	$(JUPYTER_ENV) $(VENV)/bin/jupyter lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --port=$(LAB_PORT) \
		--allow-root --LabApp.extension_manager=readonly --LabApp.workspaces_dir=$(VENV)/lab-workspaces

# Two worker processes (pytest-xdist): a notebook's cells stay together in one worker, and so do
# the browser tests (conftest.py says why); the rest goes wherever a worker is free.
TEST_WORKERS ?= 2
# The notebooks are checked by the site's build: it runs every one of them (two at a time), and a
# failing cell fails it, as nbval would (`--nbval-lax`: no cell is marked to compare its output), so
# each notebook runs once in `make test`, not once for nbval and again for the site. The tests then
# read the site it built (tests/test_site.py, tests/browser/test_site.py).
test: $(VENV)/.installed-test $(VENV)/.installed-kernel $(CHROMIUM) bytecode
	$(KERNEL_SPEC)
	$(PY) scripts/build_site.py
	$(PY) -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) tests

# The course site: Jupyter's own book tooling for course material, Sphinx with myst-nb (it reads and
# runs .ipynb files as pages) and the sphinx-book-theme. Not Jupyter Book 2 (mystmd: a Node program
# that fetches its theme at build time), not jupyterlite-sphinx (it runs a JupyterLite build of its
# own; the course's JupyterLite is scripts/build_lite.py's, put into the site by `make pages`).
site: $(VENV)/.installed-test $(VENV)/.installed-kernel bytecode
	$(KERNEL_SPEC)
	$(PY) scripts/build_site.py

pages: site lite
	$(PY) scripts/build_site.py --lite build/lite --no-build

DIST ?= dist
dist: $(VENV)/.installed-test
	rm -rf $(DIST)
	$(PY) -m build --sdist --wheel --no-isolation --outdir $(DIST) .

# Four times the seeded random games of `make test` (every edition, player count and option,
# invariants after every action): TTR_RANDOM_GAMES_SCALE=10 make soak plays ten times as many.
TTR_RANDOM_GAMES_SCALE ?= 4
soak: $(VENV)/.installed-test bytecode
	TTR_RANDOM_GAMES_SCALE=$(TTR_RANDOM_GAMES_SCALE) $(PY) -m pytest -q -p no:cacheprovider tests/engine/test_random_games.py

# The browser tests drive the system's Chromium (never a downloaded browser build).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM): install it (Debian: sudo apt-get install chromium)"; \
		exit 1; \
	fi

bench: $(VENV)/.installed-bench $(VENV)/.installed-kernel bytecode
	$(KERNEL_SPEC)
	$(PY) -m benchmarks

study: $(VENV)/.installed-core
	$(PY) scripts/planner_study.py
	$(PY) scripts/head_to_head.py
	$(PY) scripts/route_claims.py

labels: $(VENV)/.installed-core
	$(PY) scripts/place_labels.py

# The message catalogues (ttr_nb/locale): the texts marked in the code extracted, merged into
# each language's .po, and compiled to the .mo files committed next to them (with Babel, a test tool).
i18n: $(VENV)/.installed-test
	$(PY) scripts/i18n.py

# The app for you alone: on 127.0.0.1, with a token (the URL Voilà prints carries it), refusing requests
# that name another host (DNS rebinding): Voilà's auto_token and tornado_settings in jupyter/voila.json.
# `make app NETWORK=1` serves it to a class on purpose: every address of the computer, no token, any
# host name (the same settings as `ttr-nb app --network`, ttr_nb.cli.NETWORK_APP).
NB ?= app.ipynb
ifneq ($(filter-out 1,$(NETWORK)),)
$(error NETWORK=$(NETWORK): write NETWORK=1 to serve the app to the network, or leave NETWORK out)
endif
APP_FOR := $(if $(filter 1,$(NETWORK)),--Voila.ip=0.0.0.0 --Voila.auto_token=False --Voila.tornado_settings=allow_remote_access=True,--Voila.ip=127.0.0.1)
APP_SAYS := $(if $(filter 1,$(NETWORK)),to the network on port $(APP_PORT) with no token: students open http://THIS-COMPUTER:$(APP_PORT)/ (Voilà prints its name below) and anyone who can reach this computer can open it,for you alone: open the URL Voilà prints below, with its token (http://127.0.0.1:$(APP_PORT)/?token=...))
# The app's page loads no jupyterlab-plotly extension (its boards are widgets; ttr_nb.cli.APP_EXTENSIONS says
# why); another notebook (NB=...) may show static figures, which need it.
APP_EXTENSIONS := $(if $(filter app.ipynb,$(NB)),--VoilaConfiguration.extension_denylist=jupyterlab-plotly)
app: $(VENV)/.installed-app $(VENV)/.installed-kernel bytecode
	$(KERNEL_SPEC)
	@echo "Serving notebooks/$(NB) $(APP_SAYS). Ctrl-C stops it."
	$(JUPYTER_ENV) $(VENV)/bin/voila notebooks/$(NB) --port=$(APP_PORT) $(APP_FOR) $(APP_EXTENSIONS) --no-browser

# The links to this repository on Binder and to its JupyterLite site, for the GitHub owner/name of
# the clone's remote (origin first); it says so when there is no GitHub remote.
links:
	@$(PYTHON) scripts/links.py

# The README's badges and its Binder, course site and JupyterLite links, written from the same remote
readme-links:
	@$(PYTHON) scripts/links.py --write-readme

# The JupyterLite site is built in its own environment (build/lite-venv) by one script; it
# needs the package index and the npm registry at build time only.
lite:
	$(PYTHON) scripts/build_lite.py

LITE_PORT ?= 8000
lite-serve: lite
	$(PYTHON) scripts/build_lite.py --serve $(LITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist *.egg-info
