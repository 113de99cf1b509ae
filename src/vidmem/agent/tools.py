"""The tool registry: tool names → callables + pydantic argument models (injected, so tests use stubs)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vidmem.retrieval.types import Hit

TimeRange = tuple[float, float]


class VisualArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=300)
    place: str | None = None
    people: list[str] | None = None
    k: int = Field(default=10, ge=1, le=100)
    merge: bool = True  # False: frame by frame (a few seconds' window), not merged moments


class AudioArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=300)
    speaker: str | None = None
    mode: Literal["bm25", "llm"] = "bm25"
    k: int = Field(default=10, ge=1, le=100)
    replies: bool = False  # a matching question brings the line that answers it
    latest: bool = False  # "*" lists the latest lines first ("who did I talk to last")


class TextArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=300)
    k: int = Field(default=10, ge=1, le=100)


class PlaceArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(default="*", max_length=300)  # a place name, or "*" for wherever the wearer was
    k: int = Field(default=20, ge=1, le=100)
    unnamed_first: bool = False  # "*" for a place no visit is known by: visits named otherwise count less


class GraphArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entities: list[str] = Field(min_length=1, max_length=6)
    relationship: str | None = None


ARG_MODELS: dict[str, type[BaseModel]] = {
    "visual_search": VisualArgs,
    "audio_search": AudioArgs,
    "text_search": TextArgs,
    "entity_graph_search": GraphArgs,
    "place_search": PlaceArgs,
}

DESCRIPTIONS: dict[str, str] = {
    "visual_search": "frames by what is in view (objects, people, places, on-screen text); args: query, place, "
    "people, k",
    "audio_search": "transcript utterances by words said; args: query, speaker, k",
    "text_search": "on-screen text read in frames (signs, posters, notes, screens) by its words; args: query, k",
    "entity_graph_search": "relations between people, objects and places (talks_to, mentions, uses, located_at, "
    "co_present, interacts_with); args: entities (list), relationship",
    "place_search": "where the wearer was: place visits in the time range, or the visits of a place named in "
    "query (\"*\" for any; unnamed_first: the place asked about goes by no known name); args: query, k, unnamed_first",
}


class ToolError(ValueError):
    """An unknown tool or invalid arguments."""


@dataclass
class ToolOutput:
    hits: list[Hit]
    meta: dict[str, Any] = field(default_factory=dict)


ToolFn = Callable[..., Any]  # fn(**args, time_range=...) → list[Hit] | (hits, level) | obj with .hits


@dataclass
class ToolSpec:
    name: str
    fn: ToolFn
    args_model: type[BaseModel]
    description: str


def _normalise(result: Any) -> ToolOutput:
    """Tools return a list of Hits, a (hits, meta-ish) pair, or an object with `.hits` (graph: + `.level`)."""
    if isinstance(result, ToolOutput):
        return result
    if isinstance(result, list):
        return ToolOutput(list(result))
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], list):
        meta = result[1] if isinstance(result[1], dict) else {"level": result[1]}
        return ToolOutput(list(result[0]), meta)
    hits = getattr(result, "hits", None)
    if isinstance(hits, list):
        meta = {key: getattr(result, key) for key in ("level", "level_name") if hasattr(result, key)}
        return ToolOutput(hits, meta)
    raise ToolError(f"tool returned {type(result).__name__}, not hits")


class ToolRegistry:
    def __init__(self, specs: Sequence[ToolSpec] = ()) -> None:
        self._specs: dict[str, ToolSpec] = {}
        for spec in specs:
            self._specs[spec.name] = spec

    def register(self, name: str, fn: ToolFn, args_model: type[BaseModel] | None = None,
                 description: str | None = None) -> None:
        model = args_model or ARG_MODELS.get(name)
        if model is None:
            raise ToolError(f"no argument model for tool {name!r}")
        self._specs[name] = ToolSpec(name, fn, model, description or DESCRIPTIONS.get(name, name))

    def names(self) -> list[str]:
        return list(self._specs)

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def describe(self) -> str:
        return "\n".join(f"- {spec.name}: {spec.description}" for spec in self._specs.values())

    def validate(self, name: str, args: dict[str, Any]) -> BaseModel:
        spec = self._specs.get(name)
        if spec is None:
            raise ToolError(f"unknown tool {name!r}; known: {', '.join(self._specs) or 'none'}")
        try:
            return spec.args_model.model_validate(args)
        except ValidationError as exc:
            raise ToolError(f"bad arguments for {name}: {exc.errors(include_url=False)}") from exc

    def call(self, name: str, args: dict[str, Any], time_range: TimeRange | None = None,
             videos: Sequence[int] | None = None) -> ToolOutput:
        """Run a tool; with `videos` it searches only those videos (and any hit from another is dropped, so a
        tool that ignores the filter cannot leak one)."""
        parsed = self.validate(name, args)
        scoped = {"videos": tuple(videos)} if videos is not None else {}
        given = parsed.model_dump()
        for key in OPTIONAL_ARGS:  # passed only when set, so tools written before them still take their args
            if key not in parsed.model_fields_set:
                given.pop(key, None)
        output = _normalise(self._specs[name].fn(**given, time_range=time_range, **scoped))
        if videos is not None:
            output.hits = [h for h in output.hits if h.video_id in scoped["videos"]]
        return output


# tool name → (module, function) in vidmem.retrieval; each takes the Library first
_DEFAULT_TOOLS = {
    "visual_search": ("vidmem.retrieval.visual", "visual_search"),
    "audio_search": ("vidmem.retrieval.audio", "audio_search"),
    "text_search": ("vidmem.retrieval.text", "text_search"),
    "entity_graph_search": ("vidmem.retrieval.graph", "entity_graph_search"),
    "place_search": ("vidmem.retrieval.places", "place_search"),
}


def default_registry(library: Any) -> ToolRegistry:
    """The real retrieval tools bound to `library`; a tool whose module is not installed is left out."""
    registry = ToolRegistry()
    for name, (module_name, attr) in _DEFAULT_TOOLS.items():
        try:
            fn = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError):
            continue
        registry.register(name, _bind(fn, library, name))
    return registry


FILTERS = ("speaker", "place", "people")
OPTIONAL_ARGS = ("merge", "replies", "latest", "unnamed_first")


def _bind(fn: ToolFn, library: Any, name: str) -> ToolFn:
    def call(**kwargs: Any) -> Any:
        if name == "entity_graph_search":
            scoped = {"videos": kwargs["videos"]} if kwargs.get("videos") is not None else {}
            return fn(library, kwargs["entities"], relationship=kwargs.get("relationship"),
                      time_range=kwargs.get("time_range"), **scoped)
        query = kwargs.pop("query")
        try:
            return fn(library, query, **kwargs)
        except ValueError as exc:
            # a name the Library does not know (an unnamed speaker, an unlabelled place) filters out
            # everything: search without the filters and let the analyzer weigh names instead
            dropped = {key: kwargs.pop(key) for key in FILTERS if kwargs.get(key)}
            if not dropped:
                raise
            hits = fn(library, query, **kwargs)
            return ToolOutput(_normalise(hits).hits, {"dropped_filters": dropped, "why": str(exc)})

    return call
