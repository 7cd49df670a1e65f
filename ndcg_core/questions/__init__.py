"""Class questions: what a teacher asks (the question kinds and their payload), what class mode
accepts from a person (join codes, nicknames, answers), and the reveal with its slips counted.
The database lives in the top-level ``classroom`` package; this room is its pure logic."""
