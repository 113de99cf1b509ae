-- How many people (whole bodies, from the person detector) each sampled frame shows; NULL where
-- the frame was analysed before the detector existed (re-ingest to fill it).
ALTER TABLE frame_vision ADD COLUMN n_people INTEGER;
