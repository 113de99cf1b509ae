"""A small typed node runner: node functions over a typed state, each returning the keys it changes, and
after each node either a fixed next node or a function of the state that names it.

The agent's loop is five kinds of step in a fixed order, so this is all it needs of a graph library. It
replaces LangGraph's `StateGraph` in the same shape (same nodes, same edges, same state, the last value of
a key winning): importing LangGraph with langchain-core and langsmith cost 1.7–2.6 CPU-s of every one-shot
`vidmem ask`, more than half its budget, for no feature the agent used (no checkpoints, streaming,
parallel branches or reducers).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S", bound=Mapping[str, Any])

END = "__end__"
Node = Callable[[S], Mapping[str, Any]]
Next = str | Callable[[S], str]


class FlowError(RuntimeError):
    """The flow is wired wrong or ran past its step limit (a loop that never reaches END)."""


@dataclass(frozen=True)
class _Step(Generic[S]):
    run: Node[S]
    then: Next[S]


class Flow(Generic[S]):
    """`add(name, node, then)` wires a node; `run(state)` starts at the first node added and merges each
    node's returned keys into the state until a node's successor is `END`."""

    def __init__(self) -> None:
        self._steps: dict[str, _Step[S]] = {}
        self._start: str | None = None

    def add(self, name: str, node: Node[S], then: Next[S]) -> Flow[S]:
        if name == END or name in self._steps:
            raise FlowError(f"node name {name!r} is taken")
        self._steps[name] = _Step(node, then)
        self._start = self._start or name
        return self

    def check(self) -> Flow[S]:
        """Every fixed successor is a node or END (a function's choice is checked when it is made)."""
        for name, step in self._steps.items():
            if isinstance(step.then, str) and step.then != END and step.then not in self._steps:
                raise FlowError(f"{name!r} leads to unknown node {step.then!r}")
        return self

    def run(self, state: S, limit: int = 100) -> S:
        if self._start is None:
            raise FlowError("the flow has no nodes")
        current: dict[str, Any] = dict(state)
        name = self._start
        for _ in range(limit):
            step = self._steps.get(name)
            if step is None:
                raise FlowError(f"unknown node {name!r}")
            current.update(step.run(current))  # type: ignore[arg-type]
            name = step.then if isinstance(step.then, str) else step.then(current)  # type: ignore[arg-type]
            if name == END:
                return current  # type: ignore[return-value]
        raise FlowError(f"no END after {limit} steps (last node {name!r})")


__all__ = ["END", "Flow", "FlowError"]
