-- Issue 19 (decision 047): a pick is written twice, made and then graded, and the grade changes
-- no indexed column. Half of each of the table's pages is left free when picks are inserted, so that
-- the graded version of each pick fits beside it: PostgreSQL then writes it as a heap-only tuple,
-- with no new entry in any of the table's five indexes (and none of their pages in the WAL). The
-- picks already stored keep their pages; the setting applies to the pages written from now on.
ALTER TABLE "picks" SET (fillfactor = 50);
