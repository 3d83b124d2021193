/** What a list's search box is matched with: trimmed, and a search by @handle without its '@'. */
export const searchTerm = (query: string | undefined) => query?.trim().replace(/^@/, '') ?? '';
