# What a GPU bundle holds and runs, for its two profiles; sourced by scripts/gpu-bundle.sh
# (which compiles every module ahead of time) and by the bundle's run.sh (which must ask for
# exactly those modules: a module is found by its source text and options, so both sides take
# the arguments from here).
#
# cuda: for an NVIDIA GPU (sm_80 PTX, which the driver compiles for newer GPUs).
# cpu:  the same run on this CPU (llvm-cpu, local-task) with smaller models: what CI runs.

FAMILIES=(llama3 mistral qwen2 qwen2.5 qwen3 qwen3_moe qwen2_moe mixtral olmoe gpt_oss)
# The tiny families' module (see tests/tests/tiny_families.rs): 2 slots of 64 positions.
FAMILY_ARGS=(--slots 2 --capacity 64 --chunk 8)

plan_profile() {
  case "$1" in
    cuda)
      DEVICE=cuda
      # Random-weight models of real shapes (configs under shapes/ in the bundle), checked
      # against transformers before the bench.
      SHAPES=(smollm2-135m)
      # Checked after the bench, with what is left of the run's time (a 5 GB f32 model).
      LAST_SHAPES=(llama-3.2-1b)
      SHAPE_ARGS=(--slots 2 --capacity 64 --chunk 8 --weights f32)
      BENCH_SHAPE=smollm2-135m
      BENCH_WEIGHTS=(f32 f16)
      BENCH_ARGS=(--slots 8 --capacity 1024 --measured-only --batch 1 --batch 8 --sampling both
        --context 128 --steps 16 --prefill-tokens 512)
      ;;
    cpu)
      DEVICE=local-task
      SHAPES=(tiny)
      LAST_SHAPES=()
      SHAPE_ARGS=(--slots 2 --capacity 64 --chunk 8 --weights f32)
      BENCH_SHAPE=tiny
      BENCH_WEIGHTS=(f32)
      BENCH_ARGS=(--slots 8 --capacity 128 --measured-only --batch 1 --batch 8 --sampling both
        --context 32 --steps 8 --prefill-tokens 32)
      ;;
    *)
      echo "unknown profile '$1' (cuda or cpu)" >&2
      return 2
      ;;
  esac
}
