/**
 * SPEC §9: a newly added item (a list entry, a picture or attachment page, the report just claimed from
 * the list) stays highlighted for 3 s.
 */
export const NEW_ITEM_HIGHLIGHT_MS = 3000;
