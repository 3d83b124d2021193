/** The id of the search box's option `index` in its list (search-suggestions.tsx). */
export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;
