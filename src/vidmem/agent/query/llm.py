"""The chat model's reading of a question, asked only where the rules and the example questions are unsure
of its kind. Its reply is grammar-constrained to the Query's own fields (a subset the model can fill); the
prompt describes that form in one short fixed line, not the JSON schema (see `chat_reply.REPLY_FORM`)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import BaseModel, Field, StringConstraints

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
MAX_NAMES = 4  # people, places or objects a question names
NAME_CHARS = 40  # one name: bounded so that a small model cannot loop inside a string to its token limit
MAX_TOKENS = 64  # a full reply (intent and a few short names) is about 40 tokens
Name = Annotated[str, StringConstraints(max_length=NAME_CHARS)]


class QueryDraft(BaseModel):
    """The fields of `Query` the chat model fills."""

    # the kinds in words ("one of …"): written as "who|what|…" the 1.5B read "which of these places did I get
    # to first" as who or where on 2 of 2 dev questions (order with the full schema and with this form); this
    # form read one "… What was it?" as text instead: level on the dev bench (51/64 both)
    REPLY_FORM: ClassVar[str] = '{"intent": one of who, what, where, when, how_many, order, text, yes_no, ' \
                                'other; "people": [names], "places": [places], "objects": [things]}'
    intent: Intent
    people: list[Name] = Field(default_factory=list, max_length=MAX_NAMES)
    places: list[Name] = Field(default_factory=list, max_length=MAX_NAMES)
    objects: list[Name] = Field(default_factory=list, max_length=MAX_NAMES)


def llm_query_fallback(chat: ChatModel, max_tokens: int = MAX_TOKENS) -> Fallback:
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
