# The two commands of the README. Both install missing Debian packages first (scripts/setup.sh).
BUILD ?= build
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: demo test build setup clean
.DEFAULT_GOAL := demo

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory

demo: build
	@scripts/demo.sh $(BUILD)/cli/fecforge out

test: build
	@cd $(BUILD) && ctest -j $(JOBS) -LE slow --output-on-failure

clean:
	rm -rf $(BUILD) out
