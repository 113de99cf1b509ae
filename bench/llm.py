"""Chat model speed: load time, then latency, tokens and tokens/s per call type, for the packaged
llama.cpp models (1.5B and 0.5B) or an OpenAI-compatible server, and the response cache's hit time.

Run: .venv/bin/python bench/llm.py [--models 1.5b,0.5b] [--repeat 2] [--threads N] [--max-tokens N]
     .venv/bin/python bench/llm.py --openai MODEL   (VIDMEM_CHAT_BASE_URL / VIDMEM_CHAT_API_KEY)
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, Field

from vidmem.graph.llm import Extraction
from vidmem.models.chat import CachedChatModel
from vidmem.models.protocols import ChatMessage, ChatModel
from vidmem.retrieval.graph import SCHEMA_FOR_LLM, SqlQuery
from vidmem.store.chat_cache import ChatCache


class Choice(BaseModel):
    answer: str = Field(pattern="^[A-D]$")
    reason: str = Field(max_length=200)


DOCUMENT = """[day 1, 10:01:00 – 10:01:30]
Seen: a kitchen; objects: mug, laptop; people: Carol
10:01:02 Sam: Carol, where should we have dinner tonight?
10:01:05 Carol: How about the Blue Lantern? They have a table at half past seven.
10:01:09 Sam: Perfect, I will ask Dave to come too."""

CALLS: dict[str, tuple[list[ChatMessage], type[BaseModel] | None, int]] = {
    "short answer (text)": ([ChatMessage("user", "In one sentence: why do people keep diaries?")], None, 48),
    "multiple choice (json)": ([ChatMessage("user", "Where is dinner tonight?\n" + DOCUMENT +
                                            "\nA) Luigi's B) the Blue Lantern C) Maple House D) the Red Fox")],
                               Choice, 80),
    "graph extraction (json)": ([ChatMessage("system", "Extract entity-graph edges from the document."),
                                 ChatMessage("user", DOCUMENT)], Extraction, 400),
    "sql writing (json)": ([ChatMessage("system", "Write one SQLite SELECT.\n" + SCHEMA_FOR_LLM),
                            ChatMessage("user", "Who did Carol talk to on day 1?")], SqlQuery, 160),
}


def bench(model: ChatModel, repeat: int, cap: int | None = None) -> list[dict]:
    rows = []
    for kind, (messages, schema, max_tokens) in CALLS.items():
        max_tokens = min(max_tokens, cap or max_tokens)
        latencies, p_tok, c_tok, attempts, ok = [], 0, 0, 0, 0
        for i in range(repeat):
            # a different user suffix per repeat: no prompt reuse between repeats
            asked = [*messages[:-1], ChatMessage(messages[-1].role, messages[-1].text + " " * i)]
            started = time.perf_counter()
            try:
                result = model.chat(asked, schema=schema, max_tokens=max_tokens)
                ok += 1
                p_tok += result.usage.prompt_tokens
                c_tok += result.usage.completion_tokens
                attempts += result.usage.attempts
            except Exception as exc:  # a failed call is a figure too
                print(f"  {kind}: {type(exc).__name__}: {str(exc)[:120]}")
            latencies.append(time.perf_counter() - started)
        total = sum(latencies)
        rows.append({"call": kind, "ok": f"{ok}/{repeat}", "latency_s": statistics.median(latencies),
                     "prompt_tok": p_tok / repeat, "completion_tok": c_tok / repeat,
                     "tok_per_s": c_tok / total if total else 0.0, "attempts": attempts / max(ok, 1)})
    return rows


def show(title: str, rows: list[dict]) -> None:
    print(f"\n{title}")
    print(f"{'call':26} {'ok':>5} {'median s':>9} {'prompt':>7} {'compl.':>7} {'tok/s':>7} {'tries':>6}")
    for r in rows:
        print(f"{r['call']:26} {r['ok']:>5} {r['latency_s']:9.2f} {r['prompt_tok']:7.0f} {r['completion_tok']:7.0f} "
              f"{r['tok_per_s']:7.1f} {r['attempts']:6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default="1.5b,0.5b")
    parser.add_argument("--openai", help="benchmark this model on an OpenAI-compatible server instead")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--max-tokens", type=int, default=None, help="cap every call's token bound (a quick run)")
    args = parser.parse_args()
    targets: list[tuple[str, callable]] = []  # type: ignore[valid-type]
    if args.openai:
        from vidmem.models.chat_openai import OpenAIChatModel

        targets.append((args.openai, lambda: OpenAIChatModel.from_env(model=args.openai)))
    else:
        from vidmem.models.chat_llamacpp import LlamaCppChatModel

        for size in args.models.split(","):
            targets.append((size, lambda size=size: LlamaCppChatModel.lite(size, n_threads=args.threads)))
    for name, factory in targets:
        started = time.perf_counter()
        model = factory()
        load = time.perf_counter() - started
        rows = bench(model, args.repeat, args.max_tokens)
        show(f"{name}: loaded in {load:.1f} s", rows)
        with tempfile.TemporaryDirectory() as tmp:
            cached = CachedChatModel(model, ChatCache(Path(tmp) / "cache.sqlite"))
            messages, schema, max_tokens = CALLS["multiple choice (json)"]
            first = time.perf_counter()
            cached.chat(messages, schema=schema, max_tokens=max_tokens)
            miss = time.perf_counter() - first
            second = time.perf_counter()
            cached.chat(messages, schema=schema, max_tokens=max_tokens)
            hit = time.perf_counter() - second
            print(f"response cache: miss {miss:.2f} s, hit {hit * 1000:.1f} ms ({miss / max(hit, 1e-9):.0f}× faster)")


if __name__ == "__main__":
    main()
