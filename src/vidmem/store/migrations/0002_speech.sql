-- Speech: speakers that persist across files and days, utterances on the absolute timeline, and a
-- BM25 index over utterance text kept current by triggers (never rebuilt per query).
CREATE TABLE speakers (
    id              INTEGER PRIMARY KEY,
    label           TEXT NOT NULL,            -- "Speaker 3"
    name            TEXT,                     -- a person's name, when evidence or the user gives one
    name_confidence REAL,                     -- 1.0 only when the user set the name
    name_evidence   TEXT NOT NULL DEFAULT '[]', -- JSON list of evidence items
    name_source     TEXT CHECK (name_source IN ('user', 'inferred')),
    centroid        BLOB,                     -- float32 voice embedding, mean of its utterances
    n_utterances    INTEGER NOT NULL DEFAULT 0,
    created_at      REAL NOT NULL
);

CREATE TABLE utterances (
    id         INTEGER PRIMARY KEY,
    video_id   INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    idx        INTEGER NOT NULL,
    t0         REAL NOT NULL,                 -- absolute times, seconds since epoch
    t1         REAL NOT NULL,
    speaker_id INTEGER REFERENCES speakers(id) ON DELETE SET NULL,
    text       TEXT NOT NULL,
    words      TEXT NOT NULL DEFAULT '[]',    -- JSON [[t0, t1, word, probability], …], absolute times
    language   TEXT,
    embedding  BLOB,                          -- float32 voice embedding of this utterance
    UNIQUE (video_id, idx)
);
CREATE INDEX utterances_t ON utterances (t0);
CREATE INDEX utterances_speaker ON utterances (speaker_id);

CREATE VIRTUAL TABLE utterances_fts USING fts5(
    text, content='utterances', content_rowid='id', tokenize='porter unicode61'
);

CREATE TRIGGER utterances_ai AFTER INSERT ON utterances BEGIN
    INSERT INTO utterances_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER utterances_ad AFTER DELETE ON utterances BEGIN
    INSERT INTO utterances_fts (utterances_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE TRIGGER utterances_au AFTER UPDATE OF text ON utterances BEGIN
    INSERT INTO utterances_fts (utterances_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO utterances_fts (rowid, text) VALUES (new.id, new.text);
END;
