"""The reads every front end of the server shares (HTTP routes and MCP tools): each takes a read-only
Library and returns response models."""

from __future__ import annotations

from vidmem.library import Library
from vidmem.retrieval.audio import audio_search
from vidmem.retrieval.graph import entity_graph_search
from vidmem.retrieval.visual import visual_search
from vidmem.server import schemas
from vidmem.server.views import Viewer, media_url, video_url
from vidmem.store.graph import GraphStore
from vidmem.store.speech import SpeechStore
from vidmem.store.vision import VisionStore
from vidmem.timeline import iso


def summary(library: Library) -> schemas.SummaryOut:
    s = library.summary()
    tz = library.settings.timezone
    speech, vision = SpeechStore(library.catalog), VisionStore(library.catalog)
    tables = s.catalog_tables
    return schemas.SummaryOut(
        library=library.root.name, videos=s.videos, failed=s.failed, duration_s=round(s.duration_s, 1),
        frames=s.frames, segments=s.segments, days=s.days, timezone=tz,
        first=iso(s.first_at, tz) if s.first_at is not None else None,
        last=iso(s.last_at, tz) if s.last_at is not None else None,
        speakers=len(speech.speakers()), people=len(vision.people()), places=len(vision.places()),
        entities=tables.get("entities", 0))


def recordings(library: Library, *, segments: bool = False, day: int | None = None,
               video_id: int | None = None) -> list[schemas.RecordingDetail]:
    """Recordings (optionally one day's, or one) with their stage states; segments only when asked, since a
    long Library has tens of thousands."""
    viewer = Viewer(library)
    out = []
    for status in library.status():
        v = status.video
        if (video_id is not None and v.id != video_id) or (day is not None and viewer.clock.day(v.start_at) != day):
            continue
        first = library.catalog.frame_near(v.id, v.start_at)
        segs = []
        if segments:
            rows = library.catalog.segments(v.id)
            thumbs = viewer.thumbnails_near(v.id, [(seg.t0 + seg.t1) / 2 for seg in rows])
            segs = [schemas.SegmentOut(
                idx=seg.idx, t0=seg.t0, t1=seg.t1, offset_s=round(seg.t0 - v.start_at, 2),
                clock=viewer.clock.clock(seg.t0), text=(seg.transcript or seg.caption or None), thumbnail=thumb)
                for seg, thumb in zip(rows, thumbs, strict=True)]
        out.append(schemas.RecordingDetail(
            id=v.id, file=v.name, day=viewer.clock.day(v.start_at), clock=viewer.clock.clock(v.start_at),
            start=iso(v.start_at, viewer.tz), t0=v.start_at, duration_s=round(v.duration, 2), status=v.status,
            error=v.error, has_video=v.has_video, has_audio=v.has_audio, video_url=video_url(v.id),
            thumbnail=media_url(first.thumbnail) if first else None,
            stages=[schemas.StageOut(stage=st.stage, status=st.status, detail=st.detail) for st in status.stages],
            segments=segs))
    return out


def timeline(library: Library, day: int | None = None) -> schemas.TimelineOut:
    """Every day with its recordings; a day's segments only when that day is asked for (the page loads a
    recording's segments when it is opened)."""
    clock = library.clock()
    days: dict[int, schemas.DayOut] = {}
    for rec in sorted(recordings(library, segments=day is not None, day=day), key=lambda r: r.t0):
        if rec.day not in days:
            days[rec.day] = schemas.DayOut(day=rec.day, date=clock.local(rec.t0).date().isoformat(), recordings=[])
        days[rec.day].recordings.append(rec)
    return schemas.TimelineOut(days=list(days.values()))


def search_audio(library: Library, request: schemas.AudioSearchRequest) -> schemas.SearchResult:
    time_range = library.clock().day_range(request.day) if request.day is not None else None
    hits = audio_search(library, request.query, time_range=time_range, speaker=request.speaker, k=request.k)
    return schemas.SearchResult(query=request.query, hits=Viewer(library).hits(hits))


def search_visual(library: Library, request: schemas.VisualSearchRequest) -> schemas.SearchResult:
    from vidmem.ingest.stages.vision import image_embedder_for

    hits = visual_search(library, request.query, day=request.day, place=request.place, people=request.people,
                         k=request.k, image_embedder=image_embedder_for(library.settings))
    return schemas.SearchResult(query=request.query, hits=Viewer(library).hits(hits))


def search_graph(library: Library, request: schemas.GraphSearchRequest) -> schemas.GraphSearchResult:
    time_range = library.clock().day_range(request.day) if request.day is not None else None
    result = entity_graph_search(library, request.entities, request.relationship, time_range)
    return schemas.GraphSearchResult(
        query=" + ".join(request.entities), hits=Viewer(library).hits(result.hits[:request.k]), level=result.level,
        level_name=result.level_name, matched_names=result.matched_names)


def speakers(library: Library) -> list[schemas.SpeakerOut]:
    store = SpeechStore(library.catalog)
    talk = store.speaking_time()
    return [schemas.SpeakerOut(
        id=s.id, label=s.label, short=f"S{s.id}", name=s.name, name_source=s.name_source,
        name_confidence=s.name_confidence, display=s.display, utterances=s.n_utterances,
        speaking_s=round(talk.get(s.id, 0.0), 1)) for s in store.speakers()]


def people(library: Library) -> list[schemas.PersonOut]:
    store = VisionStore(library.catalog)
    clock = library.clock()
    out = []
    for p in store.people():
        seen = store.person_spans(p.id)
        face = library.catalog.frame_near(seen[0][0], seen[0][1]) if seen else None
        out.append(schemas.PersonOut(
            id=p.id, label=p.label, name=p.name, display=p.display, faces=p.n_faces,
            first=clock.label(seen[0][1]) if seen else None, last=clock.label(seen[-1][1]) if seen else None,
            thumbnail=media_url(face.thumbnail) if face else None))
    return out


def places(library: Library) -> list[schemas.PlaceOut]:
    store = VisionStore(library.catalog)
    clock = library.clock()
    out = []
    for p in store.places():
        visits = store.visits(p.id)
        out.append(schemas.PlaceOut(
            id=p.id, label=p.label, name=p.name, auto_name=p.auto_name, display=p.display, frames=p.n_frames,
            visits=len(visits), first=clock.label(visits[0][2]) if visits else None,
            last=clock.label(visits[-1][3]) if visits else None))
    return out


def entities(library: Library, type_: str | None = None, limit: int | None = 500) -> list[schemas.EntityOut]:
    """Canonical entities with their aliases (merged names), identities and edge counts, most edges first."""
    store = GraphStore(library.catalog)
    counts = store.edge_counts()
    groups: dict[int, list] = {}
    for e in store.entities():
        groups.setdefault(e.group, []).append(e)
    rows = []
    for group_id, members in groups.items():
        head = next(m for m in members if m.id == group_id)
        if type_ and head.type != type_:
            continue
        rows.append(schemas.EntityOut(
            id=group_id, name=head.name, type=head.type, aliases=sorted(m.name for m in members if m.id != group_id),
            identities=sorted({i for m in members for i in m.identities}), edges=counts.get(group_id, 0)))
    rows.sort(key=lambda r: (-r.edges, r.name))
    return rows[:limit]


def edges(library: Library, relationship: str | None = None, limit: int = 200) -> list[schemas.EdgeOut]:
    clock = library.clock()
    found = [e for e in GraphStore(library.catalog).edges() if relationship in (None, e.relationship)][:limit]
    return [schemas.EdgeOut(
        id=e.id, source=e.source, relationship=e.relationship, target=e.target, when=clock.label(e.t_start),
        t_start=e.t_start, t_end=e.t_end, video_id=e.video_id, confidence=round(e.confidence, 3),
        supporting_text=e.supporting_text) for e in found]
