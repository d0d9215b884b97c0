// Placeholder until the feature lands (issue 7): renders nothing.
export function AdminDashboard() {
  return null;
}
