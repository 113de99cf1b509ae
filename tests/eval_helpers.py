"""A test double for the answering model: it reads the context like a very literal person would."""

from __future__ import annotations

from collections.abc import Sequence

from vidmem.models.protocols import ChatMessage, ChatResult, ChatUsage


class ReadingModel:
    """Picks the option whose text appears in the context; without one, says it cannot tell. As an L5
    navigator it walks NEXT. Calls and prompts are counted so tests can check what was asked."""

    name = "reading-stub"

    def __init__(self) -> None:
        self.calls = 0
        self.prompts: list[str] = []

    def chat(self, messages: Sequence[ChatMessage], *, schema=None, max_tokens: int = 512,  # type: ignore[no-untyped-def]
             temperature: float = 0.0) -> ChatResult:
        self.calls += 1
        prompt = messages[-1].text
        self.prompts.append(prompt)
        if prompt.rstrip().endswith("Action?"):
            return ChatResult("NEXT", ChatUsage(self.name, len(prompt) // 4, 1, 0.0))
        context = prompt.split("Question:")[0].lower()
        options = [line for line in prompt.splitlines() if len(line) > 3 and line[1:3] == ". "]
        reply = "I cannot tell."
        for line in options:
            if line[3:].lower() in context:
                reply = f"The context mentions {line[3:]}, so the answer is ({line[0]})."
        return ChatResult(reply, ChatUsage(self.name, len(prompt) // 4, len(reply) // 4, 0.001))


# a small Library's scenes (frame descriptions), 20 s each, in this order, from START
START = 1_790_000_000.0
SCENES = [  # 20 s each, in this order
    "indoors; kitchen, espresso maker, coffee mug",
    "outdoors; street, bicycle, traffic light",
    "outdoors; seashore, sandbar, beach",
    "indoors; office, laptop, keyboard; text: 'QUARTERLY REPORT'",
    "outdoors; garden, flower pot, watering can",
    "indoors; train station, railway platform; text: 'PLATFORM 4'",
]
