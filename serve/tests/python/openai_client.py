"""The server through the official `openai` client on SmolLM2.

Usage: openai_client.py BASE_URL MODEL GENERATE_BINARY

Runs chat, completions, streaming, usage, logprobs, seeds (against the
`generate` binary), stop strings, n, cancel-by-disconnect and bad requests;
exits non-zero on the first failure.
"""

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import openai

BASE, MODEL, GENERATE = sys.argv[1], sys.argv[2], sys.argv[3]
client = openai.OpenAI(base_url=BASE + "/v1", api_key="unused", max_retries=0, timeout=300)
QUESTION = "What is the capital of France? Answer in one sentence."


def chat(**kw):
    kw.setdefault("messages", [{"role": "user", "content": QUESTION}])
    return client.chat.completions.create(model=MODEL, **kw)


def metric(name):
    text = urllib.request.urlopen(BASE + "/metrics").read().decode()
    for line in text.splitlines():
        if line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"metric {name} missing")


def test_models():
    ids = [m.id for m in client.models.list().data]
    assert ids == [MODEL], ids


def test_chat_and_usage():
    out = chat(max_tokens=40, temperature=0)
    choice = out.choices[0]
    assert choice.message.role == "assistant"
    assert "Paris" in choice.message.content, choice.message.content
    assert choice.finish_reason in ("stop", "length")
    u = out.usage
    assert u.prompt_tokens > 10 and u.completion_tokens > 0
    assert u.total_tokens == u.prompt_tokens + u.completion_tokens
    assert u.prompt_tokens_details.cached_tokens >= 0


def test_completions_length():
    out = client.completions.create(
        model=MODEL, prompt="The quick brown fox", max_tokens=8, temperature=0,
        extra_body={"ignore_eos": True})
    assert out.choices[0].finish_reason == "length"
    assert out.usage.completion_tokens == 8
    assert len(out.choices[0].text) > 0
    ids = client.completions.create(
        model=MODEL, prompt=[504, 2365, 6354, 16438], max_tokens=4, temperature=0)
    assert ids.usage.prompt_tokens == 4


def test_stream_matches_whole():
    whole = chat(max_tokens=30, temperature=0).choices[0].message.content
    chunks = list(chat(max_tokens=30, temperature=0, stream=True,
                       stream_options={"include_usage": True}))
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens > 0
    text = "".join(c.choices[0].delta.content or "" for c in chunks[:-1])
    assert text == whole, (text, whole)
    reasons = [c.choices[0].finish_reason for c in chunks[:-1] if c.choices[0].finish_reason]
    assert len(reasons) == 1
    plain = list(client.completions.create(model=MODEL, prompt="Once upon a time", max_tokens=10,
                                           temperature=0, stream=True))
    assert all(c.usage is None for c in plain)


def test_logprobs():
    out = chat(max_tokens=5, temperature=0, logprobs=True, top_logprobs=3)
    content = out.choices[0].logprobs.content
    assert len(content) == out.usage.completion_tokens
    for entry in content:
        assert entry.logprob <= 0 and len(entry.top_logprobs) == 3
        # Greedy picks the most likely token.
        assert abs(entry.logprob - entry.top_logprobs[0].logprob) < 1e-3
    out = client.completions.create(model=MODEL, prompt="Hello", max_tokens=4, temperature=0,
                                    logprobs=2)
    lp = out.choices[0].logprobs
    assert len(lp.tokens) == 4 and len(lp.token_logprobs) == 4 and len(lp.top_logprobs) == 4


def test_seeds_match_generate():
    poem = "Write a short poem about the sea."
    kw = dict(max_tokens=24, temperature=1.0, top_p=0.95, seed=11,
              messages=[{"role": "user", "content": poem}])
    a = chat(**kw).choices[0].message.content
    b = chat(**kw).choices[0].message.content
    c = chat(**dict(kw, seed=12)).choices[0].message.content
    assert a == b and a != c, (a, b, c)
    cli = subprocess.run(
        [GENERATE, "--prompt", poem, "--temperature", "1.0", "--top-p", "0.95", "--seed", "11",
         "--max-tokens", "24"], capture_output=True, text=True, check=True)
    # generate ends its output with one newline of its own.
    assert cli.stdout.endswith("\n") and cli.stdout[:-1] == a, (cli.stdout, a)


def test_stop_strings():
    text = client.completions.create(model=MODEL, prompt="1, 2, 3, 4,", max_tokens=20,
                                     temperature=0).choices[0].text
    stop = text[4:8]
    out = client.completions.create(model=MODEL, prompt="1, 2, 3, 4,", max_tokens=20,
                                    temperature=0, stop=[stop, "zzzz"])
    assert out.choices[0].finish_reason == "stop"
    assert out.choices[0].text == text[:text.index(stop)], (out.choices[0].text, text, stop)


def test_n():
    out = chat(max_tokens=12, temperature=1.0, seed=3, n=3)
    assert [c.index for c in out.choices] == [0, 1, 2]
    texts = {c.message.content for c in out.choices}
    assert len(texts) >= 2, texts
    # Completion tokens are summed over the choices, the prompt counted once.
    assert 3 <= out.usage.completion_tokens <= 36
    single = chat(max_tokens=12, temperature=1.0, seed=3)
    assert out.usage.prompt_tokens == single.usage.prompt_tokens
    assert out.choices[0].message.content == single.choices[0].message.content


def idle():
    return metric("vllm:num_requests_running") + metric("vllm:num_requests_waiting") == 0


def test_cancel_by_disconnect():
    before = metric("vllm:generation_tokens_total")
    stream = chat(max_tokens=1500, temperature=0, stream=True, extra_body={"ignore_eos": True})
    seen = 0
    for _ in stream:
        seen += 1
        if seen == 3:
            break
    stream.close()
    deadline = time.time() + 2
    while not idle():
        assert time.time() < deadline, "the request kept running after the client left"
        time.sleep(0.02)
    generated = metric("vllm:generation_tokens_total") - before
    assert generated < 200, generated


def expect_error(status, param, **kw):
    try:
        chat(**kw)
    except openai.APIStatusError as e:
        assert e.status_code == status, (e.status_code, e.body)
        assert e.body["param"] == param, e.body
        return
    raise AssertionError(f"no error for {kw}")


def test_bad_requests():
    try:
        client.chat.completions.create(model="no-such-model", messages=[{"role": "user", "content": "hi"}])
        raise AssertionError("unknown model accepted")
    except openai.NotFoundError as e:
        assert e.body["param"] == "model"
    expect_error(400, "temperature", temperature=5)
    expect_error(400, "messages", messages=[])
    expect_error(400, "logit_bias", logit_bias={"999999": 1})
    expect_error(400, "messages", messages=[{"role": "user", "content": "hello " * 3000}])
    expect_error(400, "n", n=0)
    expect_error(400, "top_logprobs", logprobs=True, top_logprobs=50)
    expect_error(400, "max_tokens", max_tokens="ten")
    raw = urllib.request.Request(BASE + "/v1/chat/completions", data=b"{oops",
                                 headers={"content-type": "application/json"})
    try:
        urllib.request.urlopen(raw)
        raise AssertionError("malformed JSON accepted")
    except urllib.error.HTTPError as e:
        assert e.code == 400 and json.load(e)["error"]["param"] == "body"


TESTS = [test_models, test_chat_and_usage, test_completions_length, test_stream_matches_whole,
         test_logprobs, test_seeds_match_generate, test_stop_strings, test_n,
         test_cancel_by_disconnect, test_bad_requests]

if __name__ == "__main__":
    for test in TESTS:
        started = time.time()
        test()
        print(f"ok {test.__name__} ({time.time() - started:.1f} s)", flush=True)
    print(f"all {len(TESTS)} passed")
