/**
 * The admin's "add a blog post" form. Every field may be left empty: the normalisation rules fill in the
 * defaults. The post goes where the posts section found it should (admin-posts-api.ts): published
 * on the server, or kept in this browser. Saving can fail (the server refuses or cannot be
 * reached; storage full or switched off): the form then says so and keeps everything that was typed.
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { parseDate } from '@/shared/domain/posts/normalise-post';
import { MAX_CONTENT_CHARS, MAX_NESTING, contentProblems } from '@/shared/domain/posts/post-limits';
import type { BlogPost, PostTextField } from '@/shared/domain/posts/post';
import { publishPost, type Destination } from './admin-posts-api';
import { createPost } from '../blog/post-store';
import { errorMessage } from '../../../shared/error-message';
import { PostLink } from './PostLink';

/** The form's controls: one text per text field of the post, the tags as typed (comma-separated), and the flag. */
type Values = Record<PostTextField | 'tags', string> & Pick<BlogPost, 'featured'>;

const EMPTY: Values = { title: '', excerpt: '', content: '', category: '', author: '', date: '', readTime: '', image: '', tags: '', featured: false };

type TextField = Exclude<keyof Values, 'featured'>;

const FIELDS: { name: TextField; label: string; hint: string; kind?: 'wide' | 'textarea' | 'long' }[] = [
  { name: 'title', label: 'Title', hint: 'Leave empty for “Untitled Post”.', kind: 'wide' },
  {
    name: 'excerpt',
    label: 'Excerpt',
    hint: 'One or two sentences for the blog list, search and link previews. Up to 300 characters are kept in the MDX download.',
    kind: 'textarea',
  },
  {
    name: 'content',
    label: 'Content',
    hint: `Markdown: ## headings, **bold**, _italic_, lists, tables and [links](https://example.com). HTML is shown as text, not run. At most ${MAX_CONTENT_CHARS.toLocaleString('en-GB')} characters and ${MAX_NESTING} levels of quotes or lists.`,
    kind: 'long',
  },
  { name: 'category', label: 'Category', hint: 'For example markets or products; saved in lower case with hyphens. Leave empty for “general”.' },
  { name: 'author', label: 'Author', hint: 'Leave empty for “Garlic Brothers Team”.' },
  { name: 'date', label: 'Date', hint: 'YYYY-MM-DD, for example 2025-06-30. Leave empty for today.' },
  { name: 'readTime', label: 'Read time', hint: 'For example “6 min read”. Leave empty for “5 min read”.' },
  { name: 'image', label: 'Image path', hint: 'A path on this site such as /images/blog/post-1.svg. Leave empty for the placeholder image.' },
  { name: 'tags', label: 'Tags', hint: 'Separate tags with commas, for example: EU, garlic powder, export.' },
];

type Outcome =
  { saved: true; post: BlogPost; dateKept: boolean; published: boolean } | { saved: false; problems: string[] } | { saved: false; serverError: string };

interface AdminPostFormProps {
  categories: string[];
  /** Where the post goes, once known. */
  destination: () => Promise<Exclude<Destination, 'checking'>>;
  /** Called after a post was published on the server. */
  onPublished?: () => void;
}

export function AdminPostForm({ categories, destination, onPublished }: AdminPostFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const idOf = (name: string) => `${baseId}-${name}`;

  const change = (name: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: name === 'featured' ? (event.target as HTMLInputElement).checked : value }));
  };

  const dateKept = () => values.date.trim() !== '' && parseDate(values.date.trim()) === null;

  /** Publishes on the server; false when the post belongs in this browser instead. */
  async function publish(): Promise<boolean> {
    if ((await destination()) !== 'server') return false;
    try {
      const post = await publishPost({ ...values });
      setOutcome({ saved: true, post, dateKept: dateKept(), published: true });
      setValues(EMPTY);
      onPublished?.();
    } catch (error) {
      setOutcome({ saved: false, serverError: errorMessage(error) });
      requestAnimationFrame(() => errorRef.current?.focus());
    }
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A second press while the first is on its way would publish the post twice.
    if (submitting.current) return;
    // Refused before anything is stored, so the post page never meets content it cannot render.
    const problems = contentProblems(values.content.trim());
    if (problems.length > 0) {
      setOutcome({ saved: false, problems });
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    submitting.current = true;
    setBusy(true);
    try {
      if (await publish()) return;
    } finally {
      submitting.current = false;
      setBusy(false);
    }
    const { post, saved } = createPost({ ...values });
    if (!saved) {
      // Keep every value so nothing typed is lost; the alert says what to do.
      setOutcome({ saved: false, problems: [] });
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    setOutcome({ saved: true, post, dateKept: dateKept(), published: false });
    setValues(EMPTY);
  }

  let message: ReactNode = null;
  if (outcome?.saved === false && 'serverError' in outcome) {
    message = (
      <div ref={errorRef} tabIndex={-1} role="alert" className="notice notice-error">
        <p>
          <strong>The post was not published:</strong> {outcome.serverError}. Everything you typed is still in the form; select “Add post” again to retry.
        </p>
      </div>
    );
  } else if (outcome?.saved === false && outcome.problems.length > 0) {
    message = (
      <div ref={errorRef} tabIndex={-1} role="alert" className="notice notice-error">
        <p>
          <strong>The post was not saved.</strong> Everything you typed is still in the form; change the content, then select “Add post” again.
        </p>
        <ul>
          {outcome.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  } else if (outcome?.saved === false) {
    message = (
      <div ref={errorRef} tabIndex={-1} role="alert" className="notice notice-error">
        <p>
          <strong>The post was not saved.</strong> This browser&apos;s storage is full or switched off for this site. Everything you typed is still in the form:
          allow site data for this site or free some space (for example by deleting posts you no longer need), then select “Add post” again.
        </p>
      </div>
    );
  }

  return (
    <form className="post-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${baseId}-heading`}>
      <h3 id={`${baseId}-heading`}>Add a post</h3>
      <p className="field-hint">Every field is optional. The post appears first on the blog straight away.</p>
      {message}
      <div role="status" className="notice-slot">
        {outcome?.saved && (
          <div className="notice notice-success">
            <p>
              {outcome.published ? (
                <>“{outcome.post.title}” was published and is now first on the blog for every visitor. </>
              ) : (
                <>“{outcome.post.title}” was added and is now first on the blog. </>
              )}
              <PostLink postId={outcome.post.id}>View the post</PostLink>
            </p>
            {outcome.dateKept && (
              <p>Its date “{outcome.post.date}” could not be read as a date, so it was kept as written; the MDX download will use the download date instead.</p>
            )}
          </div>
        )}
      </div>
      <div className="post-form-grid">
        {FIELDS.map(({ name, label, hint, kind }) => {
          const props = {
            id: idOf(name),
            name,
            value: values[name],
            onChange: change(name),
            'aria-describedby': `${idOf(name)}-hint`,
            'aria-invalid': name === 'content' && outcome?.saved === false && 'problems' in outcome && outcome.problems.length > 0 ? true : undefined,
          };
          return (
            <div key={name} className={`field${kind ? ' field-wide' : ''}`}>
              <label htmlFor={idOf(name)} className="field-label">
                {label}
              </label>
              {kind === 'textarea' || kind === 'long' ? (
                <textarea {...props} className="textarea" rows={kind === 'long' ? 14 : 3} />
              ) : (
                <input {...props} type="text" className="input" list={name === 'category' ? `${baseId}-categories` : undefined} />
              )}
              <span id={`${idOf(name)}-hint`} className="field-hint">
                {hint}
              </span>
            </div>
          );
        })}
        <datalist id={`${baseId}-categories`}>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </datalist>
        <div className="field field-wide check-field">
          <input
            id={idOf('featured')}
            name="featured"
            type="checkbox"
            checked={values.featured}
            onChange={change('featured')}
            aria-describedby={`${idOf('featured')}-hint`}
          />
          <label htmlFor={idOf('featured')}>Featured post</label>
          <span id={`${idOf('featured')}-hint`} className="field-hint">
            Featured posts are highlighted on the blog.
          </span>
        </div>
      </div>
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? 'Adding…' : 'Add post'}
      </button>
    </form>
  );
}
