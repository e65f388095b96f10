// Copies text to the clipboard. The text always lands in a visible read-only field too, so people
// can see (and check) what they copied; when the clipboard is not available (an insecure origin,
// a denied permission, a headless browser) that field is focused with its text selected, ready
// for Ctrl+C / ⌘C.

// Resolves to "clipboard" when the text is on the clipboard, "selected" when it is left selected.
export async function copyText(text, field) {
  field.value = text;
  try {
    await navigator.clipboard.writeText(text);
    return "clipboard";
  } catch {
    // No Clipboard API here, or it refused: the selection is the way.
  }
  field.focus();
  field.select();
  try {
    if (document.execCommand("copy")) return "clipboard";
  } catch {
    // Some browsers throw instead of answering false.
  }
  return "selected";
}
