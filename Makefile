# The project's entry points. `make generate` and `make test` install what
# they need first (scripts/setup.sh is idempotent).
SHELL := /bin/bash
ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
VENV := $(ROOT)/.venv
PROMPT ?= What is the capital of France? Answer in one sentence.
ARGS ?=

# Build tools come from the project venv (runtime-sys's build script also
# finds cmake, ninja and libclang there on its own).
export PATH := $(VENV)/bin:$(PATH)

.PHONY: setup generate test lint bench serve-bench memcheck gpu-bundle-check clean-cache

setup:
	@$(ROOT)/scripts/setup.sh

# Main job: stream text from the default model (SmolLM2-135M-Instruct).
generate: setup
	@echo "[generate] building (first build compiles the IREE runtime and takes a few minutes)"
	cargo build --release -p engine --bin generate
	$(ROOT)/target/release/generate --prompt "$(PROMPT)" $(ARGS)

# The whole test suite: every test binary built (release profile), then run as many at a time
# as there are cores (scripts/run_tests.py says why); ARGS go to each test binary.
test: setup
	@echo "[test] building and running every test (release profile)"
	LOADER_REQUIRE_MODEL=1 $(VENV)/bin/python $(ROOT)/scripts/run_tests.py $(ARGS)

# Formatting and lints; clippy builds runtime-sys, whose build script needs the venv's tools.
lint: setup
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --release -- -D warnings

bench: setup
	cargo run --release -p bench -- --json $(ROOT)/.cache/bench.json --plot $(ROOT)/.cache/bench.png $(ARGS)

# guidellm (its own venv, .venv-bench, installed on first use: torch included) against `serve`
# on SmolLM2: a sweep of request rates, about 10 minutes. Not part of setup or CI.
serve-bench: setup
	cargo build --release -p serve
	$(ROOT)/scripts/install_guidellm.sh > /dev/null
	$(ROOT)/.venv-bench/bin/python $(ROOT)/scripts/serve_bench.py $(ARGS)

# The GPU bundle end to end on this CPU (docs/gpu.md): built for llvm-cpu and run with
# local-task from the bundle folder alone, as a bare GPU machine runs the CUDA one.
gpu-bundle-check: setup
	$(ROOT)/scripts/gpu-bundle.sh --profile cpu
	rm -rf $(ROOT)/.cache/gpu-run-cpu
	$(ROOT)/.gpu-bundle-cpu/run.sh --out $(ROOT)/.cache/gpu-run-cpu --limit 240

memcheck: setup
	$(ROOT)/scripts/memcheck.sh

clean-cache:
	rm -rf $(ROOT)/.cache
