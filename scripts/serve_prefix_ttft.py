"""Time to first token of a chat's second turn (its history in the prefix
cache) against the same request cold, through a running `serve`.

Usage: serve_prefix_ttft.py BASE_URL MODEL [HISTORY_TOKENS]
"""

import random
import sys
import time

import openai

BASE, MODEL = sys.argv[1], sys.argv[2]
HISTORY = int(sys.argv[3]) if len(sys.argv) > 3 else 1500
client = openai.OpenAI(base_url=BASE + "/v1", api_key="unused", max_retries=0, timeout=600)
WORDS = "sea river stone light cloud field bird tree wind fire snow road hill lake star moon".split()


def ttft(messages):
    """Seconds to the first content chunk, the reply text and cached tokens."""
    started = time.perf_counter()
    first, text, usage = None, "", None
    for chunk in client.chat.completions.create(
            model=MODEL, messages=messages, max_tokens=16, temperature=0, stream=True,
            stream_options={"include_usage": True}):
        if chunk.usage:
            usage = chunk.usage
        if chunk.choices and chunk.choices[0].delta.content:
            first = first or time.perf_counter() - started
            text += chunk.choices[0].delta.content
    return first, text, usage


def history(seed):
    rng = random.Random(seed)
    # About one token per word for these common words.
    return " ".join(rng.choice(WORDS) for _ in range(HISTORY))


def turn_pair(seed):
    first = [{"role": "user", "content": history(seed) + "\nSummarise that in one line."}]
    _, reply, usage1 = ttft(first)
    second = first + [{"role": "assistant", "content": reply},
                      {"role": "user", "content": "And now in three words?"}]
    warm, _, usage2 = ttft(second)
    # The same second turn on a history the cache has never seen.
    cold_first = [{"role": "user", "content": history(seed + 1000) + "\nSummarise that in one line."}]
    cold_second = cold_first + [{"role": "assistant", "content": reply},
                                {"role": "user", "content": "And now in three words?"}]
    cold, _, usage3 = ttft(cold_second)
    return warm, cold, usage1.prompt_tokens, usage2, usage3


rows = []
for seed in range(3):
    warm, cold, first_tokens, u2, u3 = turn_pair(seed)
    rows.append(warm / cold)
    print(f"history {first_tokens} tokens; second turn {u2.prompt_tokens} tokens: "
          f"cached {u2.prompt_tokens_details.cached_tokens}, TTFT {warm * 1e3:.0f} ms; "
          f"cold {u3.prompt_tokens} tokens (cached {u3.prompt_tokens_details.cached_tokens}), "
          f"TTFT {cold * 1e3:.0f} ms; ratio {warm / cold:.3f}", flush=True)
rows.sort()
print(f"median warm/cold TTFT ratio over {len(rows)} pairs: {rows[len(rows) // 2]:.3f}")
