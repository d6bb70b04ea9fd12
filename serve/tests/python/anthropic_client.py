"""The server's Messages API through the official `anthropic` client on SmolLM2.

Usage: anthropic_client.py BASE_URL MODEL API_KEY

Runs a text turn (equal to the same chat completion), a streamed turn reassembled
equal to the whole one, a tool round trip, count_tokens against the chat prompt's
token count, and errors; exits non-zero on the first failure.
"""

import json
import sys
import time
import urllib.request

import anthropic

BASE, MODEL, KEY = sys.argv[1], sys.argv[2], sys.argv[3]
client = anthropic.Anthropic(base_url=BASE, api_key=KEY, max_retries=0, timeout=300)
ASK = [{"role": "user", "content": "What is the capital of France? Answer in one sentence."}]
SYSTEM = "You are a helpful assistant."
# The client no longer has sampling parameters; the server still reads them.
GREEDY = {"temperature": 0}


def post(path, body):
    request = urllib.request.Request(
        BASE + path, data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "authorization": "Bearer " + KEY})
    return json.loads(urllib.request.urlopen(request).read())


def chat_prompt_tokens(messages, **extra):
    out = post("/v1/chat/completions", {"model": MODEL, "max_tokens": 1, "messages": messages, **extra})
    return out["usage"]["prompt_tokens"], out


def test_text_turn_and_count():
    out = client.messages.create(model=MODEL, max_tokens=40, extra_body=GREEDY, system=SYSTEM,
                                 messages=ASK)
    assert out.type == "message" and out.role == "assistant", out
    assert out.content[0].type == "text" and "Paris" in out.content[0].text, out
    assert out.stop_reason in ("end_turn", "max_tokens"), out
    chat = post("/v1/chat/completions", {"model": MODEL, "max_tokens": 40, "temperature": 0,
                                         "messages": [{"role": "system", "content": SYSTEM}] + ASK})
    assert chat["choices"][0]["message"]["content"] == out.content[0].text, (chat, out)
    prompt = chat["usage"]["prompt_tokens"]
    assert out.usage.input_tokens + (out.usage.cache_read_input_tokens or 0) == prompt, out.usage
    assert out.usage.output_tokens == chat["usage"]["completion_tokens"]
    counted = client.messages.count_tokens(model=MODEL, system=SYSTEM, messages=ASK)
    assert counted.input_tokens == prompt, (counted, prompt)


def test_stream_matches_whole():
    whole = client.messages.create(model=MODEL, max_tokens=30, extra_body=GREEDY, messages=ASK)
    with client.messages.stream(model=MODEL, max_tokens=30, extra_body=GREEDY, messages=ASK) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == whole.content[0].text, (text, whole)
    assert [b.model_dump() for b in final.content] == [b.model_dump() for b in whole.content]
    assert final.stop_reason == whole.stop_reason
    assert final.usage.output_tokens == whole.usage.output_tokens


TOOLS = [{"name": "get_weather", "description": "The weather in a city.",
          "input_schema": {"type": "object", "additionalProperties": False,
                           "required": ["city", "unit"],
                           "properties": {"city": {"type": "string", "maxLength": 30},
                                          "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}}}]
WEATHER = [{"role": "user", "content": "What is the weather in Paris?"}]


def test_tool_round_trip():
    kw = dict(model=MODEL, max_tokens=120, extra_body=GREEDY, tools=TOOLS,
              tool_choice={"type": "tool", "name": "get_weather"})
    out = client.messages.create(messages=WEATHER, **kw)
    assert out.stop_reason == "tool_use", out
    call = out.content[-1]
    assert call.type == "tool_use" and call.name == "get_weather" and call.id.startswith("toolu_"), out
    assert set(call.input) == {"city", "unit"} and call.input["unit"] in ("celsius", "fahrenheit"), call
    with client.messages.stream(messages=WEATHER, **kw) as stream:
        final = stream.get_final_message()
    assert final.content[-1].type == "tool_use" and final.content[-1].input == call.input, final
    history = WEATHER + [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in out.content]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                      "content": "21 degrees and sunny"}]}]
    answer = client.messages.create(model=MODEL, max_tokens=30, extra_body=GREEDY, tools=TOOLS,
                                    messages=history)
    assert answer.stop_reason != "tool_use" and answer.content[0].text, answer
    counted = client.messages.count_tokens(model=MODEL, tools=TOOLS, messages=history)
    prompt, _ = chat_prompt_tokens(
        WEATHER + [
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": call.id, "type": "function",
                 "function": {"name": "get_weather", "arguments": json.dumps(call.input)}}]},
            {"role": "tool", "tool_call_id": call.id, "content": "21 degrees and sunny"}],
        tools=[{"type": "function", "function": {"name": t["name"], "description": t["description"],
                                                 "parameters": t["input_schema"]}} for t in TOOLS])
    assert counted.input_tokens == prompt, (counted, prompt)


def test_errors():
    try:
        client.messages.create(model=MODEL, max_tokens=4, messages=ASK,
                               extra_body={"frobnicate": 1})
        raise AssertionError("an unknown field was accepted")
    except anthropic.BadRequestError as e:
        assert e.body["error"]["type"] == "invalid_request_error", e.body
        assert "frobnicate" in e.body["error"]["message"], e.body
    try:
        client.messages.create(model="no-such-model", max_tokens=4, messages=ASK)
        raise AssertionError("an unknown model was accepted")
    except anthropic.NotFoundError as e:
        assert e.body["error"]["type"] == "not_found_error", e.body
    wrong = anthropic.Anthropic(base_url=BASE, api_key="wrong", max_retries=0)
    try:
        wrong.messages.create(model=MODEL, max_tokens=4, messages=ASK)
        raise AssertionError("a wrong key was accepted")
    except anthropic.AuthenticationError as e:
        assert e.body["error"]["type"] == "authentication_error", e.body


TESTS = [test_text_turn_and_count, test_stream_matches_whole, test_tool_round_trip, test_errors]

if __name__ == "__main__":
    for test in TESTS:
        started = time.time()
        test()
        print(f"ok {test.__name__} ({time.time() - started:.1f} s)", flush=True)
    print(f"all {len(TESTS)} passed")
