-- Core catalog: recordings, their segments and sampled frames, and per-(video, stage) checkpoints.
CREATE TABLE videos (
    id           INTEGER PRIMARY KEY,
    sha256       TEXT NOT NULL UNIQUE,
    path         TEXT NOT NULL,          -- display form (undecodable bytes escaped)
    path_bytes   BLOB NOT NULL,          -- exact file-system name, to reopen it
    name         TEXT NOT NULL,
    size         INTEGER NOT NULL,
    duration     REAL NOT NULL,
    has_video    INTEGER NOT NULL,
    has_audio    INTEGER NOT NULL,
    width        INTEGER,
    height       INTEGER,
    fps          REAL,
    start_at     REAL NOT NULL,          -- absolute start, seconds since epoch (UTC)
    start_source TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'ingesting' CHECK (status IN ('ingesting', 'done', 'failed')),
    error        TEXT,
    added_at     REAL NOT NULL
);

CREATE TABLE jobs (
    video_id   INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    stage      TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('done', 'failed', 'skipped')),
    detail     TEXT,
    seconds    REAL,                     -- wall time the stage took
    updated_at REAL NOT NULL,
    PRIMARY KEY (video_id, stage)
);

CREATE TABLE frames (
    id          INTEGER PRIMARY KEY,
    video_id    INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    t           REAL NOT NULL,           -- absolute time
    offset_s    REAL NOT NULL,           -- offset in the file
    thumbnail   TEXT NOT NULL,           -- path relative to the Library
    description TEXT,
    UNIQUE (video_id, idx)
);
CREATE INDEX frames_t ON frames (t);

CREATE TABLE segments (
    id         INTEGER PRIMARY KEY,
    video_id   INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx        INTEGER NOT NULL,
    t0         REAL NOT NULL,            -- absolute times
    t1         REAL NOT NULL,
    caption    TEXT,
    transcript TEXT,
    document   TEXT,
    UNIQUE (video_id, idx)
);
CREATE INDEX segments_t ON segments (t0, t1);
