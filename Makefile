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
	@echo "building fecforge in $(BUILD)/ (log: $(BUILD)/build.log)"
	@cmake --build $(BUILD) -j $(JOBS) >$(BUILD)/build.log 2>&1 || { cat $(BUILD)/build.log; exit 1; }

demo: build
	@scripts/demo.sh $(BUILD)/cli/fecforge out

test: build
	@cd $(BUILD) && ctest -j $(JOBS) -LE slow --output-on-failure

clean:
	rm -rf $(BUILD) out
