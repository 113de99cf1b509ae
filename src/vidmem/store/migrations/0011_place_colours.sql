-- The colours of each place and of each visit (float32 HSV histogram, `vision_groups.colour_signature`): two
-- views of one kind (two streets, two offices) are alike in image features but not in colour. NULL where the
-- visit was analysed before this column existed; such places match by their features alone.
ALTER TABLE places ADD COLUMN colours BLOB;
ALTER TABLE place_visits ADD COLUMN colours BLOB;
