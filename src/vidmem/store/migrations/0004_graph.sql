-- The entity scene graph: entities (one row per name and type; merged ones point at their canonical
-- entity), the voice/face identities behind them, reversible merges with their evidence, and edges in
-- the EGAgent schema plus video, segment, confidence and the resolved entity ids.
CREATE TABLE entities (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    type         TEXT NOT NULL,              -- person | object | location | … (extendable)
    norm         TEXT NOT NULL,              -- matching key: lower case, no leading article, spaces collapsed
    canonical_id INTEGER REFERENCES entities(id) ON DELETE SET NULL,  -- NULL: this entity is canonical
    created_at   REAL NOT NULL,
    UNIQUE (norm, type)
);
CREATE INDEX entities_canonical ON entities (canonical_id);

CREATE TABLE entity_identities (
    entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    identity  TEXT NOT NULL,                 -- "speaker:3", "face:2": the same voice or face
    PRIMARY KEY (entity_id, identity)
);
CREATE INDEX entity_identities_identity ON entity_identities (identity);

CREATE TABLE entity_merges (
    id         INTEGER PRIMARY KEY,
    kept_id    INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    merged_id  INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    moved      TEXT NOT NULL,                -- JSON ids whose canonical_id this merge set (undone by split)
    method     TEXT NOT NULL,                -- identity | string | embedding | user
    score      REAL,
    evidence   TEXT NOT NULL,                -- JSON: why the two are one
    created_at REAL NOT NULL,
    undone_at  REAL                          -- set by split; a split pair is never merged again automatically
);

CREATE TABLE edges (
    id              INTEGER PRIMARY KEY,
    source          TEXT NOT NULL,
    source_type     TEXT NOT NULL,
    target          TEXT NOT NULL,
    target_type     TEXT NOT NULL,
    relationship    TEXT NOT NULL,
    t_start         REAL NOT NULL,           -- absolute times, seconds since epoch
    t_end           REAL NOT NULL,
    supporting_text TEXT NOT NULL DEFAULT '',
    video_id        INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    segment_id      INTEGER REFERENCES segments(id) ON DELETE SET NULL,
    confidence      REAL NOT NULL DEFAULT 1.0,
    source_entity   INTEGER NOT NULL REFERENCES entities(id),
    target_entity   INTEGER NOT NULL REFERENCES entities(id),
    method          TEXT NOT NULL DEFAULT 'rules',   -- rules | llm
    CHECK (t_end >= t_start)
);
CREATE INDEX edges_video ON edges (video_id);
CREATE INDEX edges_source ON edges (source_entity, relationship);
CREATE INDEX edges_target ON edges (target_entity, relationship);
CREATE INDEX edges_time ON edges (t_start, t_end);

