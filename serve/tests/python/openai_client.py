"""The server through the official `openai` client on SmolLM2.

Usage: openai_client.py BASE_URL MODEL GENERATE_BINARY API_KEY [ECHO_REFERENCE]

ECHO_REFERENCE: a JSON file of `quality`'s teacher-forced log-probabilities of a prompt
(`{"ids": [...], "rows": [{"logprob", "top": [...]}, ...]}`, one row per token after the
first), which the echoed ones must equal.

Runs chat, completions, streaming, usage, logprobs, seeds (against the
`generate` binary), stop strings, n, cancel-by-disconnect, bad requests,
structured output (response_format), tool calls, the API key and unknown
fields; exits non-zero on the first failure.
"""

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import openai

BASE, MODEL, GENERATE, KEY = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
ECHO_REFERENCE = sys.argv[5] if len(sys.argv) > 5 else None
client = openai.OpenAI(base_url=BASE + "/v1", api_key=KEY, max_retries=0, timeout=300)
AUTH = {"authorization": "Bearer " + KEY}
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


def test_echo_logprobs():
    """What lm-eval-harness sends: echo, logprobs, max_tokens 0. The prompt's log-probabilities
    equal quality's teacher-forced ones (the first request, alone in its decode step, as
    quality's are: bit-equal)."""
    if ECHO_REFERENCE is None:
        print("  (no reference file: the values are not checked)")
        return
    reference = json.load(open(ECHO_REFERENCE))
    ids, rows = reference["ids"], reference["rows"]
    out = client.completions.create(model=MODEL, prompt=ids, echo=True, logprobs=3, max_tokens=0)
    choice = out.choices[0]
    assert choice.finish_reason == "length" and out.usage.completion_tokens == 0, out
    lp = choice.logprobs
    assert len(lp.tokens) == len(ids) and lp.token_logprobs[0] is None and lp.top_logprobs[0] is None
    assert choice.text == "".join(lp.tokens), (choice.text, lp.tokens)
    worst = 0.0
    for got, top, row in zip(lp.token_logprobs[1:], lp.top_logprobs[1:], rows):
        worst = max(worst, abs(got - row["logprob"]))
        served_top = sorted(top.values(), reverse=True)
        assert len(served_top) == len(row["top"]), top
        worst = max([worst] + [abs(a - b) for a, b in zip(served_top, row["top"])])
    print(f"  echoed against quality's: max |diff| {worst:.3g}")
    assert worst == 0.0, worst
    # vLLM's prompt_logprobs on chat, and echo refused there.
    chat_out = chat(max_tokens=1, extra_body={"prompt_logprobs": 1})
    assert chat_out.model_extra["prompt_logprobs"][0] is None, chat_out.model_extra
    assert len(chat_out.model_extra["prompt_logprobs"]) == chat_out.usage.prompt_tokens
    expect_error(400, "echo", max_tokens=1, extra_body={"echo": True})


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
    # generate on the server's module (8 slots, compiled already), not its own one-slot
    # module: a second SmolLM2 compile here would take minutes, and a row's numbers do not
    # depend on its batch (serve/tests/batch_invariance.rs).
    cli = subprocess.run(
        [GENERATE, "--slots", "8", "--prompt", poem, "--temperature", "1.0", "--top-p", "0.95",
         "--seed", "11", "--max-tokens", "24"], capture_output=True, text=True, check=True)
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
                                 headers={"content-type": "application/json", **AUTH})
    try:
        urllib.request.urlopen(raw)
        raise AssertionError("malformed JSON accepted")
    except urllib.error.HTTPError as e:
        assert e.code == 400 and json.load(e)["error"]["param"] == "body"


def check(value, schema):
    """The subset of JSON schema the tests use: types, enum, bounds, required, closed objects."""
    kind = schema.get("type")
    if "enum" in schema:
        assert value in schema["enum"], (value, schema)
    if kind == "object":
        assert isinstance(value, dict), value
        props = schema.get("properties", {})
        assert set(schema.get("required", [])) <= set(value), (value, schema)
        if schema.get("additionalProperties") is False:
            assert set(value) <= set(props), (value, schema)
        for key, sub in props.items():
            if key in value:
                check(value[key], sub)
    elif kind == "string":
        assert isinstance(value, str) and len(value) <= schema.get("maxLength", 1 << 30), value
    elif kind == "integer":
        assert isinstance(value, int) and not isinstance(value, bool), value
        assert schema.get("minimum", value) <= value <= schema.get("maximum", value), value
    elif kind == "boolean":
        assert isinstance(value, bool), value


CITY = {"type": "object", "additionalProperties": False, "required": ["city", "country", "big"],
        "properties": {"city": {"type": "string", "maxLength": 24},
                       "country": {"type": "string", "maxLength": 24},
                       "big": {"type": "boolean"}}}


def test_response_format():
    ask = [{"role": "user", "content": "Describe Paris as JSON with keys city, country and big."}]
    out = chat(messages=ask, max_tokens=120, temperature=0, response_format={"type": "json_object"})
    assert out.choices[0].finish_reason == "stop", out
    assert isinstance(json.loads(out.choices[0].message.content), dict), out
    for seed, temperature in [(1, 0.0), (2, 0.8), (3, 1.2), (4, 1.2)]:
        out = chat(messages=ask, max_tokens=120, temperature=temperature, seed=seed,
                   response_format={"type": "json_schema",
                                    "json_schema": {"name": "city", "schema": CITY, "strict": True}})
        choice = out.choices[0]
        assert choice.finish_reason == "stop", out
        check(json.loads(choice.message.content), CITY)


TOOLS = [
    {"type": "function", "function": {
        "name": "get_weather", "description": "The weather in a city.",
        "parameters": {"type": "object", "additionalProperties": False,
                       "required": ["city", "unit"],
                       "properties": {"city": {"type": "string", "maxLength": 30},
                                      "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}}}},
    {"type": "function", "function": {
        "name": "get_time", "description": "The local time in a time zone.",
        "parameters": {"type": "object", "additionalProperties": False, "required": ["zone"],
                       "properties": {"zone": {"type": "string", "maxLength": 30}}}}},
]
SCHEMAS = {t["function"]["name"]: t["function"]["parameters"] for t in TOOLS}


def reassembled(stream):
    calls, content, reasons = {}, "", []
    for chunk in stream:
        choice = chunk.choices[0]
        content += choice.delta.content or ""
        for call in choice.delta.tool_calls or []:
            entry = calls.setdefault(call.index, {"name": "", "arguments": ""})
            entry["name"] += call.function.name or ""
            entry["arguments"] += call.function.arguments or ""
        if choice.finish_reason:
            reasons.append(choice.finish_reason)
    return [calls[i] for i in sorted(calls)], content, reasons


def test_tool_calls():
    ask = [{"role": "user", "content": "What is the weather in Paris?"}]
    for choice, seed in [({"type": "function", "function": {"name": "get_weather"}}, 1),
                         ("required", 2), ("required", 3)]:
        kw = dict(messages=ask, tools=TOOLS, tool_choice=choice, parallel_tool_calls=False,
                  max_tokens=120, temperature=0.7, seed=seed)
        out = chat(**kw).choices[0]
        assert out.finish_reason == "tool_calls", out
        calls = out.message.tool_calls
        assert len(calls) == 1, calls
        call = calls[0]
        assert call.type == "function" and call.id.startswith("call_")
        if isinstance(choice, dict):
            assert call.function.name == "get_weather", call
        check(json.loads(call.function.arguments), SCHEMAS[call.function.name])
        streamed, content, reasons = reassembled(chat(stream=True, **kw))
        assert streamed == [{"name": call.function.name, "arguments": call.function.arguments}], \
            (streamed, call)
        assert "<tool_call>" not in content, content
        assert reasons == ["tool_calls"], reasons
    out = chat(messages=ask + [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "get_weather", "arguments": '{"city": "Paris", "unit": "celsius"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "21 degrees and sunny"}],
        tools=TOOLS, tool_choice="none", max_tokens=30, temperature=0)
    assert out.choices[0].message.tool_calls is None and out.choices[0].message.content


# What clients usually send: objects that name their properties but do not close themselves.
OPEN_TOOLS = [
    {"type": "function", "function": {
        "name": "get_weather", "description": "The weather in a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}},
    {"type": "function", "function": {
        "name": "get_time", "description": "The local time in a time zone.",
        "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}},
]


def test_tool_calls_with_open_schemas():
    """The schemas are read as OpenAI's strict mode reads them: a call names no other key and
    closes. Before, SmolLM2 wandered through invented keys until max_tokens, and the answer
    came back as `length` with the raw `<tool_call>` text in its content and no calls."""
    ask = [{"role": "user", "content": "What is the weather in Paris?"}]
    for seed, parallel in [(0, True), (2, True), (5, True), (0, False), (6, False), (10, False)]:
        kw = dict(messages=ask, tools=OPEN_TOOLS, tool_choice="required", max_tokens=100,
                  seed=seed, parallel_tool_calls=parallel)
        out = chat(**kw).choices[0]
        assert out.message.tool_calls, out
        assert out.message.content is None, out
        # Parallel calls may go on until max_tokens; one call always closes.
        assert out.finish_reason == "tool_calls" or parallel and out.finish_reason == "length", out
        complete = out.message.tool_calls[:-1] if out.finish_reason == "length" else out.message.tool_calls
        for call in complete:
            named = OPEN_TOOLS[0 if call.function.name == "get_weather" else 1]
            keys = set(json.loads(call.function.arguments))
            assert keys <= set(named["function"]["parameters"]["properties"]), call
        deltas = 0
        chunks = list(chat(stream=True, **kw))
        for chunk in chunks:
            deltas += sum(1 for c in chunk.choices[0].delta.tool_calls or [] if c.function.arguments)
        streamed, content, reasons = reassembled(iter(chunks))
        whole = [{"name": c.function.name, "arguments": c.function.arguments}
                 for c in out.message.tool_calls]
        assert streamed == whole and content == "" and reasons == [out.finish_reason], \
            (streamed, whole, content, reasons)
        # The arguments are streamed as they are generated, not whole at the end.
        assert deltas > len(whole), deltas


def test_api_key_and_unknown_fields():
    wrong = openai.OpenAI(base_url=BASE + "/v1", api_key="wrong", max_retries=0)
    try:
        wrong.models.list()
        raise AssertionError("a wrong key was accepted")
    except openai.AuthenticationError as e:
        assert e.status_code == 401
    assert urllib.request.urlopen(BASE + "/health").status == 200
    expect_error(400, "frobnicate", max_tokens=2, extra_body={"frobnicate": 1})
    expect_error(400, "functions", max_tokens=2, extra_body={"functions": [{"name": "f"}]})
    expect_error(400, "response_format", max_tokens=2, response_format={
        "type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "no-such-type"}}})


TESTS = [test_echo_logprobs, test_models, test_chat_and_usage, test_completions_length, test_stream_matches_whole,
         test_logprobs, test_seeds_match_generate, test_stop_strings, test_n,
         test_cancel_by_disconnect, test_bad_requests, test_response_format, test_tool_calls,
         test_tool_calls_with_open_schemas, test_api_key_and_unknown_fields]

if __name__ == "__main__":
    for test in TESTS:
        started = time.time()
        test()
        print(f"ok {test.__name__} ({time.time() - started:.1f} s)", flush=True)
    print(f"all {len(TESTS)} passed")
