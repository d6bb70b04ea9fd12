# What a GPU bundle holds and runs, for its two profiles; sourced by scripts/gpu-bundle.sh
# (which compiles every module ahead of time) and by the bundle's run.sh (which must ask for
# exactly those modules: a module is found by its source text and options, so both sides take
# the arguments from here).
#
# cuda: for an NVIDIA GPU (sm_80 PTX, which the driver compiles for newer GPUs).
# cpu:  the same run on this CPU (llvm-cpu, local-task) with smaller models: what CI runs.

# The tiny families checked against their transformers oracles (FAMILIES, set per profile).
# The tiny families' module (see tests/tests/tiny_families.rs): 2 slots of 64 positions.
FAMILY_ARGS=(--slots 2 --capacity 64 --chunk 8)

plan_profile() {
  case "$1" in
    cuda)
      DEVICE=cuda
      FAMILIES=(llama3 mistral qwen2 qwen2.5 qwen3 qwen3_moe qwen2_moe mixtral olmoe gpt_oss gemma4
        gemma4_moe qwen3_5 qwen3_5_moe)
      # Random-weight models of real shapes (configs under shapes/ in the bundle), checked
      # against transformers before the bench.
      SHAPES=(smollm2-135m)
      # Checked after the bench, with what is left of the run's time (a 5 GB f32 model).
      LAST_SHAPES=(llama-3.2-1b)
      # --device-greedy: the greedy continuation drawn again by the device sampling heads
      # (decode steps queued ahead where fenced), held equal to the host sampler's.
      SHAPE_ARGS=(--slots 2 --capacity 64 --chunk 8 --weights f32 --device-greedy)
      # Tokens the base check draws with the device heads from one row, every filter on,
      # against the host sampler's distribution (logits --device-draws; two a call).
      SHAPE_DRAWS=4000
      # Other forms checked on each shape, FORM:TOLERANCE (relative to the largest float64
      # logit): lossy ones, whose figure is their price (the tolerance a bound against
      # garbage), and exact ones held to the exact forms' bound.
      # `sync` is the base module called without fences: where base fails on a GPU and sync
      # passes, the fenced calls are at fault.
      SHAPE_FORMS=(half:2e-2 attention:1e-4 sync:1e-4)
      # Each bench is SHAPE:WEIGHTS:VARIANT (variants below), with zero weights. A bench
      # module takes about 5 minutes to compile on two cores, so the plan holds what the
      # next question needs; split and f32 weights were measured on an H200 (docs/gpu.md).
      BENCHES=(smollm2-135m:f16:base llama-3.2-1b:f16:base llama-3.2-1b:f16:stepwise
        llama-3.2-1b:f16:attention
        llama-3.2-1b:f16:sync llama-3.2-1b:f16:sm90 llama-3.2-1b:f16:half
        llama-3.2-1b:f16:reduce llama-3.2-1b:f16:graphs)
      BENCH_ARGS=(--slots 8 --capacity 1024 --measured-only --batch 1 --batch 8 --sampling both
        --context 128 --steps 16 --prefill-tokens 512)
      # Benches profiled kernel by kernel where Nsight Compute is installed.
      PROFILES=(llama-3.2-1b:f16:reduce llama-3.2-1b:f16:half llama-3.2-1b:f16:base)
      # transformers on the same device, bf16, B=1 and B=8 in a CUDA graph: the reference.
      REFERENCE_SHAPES=(smollm2-135m llama-3.2-1b)
      REFERENCE_ARGS=(--batch 1 --batch 8 --context 128 --steps 32 --prefill 512)
      ;;
    cpu)
      DEVICE=local-task
      # One family of each kind the run handles (dense, experts, Gemma 4's layers, recurrent
      # state): the scripts are what this profile checks, and tests/tests/tiny_families.rs
      # checks every family on the CPU. All 14 compiled for 28-74 s each, about ten minutes
      # of a CI run on 2 cores.
      FAMILIES=(llama3 qwen3_moe gemma4 qwen3_5)
      SHAPES=(tiny)
      LAST_SHAPES=()
      SHAPE_ARGS=(--slots 2 --capacity 64 --chunk 8 --weights f32 --device-greedy)
      SHAPE_DRAWS=4000
      SHAPE_FORMS=(half:2e-2)
      BENCHES=(tiny:f32:base)
      PROFILES=()
      REFERENCE_SHAPES=()
      REFERENCE_ARGS=()
      BENCH_ARGS=(--slots 8 --capacity 128 --measured-only --batch 1 --batch 8 --sampling both
        --context 32 --steps 8 --prefill-tokens 32)
      ;;
    *)
      echo "unknown profile '$1' (cuda or cpu)" >&2
      return 2
      ;;
  esac
}

# A bench variant: extra iree-compile flags (a module of its own) and IREE runtime flags (the
# same module, another setting of the driver).
#   base:  as generate and serve run (on a GPU: functions called with fences, one host wait
#          a call for the work and the copies of its results)
#   stepwise: base's module with `--look-ahead off`: each device-sampled decode step called
#          after the one before is read, where base queues the next step (fed this one's
#          tokens on the device) before reading this one's
#   sync:  `--execution sync`, IREE's synchronous calls: the call waits, then the copies of
#          its results are waited for (a bench argument: a module of its own)
#   attention: `--decode-attention fused`, each layer's attention one IREE attention op (one
#          kernel, an online softmax) in decode and prefill, every kv head at once, where base
#          takes three kernels (scores, softmax, values): a Llama-3.2-1B decode step 185
#          dispatches against 216 (B=1) and 189 against 284 (B=8), a 512-token chunk 222
#          against 846 (counted in `iree-compile --compile-to=stream`, sm_80)
#   sm90:  `--cuda-arch sm_90`, the module built for Hopper (the target named in the module)
#          where base is sm_80 PTX the driver compiles for whatever GPU it finds
#   fused: contractions that share an input in one dispatch (q/k/v, gate/up) and IREE's
#          discrete memory model (device memory apart from the host's)
#   graphs: each call's commands recorded as one CUDA graph (--cuda_use_streams=false) where
#          they are launched one by one on a stream. IREE's graph command buffer holds at most
#          32 nodes between barriers, and the initializer fills every cache at once (34 at the
#          Llama-3.2-1B shape), so the module is compiled with no concurrency
#          (--iree-stream-partitioning-favor=debug): the same dispatches, each after the last.
#   split: reductions split across workgroups (a decode step's products at B > 1 and the
#          reductions over the vocabulary run on few workgroups otherwise)
#   reduce: `--products reduce`, decode batches' dense products written as sums of broadcast
#          products (a bench argument: the module's text changes)
#   half:  `--products half`, dense products of f16 operands summed in f32 (lossy: tensor
#          cores; its price is the shape checks' SHAPE_FORMS)
# Not among them, measured on an H200 (docs/gpu.md): CUDA graphs with the default partitioning
# (a module's initializer zeroes more caches at once than a graph's 32 nodes; `graphs` above
# is that run again without the concurrency), inline execution (no faster), and
# --iree-opt-level=O3 (iree-compile 3.13 compiles the forward graphs with it, but fails to
# bufferize copy_slot's scatter and to translate the sampling head's integer sum),
# --decode-attention reduce (iree-compile 3.13 fails to translate one of its CUDA dispatches),
# and cubins (--iree-cuda-use-ptxas: iree-compile 3.13 accepts the flag and still embeds PTX;
# it never looks for ptxas, neither at --iree-cuda-use-ptxas-from nor on PATH).
variant_compile_flags() {
  case "$1" in
    base | stepwise | attention | sync | sm90 | reduce | half) echo "" ;;
    fused)
      echo "--iree-dispatch-creation-enable-fuse-horizontal-contractions=true" \
        "--iree-stream-resource-memory-model=discrete" ;;
    split) echo "--iree-dispatch-creation-enable-split-reduction=true" ;;
    graphs) echo "--iree-stream-partitioning-favor=debug" ;;
    *) echo "unknown bench variant '$1'" >&2; return 2 ;;
  esac
}
variant_runtime_flags() {
  case "$1" in
    base | stepwise | attention | sync | sm90 | fused | split | reduce | half) echo "" ;;
    graphs) echo "--cuda_use_streams=false" ;;
    *) echo "unknown bench variant '$1'" >&2; return 2 ;;
  esac
}
variant_bench_args() {
  case "$1" in
    base | fused | split | graphs) echo "" ;;
    reduce) echo "--products reduce" ;;
    half) echo "--products half" ;;
    sync) echo "--execution sync" ;;
    stepwise) echo "--look-ahead off" ;;
    sm90) echo "--cuda-arch sm_90" ;;
    attention) echo "--decode-attention fused" ;;
    *) echo "unknown bench variant '$1'" >&2; return 2 ;;
  esac
}
# A form's arguments for `logits`: the same module as the shape check's, in that form.
form_args() {
  case "${1%%:*}" in
    half) echo "--products half" ;;
    attention) echo "--decode-attention fused" ;;
    sync) echo "--execution sync" ;;
    *) echo "unknown form '$1'" >&2; return 2 ;;
  esac
}
# The shapes the benches use, each once.
bench_shapes() {
  local spec
  for spec in "${BENCHES[@]}"; do echo "${spec%%:*}"; done | awk '!seen[$0]++'
}
