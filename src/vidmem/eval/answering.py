"""The one answering model every level shares: same prompt, same parameters; only the context differs."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vidmem.levels.base import Asked, Context
from vidmem.models.protocols import ChatMessage, ChatModel

# Letter first: small models given room to reason first often run out of tokens before concluding.
SYSTEM = (
    "You answer multiple-choice questions about recorded video. Use the context when it is given; "
    "when it is not enough, pick the most likely option. Reply in the form 'Answer: X' where X is the "
    "option letter, then at most one short sentence of reasoning."
)


@dataclass(frozen=True)
class Reply:
    text: str
    tokens_in: int
    tokens_out: int
    seconds: float  # measured wall time of the call (a cached reply measures ~0)
    cached: bool = False


def user_prompt(question: Asked, context: Context) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    options = "\n".join(f"{letters[i]}. {text}" for i, text in enumerate(question.options))
    body = f"Context:\n{context.text}\n\n" if context.text else ""
    return f"{body}Question: {question.question}\nOptions:\n{options}"


class Answerer:
    """Asks a ChatModel: greedy for a single answer; with several votes (self-consistency) each one is sampled
    at `sample_temperature`, so the votes are independent draws rather than the greedy answer repeated."""

    def __init__(
        self,
        model: ChatModel,
        *,
        vision: bool = False,
        image_loader: Callable[[str], bytes] | None = None,
        max_tokens: int = 48,
        sample_temperature: float = 0.7,
        max_images: int = 30,
    ) -> None:
        self.model = model
        self.vision = vision
        self.image_loader = image_loader
        self.max_tokens = max_tokens
        self.sample_temperature = sample_temperature
        self.max_images = max_images

    @property
    def name(self) -> str:
        return self.model.name

    def answer(self, question: Asked, context: Context, *, sampled: bool = False) -> Reply:
        images: tuple[bytes, ...] = ()
        if self.vision and self.image_loader is not None:
            images = tuple(self.image_loader(path) for path in context.images[: self.max_images])
        messages = [ChatMessage("system", SYSTEM), ChatMessage("user", user_prompt(question, context), images)]
        temperature = self.sample_temperature if sampled else 0.0
        started = time.perf_counter()
        result = self.model.chat(messages, max_tokens=self.max_tokens, temperature=temperature)
        seconds = time.perf_counter() - started
        usage = result.usage
        return Reply(result.text, usage.prompt_tokens, usage.completion_tokens, seconds, usage.cached)


def library_image_loader(root: Path) -> Callable[[str], bytes]:
    return lambda relative: (Path(root) / relative).read_bytes()
