"""MCP tools over the Library (official `mcp` SDK): served over stdio by `vidmem mcp` and over streamable
HTTP at /mcp by `vidmem serve`. Each tool has a typed input schema and returns a response model whose
hits and citations carry day, clock time, file and offset."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import Field

from vidmem.server import queries, schemas
from vidmem.server.asking import answer_now
from vidmem.server.config import MAX_K, MAX_NAME_CHARS, MAX_OPTIONS, MAX_QUERY_CHARS, MAX_QUESTION_CHARS
from vidmem.server.state import ServerState

INSTRUCTIONS = (
    "A memory of long video footage (days of recordings). Use `ask` for a question in plain words: it plans "
    "searches and answers with cited moments. The search tools return the raw moments: `audio_search` for "
    "what was said, `visual_search` for what was seen, `entity_graph_search` for who/what relates to whom and "
    "when. `timeline` lists the days and recordings. Times are 'day N HH:MM:SS' on the footage's own timeline.")

Day = Annotated[int | None, Field(None, ge=1, description="only this day of the timeline (day 1 = first recording)")]
K = Annotated[int, Field(10, ge=1, le=MAX_K, description="how many hits")]


def build_mcp(state: ServerState) -> MCPServer:
    server = MCPServer(name="vidmem", instructions=INSTRUCTIONS, log_level="WARNING")

    @server.tool(title="Search what was said")
    def audio_search(
        query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS, description="words that were said")],
        day: Day = None,
        speaker: Annotated[str | None, Field(None, max_length=MAX_NAME_CHARS,
                                             description='a speaker name, "S3" or "Speaker 3"')] = None,
        k: K = 10,
    ) -> schemas.SearchResult:
        """Transcript search (BM25): each hit is an utterance with its speaker, day, clock time, file and offset."""
        with state.readers.reader() as library:
            return queries.search_audio(library, schemas.AudioSearchRequest(query=query, day=day, speaker=speaker,
                                                                            k=k))

    @server.tool(title="Search what was seen")
    def visual_search(
        query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS,
                                    description='what was on screen, e.g. "cat" or "platform 4"')],
        day: Day = None,
        place: Annotated[str | None, Field(None, max_length=MAX_NAME_CHARS,
                                           description='"P4" or a place name')] = None,
        people: Annotated[list[str] | None, Field(None, max_length=10,
                                                  description='only frames showing these people')] = None,
        k: K = 10,
    ) -> schemas.SearchResult:
        """Frame search: distinct moments with what was seen, place, people, day, clock time, file and offset."""
        with state.readers.reader() as library:
            return queries.search_visual(library, schemas.VisualSearchRequest(
                query=query, day=day, place=place, people=people, k=k))

    @server.tool(title="Search the entity graph")
    def entity_graph_search(
        entities: Annotated[list[str], Field(min_length=1, max_length=5,
                                             description='names: people ("Carol", "me"), objects, places')],
        relationship: Annotated[str | None, Field(None, max_length=50,
                                                  description="talks_to, mentions, uses, located_at, co_present, "
                                                              "interacts_with")] = None,
        day: Day = None,
        k: K = 10,
    ) -> schemas.GraphSearchResult:
        """Relations between entities over time, strict to relaxed; `level` says how relaxed the match was."""
        with state.readers.reader() as library:
            return queries.search_graph(library, schemas.GraphSearchRequest(
                entities=entities, relationship=relationship, day=day, k=k))

    @server.tool(title="Ask the memory")
    def ask(
        question: Annotated[str, Field(min_length=1, max_length=MAX_QUESTION_CHARS, description="the question")],
        options: Annotated[list[str] | None, Field(None, max_length=MAX_OPTIONS,
                                                   description='multiple-choice options, "A. …" each')] = None,
    ) -> schemas.AnswerOut:
        """Plan searches, run them, answer: the answer's citations are the moments it rests on."""
        return answer_now(state, question, schemas.AskRequest(question=question, options=options).checked_options(),
                          None).model_copy(update={"steps": []})

    @server.tool(title="Timeline")
    def timeline(day: Day = None) -> schemas.TimelineOut:
        """The days of footage with their recordings (file, start clock time, duration); with `day`, that day
        only, with each recording's segments (what was said or seen, by clock time)."""
        with state.readers.reader() as library:
            return queries.timeline(library, day)

    return server
