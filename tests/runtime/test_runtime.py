"""The runtime loads each model once per process, also when threads ask for it at the same time."""

from __future__ import annotations

import gc
import threading
import time
import weakref

from vidmem.runtime import Runtime, current


def test_a_key_is_loaded_once_and_then_shared() -> None:
    runtime = Runtime()
    made: list[object] = []

    def load() -> object:
        made.append(object())
        return made[-1]

    first = runtime.get("model:a", load)
    assert runtime.get("model:a", load) is first
    assert runtime.get("model:b", load) is not first
    assert len(made) == 2
    assert runtime.loads == {"model:a": 1, "model:b": 1}
    assert runtime.loaded() == ["model:a", "model:b"]


def test_threads_asking_for_the_same_model_wait_for_one_load() -> None:
    runtime = Runtime()
    calls: list[int] = []

    def slow_load() -> list[int]:
        calls.append(1)
        time.sleep(0.2)
        return calls

    results: list[object] = []
    threads = [threading.Thread(target=lambda: results.append(runtime.get("slow", slow_load))) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert all(r is results[0] for r in results) and len(results) == 6


def test_release_frees_a_model_and_the_next_get_loads_it_again() -> None:
    runtime = Runtime()
    runtime.get("a", object)
    runtime.get("b", object)
    runtime.release("a")
    assert runtime.loaded() == ["b"]
    runtime.get("a", object)
    assert runtime.loads["a"] == 2
    runtime.release()
    assert runtime.loaded() == []


def test_the_process_has_one_runtime() -> None:
    assert current() is current()


def test_a_loaded_model_is_kept_out_of_the_cycle_collectors_rescans_until_released() -> None:
    class Graph:  # a model's objects refer to each other: only the cycle collector could ever free them
        def __init__(self) -> None:
            self.me = self

    runtime = Runtime()
    gc.unfreeze()
    model = runtime.get("graph", Graph)
    gone = weakref.ref(model)
    assert gc.get_freeze_count() > 0
    assert all(o is not model for o in gc.get_objects())  # frozen: in no generation the collector walks
    runtime.release("graph")
    assert gc.get_freeze_count() == 0
    del model
    gc.collect()
    assert gone() is None  # once released, its cycle is freed like any other garbage
