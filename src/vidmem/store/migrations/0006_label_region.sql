-- Which part of the frame a label came from: the whole frame, or the lower-centre square where a
-- wearable camera sees what its wearer holds.
ALTER TABLE frame_labels ADD COLUMN region TEXT NOT NULL DEFAULT 'frame';
