# CellFit: the two commands of the README's quick start, and their helpers.
#
#   make demo   the main job: ChatFeed's 1000 rows sized by every engine, checked, drawn to demo.svg
#   make test   the whole test suite, the playground's included (its API against the CLI, and a real browser)
#   make serve  the playground (Playground/, Docs/Playground.md) on http://127.0.0.1:$(PORT)/
#
# They install the system packages the build needs first (`bootstrap`).

SWIFT        ?= swift
# libxml2: FoundationXML (the InterfaceBuilder importer) loads it at run time.
APT_PACKAGES := libglpk-dev libpango1.0-dev fonts-dejavu-core pkg-config libxml2
# The tests and benchmarks measure Chinese, Japanese, Korean, Devanagari and emoji text: with these
# fonts no script is measured as missing-glyph boxes (`make demo` needs none of them).
# chromium, its driver and selenium: the playground's browser test (Playground/Tests/Browser).
TEST_APT_PACKAGES := fonts-wqy-microhei fonts-noto-color-emoji fonts-lohit-deva chromium chromium-driver python3-selenium
# The playground's port (`make serve`).
PORT         ?= 8080
# Root installs directly; anyone else goes through sudo.
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: bootstrap test-bootstrap install-packages build release demo serve serve-checks load-test test test-playground fuzz tsan bench docs spark-check spark-java spark-venv clean

## Install the Debian packages the build needs, when any is missing.
bootstrap:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(APT_PACKAGES)"

## The build's packages and the fonts the tests and benchmarks measure with.
test-bootstrap:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(PACKAGES); do \
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

## The playground: cellfit-serve (a package of its own, so that library users never
## build SwiftNIO or Hummingbird) on 127.0.0.1:$(PORT).
serve: bootstrap
	cd Playground && $(SWIFT) build --product cellfit-serve
	Playground/.build/debug/cellfit-serve --port $(PORT)

## The playground server held to its limits by script (Playground/Tests/Load/server_checks.py:
## origins, budgets, cancellation, slow clients, shutdown; about two minutes; not part of `make test`).
serve-checks: bootstrap
	cd Playground && $(SWIFT) build --product cellfit-serve
	/usr/bin/python3 Playground/Tests/Load/server_checks.py checks Playground/.build/debug/cellfit-serve

## The playground under load: 64 connections for 60 s, small and large requests mixed (release build).
load-test: bootstrap
	cd Playground && $(SWIFT) build -c release --product cellfit-serve
	/usr/bin/python3 Playground/Tests/Load/server_checks.py load Playground/.build/release/cellfit-serve --seconds 60 --connections 64

## The whole test suite (unit, property, CLI), then the playground's.
test: test-bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory test-playground

## The playground's API held to the CLI built above, then the page in headless chromium.
test-playground:
	cd Playground && $(SWIFT) build --build-tests
	cd Playground && CELLFIT=$(CURDIR)/.build/debug/cellfit $(SWIFT) test --skip-build
	/usr/bin/python3 Playground/Tests/Browser/browser_test.py Playground/.build/debug/cellfit-serve .build/debug/cellfit

## The fuzz tests (template files, rows, Interface Builder files, workload files
## on both backends, measure edge cases on both measurers) at 100 times the
## fixed-seed slice `make test` runs; FUZZ_SCALE=N for another multiple.
FUZZ_SCALE ?= 100
fuzz: test-bootstrap
	$(SWIFT) build --build-tests
	CELLFIT_FUZZ_SCALE=$(FUZZ_SCALE) $(SWIFT) test --skip-build --filter "FuzzTests" > .build/fuzz.log 2>&1; \
	status=$$?; grep -E "^fuzz: |Test run with|✘" .build/fuzz.log; exit $$status

## The concurrency tests under ThreadSanitizer, in a build of their own; any report
## fails the run (TSAN_OPTIONS reaches the CLI's child processes too).
TSAN_TESTS := ThreadSafetyTests|RowHeightsTests|StreamingSizerTests|HeightsStreamCLITests|StreamBoundaryCLITests|ReuseTests|HeightCacheTests|ExampleSizingTests|DeterminismTests|HeightsCLITests|DemoCLITests|solvesFromManyThreadsAtOnce|SideBySideTests
tsan: test-bootstrap
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
		--filter "$(TSAN_TESTS)"

## package-benchmark suites (a separate package, so library users never build them).
bench: test-bootstrap
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

## DocC archives of the public modules (swift-docc-plugin; works offline).
docs: bootstrap
	for module in Cassowary LPCheck CellFitWorkload TextMetrics PangoText Geometry CellLayout ManualLayout TableSizing TemplateFiles InterfaceBuilder; do \
		$(SWIFT) package --disable-sandbox generate-documentation --target $$module || exit 1; \
	done

## Apache Spark (issue 22, not part of `make test`): 20,000 generated MessageCells rows sized by
## Examples/Spark/size_feed.py in local mode, each partition piped through one streaming
## `cellfit heights` process, and every height checked against one non-streaming run
## (Examples/Spark/check.py). Installs a Java runtime (17 or later) and a venv with pyspark
## under .build-spark/ when missing. CELLFIT_BIN=path uses that cellfit instead of building
## one; SPARK_BUILD_FLAGS adds flags to the build (e.g. --scratch-path .build-spark/swift).
SPARK_DIR         := .build-spark
SPARK_VENV        := $(SPARK_DIR)/venv
PYSPARK_VERSION   := 4.0.1
SPARK_ROWS        ?= 20000
SPARK_WIDTHS      ?= 375,414
SPARK_PARTITIONS  ?= 8
SPARK_MASTER      ?= local[2]
SPARK_BUILD_FLAGS ?=
CELLFIT_BIN       ?=
SPARK_TEMPLATE    := Examples/Templates/MessageCells.json

## A Java runtime Spark 4 can use: the one on the PATH (or in JAVA_HOME) if it is 17 or later,
## else Debian's openjdk-17-jre-headless (openjdk-21 where 17 is not packaged, as on Debian 13),
## whose home is written to $(SPARK_DIR)/java-home for spark-check to run Spark with.
spark-java:
	@mkdir -p $(SPARK_DIR); \
	major() { "$$1" -version 2>&1 | awk -F'"' '/ version "/ { split($$2, v, "."); print (v[1] == 1 ? v[2] : v[1]); exit }'; }; \
	java="$${JAVA_HOME:+$$JAVA_HOME/bin/}java"; found=$$(major "$$java" 2>/dev/null); \
	if [ "$$found" -ge 17 ] 2>/dev/null; then echo "$$JAVA_HOME" > $(SPARK_DIR)/java-home; exit 0; fi; \
	arch=$$(dpkg --print-architecture); \
	for v in 17 21; do [ -x /usr/lib/jvm/java-$$v-openjdk-$$arch/bin/java ] && { echo /usr/lib/jvm/java-$$v-openjdk-$$arch > $(SPARK_DIR)/java-home; exit 0; }; done; \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq || exit 1; \
	for v in 17 21; do \
	  if apt-cache show openjdk-$$v-jre-headless >/dev/null 2>&1; then \
	    echo "Installing: openjdk-$$v-jre-headless (Spark 4 needs Java 17 or later; found: $${found:-none})"; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-$$v-jre-headless || exit 1; \
	    echo /usr/lib/jvm/java-$$v-openjdk-$$arch > $(SPARK_DIR)/java-home; exit 0; \
	  fi; \
	done; \
	echo "spark-java: no openjdk-17-jre-headless or openjdk-21-jre-headless to install" >&2; exit 1

## A venv with pyspark, made once per pyspark version (python3-venv installed if venv cannot be made).
spark-venv: $(SPARK_VENV)/.pyspark-$(PYSPARK_VERSION)
$(SPARK_VENV)/.pyspark-$(PYSPARK_VERSION):
	@rm -rf $(SPARK_VENV); mkdir -p $(SPARK_DIR); \
	if ! python3 -m venv $(SPARK_VENV) >/dev/null 2>&1; then \
	  echo "Installing: python3 python3-venv"; rm -rf $(SPARK_VENV); \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv && \
	  python3 -m venv $(SPARK_VENV) || exit 1; \
	fi; \
	echo "Installing pyspark==$(PYSPARK_VERSION) into $(SPARK_VENV)"; start=$$(date +%s); \
	$(SPARK_VENV)/bin/pip install -q --disable-pip-version-check --use-pep517 pyspark==$(PYSPARK_VERSION) || exit 1; \
	echo "pip install took $$(( $$(date +%s) - start )) s"; touch $@

spark-check: bootstrap spark-java spark-venv
	@set -e; \
	if [ -n "$(CELLFIT_BIN)" ]; then bin="$(CELLFIT_BIN)"; else \
	  echo "$(SWIFT) build -c release --product cellfit $(SPARK_BUILD_FLAGS)"; \
	  $(SWIFT) build -c release --product cellfit $(SPARK_BUILD_FLAGS); \
	  bin="$$($(SWIFT) build -c release $(SPARK_BUILD_FLAGS) --show-bin-path)/cellfit"; \
	fi; \
	java_home=$$(cat $(SPARK_DIR)/java-home); if [ -n "$$java_home" ]; then export JAVA_HOME="$$java_home"; fi; \
	echo "cellfit: $$bin"; \
	"$$bin" example-data --cell MessageCells --rows $(SPARK_ROWS) --format ndjson --out $(SPARK_DIR)/rows.ndjson; \
	"$$bin" example-data --cell MessageCells --rows $(SPARK_ROWS) --format json --out $(SPARK_DIR)/rows.json; \
	echo "$(SPARK_ROWS) MessageCells rows in $(SPARK_DIR)/rows.ndjson and rows.json"; \
	$(SPARK_VENV)/bin/python Examples/Spark/size_feed.py --cellfit "$$bin" --template $(SPARK_TEMPLATE) \
	  --input $(SPARK_DIR)/rows.ndjson --output $(SPARK_DIR)/heights --overwrite --width $(SPARK_WIDTHS) \
	  --partitions $(SPARK_PARTITIONS) --master '$(SPARK_MASTER)' --log-level ERROR --summary $(SPARK_DIR)/summary.json; \
	$(SPARK_VENV)/bin/python Examples/Spark/check.py --cellfit "$$bin" --template $(SPARK_TEMPLATE) \
	  --rows $(SPARK_DIR)/rows.json --spark-output $(SPARK_DIR)/heights --width $(SPARK_WIDTHS) \
	  --summary $(SPARK_DIR)/summary.json

clean:
	rm -rf .build Benchmarks/.build
