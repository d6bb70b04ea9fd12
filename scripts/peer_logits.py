"""llama.cpp's logits at every position of the oracle prompts, for `quality --peer-logits`.

Each sequence (a prompt's ids, then its greedy continuation, as `quality` reads them) is
evaluated by llama.cpp (llama-cpp-python) from an empty cache, with every position's logits
kept. The file is one JSON line, {"vocab": V, "lengths": [...], "model": ...}, then the logits
as little-endian f32, sequence after sequence, [length, V] each.

Run through scripts/peer-logits.sh, which provides the peer's venv.
"""
import argparse
import json
import sys

import numpy as np


def sequences(path):
    prompts = json.load(open(path))["prompts"]
    return [p["prompt_ids"] + p["greedy_ids"] for p in prompts]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", required=True, help="the GGUF file")
    p.add_argument("--prompts", required=True, help="quality's prompts JSON")
    p.add_argument("--out", required=True)
    p.add_argument("--threads", type=int, default=2)
    args = p.parse_args()

    from llama_cpp import Llama

    seqs = sequences(args.prompts)
    longest = max(len(s) for s in seqs)
    llm = Llama(model_path=args.model, n_ctx=longest + 16, n_batch=longest, n_threads=args.threads,
                n_threads_batch=args.threads, logits_all=True, verbose=False)
    vocab = llm.n_vocab()
    with open(args.out, "wb") as f:
        header = {"vocab": vocab, "lengths": [len(s) for s in seqs], "model": args.model}
        f.write((json.dumps(header) + "\n").encode())
        for s in seqs:
            if any(t < 0 or t >= vocab for t in s):
                sys.exit(f"a token id is outside llama.cpp's vocabulary of {vocab}")
            llm.reset()
            llm.eval(s)
            logits = np.asarray(llm.scores[: len(s)], dtype="<f4")
            f.write(logits.tobytes())
    print(f"[peer] {sum(len(s) for s in seqs)} positions of {vocab} logits -> {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
