# CellFit: the two commands of the README's quick start, and their helpers.
#
#   make demo   the main job: ChatFeed's 1000 rows sized by every engine, checked, drawn to demo.svg
#   make test   the whole test suite
#
# Both install the system packages the build needs first (`bootstrap`).

SWIFT        ?= swift
# libxml2: FoundationXML (the InterfaceBuilder importer) loads it at run time.
APT_PACKAGES := libglpk-dev libpango1.0-dev fonts-dejavu-core pkg-config libxml2
# Root installs directly; anyone else goes through sudo.
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: bootstrap build release demo test fuzz tsan bench docs clean

## Install the Debian packages the build needs, when any is missing.
bootstrap:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release --product cellfit

## The main job: size ChatFeed's 1000 rows with the constraint engine, the manual engine,
## its template file and GLPK; check they agree row for row; print the table; write demo.svg.
demo: release
	.build/release/cellfit demo --out demo.svg

## The whole test suite (unit, property, CLI).
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## The fuzz tests (template files, rows, Interface Builder files, workload files
## on both backends, measure edge cases on both measurers) at 100 times the
## fixed-seed slice `make test` runs; FUZZ_SCALE=N for another multiple.
FUZZ_SCALE ?= 100
fuzz: bootstrap
	$(SWIFT) build --build-tests
	CELLFIT_FUZZ_SCALE=$(FUZZ_SCALE) $(SWIFT) test --skip-build --filter "FuzzTests" > .build/fuzz.log 2>&1; \
	status=$$?; grep -E "^fuzz: |Test run with|✘" .build/fuzz.log; exit $$status

## The concurrency tests under ThreadSanitizer, in a build of their own; any report
## fails the run (TSAN_OPTIONS reaches the CLI's child processes too).
TSAN_TESTS := ThreadSafetyTests|RowHeightsTests|ReuseTests|HeightCacheTests|ExampleSizingTests|DeterminismTests|HeightsCLITests|DemoCLITests|solvesFromManyThreadsAtOnce|SideBySideTests
tsan: bootstrap
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
		--filter "$(TSAN_TESTS)"

## package-benchmark suites (a separate package, so library users never build them).
bench: bootstrap
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

## DocC archives of the public modules (swift-docc-plugin; works offline).
docs: bootstrap
	for module in Cassowary LPCheck CellFitWorkload TextMetrics PangoText Geometry CellLayout ManualLayout TableSizing TemplateFiles InterfaceBuilder; do \
		$(SWIFT) package --disable-sandbox generate-documentation --target $$module || exit 1; \
	done

clean:
	rm -rf .build Benchmarks/.build
