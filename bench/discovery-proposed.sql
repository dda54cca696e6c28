-- The query shapes bench/README.md ("Discovery at scale") recommends, for EXPLAIN against a seeded
-- database that has migration 0009's indexes. Run by bench/discovery-proposed.sh; psql variables:
-- me (the caller's id), lat, lng (the caller's cell), kx (cos of lat), x0 (the caller's cell in the
-- index's projection: (lng + 2) * kx), r (a radius in degrees of latitude: km / 111.2).
-- The columns and the privacy filter are those of members.repository.ts.

\set cols 'p.user_id, p.username, p.display_name, p.age, p.partner_age, p.gender, p.kind, p.location_city, p.location_lat, p.location_lng, p.hide_location, p.avatar_url, u.verified, (not p.hide_last_active and p.last_active_at > now() - make_interval(mins => 5)) as online, exists (select 1 from likes l where l.liker_id = ' :'me' ' and l.liked_id = p.user_id and l.liked) as liked, case when p.hide_last_active then null else p.last_active_at end as activity'
\set visible 'p.user_id <> ' :'me' ' and p.setup_completed_at is not null and not p.anonymous_mode and not exists (select 1 from user_blocks b where (b.blocker_id = ' :'me' ' and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = ' :'me' '))'
\set cell 'point((p.location_lng + 2) * cos(radians(p.location_lat)), p.location_lat)'
\set here 'point(' :x0 ', ' :lat ')'

\echo '=== nearest: the 25th nearest distance by the GiST cell index (KNN), then the rows within it sorted; unplaced members after them'
explain (analyze, buffers)
with cutoff as (
  select :cell <-> :here as d from profiles p
  where :visible and p.location_lat is not null and not p.hide_location
  order by :cell <-> :here limit 1 offset 24
)
select * from (
  (select :cols, 0 as band, :cell <-> :here as dist
   from profiles p join "user" u on u.id = p.user_id
   where :visible and p.location_lat is not null and not p.hide_location
     and :cell <@ circle(:here, coalesce((select d from cutoff), 1e9) + 1e-9)
   order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25)
  union all
  (select :cols, 1, null
   from profiles p join "user" u on u.id = p.user_id
   where :visible and (p.location_lat is null or p.hide_location)
   order by case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25)
) c order by band, dist, activity desc nulls last, user_id limit 25 offset 0;

\echo '=== online: the same order without its redundant first key (online ⇔ visible activity in the last 5 minutes)'
explain (analyze, buffers)
select :cols from profiles p join "user" u on u.id = p.user_id
where :visible
order by case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25 offset 0;

\echo '=== verified: verified members by activity, then the others'
explain (analyze, buffers)
select * from (
  (select :cols from profiles p join "user" u on u.id = p.user_id where :visible and u.verified
   order by case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25)
  union all
  (select :cols from profiles p join "user" u on u.id = p.user_id where :visible and not u.verified
   order by case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25)
) c order by verified desc, activity desc nulls last, user_id limit 25 offset 0;

\echo '=== whos near: within 50 km, the 61st nearest by KNN inside the circle, then the rows within it sorted'
explain (analyze, buffers)
with cutoff as (
  select :cell <-> :here as d from profiles p
  where :visible and p.location_lat is not null and not p.hide_location and :cell <@ circle(:here, :r)
  order by :cell <-> :here limit 1 offset 60
)
select :cols, :cell <-> :here as dist from profiles p join "user" u on u.id = p.user_id
where :visible and p.location_lat is not null and not p.hide_location
  and :cell <@ circle(:here, least(:r, coalesce((select d from cutoff), :r) + 1e-9))
order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 61 offset 0;

\echo '=== location search (Manchester), nearest first: trigram index on the town'
explain (analyze, buffers)
select :cols from profiles p join "user" u on u.id = p.user_id
where :visible and not p.hide_location and p.location_city ilike '%Manchester%'
order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25;

\echo '=== content creators (video), nearest first: the cutoff by KNN with the filter, then the rows within it'
explain (analyze, buffers)
with cutoff as (
  select :cell <-> :here as d from profiles p
  where :visible and p.location_lat is not null and not p.hide_location and p.interests @> array['content-creator', 'video']::text[]
  order by :cell <-> :here limit 1 offset 24
)
select :cols, :cell <-> :here as dist from profiles p join "user" u on u.id = p.user_id
where :visible and p.location_lat is not null and not p.hide_location and p.interests @> array['content-creator', 'video']::text[]
  and :cell <@ circle(:here, coalesce((select d from cutoff), 1e9) + 1e-9)
order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25;

\echo '=== name search (sam), nearest first: the cutoff by KNN with the filter, then the rows within it'
explain (analyze, buffers)
with cutoff as (
  select :cell <-> :here as d from profiles p
  where :visible and p.location_lat is not null and not p.hide_location and (p.username ilike '%sam%' or p.display_name ilike '%sam%')
  order by :cell <-> :here limit 1 offset 24
)
select :cols, :cell <-> :here as dist from profiles p join "user" u on u.id = p.user_id
where :visible and p.location_lat is not null and not p.hide_location and (p.username ilike '%sam%' or p.display_name ilike '%sam%')
  and :cell <@ circle(:here, coalesce((select d from cutoff), 1e9) + 1e-9)
order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25;

\echo '=== advanced search (couples 30–45, 100 km, verified, with photo), nearest first: the 25th match by KNN (no circle in the cutoff: the planner would take a bitmap of the whole circle), then the rows within it'
explain (analyze, buffers)
with cutoff as (
  select d from (
    select :cell <-> :here as d from profiles p join "user" u on u.id = p.user_id
    where :visible and p.location_lat is not null and not p.hide_location
      and p.gender in ('male-female-couple', 'female-female-couple', 'male-male-couple', 'mixed-couple', 'non-binary-couple')
      and (p.age between 30 and 45 or p.partner_age between 30 and 45) and u.verified and p.avatar_url is not null
    order by :cell <-> :here limit 25) k
  order by d desc limit 1
)
select :cols, :cell <-> :here as dist from profiles p join "user" u on u.id = p.user_id
where :visible and p.location_lat is not null and not p.hide_location
  and p.gender in ('male-female-couple', 'female-female-couple', 'male-male-couple', 'mixed-couple', 'non-binary-couple')
  and (p.age between 30 and 45 or p.partner_age between 30 and 45) and u.verified and p.avatar_url is not null
  and :cell <@ circle(:here, least(2 * :r, coalesce((select d from cutoff), 2 * :r) + 1e-9))
order by :cell <-> :here, case when p.hide_last_active then null else p.last_active_at end desc nulls last, p.user_id limit 25;
