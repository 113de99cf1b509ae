-- Vision: what each sampled frame shows (labels, faces, on-screen text), and the people and places
-- that persist across files and days. Frames are keyed by (video_id, idx) like `frames`, so the
-- frames stage can rewrite its rows without touching these.
CREATE TABLE frame_vision (
    video_id    INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    t           REAL NOT NULL,            -- absolute time
    key_idx     INTEGER NOT NULL,         -- the frame this one nearly duplicates (its own idx if distinct)
    place_id    INTEGER REFERENCES places(id) ON DELETE SET NULL,
    ocr_ran     INTEGER NOT NULL DEFAULT 0,
    description TEXT,
    PRIMARY KEY (video_id, idx)
);
CREATE INDEX frame_vision_t ON frame_vision (t);
CREATE INDEX frame_vision_place ON frame_vision (place_id);

CREATE TABLE frame_labels (
    video_id    INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    class_index INTEGER NOT NULL,         -- ImageNet-1k class
    name        TEXT NOT NULL,
    score       REAL NOT NULL,
    PRIMARY KEY (video_id, idx, rank)
);
CREATE INDEX frame_labels_name ON frame_labels (name);

CREATE TABLE people (
    id         INTEGER PRIMARY KEY,
    label      TEXT NOT NULL,              -- "Person 2"
    name       TEXT,                       -- set by the user, or taken from a linked speaker
    centroid   BLOB,                       -- float32[128], mean face embedding
    n_faces    INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);

CREATE TABLE frame_faces (
    id        INTEGER PRIMARY KEY,
    video_id  INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx       INTEGER NOT NULL,
    t         REAL NOT NULL,
    x0 INTEGER NOT NULL, y0 INTEGER NOT NULL, x1 INTEGER NOT NULL, y1 INTEGER NOT NULL,  -- in the thumbnail's pixels
    score     REAL NOT NULL,
    embedding BLOB NOT NULL,               -- float32[128]
    person_id INTEGER REFERENCES people(id) ON DELETE SET NULL
);
CREATE INDEX frame_faces_frame ON frame_faces (video_id, idx);
CREATE INDEX frame_faces_person ON frame_faces (person_id, t);

CREATE TABLE frame_text (
    id       INTEGER PRIMARY KEY,
    video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx      INTEGER NOT NULL,
    t        REAL NOT NULL,
    text     TEXT NOT NULL,
    score    REAL NOT NULL
);
CREATE INDEX frame_text_frame ON frame_text (video_id, idx);

CREATE TABLE places (
    id         INTEGER PRIMARY KEY,
    label      TEXT NOT NULL,              -- "P4"
    name       TEXT,                       -- set by the user (`vidmem places rename P4 kitchen`)
    auto_name  TEXT,                       -- from the dominant labels and text of its frames
    centroid   BLOB,                       -- float32[1280], mean image feature
    n_frames   INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);

-- One continuous stay at a place: a run of frames of one video.
CREATE TABLE place_visits (
    id       INTEGER PRIMARY KEY,
    video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    place_id INTEGER NOT NULL REFERENCES places(id) ON DELETE CASCADE,
    t0       REAL NOT NULL,
    t1       REAL NOT NULL,
    n_frames INTEGER NOT NULL,
    centroid BLOB NOT NULL                 -- float32[1280]
);
CREATE INDEX place_visits_t ON place_visits (t0);
CREATE INDEX place_visits_place ON place_visits (place_id);

-- A face on screen while a voice speaks, again and again: probably the same person.
CREATE TABLE person_speakers (
    person_id  INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    speaker_id INTEGER NOT NULL REFERENCES speakers(id) ON DELETE CASCADE,
    confidence REAL NOT NULL,
    overlap_s  REAL NOT NULL,              -- seconds this face was on screen while this voice spoke
    n_utterances INTEGER NOT NULL,         -- utterances of the speaker with this face on screen
    evidence   TEXT NOT NULL DEFAULT '[]', -- JSON [[t0, t1], …] of the strongest overlaps
    updated_at REAL NOT NULL,
    PRIMARY KEY (person_id, speaker_id)
);
