#!/bin/sh
# EXPLAIN (ANALYZE, BUFFERS) of the query shapes bench/README.md recommends (bench/discovery-proposed.sql),
# as one member of a database bench/discovery.mjs seeded (migration 0009 applied):
#   sh bench/discovery-proposed.sh postgres://postgres@127.0.0.1:5432/velvet_bench_100k bulk-41280 > bench/plans/100k-proposed.txt
set -eu
url=$1
me=$2
pos=$(psql -At "$url" -c "select location_lat, location_lng, cos(radians(location_lat)), (location_lng + 2) * cos(radians(location_lat)) from profiles where user_id = '$me'")
lat=$(echo "$pos" | cut -d'|' -f1)
lng=$(echo "$pos" | cut -d'|' -f2)
kx=$(echo "$pos" | cut -d'|' -f3)
x0=$(echo "$pos" | cut -d'|' -f4)
echo "as $me at ($lat, $lng), $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg); each statement run twice, the second shown"
# the first run warms the cache; the second is the one kept
psql -q "$url" -v me="$me" -v lat="$lat" -v lng="$lng" -v kx="$kx" -v x0="$x0" -v r=0.449640 -f "$(dirname "$0")/discovery-proposed.sql" > /dev/null
psql -q "$url" -v me="$me" -v lat="$lat" -v lng="$lng" -v kx="$kx" -v x0="$x0" -v r=0.449640 -f "$(dirname "$0")/discovery-proposed.sql"
