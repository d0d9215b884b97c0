/** The lead form of its page. Hydrated on first interaction: the fields work as plain HTML until then, and what was typed is kept (its submit button waits for the script). */
export { CareersForm as default } from '@/ui/features/leads/forms';
export const hydrate = 'interaction';
