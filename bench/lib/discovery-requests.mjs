// What bench/discovery.mjs measures: every list and count the discovery screens ask for, as they ask.

/** Usernames members type into the search: parts of the seeded names (adjective_noun<n>), rare to common. */
const USERNAME_TERMS = ['scarlet_owl12', 'fox777', 'velvet_ki', 'jay2024', 'amber_dove', 'wild_lily3'];

/**
 * What is measured: [plan file name, what it is, path (or a function of the request number)].
 * Adding a request is one line; it is skipped with a note while its endpoint does not exist.
 */
export const REQUESTS = [
  ['members-nearest', 'Members, Nearest First', '/api/v1/members?sort=nearest'],
  ['members-newest', 'Members, Newest First', '/api/v1/members?sort=newest'],
  ['members-online', 'Members, Online First', '/api/v1/members?sort=online'],
  ['members-verified', 'Members, Verified First', '/api/v1/members?sort=verified'],
  ['members-username', 'Members, username search', (i) => `/api/v1/members?q=${USERNAME_TERMS[i % USERNAME_TERMS.length]}`],
  ['members-location', 'Members, location search', '/api/v1/members?location=Manchester'],
  ['whos-near', "Who's Near (50 km, 60 a page)", '/api/v1/members?sort=nearest&maxKm=50&limit=60'],
  ['discover-next', 'Discover, next cards', '/api/v1/discover/next'],
  ['discover-next-far', 'Discover, next cards (500 km, ages 30–45)', '/api/v1/discover/next?maxKm=500&minAge=30&maxAge=45'],
  ['discover-stats', 'Discover, stats row', '/api/v1/discover/stats'],
  // the tiles as the Search hub sends them (web/src/features/search/search-tiles.ts): Online First
  ['search-couples-online', 'Search: Couples Online', '/api/v1/members?sort=online&type=couples&online=1'],
  ['search-women-online', 'Search: Women Online', '/api/v1/members?sort=online&type=women&online=1'],
  ['search-men-online', 'Search: Men Online', '/api/v1/members?sort=online&type=men&online=1'],
  ['search-tvtscd-online', 'Search: TV-TS-CD Online', '/api/v1/members?sort=online&type=tvtscd&online=1'],
  // the same lists switched to Nearest First on the results page
  ['search-couples-online-nearest', 'Search: Couples Online, nearest first', '/api/v1/members?type=couples&online=1'],
  ['search-women-online-nearest', 'Search: Women Online, nearest first', '/api/v1/members?type=women&online=1'],
  ['search-men-online-nearest', 'Search: Men Online, nearest first', '/api/v1/members?type=men&online=1'],
  ['search-tvtscd-online-nearest', 'Search: TV-TS-CD Online, nearest first', '/api/v1/members?type=tvtscd&online=1'],
  ['search-new-couples', 'Search: New Couples', '/api/v1/members?type=couples&joinedDays=14&sort=newest'],
  ['search-new-women', 'Search: New Women', '/api/v1/members?type=women&joinedDays=14&sort=newest'],
  ['search-new-men', 'Search: New Men', '/api/v1/members?type=men&joinedDays=14&sort=newest'],
  ['search-new-tvtscd', 'Search: New TV-TS-CD', '/api/v1/members?type=tvtscd&joinedDays=14&sort=newest'],
  ['search-name', 'Search: Name Search', (i) => `/api/v1/members?name=${['ruby', 'owl3', 'sam'][i % 3]}`],
  ['search-mobile', "Search: Who's Mobile Nearby", '/api/v1/members?mobile=1&maxKm=50'],
  [
    'search-advanced',
    'Search: Advanced Search',
    '/api/v1/members?type=couples&minAge=30&maxAge=45&maxKm=100&verified=1&withPhoto=1&sort=nearest',
  ],
  ['search-creators', 'Search: Content Creators', '/api/v1/members?creator=any'],
  ['search-creators-video', 'Search: Content Creators, video', '/api/v1/members?creator=video'],
  ['search-photos', 'Search: Photos by Category', '/api/v1/search/photos?type=couples'],
];

/** A request's path for its i-th sending (the searches cycle through rare and common texts). */
export const pathOf = (p, i) => (typeof p === 'function' ? p(i) : p);
