// Placeholder until the feature lands (issue 7): renders nothing.
export function AdminLogin() {
  return null;
}
