"""The agent's node runner: nodes in order, each merging the keys it returns, a loop ended by a choice."""

from __future__ import annotations

from typing import Any

import pytest

from vidmem.agent.flow import END, Flow, FlowError


def test_nodes_run_in_order_and_the_last_value_of_a_key_wins() -> None:
    seen: list[str] = []

    def step(name: str, **update: Any) -> Any:
        def node(state: dict[str, Any]) -> dict[str, Any]:
            seen.append(name)
            return update

        return node

    flow: Flow[dict[str, Any]] = Flow()
    flow.add("a", step("a", x=1, y="a"), "b").add("b", step("b", y="b"), END).check()
    assert flow.run({"x": 0, "z": True}) == {"x": 1, "y": "b", "z": True}
    assert seen == ["a", "b"]


def test_a_choice_loops_until_the_state_says_stop() -> None:
    flow: Flow[dict[str, Any]] = Flow()
    flow.add("count", lambda s: {"n": s["n"] + 1}, lambda s: "count" if s["n"] < 5 else END)
    assert flow.run({"n": 0})["n"] == 5


def test_a_loop_without_end_stops_at_the_limit_and_bad_wiring_is_refused() -> None:
    flow: Flow[dict[str, Any]] = Flow()
    flow.add("spin", lambda s: {}, "spin")
    with pytest.raises(FlowError, match="no END after 7 steps"):
        flow.run({}, limit=7)
    with pytest.raises(FlowError, match="taken"):
        flow.add("spin", lambda s: {}, END)
    with pytest.raises(FlowError, match="unknown node 'nowhere'"):
        Flow().add("a", lambda s: {}, "nowhere").check()
    with pytest.raises(FlowError, match="unknown node 'elsewhere'"):
        Flow().add("a", lambda s: {}, lambda s: "elsewhere").run({})
