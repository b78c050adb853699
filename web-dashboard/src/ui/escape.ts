// Every text the dashboard shows that came from outside (player names, comments, results, command replies) goes
// through here or through textContent: names in records and commands may hold markup.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text with the five XML/HTML special characters replaced, safe in element content and quoted attributes. */
export function escapeXml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
