"""Class mode's storage: rooms, students, questions and answers in a database shared by every
app process (SQLite by default, PostgreSQL when ``NDCG_LAB_DATABASE_URL`` is set)."""
