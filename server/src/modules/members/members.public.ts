// What other modules may use of members: the member card, as every list of members shows it.
export { cellColumnsOf, memberCard, visibleDistance } from './member-card';
