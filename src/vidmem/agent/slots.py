"""The lite planner's one use of the small chat model: search words for a question the rules found none in
(e.g. "What was going on there?"). A short schema-constrained reply; any failure leaves the rules' default."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, Field

from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel

SLOT_SYSTEM = ("You turn a question about someone's recorded day into 1 to 5 search keywords (objects, "
               "places, names, topics) for searching transcripts and frame descriptions. Reply as JSON.")


class SearchWords(BaseModel):
    keywords: list[str] = Field(min_length=1, max_length=5)


def llm_slot_filler(chat: ChatModel, max_tokens: int = 48) -> Callable[[str], str | None]:
    def fill(question: str) -> str | None:
        try:
            result = chat.chat([ChatMessage("system", SLOT_SYSTEM), ChatMessage("user", question)],
                               schema=SearchWords, max_tokens=max_tokens)
        except ChatError:
            return None
        if not isinstance(result.data, SearchWords):
            return None
        words = [w.strip() for w in result.data.keywords if w.strip()]
        return " ".join(words) or None

    return fill
