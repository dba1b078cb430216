# make demo: set up .venv, build the notebooks, grade the example submissions.
# make test: the test suite (what .ci/run calls). make lab: JupyterLab on a copy of the release (lab/).
# On a machine that already has the packages (the borrowed GPU box): make test PY=python3
PY ?= .venv/bin/python
VENV := .venv
SETUP := $(if $(filter $(VENV)/bin/python,$(PY)),$(VENV)/.installed,)
BACKEND ?= auto
LESSON ?= lesson05-row-sum
LAB ?= lab
# jupyter refuses to start as root (a container, a cloud shell) unless told: tell it only then
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Whole test files go to two worker processes (a file's module fixtures are built once); without
# pytest-xdist (a machine with its own packages) the suite runs in one process.
XDIST = $(shell $(PY) -c 'import xdist; print("-n 2 --dist loadfile")' 2>/dev/null)
PY_ABS := $(if $(findstring /,$(PY)),$(abspath $(PY)),$(PY))

.PHONY: setup demo test test-browser test-gpu lab build check lint format bench

$(VENV)/.installed: requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r requirements.txt
	$(VENV)/bin/pip install --quiet --no-deps -e .
	touch $@

setup: $(SETUP)

build: $(SETUP)
	$(PY) -m autograder build

check: $(SETUP)
	$(PY) -m autograder build --check

demo: build
	$(PY) -m autograder grade lesson05-row-sum --submissions examples/submissions --out grading/demo \
		--backend $(BACKEND) --jobs 2 --seed 5 || [ $$? -eq 1 ]  # exit 1: a submission was ungradable, as expected

test: $(SETUP)
	$(PY) -m pytest -q $(XDIST)

# The student's flow in a real browser: JupyterLab on the student package, driven by Playwright with
# Debian's Chromium (installed by tests/browser/setup.sh when missing). Screenshots: artifacts/browser/.
test-browser: $(SETUP)
	tests/browser/setup.sh
	$(PY) -m pytest -q -m browser tests/browser

test-gpu: $(SETUP)
	COURSE_BACKEND=cuda $(PY) -m pytest -q -m gpu

# A student's copy of the release in lab/<lesson>/ (work there is kept; the generated course/ package is
# refreshed), so release/ stays exactly what the build wrote. PYTHONPATH is cleared so that the kernel,
# started in the notebook's folder, imports that package and not the repository's course/.
# JUPYTER_CONFIG_DIR=lab/.jupyter (from course/lab-config/): nbgrader's instructor tools are off, Validate stays.
lab: $(SETUP)
	@mkdir -p $(LAB)
	@if [ -e $(LAB)/$(LESSON)/$(LESSON).ipynb ]; then echo "keeping your work in $(LAB)/$(LESSON)/"; \
	else cp -r release/$(LESSON) $(LAB)/; fi
	rm -rf $(LAB)/$(LESSON)/course && cp -r release/$(LESSON)/course $(LAB)/$(LESSON)/course
	mkdir -p $(LAB)/.jupyter && cp -r course/lab-config/. $(LAB)/.jupyter/
	cd $(LAB)/$(LESSON) && env -u PYTHONPATH JUPYTER_CONFIG_DIR=$(abspath $(LAB))/.jupyter \
		$(PY_ABS) -m jupyter lab $(ALLOW_ROOT) $(LESSON).ipynb

lint: $(SETUP)
	$(PY) -m ruff check . && $(PY) -m ruff format --check .

format: $(SETUP)
	$(PY) -m ruff format . && $(PY) -m ruff check --fix .

# Lesson 7's benchmark compares with the interpreter's outputs first: see benchmarks/lesson07_softmax.py.
bench: $(SETUP)
	$(PY) benchmarks/lesson05_row_sum.py
	$(PY) benchmarks/lesson06_mean_var.py
