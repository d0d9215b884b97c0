/**
 * The investor dashboard's copy: business-plan highlights, use of funds and the documents an
 * investor can read. It restates the public business plan (content/pages/business-plan.mdx)
 * and investment page; keep the three in step when the plan changes.
 */
export interface Item {
  title: string;
  text: string;
}

export const HIGHLIGHTS: readonly Item[] = [
  {
    title: 'Two product families, one buyer base',
    text: 'A food-industry range (powder, granules, flakes, minced and chopped garlic) and a pharma and nutraceutical range (oil, oleoresin, aged garlic extract and capsules), sold to the same international manufacturers and distributors.',
  },
  {
    title: 'Business-to-business export',
    text: 'Bulk sales under standard Incoterms with minimum orders of 1 metric ton for dehydrated products, 100 kg for oils and extracts and 10,000 units for capsules and tablets; volume pricing rewards annual contracts.',
  },
  {
    title: 'Certified quality as an entry ticket',
    text: 'A food safety management system built on ISO 22000 and HACCP, an FSSAI licence, organic grades and testing of every lot give access to demanding markets in the EU, the United States and the Gulf.',
  },
  {
    title: 'Three regional priorities',
    text: 'Direct sales and distribution partners in the European Union, the United States and the Middle East and North Africa, with private label and co-manufacturing creating recurring volume.',
  },
  {
    title: 'Milestones to 2028',
    text: 'Targets: expanded solar-assisted drying and wider organic certification in 2026, 20 countries served and a dedicated extraction and encapsulation line in 2027, and 25 or more countries with a growing share of multi-year supply agreements in 2028.',
  },
  {
    title: 'Risks managed, not ignored',
    text: 'Several grower regions and buffer stocks against crop swings, positive release of every lot, three Indian seaports plus air freight, and secured payment terms for new customers.',
  },
];

export const USE_OF_FUNDS: readonly Item[] = [
  {
    title: 'Processing capacity',
    text: 'drying, milling, extraction and packing equipment, and facility upgrades for larger contracts and shorter lead times.',
  },
  { title: 'Working capital', text: 'raw garlic bought during the harvest season and credit terms for established customers.' },
  { title: 'Quality and certification', text: 'laboratory capability, external testing and the certifications particular markets require.' },
  { title: 'Market development', text: 'trade fairs, sampling programmes, distributor support and digital marketing in the priority regions.' },
  { title: 'Team', text: 'export sales, quality assurance, production and logistics staff.' },
  { title: 'Systems', text: 'traceability, production planning and customer service tools.' },
];

export const DOCUMENTS: readonly (Item & { href: string })[] = [
  {
    title: 'Business plan summary',
    href: '/business-plan',
    text: 'Market opportunity, product lines, go-to-market, operations, milestones 2023-2028 and risk management.',
  },
  { title: 'Certifications and quality', href: '/certifications', text: 'The certifications and registrations behind our exports and what each one covers.' },
  { title: 'Product catalogue', href: '/products', text: 'The food-industry and the pharma and nutraceutical ranges, with specifications and minimum orders.' },
  { title: 'Global markets', href: '/markets', text: 'The regions we serve and the import requirements we meet in each.' },
  { title: 'Sustainability', href: '/sustainability', text: 'How we work with growers, use energy and water, and report on our progress.' },
];
