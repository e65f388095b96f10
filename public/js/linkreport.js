// What became of a share link's settings, in words for the viewer: the welcome's `link` report
// (`{applied: [...], ignored: [{field, code, message, ...}]}`), read by its codes, never by its text.

function list(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// The notices a report calls for: one for values the server could not use (each with its reason),
// one when the session already existed, so the link's settings were not applied to it.
export function linkNotices(report, session) {
  if (!report) return [];
  const notices = [];
  const unusable = report.ignored.filter((entry) => entry.code !== "session_exists");
  if (unusable.length > 0) {
    notices.push(`Ignored from the link: ${unusable.map((entry) => entry.message).join("; ")}`);
  }
  const existing = report.ignored.filter((entry) => entry.code === "session_exists").map((entry) => entry.field);
  if (existing.length > 0) {
    notices.push(
      `Session “${session}” was already open with other settings: it keeps them (the link's ${list(existing)} ` +
        `${existing.length === 1 ? "was" : "were"} not applied)`,
    );
  }
  return notices;
}
