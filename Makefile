# The commands of the README (demo, test, test-sanitize). Each installs missing Debian packages first
# (scripts/setup.sh).
BUILD ?= build
SAN_BUILD ?= build-asan
JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: demo test test-sanitize build setup clean
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

# The tests of label unit under AddressSanitizer and UBSan (CI runs it after `test`): a Debug build of its
# own with FG_SANITIZE=ON and without CUDA, of the targets those tests run alone (fg_unit: no Verilated
# model), so it shares nothing with $(BUILD). -O1 (asserts kept) runs the tests 2 to 4 times faster
# than -O0.
test-sanitize: setup
	@cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DFG_SANITIZE=ON \
	       -DFG_WITH_CUDA=OFF $(CMAKE_FLAGS) >/dev/null
	@echo "building the sanitized unit tests in $(SAN_BUILD)/ (log: $(SAN_BUILD)/build.log)"
	@cmake --build $(SAN_BUILD) -j $(JOBS) --target fg_unit >$(SAN_BUILD)/build.log 2>&1 || { cat $(SAN_BUILD)/build.log; exit 1; }
	@cd $(SAN_BUILD) && ctest -j $(JOBS) -L unit --output-on-failure

clean:
	rm -rf $(BUILD) $(SAN_BUILD) out
