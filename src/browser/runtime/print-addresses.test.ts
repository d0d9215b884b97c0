import { describe } from 'vitest';
import { eachReturns } from '../../../tests/support/each-returns';
import { printedSite } from './print-addresses';

describe("the site's host a printed page puts before its own links", () => {
  eachReturns('canonical %j on %j: %j', ([canonical, page]: [string | undefined, string]) => printedSite(canonical, page), [
    // The canonical link's, wherever the page is served from.
    [['https://garlicbrothers.example/ar/garlic-powder', 'http://localhost:4173/ar/garlic-powder'], 'garlicbrothers.example'],
    [['https://staging.garlic-brothers.test:8443/', 'http://127.0.0.1:4173/'], 'staging.garlic-brothers.test:8443'],
    // A page without one (the not-found page) prints its own host.
    [[undefined, 'http://localhost:4173/no-such-page'], 'localhost:4173'],
    [['', 'https://garlicbrothers.example/search?q=powder'], 'garlicbrothers.example'],
  ]);
});
