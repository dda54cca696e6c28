-- A search's matches are read by the statement itself now (modules/members matchesSorted: the
-- matches in a CTE planned on its own, read up to the cap): the function copied every whole matching
-- profile into a tuplestore before the statement read a few columns of each, a fifth of a rare
-- text's cost.
DROP FUNCTION IF EXISTS "member_text_matches"(text, text, integer);
