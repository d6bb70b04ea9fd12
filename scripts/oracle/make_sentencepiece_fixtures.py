#!/usr/bin/env python3
"""Records transformers' ids for SentencePiece (`tokenizer.ggml.model = "llama"`) vocabularies in GGUF.

Writes under tests/fixtures/sentencepiece/:
  tiny-bytes.gguf, tiny-unk.gguf   two tiny llama-type vocabularies trained here with the
                                   sentencepiece BPE trainer (fixed corpus and settings): one with
                                   byte fallback (`<0xNN>` pieces), one without (text outside the
                                   vocabulary becomes the unknown token); a control and a
                                   user-defined piece in each; GGUF metadata written as llama.cpp's
                                   converter lays it out (tokens, scores, token types, BOS/EOS/UNK
                                   ids, add_bos_token/add_eos_token). Metadata only, no tensors.
  <name>.json                      the BPE merges transformers derived (count and sha256 of
                                   "left\0right\1" for each, in rank order); per string: ids with and without special tokens, and the text
                                   transformers decodes from them (with and without skipping
                                   special tokens), from
                                   `AutoTokenizer.from_pretrained(dir, gguf_file=...)`.
                                   transformers 5.23 gives a llama-type vocabulary's BPE model no
                                   unknown token, so text outside a vocabulary without byte
                                   fallback vanishes from its ids; sentencepiece and llama.cpp
                                   give the file's unknown id instead. Where that differs,
                                   "ids_with_unk" holds the ids of transformers' own tokenizer
                                   with its BPE unknown token set to the file's.
For gemma3.json the vocabulary is the Gemma 3 270M GGUF (scripts/fetch_gemma3.sh).

Not run in CI; needs scripts/oracle/requirements.txt plus sentencepiece.
Usage: python scripts/oracle/make_sentencepiece_fixtures.py [--gemma FILE.gguf]
"""
import argparse
import hashlib
import json
import platform
import tempfile
from pathlib import Path

import gguf
import sentencepiece as spm
import transformers
from tokenizers import Tokenizer
from transformers import AutoTokenizer

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/fixtures/sentencepiece"

# sentencepiece piece types -> llama.cpp token types (llama_token_type)
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6

CORPUS = [
    "The quick brown fox jumps over the lazy dog. The dog sleeps in the sun.",
    "A tokenizer splits text into pieces; the model reads the pieces as numbers.",
    "Le renard brun saute par-dessus le chien paresseux. Où est la gare ? À demain !",
    "Der schnelle braune Fuchs springt über den faulen Hund. Grüße aus München.",
    "def add(a, b):\n    return a + b\n\nfor i in range(10):\n    print(add(i, i))",
    "fn main() { let v: Vec<u32> = vec![1, 2, 3]; println!(\"{:?}\", v); }",
    "numbers 0 1 2 3 4 5 6 7 8 9 10 100 1000 2024 3.14159",
    "hello hello hello world world there their they them then than that this these those",
    "internationalization localization tokenization normalization",
    "日本語の文章 東京 大阪 中文 北京 上海",
]

STRINGS = [
    "",
    "Hello, world!",
    "hello",
    " leading space",
    "  two leading spaces and trailing  ",
    "multiple   spaces\n\nnew lines\tand\ttabs\r\n",
    "numbers 1234567 and 3.14159, 2024-06-07",
    "I'm sure you'll see they've gone; it's John's.",
    "Café naïve façade — “smart quotes” and ‘apostrophes’ … ½ °C",
    "日本語のテキストと中文文本，한국어 텍스트",
    "Ελληνικά κείμενα και русский текст, עברית, العربية, हिन्दी",
    "Emoji: 👋🌍🚀 family 👨‍👩‍👧‍👦 flags 🇫🇷 skin 👍🏽",
    'fn main() {\n    let x: Vec<u8> = vec![0xFF; 4];\n    println!("{x:?}");\n}\n',
    "def f(a, b):\n\treturn a ** b  # power\n",
    "    indented code\n        more indented\n",
    "ÀÉÎÕÜ ß ø ł ŧ ħ ĸ ŋ Ω π ∑ √ ∞ ≠ ≤",
    "<0x41> written out, ▁ the meta symbol, and <unk> as text",
]

SPECIAL_STRINGS = {
    "tiny": ["<s>hello</s>", "a <ctrl> b <tool> c", "<ctrl><tool><ctrl>"],
    "gemma3": [
        "<start_of_turn>user\nHi there<end_of_turn>\n<start_of_turn>model\n",
        "<bos>text after bos<eos>",
        "<start_of_image> and <mask>",
    ],
}


def train(prefix: Path, byte_fallback: bool, vocab_size: int) -> spm.SentencePieceProcessor:
    corpus = prefix.with_suffix(".txt")
    corpus.write_text("\n".join(CORPUS * 3) + "\n")
    spm.SentencePieceTrainer.train(
        input=str(corpus),
        model_prefix=str(prefix),
        model_type="bpe",
        vocab_size=vocab_size,
        byte_fallback=byte_fallback,
        character_coverage=0.98,
        control_symbols=["<ctrl>"],
        user_defined_symbols=["<tool>"],
        split_digits=True,
        num_threads=1,
        seed_sentencepiece_size=10000,
        minloglevel=2,
    )
    return spm.SentencePieceProcessor(model_file=str(prefix.with_suffix(".model")))


def piece_type(sp: spm.SentencePieceProcessor, i: int) -> int:
    if sp.IsUnknown(i):
        return UNKNOWN
    if sp.IsControl(i):
        return CONTROL
    if sp.IsByte(i):
        return BYTE
    if sp.IsUnused(i):
        return UNUSED
    # sentencepiece marks user-defined pieces with score 0 and no other flag the API exposes.
    if sp.IdToPiece(i) == "<tool>":
        return USER_DEFINED
    return NORMAL


def write_gguf(sp: spm.SentencePieceProcessor, path: Path) -> None:
    writer = gguf.GGUFWriter(str(path), "llama")
    # Enough of a llama config for transformers to pick the tokenizer class.
    writer.add_context_length(64)
    writer.add_embedding_length(8)
    writer.add_block_count(1)
    writer.add_feed_forward_length(16)
    writer.add_head_count(2)
    writer.add_head_count_kv(2)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_freq_base(10000.0)
    writer.add_vocab_size(sp.GetPieceSize())
    writer.add_tokenizer_model("llama")
    writer.add_tokenizer_pre("default")
    n = sp.GetPieceSize()
    writer.add_token_list([sp.IdToPiece(i) for i in range(n)])
    writer.add_token_scores([sp.GetScore(i) for i in range(n)])
    writer.add_token_types([piece_type(sp, i) for i in range(n)])
    writer.add_bos_token_id(sp.bos_id())
    writer.add_eos_token_id(sp.eos_id())
    writer.add_unk_token_id(sp.unk_id())
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    writer.add_add_space_prefix(True)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def record(gguf_path: Path, strings: list[str]) -> dict:
    tok = AutoTokenizer.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)
    backend = json.loads(tok.backend_tokenizer.to_str())
    merges = backend["model"]["merges"]
    digest = hashlib.sha256("".join(f"{l}\x00{r}\x01" for l, r in merges).encode()).hexdigest()
    with_unk = None
    if backend["model"]["unk_token"] is None and tok.unk_token is not None:
        backend["model"]["unk_token"] = tok.unk_token
        with_unk = Tokenizer.from_str(json.dumps(backend))
    cases = []
    for text in strings:
        with_special = tok(text)["input_ids"]
        plain = tok(text, add_special_tokens=False)["input_ids"]
        case = {
            "text": text,
            "ids": with_special,
            "ids_no_special": plain,
            "decoded": tok.decode(with_special),
            "decoded_skip_special": tok.decode(with_special, skip_special_tokens=True),
        }
        if with_unk is not None:
            ids = with_unk.encode(text, add_special_tokens=True).ids
            if ids != with_special:
                case["ids_with_unk"] = ids
                case["decoded_with_unk"] = with_unk.decode(ids, skip_special_tokens=False)
        cases.append(case)
    return {
        "source": (
            f"transformers {transformers.__version__} AutoTokenizer.from_pretrained(gguf_file=...) "
            f"on {gguf_path.name}, python {platform.python_version()}"
        ),
        "vocab_size": len(tok),
        "bos_token_id": tok.bos_token_id,
        "eos_token_id": tok.eos_token_id,
        "unk_token_id": tok.unk_token_id,
        "merges_count": len(merges),
        "merges_sha256": digest,
        "cases": cases,
    }


def save(name: str, data: dict) -> None:
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {path.relative_to(ROOT)} ({len(data['cases'])} strings)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gemma", type=Path, default=ROOT / ".cache/models/gemma-3-270m-q4_k_m.gguf")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, byte_fallback, vocab_size in [("tiny-bytes", True, 420), ("tiny-unk", False, 240)]:
            sp = train(Path(tmp) / name, byte_fallback, vocab_size)
            path = OUT / f"{name}.gguf"
            write_gguf(sp, path)
            save(name, record(path, STRINGS + SPECIAL_STRINGS["tiny"]))
    if args.gemma.exists():
        save("gemma3", record(args.gemma, STRINGS + SPECIAL_STRINGS["gemma3"]))
    else:
        print(f"skipped gemma3: no {args.gemma} (scripts/fetch_gemma3.sh)")


if __name__ == "__main__":
    main()
