# The only set-up: `make demo` and `make test` create .venv and install everything they need.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# the last flag includes scripts/llama-cpp-trim.cmake in llama.cpp's project: no "common" library (see there)
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF \
	-DCMAKE_PROJECT_llama.cpp_INCLUDE=$(CURDIR)/scripts/llama-cpp-trim.cmake

.PHONY: install demo test lint bench clean

$(STAMP): pyproject.toml constraints.txt scripts/system-deps.sh scripts/llama-cpp-trim.cmake
	bash scripts/system-deps.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# torch first and pinned: anything unpinned that needs it would pull a multi-GB CUDA build
	$(BIN)/pip install -q -c constraints.txt torch==2.13.0
	# llama-cpp-python builds llama.cpp from source, the longest step: on every core (make's own generator
	# would use one), with portable CPU flags (a native build can hit illegal instructions on virtual
	# machines), without the multimodal part (half the build time) and without llama.cpp's "common" library
	# (most of what is left; the bindings never load it)
	CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" \
		$(BIN)/pip install -q -c constraints.txt -e '.[lite,dev,data]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/python scripts/demo.py

test: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	# pytest exits 5 when it ran no test: a suite that ran nothing has not passed
	$(BIN)/pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo 'no tests ran' >&2; exit 1; fi; exit $$rc

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts

bench: $(STAMP)
	$(BIN)/python bench/ingest.py

clean:
	rm -rf $(VENV) vidmem-library demo-library
