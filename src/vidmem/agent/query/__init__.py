"""Understanding a question: one typed `Query`, built once by `QueryReader` and read by the planner, the
answerers and the trace."""

from vidmem.agent.query.reader import QueryReader, Vocabulary
from vidmem.agent.query.types import Anchor, PersonRef, Query, TimeSpan
from vidmem.agent.query.when import Timeline, read_times

__all__ = ["Anchor", "PersonRef", "Query", "QueryReader", "TimeSpan", "Timeline", "Vocabulary", "read_times"]
