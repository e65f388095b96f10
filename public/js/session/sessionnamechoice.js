// A link whose session name the server would refuse does not put the person in another session
// without a word: the page stays unconnected and says the rule, offering the nearest valid name
// (sessionNameFrom) and the default session. Either choice reopens the page with that name and the
// link's other parameters.

import { SCHEMA } from "../generated/schema.js";
import { sessionNameFrom } from "./share.js";

export function askForSessionName(section, refused, { navigate }) {
  const offered = sessionNameFrom(refused);
  section.querySelector("#session-name-summary").textContent =
    `“${refused}” is not a session name: a name is ${SCHEMA.session.rule}.`;
  const offer = section.querySelector("#session-name-offered");
  offer.hidden = offered === null;
  offer.textContent = `Open “${offered}”`;
  const open = (name) => {
    const url = new URL(location.href);
    url.searchParams.set("session", name);
    navigate(url.toString());
  };
  offer.addEventListener("click", () => open(offered));
  section.querySelector("#session-name-default").addEventListener("click", () => open(SCHEMA.session.default));
  section.hidden = false;
  (offered === null ? section.querySelector("#session-name-default") : offer).focus();
}
