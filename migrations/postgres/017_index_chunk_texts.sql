-- description: keep each chunk's text apart from its terms and vector, deflated where that is smaller (the embedded index's lean layout)
-- Only the embedded (SQLite) index changes its layout here; PostgreSQL keeps chunk text as TEXT, which it compresses
-- itself once a row is large (TOAST). This revision keeps both engines' numbering in step.
-- migrate:up
SELECT 1;
-- migrate:down
SELECT 1;
