"""The full planner: a chat model writes the plan as JSON; malformed plans are rejected and re-prompted.

Rejected: replies that are not JSON, unknown tools, more than 5 steps, bad times (not HH:MM[:SS], or a
range that ends before it starts), arguments a tool does not take, references to later steps. After
`retries` re-prompts the rule planner takes over, so a weak model never leaves a question unplanned.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pydantic import ValidationError

from vidmem.agent.options import option_lines
from vidmem.agent.planner_rules import RulePlanner
from vidmem.agent.query.types import Query
from vidmem.agent.state import MAX_SUBTASKS, Plan
from vidmem.agent.tools import ToolError, ToolRegistry
from vidmem.models.protocols import ChatMessage, ChatModel

SYSTEM = """You plan searches over a person's recorded video memory (days of first-person footage).
Break the question into at most {max_steps} ordered subtasks, each one call of a tool:
{tools}
Each subtask: {{"goal": str, "tool": str, "args": {{...}}, "day": int|null, "clock": ["HH:MM:SS","HH:MM:SS"]|null,
"ref": int|null, "relation": "before"|"after"|"during"|"around", "window_s": float}}.
"ref" is the index of an earlier subtask whose results locate this one in time ("right before I left the
orchard": first find leaving the orchard, then search with ref=0, relation="before").
Reply with one JSON object only: {{"intent": "who|what|where|when|how_many|order|text|yes_no|other",
"subtasks": [...]}}"""


@dataclass
class PlanAttempt:
    reply: str
    error: str | None


@dataclass
class PlannerReport:
    plan: Plan
    attempts: list[PlanAttempt] = field(default_factory=list)
    fell_back: bool = False


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


def parse_plan(reply: str, registry: ToolRegistry) -> Plan:
    """The plan in `reply`, fully validated; ValueError saying what is wrong otherwise."""
    cleaned = _FENCE.sub("", reply.strip())
    start, end = cleaned.find("{"), cleaned.rfind("}")
    if start < 0 or end < start:
        raise ValueError("the reply holds no JSON object")
    try:
        raw = json.loads(cleaned[start:end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc}") from exc
    if not isinstance(raw, dict):
        raise ValueError("the plan must be a JSON object")
    steps = raw.get("subtasks")
    if isinstance(steps, list) and len(steps) > MAX_SUBTASKS:
        raise ValueError(f"{len(steps)} subtasks; at most {MAX_SUBTASKS} are allowed")
    for i, step in enumerate(steps if isinstance(steps, list) else []):
        if isinstance(step, dict) and step.get("tool") not in registry:
            raise ValueError(f"subtask {i}: unknown tool {step.get('tool')!r}; use one of {registry.names()}")
    raw["source"] = "llm"
    try:
        plan = Plan.model_validate(raw)
    except ValidationError as exc:
        errors = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise ValueError(f"invalid plan: {errors}") from exc
    for i, sub in enumerate(plan.subtasks):
        try:
            registry.validate(sub.tool, sub.args)
        except ToolError as exc:
            raise ValueError(f"subtask {i}: {exc}") from exc
    return plan


class LLMPlanner:
    def __init__(self, chat: ChatModel, registry: ToolRegistry, *, fallback: RulePlanner | None = None,
                 retries: int = 2, constrained: bool = True, max_tokens: int = 600) -> None:
        self.chat = chat
        self.registry = registry
        self.fallback = fallback or RulePlanner(registry.names())
        self.retries = retries
        self.constrained = constrained
        self.max_tokens = max_tokens

    def plan(self, query: Query, learned: str | None = None) -> PlannerReport:
        system = SYSTEM.format(max_steps=MAX_SUBTASKS, tools=self.registry.describe())
        user = f"Question: {query.text}"
        if query.options:
            user += "\nOptions:\n" + "\n".join(option_lines(query.options))
        if query.time is not None:  # the time words, already resolved on the timeline
            user += f"\nTime asked about ({query.time.text}): day {', '.join(map(str, query.time.days))}"
        if learned:
            user += f"\nA first search found too little. What it learned:\n{learned}\nPlan differently."
        messages = [ChatMessage("system", system), ChatMessage("user", user)]
        attempts: list[PlanAttempt] = []
        for _ in range(self.retries + 1):
            try:
                result = self.chat.chat(messages, schema=Plan if self.constrained else None,
                                        max_tokens=self.max_tokens)
                reply = result.text
            except Exception as exc:  # a backend or schema failure is one malformed attempt, not a crash
                attempts.append(PlanAttempt("", f"chat failed: {exc}"))
                continue
            try:
                plan = parse_plan(reply, self.registry)
            except ValueError as exc:
                attempts.append(PlanAttempt(reply, str(exc)))
                messages = [*messages, ChatMessage("assistant", reply),
                            ChatMessage("user", f"That plan was rejected: {str(exc)[:400]}. Reply with a corrected "
                                                "JSON plan only.")]
                continue
            attempts.append(PlanAttempt(reply, None))
            return PlannerReport(_bounded(plan, query), attempts)
        plan = self.fallback.plan(query).model_copy(update={"source": "rules-fallback"})
        return PlannerReport(plan, attempts, fell_back=True)


def _bounded(plan: Plan, query: Query) -> Plan:
    """Steps the model left without a time keep the question's own time words (already on the timeline)."""
    if query.time is None:
        return plan
    steps = [s if s.day is not None or s.clock is not None or s.ref is not None
             else s.model_copy(update={"spans": query.time.ranges}) for s in plan.subtasks]
    return plan.model_copy(update={"subtasks": steps})
