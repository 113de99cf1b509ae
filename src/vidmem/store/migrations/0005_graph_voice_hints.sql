-- Names a voice was addressed by ("Carol, …" answered by Speaker 3): evidence for naming unnamed voices.
CREATE TABLE IF NOT EXISTS voice_name_hints (
    video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    identity TEXT NOT NULL,                  -- "speaker:3"
    name     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS voice_name_hints_identity ON voice_name_hints (identity);
