import { site } from '@/site';

/** The brand mark and name, linking home. */
export function Brand() {
  return (
    <a href="/" className="brand">
      <img src="/images/logo.svg" alt="" width={36} height={36} />
      <span>{site.name}</span>
    </a>
  );
}
