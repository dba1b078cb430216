# make demo: set up .venv, build the notebooks, grade the example submissions.
# make test: the test suite (what .ci/run calls). make lab: JupyterLab on the course.
# On a machine that already has the packages (the borrowed GPU box): make test PY=python3
PY ?= .venv/bin/python
VENV := .venv
SETUP := $(if $(filter $(VENV)/bin/python,$(PY)),$(VENV)/.installed,)
BACKEND ?= auto

.PHONY: setup demo test test-gpu lab build check lint format bench

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
	$(PY) -m pytest -q

test-gpu: $(SETUP)
	COURSE_BACKEND=cuda $(PY) -m pytest -q -m gpu

lab: $(SETUP)
	$(PY) -m jupyter lab --notebook-dir=. release/lesson05-row-sum/lesson05-row-sum.ipynb

lint: $(SETUP)
	$(PY) -m ruff check . && $(PY) -m ruff format --check .

format: $(SETUP)
	$(PY) -m ruff format . && $(PY) -m ruff check --fix .

bench: $(SETUP)
	$(PY) benchmarks/lesson05_row_sum.py
