// Decision 031 (4): the one place the sync's import is named. The sync calls it on its download folder
// ({dir}/{cik}/{accession without dashes}/primary_doc.xml, beside sync-state.json and sync.lock) after each
// run that downloaded something or completed days. The Form D writer (decision 031 section 3) plugs in here.
import type { ImportFolder } from "./formd-sync.server";

export class FormDImportNotWiredError extends Error {
  override name = "FormDImportNotWiredError";
}

export const formDImportFolder: ImportFolder = async (folder) => {
  throw new FormDImportNotWiredError(
    `the Form D import is not wired to the sync yet: the filings are downloaded in ${folder}, and the next run imports them`,
  );
};
