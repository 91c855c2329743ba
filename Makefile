# A thin layer over CMake, as cmark has it.
#   make          build (build/tpsreport)
#   make demo     build, then write the report of the sample study into out/demo
#   make test     the whole suite: normal build, then under ASan+UBSan
#   make asan     the sanitizer build only
#   make golden   regenerate golden files after an intended change
#   make fuzz     each libFuzzer target for FUZZ_SECONDS (default 600)
#   make bench    the benchmark scripts (not part of the test suite)
#   make dist     build/tpsreport-VERSION.tar.gz, the sources of the commit
#   make deb      build/tpsreport_VERSION_ARCH.deb (cpack -G DEB)
#   make clean-room  that .deb installed and run in a debootstrap chroot
#                 (root, network, minutes: tests/package/clean_room.sh)

BUILD    ?= build
ASAN     ?= build-asan
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
# ctest runs one test more than there are cores: the pg and browser tests
# wait on servers part of the time
TEST_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
SAMPLE   ?= samples/stock-vs-tuned
CMAKE_FLAGS ?=
FUZZ_SECONDS ?= 600

.PHONY: mutants dist deb clean-room all deps test-deps demo test test-release test-asan test-fuzz asan fuzz golden bench clean install

all: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

# The packages are installed only when pkg-config misses a library (or
# cmake is missing): on a system without dpkg, with the dependencies
# installed some other way, `make` just builds.
TR_PC_MODULES = libpq cairo pangocairo libxml-2.0 libcmark-gfm zlib
deps:
	@if command -v cmake >/dev/null && pkg-config --exists $(TR_PC_MODULES) 2>/dev/null; \
	then :; else scripts/install-deps.sh; fi

# Everything the suite needs, before ctest runs tests in parallel (two
# tests installing packages at once would fight over dpkg's lock).
test-deps:
	@scripts/install-deps.sh --browser
	@test -f tests/browser/node_modules/vnu-jar/build/dist/vnu.jar -a \
	      -d tests/browser/node_modules/playwright-core || \
	  (cd tests/browser && npm ci --no-audit --no-fund --ignore-scripts >/dev/null)

demo: all
	@mkdir -p out
	$(BUILD)/tpsreport build $(SAMPLE) -o out/demo
	@echo "Open out/demo/index.html in a browser (out/demo/report.html is the same in one file)."

# -O1, as the sanitizers' authors advise: the same findings, about twice
# as fast as -O0 (CI runs the whole suite on it)
asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
	  -DTR_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	cmake --build $(ASAN) -j $(JOBS)

test: test-deps
	$(MAKE) test-release
	$(MAKE) test-asan
	$(MAKE) test-fuzz

# Each fuzz target for 5 s, as CI does, with a fixed seed: the same
# inputs each time, so that CI does not fail at random (the corpora are
# replayed by the fuzz-replay tests of both builds; make fuzz explores).
test-fuzz:
	FUZZ_SEED=1 scripts/fuzz.sh 5

# Every test runs once at least: the normal build runs all but the pg
# tests (a server and pgbench: they run under ASan, where the probe's and
# run's libpq code gains most); the ASan+UBSan build runs all but the
# browser tests (Chromium checks HTML the normal build wrote from the same
# code; the ASan run still builds those studies in other tests), the
# package tests (a .deb of an ASan binary means nothing) and the static
# ones (they run none of tpsreport's code: grep and awk over the samples,
# the module graph at build time).
test-release: all
	cd $(BUILD) && ctest --output-on-failure -j $(TEST_JOBS) -LE pg

# ASan keeps freed memory in a quarantine to catch a use after free; its
# default 256 MB made every instrumented process of the suite fault in
# memory it never reuses (a build of samples/client-sweep: 17% less CPU
# with 16 MB). A use of memory among the last 16 MB freed is still caught.
test-asan: asan
	cd $(ASAN) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:quarantine_size_mb=16 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(TEST_JOBS) -LE 'browser|package|static|nosan'

fuzz: test-deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

golden: all
	scripts/regen-golden.sh $(BUILD)/tpsreport

bench: all
	tests/bench/run-all.sh $(BUILD)/tpsreport

install: all
	cmake --install $(BUILD)

dist: all
	cmake --build $(BUILD) --target dist

deb: all
	cd $(BUILD) && cpack -G DEB

# Not in the suite: debootstrap downloads a minimal Debian (about 7 min).
clean-room: deb
	tests/package/clean_room.sh "$$(ls -t $(BUILD)/tpsreport_*.deb | head -1)"

clean:
	rm -rf $(BUILD) $(ASAN) build-fuzz

# Mutation testing (not part of `make test`: a build and some tests per
# mutation): tests/mutants/mutations.ini applied one at a time to a copy of
# the tree in build-mutants/; prints the score. `make mutants M="NAME"`
# runs the named mutations only.
mutants:
	python3 tests/mutants/run.py $(M)
