// What other modules may use of members: the member card, as every list of members shows it.
export { memberCardColumns, toMemberCard, visibleDistance, type MemberCardRow } from './member-card';
