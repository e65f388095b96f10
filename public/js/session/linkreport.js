// What became of a share link's settings, in words for the viewer: the welcome's `link` report
// (`{applied: [...], ignored: [{field, code, message, ...}], wanted}`), read by its codes, never by
// its text. Settings a session that already exists does not have (`session_exists`) are the shared
// session's choice (sharedchoice.js), not a notice.

// The notice for values the server could not use, each with its reason.
export function linkNotices(report) {
  if (!report) return [];
  const unusable = report.ignored.filter((entry) => entry.code !== "session_exists");
  return unusable.length > 0 ? [`Ignored from the link: ${unusable.map((entry) => entry.message).join("; ")}`] : [];
}
