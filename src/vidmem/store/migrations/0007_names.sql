-- Names from what the footage says. Places: phrases the wearer (or anyone) uses on arriving, stored per
-- utterance so a new file never re-parses old ones, and the name decided from them and from signs.
-- People: a name carried over from the voice linked to the face. A user's `name` always wins.
ALTER TABLE places ADD COLUMN inferred_name TEXT;
ALTER TABLE places ADD COLUMN name_confidence REAL;
ALTER TABLE places ADD COLUMN name_evidence TEXT NOT NULL DEFAULT '[]';
ALTER TABLE people ADD COLUMN inferred_name TEXT;
ALTER TABLE people ADD COLUMN name_confidence REAL;
ALTER TABLE people ADD COLUMN name_evidence TEXT NOT NULL DEFAULT '[]';

CREATE TABLE place_mentions (
    id           INTEGER PRIMARY KEY,
    video_id     INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    utterance_id INTEGER NOT NULL REFERENCES utterances(id) ON DELETE CASCADE,
    t            REAL NOT NULL,             -- absolute start of the utterance
    phrase       TEXT NOT NULL,             -- "bakery", "old mill", "Rosa's Kitchen"
    head         TEXT NOT NULL,             -- head noun lemma: mentions of one place group by it
    weight       REAL NOT NULL,             -- how plainly the line says "I am here now"
    kind         TEXT NOT NULL              -- arrival | presence | this is
);
CREATE INDEX place_mentions_t ON place_mentions (t);
CREATE INDEX place_mentions_video ON place_mentions (video_id);
