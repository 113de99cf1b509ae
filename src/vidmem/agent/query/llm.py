"""The chat model's reading of a question, asked only where the rules and the example questions are unsure
of its kind. Its reply is grammar-constrained to the Query's own fields (a subset the model can fill)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from vidmem.agent.query.reader import Fallback
from vidmem.agent.query.types import PersonRef, Query
from vidmem.agent.state import Intent
from vidmem.models.chat import ChatError
from vidmem.models.protocols import ChatMessage, ChatModel

SYSTEM = ("You read a question about someone's recorded days (first-person video). Say what it asks for: "
          "intent who (a person), what (a thing or what was said), where (a place), when (a time), how_many "
          "(a count), order (which came first or last), text (written words on a sign or screen), yes_no, or "
          "other; and the people, places and objects it names. 'I', 'me', 'my' is the camera wearer. "
          "Reply as JSON.")


class QueryDraft(BaseModel):
    """The fields of `Query` the chat model fills."""

    intent: Intent
    people: list[str] = Field(default_factory=list, max_length=4)
    places: list[str] = Field(default_factory=list, max_length=4)
    objects: list[str] = Field(default_factory=list, max_length=4)


def llm_query_fallback(chat: ChatModel, max_tokens: int = 96) -> Fallback:
    def read(text: str, query: Query) -> Query | None:
        try:
            result = chat.chat([ChatMessage("system", SYSTEM), ChatMessage("user", text)], schema=QueryDraft,
                               max_tokens=max_tokens)
        except ChatError:
            return None
        draft = result.data
        if not isinstance(draft, QueryDraft):
            return None
        known = {(p.name or "").lower() for p in query.people}
        people = [*query.people, *(PersonRef(name=n, role="other") for n in draft.people
                                   if n.strip() and n.strip().lower() not in known | {"me", "i"})]
        return query.model_copy(update={
            "intent": draft.intent, "intent_source": "llm", "people": people,
            "places": query.places or [p.strip().lower() for p in draft.places if p.strip()],
            "objects": query.objects or [o.strip().lower() for o in draft.objects if o.strip()],
        })

    return read
