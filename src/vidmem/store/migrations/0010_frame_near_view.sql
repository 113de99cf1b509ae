-- The image features of each key frame's lower-centre square (where a wearable camera sees what its wearer
-- holds), float16: the same thing seen again is found by likeness without decoding the video a second time.
-- NULL on frames that repeat their key frame, and where the frame was analysed before this column existed.
ALTER TABLE frame_vision ADD COLUMN near_view BLOB;
