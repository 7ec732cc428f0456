# CellFit: the two commands of the README's quick start, and their helpers.
#
#   make demo   the main job (for now: the solver over the bundled workloads)
#   make test   the whole test suite
#
# Both install the system packages the build needs first (`bootstrap`).

SWIFT        ?= swift
APT_PACKAGES := libglpk-dev libpango1.0-dev fonts-dejavu-core pkg-config
WORKLOADS    := Examples/Workloads
DEMO_FILES   := cells-1000 enaml-like-1 enaml-like-10 chain-100 chain-1000 grid-10x10 grid-30x30 \
                random-50-1 random-500-1 random-dense-50-1
# Root installs directly; anyone else goes through sudo.
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: bootstrap build release demo test bench clean

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

## The main job: solve the bundled workloads, check their expectations, print the table.
demo: release
	.build/release/cellfit solve --repeat 3 $(addprefix $(WORKLOADS)/,$(addsuffix .json,$(DEMO_FILES)))

## The whole test suite (unit, property, CLI).
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## package-benchmark suites (a separate package, so library users never build them).
bench: bootstrap
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build Benchmarks/.build
