#!/usr/bin/env python3
"""sentence-transformers' embeddings of the tiny Qwen3 checkpoint, the oracle of `/v1/embeddings`.

The weights are tests/fixtures/families/qwen3's (a tiny random Qwen3 with the byte tokenizer, one
token per byte). sentence-transformers reads them as a Transformer module (transformers'
Qwen3Model: the final normed hidden state of every token), then a Pooling module, then
Normalize. Writes tests/fixtures/embeddings/qwen3/:
  modules.json, 1_Pooling/config.json   as sentence-transformers saves them, mean pooling: what a
                                        model directory says about its pooling
  oracle.json                           texts, the token ids sentence-transformers fed the model,
                                        and per pooling mode (mean, cls, lasttoken) the
                                        normalised embedding of each text, whole and truncated
                                        to `truncate_dim` dimensions (truncated, then
                                        normalised, as `encode(truncate_dim=...)` does)
Texts are encoded one at a time, so no padding enters the pooling.

Not run in CI; needs the venv of scripts/oracle/st-venv.sh.
Usage: .venv-st/bin/python scripts/oracle/make_embedding_oracle.py
"""
import json
import platform
import shutil
import tempfile
from pathlib import Path

import sentence_transformers
import torch
import transformers
from sentence_transformers import SentenceTransformer
from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer

ROOT = Path(__file__).resolve().parents[2]
WEIGHTS = ROOT / "tests/fixtures/families/qwen3"
OUT = ROOT / "tests/fixtures/embeddings/qwen3"
MODES = ["mean", "cls", "lasttoken"]
# The mode the committed model directory declares.
SAVED_MODE = "mean"
TRUNCATE_DIM = 16

# Lengths from 1 to 70 tokens (one token per byte), some sharing their first tokens, so that
# a pooling that reached past its own sequence, or missed part of it, would change the answer.
TEXTS = [
    "a",
    "Hello, world.",
    "Hello, world. Hello again.",
    "The quick brown fox jumps over the lazy dog.",
    "Embeddings map text to vectors.",
    "x" * 40,
    "Retrieval pipelines compare a query's vector with the vectors of many documents.",
    "short",
    "naïve café",
]


def model(mode):
    transformer = Transformer(str(WEIGHTS))
    # Texts go one at a time, so nothing is padded; the tokenizer still wants a padding token.
    tokenizer = transformer.tokenizer
    tokenizer.pad_token = tokenizer.convert_ids_to_tokens(0)
    dim = transformer.get_embedding_dimension()
    return SentenceTransformer(modules=[transformer, Pooling(dim, pooling_mode=mode), Normalize()],
                               device="cpu")


def encode(st, truncate_dim=None):
    return [st.encode([text], batch_size=1, convert_to_numpy=True, normalize_embeddings=True,
                      truncate_dim=truncate_dim)[0].tolist() for text in TEXTS]


def main():
    torch.manual_seed(0)
    OUT.mkdir(parents=True, exist_ok=True)
    embeddings = {}
    token_ids = None
    for mode in MODES:
        st = model(mode)
        embeddings[mode] = {"full": encode(st), "truncated": encode(st, TRUNCATE_DIM)}
        if token_ids is None:
            token_ids = [st.tokenize([text])["input_ids"][0].tolist() for text in TEXTS]
        if mode == SAVED_MODE:
            with tempfile.TemporaryDirectory() as tmp:
                st.save(tmp)
                shutil.copy(Path(tmp) / "modules.json", OUT / "modules.json")
                (OUT / "1_Pooling").mkdir(exist_ok=True)
                shutil.copy(Path(tmp) / "1_Pooling/config.json", OUT / "1_Pooling/config.json")
    oracle = {
        "weights": "tests/fixtures/families/qwen3",
        "saved_mode": SAVED_MODE,
        "truncate_dim": TRUNCATE_DIM,
        "texts": TEXTS,
        "token_ids": token_ids,
        "embeddings": embeddings,
        "versions": {
            "python": platform.python_version(),
            "torch": torch.__version__,
            "transformers": transformers.__version__,
            "sentence_transformers": sentence_transformers.__version__,
        },
    }
    (OUT / "oracle.json").write_text(json.dumps(oracle, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
