/**
 * Turns what an admin typed into a blog post, applying every normalisation rule exactly: text fields
 * trimmed, empty ones defaulted, the category made a slug-like word, the date normalised (or kept
 * when it cannot be read), featured off unless ticked, and an id no other post uses.
 */
import { DEFAULT_AUTHOR, DEFAULT_CATEGORY, DEFAULT_READ_TIME, DEFAULT_TITLE, FIRST_STORED_ID, PLACEHOLDER_IMAGE, type BlogPost } from './post';

/** The add-post form's values; every field may be missing. */
export interface PostInput {
  title?: string;
  excerpt?: string;
  content?: string;
  category?: string;
  author?: string;
  date?: string | null;
  readTime?: string;
  image?: string;
  /** A comma-separated string ("EU, powder") or a list. */
  tags?: string | readonly string[];
  featured?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of the local calendar day (the admin's "today", not UTC's). */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * YYYY-MM-DD for a date that can be read, or null. Date-only ISO input is checked as a calendar
 * date (JavaScript would roll 2025-02-30 over to 2 March); other forms go through Date.parse and
 * are read as local time, as the browser does.
 */
export function parseDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) {
    const [year, month, day] = iso.slice(1).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    return real ? `${year}-${pad(month)}-${pad(day)}` : null;
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : localIsoDate(new Date(time));
}

function normaliseDate(raw: string | null | undefined, today: Date): string {
  const text = raw?.trim() ?? '';
  if (!text) return localIsoDate(today);
  // An unparseable date is kept exactly as given: the admin sees what they typed and can correct it.
  return parseDate(text) ?? (raw as string);
}

function normaliseTags(tags: PostInput['tags']): string[] {
  const list = typeof tags === 'string' ? tags.split(',') : (tags ?? []);
  return list.map((tag) => tag.trim()).filter(Boolean);
}

function normaliseCategory(category: string | undefined): string {
  return (category ?? '').trim().toLowerCase().replace(/\s+/g, '-') || DEFAULT_CATEGORY;
}

/** An id above every id in use (built-in and stored) and above the editors' range. */
export function nextPostId(existingIds: readonly number[]): number {
  let max = FIRST_STORED_ID - 1;
  for (const id of existingIds) if (Number.isFinite(id) && id > max) max = Math.floor(id);
  return max + 1;
}

export function normalisePost(input: PostInput, existingIds: readonly number[], today: Date = new Date()): BlogPost {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    id: nextPostId(existingIds),
    title: text(input.title) || DEFAULT_TITLE,
    excerpt: text(input.excerpt),
    content: text(input.content),
    category: normaliseCategory(input.category),
    author: text(input.author) || DEFAULT_AUTHOR,
    date: normaliseDate(input.date, today),
    readTime: text(input.readTime) || DEFAULT_READ_TIME,
    // Browsers strip spaces around a URL anyway; trimming lets "  " count as empty.
    image: text(input.image) || PLACEHOLDER_IMAGE,
    tags: normaliseTags(input.tags),
    featured: input.featured === true,
  };
}
