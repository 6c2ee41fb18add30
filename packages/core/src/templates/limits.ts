/** Limits of templates and their variables (docs/contract/decisions.md "Limits"). */

/** At most this many variable definitions per template, counting the properties of array items. */
export const MAX_VARIABLE_DEFINITIONS = 256;
/** At most this many entries in the `variables` object of one request. */
export const MAX_VARIABLE_ENTRIES = 1024;
/** Arrays of arrays of objects... nest at most this deep. */
export const MAX_DEFINITION_DEPTH = 4;
/** Errors listed in one VARIABLE_INVALID message; `details.errors` has all of them. */
export const MAX_LISTED_ERRORS = 3;
