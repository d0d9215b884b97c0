// Placeholder until the feature lands (issue 7): renders nothing.
export function ContactForm() {
  return null;
}
export function SampleRequestForm() {
  return null;
}
export function CareersForm() {
  return null;
}
export function PartnershipForm() {
  return null;
}
export function InvestmentForm() {
  return null;
}
