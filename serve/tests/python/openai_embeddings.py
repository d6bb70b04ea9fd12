"""`/v1/embeddings` through the official `openai` client, against sentence-transformers.

Usage: openai_embeddings.py BASE_URL MODEL ORACLE MAX_TOKENS

ORACLE: tests/fixtures/embeddings/qwen3/oracle.json (sentence-transformers' embeddings of the
tiny Qwen3 checkpoint the server runs, whose directory says mean pooling). MAX_TOKENS: the
server's longest embedding input; the oracle's texts up to it are embedded, a longer one must
be refused. Exits non-zero on the first failure.
"""

import json
import math
import sys

import openai

BASE, MODEL, ORACLE, MAX_TOKENS = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
client = openai.OpenAI(base_url=BASE + "/v1", api_key="unused", max_retries=0, timeout=300)
oracle = json.load(open(ORACLE))
mode = oracle["saved_mode"]
pairs = [(text, ids, full, short) for text, ids, full, short in zip(
    oracle["texts"], oracle["token_ids"], oracle["embeddings"][mode]["full"],
    oracle["embeddings"][mode]["truncated"]) if len(ids) <= MAX_TOKENS]
texts = [p[0] for p in pairs]
TOLERANCE = 1e-5


def cosine_distance(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    return 1.0 - dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))


def check(out, expected, what):
    assert out.object == "list" and out.model == MODEL, out
    assert [d.index for d in out.data] == list(range(len(expected))), out.data
    worst = 0.0
    for d, want in zip(out.data, expected):
        assert len(d.embedding) == len(want), (what, len(d.embedding), len(want))
        norm = math.sqrt(sum(x * x for x in d.embedding))
        assert abs(norm - 1.0) < 1e-5, (what, norm)
        distance = cosine_distance(d.embedding, want)
        assert distance <= TOLERANCE, (what, d.index, distance)
        worst = max(worst, distance)
    print(f"  {what}: {len(expected)} inputs, worst cosine distance {worst:.3e}")


def test_default_encoding():
    """The client asks for base64 unless told, and decodes it."""
    out = client.embeddings.create(model=MODEL, input=texts)
    check(out, [p[2] for p in pairs], "texts, base64")
    assert out.usage.prompt_tokens == sum(len(p[1]) for p in pairs), out.usage
    assert out.usage.total_tokens == out.usage.prompt_tokens, out.usage


def test_float_and_one_string():
    out = client.embeddings.create(model=MODEL, input=texts[1], encoding_format="float")
    check(out, [pairs[1][2]], "one string, float")
    assert out.usage.prompt_tokens == len(pairs[1][1]), out.usage


def test_token_ids():
    out = client.embeddings.create(model=MODEL, input=[p[1] for p in pairs], encoding_format="float")
    check(out, [p[2] for p in pairs], "token id lists")
    out = client.embeddings.create(model=MODEL, input=pairs[2][1])
    check(out, [pairs[2][2]], "one token id list")


def test_dimensions():
    dims = oracle["truncate_dim"]
    out = client.embeddings.create(model=MODEL, input=texts, dimensions=dims)
    check(out, [p[3] for p in pairs], f"{dims} dimensions")


def refused(what, **kw):
    try:
        client.embeddings.create(model=MODEL, **kw)
    except openai.BadRequestError as e:
        print(f"  {what}: 400 {e.body.get('message') if isinstance(e.body, dict) else e.body}")
        return e
    raise AssertionError(f"{what}: not refused")


def test_refusals():
    refused("empty list", input=[])
    refused("empty string", input=["fine", ""])
    too_long = [t for t, ids in zip(oracle["texts"], oracle["token_ids"]) if len(ids) > MAX_TOKENS]
    assert too_long, "the oracle has a text longer than the server's limit"
    e = refused("too long", input=too_long)
    assert e.body["param"] == "input", e.body
    refused("unknown field", input="x", extra_body={"truncate_prompt_tokens": 8})
    refused("dimensions 0", input="x", dimensions=0)
    refused("encoding", input="x", encoding_format="int8")


TESTS = [test_default_encoding, test_float_and_one_string, test_token_ids, test_dimensions,
         test_refusals]

if __name__ == "__main__":
    for test in TESTS:
        print(test.__name__)
        test()
    print("all embedding client tests passed")
