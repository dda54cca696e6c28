-- Rate-limit counts are written on every limited request (a message sent, a like, a wink), and a
-- logged write commits with a WAL flush: on this project's machines ~1 to 4.5 ms a commit, the largest
-- cost of a message send, which also counted its message and its notification with a flush each.
-- An unlogged table writes no WAL, so its commits wait for no flush. What is lost in a crash is the
-- counts of the windows then open (they start again at zero, as PGlite's in-memory counts do on a
-- restart); a standby or read replica has no copy, and needs none: only the primary counts.
ALTER TABLE "request_quota" SET UNLOGGED;
